import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, pathOf } from "./logger.server";
import { requestIdFrom, runInRequest } from "./request-context.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

describe("logger", () => {
  it("masks phones and redacts names, emails and addresses, at the top level and one level down", () => {
    const { logger, lines } = capture();
    logger.info(
      {
        phone: "0551234567",
        name: "Amine Benali",
        email: "a@b.dz",
        address: "12 rue Didouche",
        customer: { phone: "0661234567" },
        order: { phone: "0771234567", email: "x@y.dz" },
        orderNumber: "SQ-000001",
      },
      "order placed",
    );
    const line = JSON.stringify(lines[0]);
    expect(line).not.toMatch(/0551234567|0661234567|0771234567|Amine|Benali|a@b\.dz|x@y\.dz|Didouche/);
    expect(lines[0]).toMatchObject({
      phone: "0551****67",
      name: "[redacted]",
      email: "[redacted]",
      address: "[redacted]",
      customer: "[redacted]",
      order: { phone: "0771****67", email: "[redacted]" },
      orderNumber: "SQ-000001",
    });
  });

  it("adds the request id to every line written during a request, and none outside", () => {
    const { logger, lines } = capture();
    runInRequest({ requestId: "req-1" }, () => logger.error({ err: new Error("boom") }, "failed"));
    logger.info("outside");
    expect(lines[0]).toMatchObject({ reqId: "req-1", msg: "failed" });
    expect(lines[1]).not.toHaveProperty("reqId");
  });
});

describe("requestIdFrom", () => {
  it("keeps a sane incoming id and replaces anything else", () => {
    expect(requestIdFrom("abc-123_x.y:z@w")).toBe("abc-123_x.y:z@w");
    for (const bad of [undefined, "", "a b", "x".repeat(101), 'a"b', "a\nb"]) expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("pathOf", () => {
  it("keeps the path of a URL or path and drops its query and fragment (what a visitor typed)", () => {
    expect(pathOf("http://127.0.0.1:3000/search?q=0550123456")).toBe("/search");
    expect(pathOf("/admin/orders?q=0550123456#x")).toBe("/admin/orders");
    expect(pathOf("https://shop.example")).toBe("/");
    expect(pathOf("/products/x")).toBe("/products/x");
  });
});
