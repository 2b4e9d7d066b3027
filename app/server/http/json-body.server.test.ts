import { describe, expect, it } from "vitest";
import { readJsonWithin } from "./json-body.server";

// Found by tests/ops/properties-http.test.ts: POST /api/orders buffered bodies of any size.
describe("readJsonWithin", () => {
  it("refuses by Content-Length before reading the body", async () => {
    let pulled = false;
    const body = new ReadableStream({ pull: () => void (pulled = true) }, { highWaterMark: 0 });
    const request = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "Content-Length": "2000", "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(await readJsonWithin(request, 1000)).toEqual({ ok: false, reason: "too_large" });
    expect(pulled).toBe(false);
  });

  it("stops a body without Content-Length at the limit", async () => {
    const chunk = new Uint8Array(600).fill(32);
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(chunk);
        controller.enqueue(chunk);
        controller.close();
      },
    });
    const request = new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit);
    expect(await readJsonWithin(request, 1000)).toEqual({ ok: false, reason: "too_large" });
  });

  it("reads JSON within the limit (a byte-order mark ignored) and refuses what is not JSON", async () => {
    const post = (body: string | null) => new Request("http://x/", { method: "POST", body });
    expect(await readJsonWithin(post('\uFEFF{"a":[1]}'), 1000)).toEqual({ ok: true, body: { a: [1] } });
    for (const text of ["", "{", "NaN", "<html>", null]) {
      expect(await readJsonWithin(post(text), 1000), String(text)).toEqual({ ok: false, reason: "invalid_json" });
    }
  });

  it("refuses JSON nested deeper than MAX_JSON_DEPTH, brackets inside strings not counted", async () => {
    const post = (body: string) => new Request("http://x/", { method: "POST", body });
    const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
    expect(await readJsonWithin(post(nested(32)), 10_000)).toMatchObject({ ok: true });
    expect(await readJsonWithin(post(nested(33)), 10_000)).toEqual({ ok: false, reason: "invalid_json" });
    expect(await readJsonWithin(post(JSON.stringify({ a: `${"[{".repeat(100)}\\`, b: '\\"]' })), 10_000)).toMatchObject({ ok: true });
  });
});
