import { describe, expect, it } from "vitest";
import { BodyTooLargeError, readFormWithin } from "./form-body.server";

describe("readFormWithin", () => {
  it("refuses by Content-Length before reading the body", async () => {
    let pulled = false;
    const body = new ReadableStream(
      {
        pull() {
          pulled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "Content-Length": "2000", "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    await expect(readFormWithin(request, 1000)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulled).toBe(false);
  });
  it("stops a body without Content-Length at the limit", async () => {
    const chunk = new Uint8Array(600).fill(97);
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(chunk);
        controller.enqueue(chunk);
        controller.close();
      },
    });
    const request = new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit);
    await expect(readFormWithin(request, 1000)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
  it("reads a form within the limit", async () => {
    const request = new Request("http://x/", { method: "POST", body: new URLSearchParams({ intent: "delete" }) });
    expect((await readFormWithin(request, 1000)).get("intent")).toBe("delete");
  });
});
