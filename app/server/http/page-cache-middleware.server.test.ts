import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { pageCacheInvalidation } from "./page-cache-middleware.server";

/** A request through the middleware; the events say in which order things happened. */
function run(method: string, path: string, status: number, announce: () => Promise<void> | undefined) {
  const events: string[] = [];
  const res = {
    statusCode: 0,
    end(this: Response) {
      events.push("end");
      return this;
    },
  } as unknown as Response;
  pageCacheInvalidation(() => events.push("forget"), announce)({ method, path } as Request, res, () => events.push("next"));
  res.statusCode = status;
  res.end();
  return events;
}

describe("pageCacheInvalidation", () => {
  it("forgets this process's copies before a successful admin change's response ends", () => {
    expect(run("POST", "/admin/products/new", 302, () => undefined)).toEqual(["next", "forget", "end"]);
  });

  it("ends the response only once the other workers confirmed they forgot theirs", async () => {
    let confirm = () => {};
    const events = run("POST", "/admin/settings", 200, () => new Promise<void>((resolve) => (confirm = resolve)));
    await Promise.resolve();
    expect(events).toEqual(["next", "forget"]);
    confirm();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["next", "forget", "end"]);
  });

  it("forgets nothing for a refused admin change, a read or a shopper's POST", () => {
    const announce = () => Promise.reject(new Error("nothing to announce"));
    expect(run("POST", "/admin/products/new", 400, announce)).toEqual(["next", "end"]);
    expect(run("GET", "/admin/products", 200, announce)).toEqual(["next", "end"]);
    expect(run("POST", "/api/orders", 201, announce)).toEqual(["next", "end"]);
  });
});
