import express, { type Request, type Response } from "express";
import { randomBytes } from "node:crypto";
import { request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compress } from "./compression.server";
import { PageCache } from "./page-cache.server";
import { pageCacheInvalidation, pageCacheMiddleware } from "./page-cache-middleware.server";

/*
 * The page cache's middleware in front of a stand-in for React Router: a miss is streamed to its
 * visitor as rendered (compressed on the fly by `compress`) and kept after it finished; the next
 * visitor gets it from memory with a nonce of their own (decision 0036).
 */

const PUBLIC = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";
const newNonce = () => randomBytes(16).toString("base64");
const policyFor = (nonce: string) => `script-src 'nonce-${nonce}'`;

interface Gate {
  open: () => void;
  opened: Promise<void>;
}
function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A page in two pieces: the head at once, the rest when `rest` opens (a loader still running, a slow Suspense boundary). */
function renderedPage(nonce: string, filler: string) {
  const head = `<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script></head><body>`;
  const tail = `<main>${filler}</main><script nonce="${nonce}">window.b=2</script></body></html>`;
  return { head, tail };
}

interface Setup {
  cacheControl?: string;
  setCookie?: boolean;
  filler?: string;
  maxBytes?: number;
  /** The status of every render. */
  status?: number;
  /** The cache's clock. */
  now?: () => number;
}

let close: (() => void) | undefined;
afterEach(() => close?.());

async function serve({ cacheControl = PUBLIC, setCookie = false, filler = "سوق ".repeat(2000), maxBytes = 1 << 24, status = 200, now }: Setup = {}) {
  const cache = new PageCache({ maxEntries: 100, maxBytes, now });
  let renders = 0;
  let rest: Gate | undefined;
  let shell: Gate | undefined;
  const app = express();
  app.use(compress);
  app.use((_req, res, next) => {
    res.locals.cspNonce = newNonce();
    res.setHeader("Content-Security-Policy", policyFor(res.locals.cspNonce as string));
    next();
  });
  app.use(
    pageCacheMiddleware({
      cache,
      newNonce,
      policyFor,
      addressOf: (url) => url.toString(),
      handler: async (_request, context) => {
        renders += 1;
        await shell?.opened;
        const { head, tail } = renderedPage(context.cspNonce as string, filler);
        const waitFor = rest;
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(Buffer.from(head));
            await waitFor?.opened;
            controller.enqueue(Buffer.from(tail));
            controller.close();
          },
        });
        const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": cacheControl, Vary: "Cookie" });
        if (setCookie) headers.append("Set-Cookie", "visitor=1; Path=/");
        return new Response(body, { status, headers });
      },
    }),
  );
  // What the streaming React Router handler would do for a visitor sent on.
  app.use((_req, res) => {
    res.setHeader("X-Own-Render", "1");
    res.send("own render");
  });
  const server = app.listen(0, "127.0.0.1");
  close = () => server.close();
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    cache,
    renders: () => renders,
    /** The next renders wait for the gate before their second piece. */
    holdRenders: () => (rest = gate()),
    /** The next renders wait for the gate before they answer at all (loaders still running). */
    holdShells: () => (shell = gate()),
    port,
  };
}

interface Answer {
  status: number;
  headers: IncomingMessage["headers"];
  /** The body as received, and decoded. */
  raw: Buffer;
  text: string;
}

/** A request through node:http (fetch would decode the body and hide how it was sent); `onFirstBytes` runs at the first body bytes. */
function get(
  port: number,
  headers: Record<string, string> = {},
  method = "GET",
  onFirstBytes?: () => void,
  path = "/products/p1?fbclid=x",
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path, method, headers: { "accept-encoding": "br, gzip", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => {
        if (chunks.length === 0) onFirstBytes?.();
        chunks.push(chunk);
      });
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        // A HEAD answer names the encoding its GET would have, with no body to decode.
        const decoded = method === "HEAD" ? raw : encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode!, headers: res.headers, raw, text: decoded.toString() });
      });
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

function nonceOf(answer: Answer): string {
  return /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))![1]!;
}

/** The page apart from its nonce; checks that the HTML carries the nonce of the response's policy, and only that one. */
function withoutNonce(answer: Answer): string {
  const nonce = nonceOf(answer);
  expect(new Set([...answer.text.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))).toEqual(new Set([nonce]));
  return answer.text.replaceAll(nonce, "");
}

describe("page cache middleware", () => {
  it("streams a miss as it renders, compressed on the fly, then keeps it for the next visitor", async () => {
    const shop = await serve();
    const rest = shop.holdRenders();
    let firstBytes = false;
    const missing = get(shop.port, {}, "GET", () => (firstBytes = true));
    // The head arrives while the render still waits on the rest of the page.
    await expect.poll(() => firstBytes).toBe(true);
    expect(shop.cache.size).toBe(0);
    rest.open();
    const miss = await missing;
    expect(miss.status).toBe(200);
    expect(miss.headers["x-cache"]).toBe("MISS");
    // Compressed by the compression middleware as it streamed: no length known in advance.
    expect(miss.headers["content-encoding"]).toBe("br");
    expect(miss.headers["content-length"]).toBeUndefined();
    expect(miss.headers["vary"]).toMatch(/Accept-Encoding/);
    expect(miss.headers["etag"]).toBeUndefined();

    await expect.poll(() => shop.cache.size).toBe(1);
    const hit = await get(shop.port);
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(nonceOf(hit)).not.toBe(nonceOf(miss));
    expect(withoutNonce(hit)).toBe(withoutNonce(miss));
    expect(hit.headers["etag"]).toMatch(/^W\/"/);
    expect(hit.headers["cache-control"]).toBe(PUBLIC);
    expect(shop.renders()).toBe(1);

    // The first hit had the page compressed in brotli for the next ones: sent whole, with its length.
    await expect.poll(async () => (await get(shop.port)).headers["content-length"]).toBeDefined();
    const compressed = await get(shop.port);
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(Number(compressed.headers["content-length"])).toBe(compressed.raw.length);
    expect(withoutNonce(compressed)).toBe(withoutNonce(miss));
    expect(nonceOf(compressed)).not.toBe(nonceOf(hit));
    const gzip = await get(shop.port, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(withoutNonce(gzip)).toBe(withoutNonce(miss));
    expect(shop.renders()).toBe(1);
  });

  it("renders once for visitors missing together: the others get the kept page, each with its own nonce", async () => {
    const shop = await serve();
    const rest = shop.holdRenders();
    const first = get(shop.port);
    await expect.poll(() => shop.renders()).toBe(1);
    const others = Array.from({ length: 5 }, () => get(shop.port));
    await new Promise((resolve) => setTimeout(resolve, 20));
    rest.open();
    const answers = await Promise.all([first, ...others]);
    expect(shop.renders()).toBe(1);
    expect(answers.map((answer) => answer.headers["x-cache"])).toEqual(Array(6).fill("MISS"));
    expect(new Set(answers.map(nonceOf)).size).toBe(6);
    expect(new Set(answers.map(withoutNonce)).size).toBe(1);
    expect(answers.slice(1).every((answer) => /^W\//.test(String(answer.headers["etag"])))).toBe(true);
  });

  it("refreshes pages that went stale together one at a time, serving each stale page meanwhile", async () => {
    let now = 1_000_000;
    const shop = await serve({ now: () => now });
    const paths = ["/products/p1", "/products/p2", "/products/p3"];
    for (const path of paths) await get(shop.port, {}, "GET", undefined, path);
    await expect.poll(() => shop.cache.size).toBe(3);
    now += 6_000; // past s-maxage=5, within stale-while-revalidate=30
    const shell = shop.holdShells();
    const stale = await Promise.all(paths.map((path) => get(shop.port, {}, "GET", undefined, path)));
    expect(stale.map((answer) => answer.headers["x-cache"])).toEqual(["STALE", "STALE", "STALE"]);
    // Three refreshes are due; one is under way, the others wait for it.
    await expect.poll(() => shop.renders()).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shop.renders()).toBe(4);
    shell.open();
    await expect.poll(() => shop.renders()).toBe(6);
    for (const path of paths) await expect.poll(async () => (await get(shop.port, {}, "GET", undefined, path)).headers["x-cache"]).toBe("HIT");
  });

  it("answers HEAD without a body, and 304 without a policy to a matching If-None-Match", async () => {
    const shop = await serve();
    const head = await get(shop.port, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-cache"]).toBe("MISS");
    expect(head.raw.length).toBe(0);
    // A HEAD's render is kept like a GET's.
    await expect.poll(() => shop.cache.size).toBe(1);
    const headHit = await get(shop.port, {}, "HEAD");
    expect(headHit.headers["x-cache"]).toBe("HIT");
    expect(headHit.raw.length).toBe(0);
    const etag = String(headHit.headers["etag"]);
    const conditional = await get(shop.port, { "if-none-match": etag });
    expect(conditional.status).toBe(304);
    expect(conditional.raw.length).toBe(0);
    expect(conditional.headers["content-security-policy"]).toBeUndefined();
    expect((await get(shop.port, { "if-none-match": 'W/"other"' })).status).toBe(200);
    expect(shop.renders()).toBe(1);
  });

  it("keeps a public 404: replayed with its status 404, a nonce of its own, and no validator", async () => {
    const shop = await serve({ status: 404 });
    const miss = await get(shop.port);
    expect(miss.status).toBe(404);
    expect(miss.headers["x-cache"]).toBe("MISS");
    await expect.poll(() => shop.cache.size).toBe(1);
    const hit = await get(shop.port);
    expect(hit.status).toBe(404);
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["cache-control"]).toBe(PUBLIC);
    expect(nonceOf(hit)).not.toBe(nonceOf(miss));
    expect(withoutNonce(hit)).toBe(withoutNonce(miss));
    // No ETag, so never a 304 in place of a 404.
    expect(hit.headers["etag"]).toBeUndefined();
    const conditional = await get(shop.port, { "if-none-match": "*" });
    expect(conditional.status).toBe(404);
    expect(conditional.text).toContain("</html>");
    const head = await get(shop.port, {}, "HEAD");
    expect(head.status).toBe(404);
    expect(head.raw.length).toBe(0);
    expect(shop.renders()).toBe(1);
  });

  for (const [name, setup] of [
    ["a private response", { cacheControl: "private, no-store" }],
    ["a response that sets a cookie", { setCookie: true }],
    ["a public response of another status than 200 or 404", { status: 410 }],
    ["a private 404", { status: 404, cacheControl: "private, no-store" }],
  ] as const) {
    it(`sends ${name} to its own visitor only, never kept nor handed to another`, async () => {
      const shop = await serve(setup);
      const shell = shop.holdShells();
      const first = get(shop.port);
      await expect.poll(() => shop.renders()).toBe(1);
      // Arrived while that render was under way: sent on to a render of its own once it is known private.
      const other = get(shop.port);
      await new Promise((resolve) => setTimeout(resolve, 20));
      shell.open();
      expect((await other).headers["x-own-render"]).toBe("1");
      const own = await first;
      expect(own.headers["x-cache"]).toBe("BYPASS");
      expect(own.text).toContain("<main>");
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(shop.cache.size).toBe(0);
      expect((await get(shop.port)).headers["x-cache"]).toBe("BYPASS");
      expect(shop.renders()).toBe(2);
    });
  }

  it("keeps nothing of a miss whose visitor left before the end: the next visitor gets a render of their own", async () => {
    const shop = await serve();
    const rest = shop.holdRenders();
    await new Promise<void>((resolve) => {
      const leaving = request({ host: "127.0.0.1", port: shop.port, path: "/products/p1?fbclid=x" }, (res) => {
        res.once("data", () => {
          leaving.destroy();
          resolve();
        });
      });
      leaving.on("error", () => undefined);
      leaving.on("close", () => resolve());
      leaving.end();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    rest.open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shop.cache.size).toBe(0);
    const next = await get(shop.port);
    expect(next.headers["x-cache"]).toBe("MISS");
    expect(next.text).toContain("</html>");
    expect(shop.renders()).toBe(2);
  });

  it("streams a page larger than the cache keeps, and keeps nothing of it", async () => {
    const shop = await serve({ maxBytes: 16 * 1024, filler: "x".repeat(64 * 1024) });
    const miss = await get(shop.port);
    expect(miss.headers["x-cache"]).toBe("MISS");
    expect(miss.text).toContain("x".repeat(64 * 1024));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shop.cache.size).toBe(0);
    expect(shop.cache.bytes).toBe(0);
  });
});

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
