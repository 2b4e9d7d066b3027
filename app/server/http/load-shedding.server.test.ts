import express from "express";
import { request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { admissionClass, loadShedding } from "./load-shedding.server";

const SESSION = `souq_admin=${"a".repeat(43)}`;

describe("admissionClass", () => {
  const of = (method: string, path: string, cookie?: string) => admissionClass({ method, path, headers: cookie ? { cookie } : {} } as never);

  it("never holds back the health probes", () => {
    expect(of("GET", "/healthz")).toBe("exempt");
    expect(of("GET", "/readyz")).toBe("exempt");
  });

  it("gives every POST (orders, order forms) and admin requests with a session priority", () => {
    expect(of("POST", "/api/orders")).toBe("priority");
    expect(of("POST", "/products/blender")).toBe("priority");
    expect(of("POST", "/cart?index")).toBe("priority");
    expect(of("GET", "/admin/orders", SESSION)).toBe("priority");
    expect(of("GET", "/ADMIN/orders.data", SESSION)).toBe("priority");
  });

  it("treats pages, data requests and API reads as ordinary, an admin page without a session too", () => {
    expect(of("GET", "/products/blender")).toBe("normal");
    expect(of("HEAD", "/")).toBe("normal");
    expect(of("GET", "/api/delivery")).toBe("normal");
    expect(of("GET", "/admin/orders")).toBe("normal");
    expect(of("GET", "/admin/orders", "souq_admin=forged")).toBe("normal");
    expect(of("GET", "/products/blender", SESSION)).toBe("normal");
  });
});

interface Answer {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
}

describe("loadShedding middleware (one slot, one place in line)", () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  /** A server whose /slow requests hold their slot until `finishSlow` is called. */
  async function start(limits = { maxConcurrent: 1, maxQueued: 1, maxQueueWaitMs: 5_000 }) {
    const held: Array<() => void> = [];
    const app = express();
    app.use(loadShedding({ ...limits, isCheap: (req) => req.path === "/cached" }));
    app.all("/{*path}", (req, res) => {
      if (req.path === "/slow") held.push(() => res.send("slow done"));
      else res.send(`ok ${req.method} ${req.path}`);
    });
    const server = app.listen(0, "127.0.0.1");
    close = () => server.close();
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const send = (path: string, options: { method?: string; headers?: Record<string, string>; signal?: AbortSignal } = {}) =>
      new Promise<Answer>((resolve, reject) => {
        const req = httpRequest(
          { host: "127.0.0.1", port, path, method: options.method ?? "GET", headers: options.headers, agent: false, signal: options.signal },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (body += chunk));
            res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
          },
        );
        req.on("error", reject);
        req.end();
      });
    const finishSlow = () => held.shift()?.();
    const waitForHeld = async (count: number) => {
      while (held.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    return { send, finishSlow, waitForHeld };
  }

  it("answers 503 with Retry-After at once when the slot and the line are taken, then serves the line in order", async () => {
    const { send, finishSlow, waitForHeld } = await start();
    const first = send("/slow");
    await waitForHeld(1);
    const queued = send("/queued");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await send("/products/x", { headers: { cookie: "lng=fr" } });
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    expect(refused.body).toContain('lang="fr"');
    expect(refused.body).toContain("Réessayez");

    const json = await send("/api/delivery");
    expect(json.status).toBe(503);
    expect(JSON.parse(json.body)).toMatchObject({ error: { code: "overloaded" } });

    // Exempt and cheap requests are answered while everything is taken.
    expect((await send("/healthz")).status).toBe(200);
    expect((await send("/cached")).status).toBe(200);

    finishSlow();
    expect((await first).body).toBe("slow done");
    expect((await queued).body).toBe("ok GET /queued");
  });

  it("queues an order however full the line is, and serves it before the ordinary line", async () => {
    const { send, finishSlow, waitForHeld } = await start();
    const first = send("/slow");
    await waitForHeld(1);
    const order: string[] = [];
    const page = send("/page").then((answer) => (order.push(answer.body), answer));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const posted = send("/api/orders", { method: "POST" }).then((answer) => (order.push(answer.body), answer));
    await new Promise((resolve) => setTimeout(resolve, 50));
    finishSlow();
    await first;
    expect((await posted).status).toBe(200);
    expect((await page).status).toBe(200);
    expect(order).toEqual(["ok POST /api/orders", "ok GET /page"]);
  });

  it("refuses a request that waited longer than the maximum wait", async () => {
    const { send, finishSlow, waitForHeld } = await start({ maxConcurrent: 1, maxQueued: 5, maxQueueWaitMs: 100 });
    const first = send("/slow");
    await waitForHeld(1);
    const started = Date.now();
    const waited = await send("/page");
    expect(waited.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    finishSlow();
    await first;
  });

  it("drops a waiting request whose client went away: its place in line goes to the next one", async () => {
    const { send, finishSlow, waitForHeld } = await start();
    const first = send("/slow");
    await waitForHeld(1);
    const leaving = new AbortController();
    const abandoned = send("/abandoned", { signal: leaving.signal }).catch(() => "aborted");
    await new Promise((resolve) => setTimeout(resolve, 50));
    leaving.abort();
    expect(await abandoned).toBe("aborted");
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The line has room again: this one waits instead of being refused.
    const next = send("/next");
    await new Promise((resolve) => setTimeout(resolve, 50));
    finishSlow();
    await first;
    expect((await next).body).toBe("ok GET /next");
  });
});
