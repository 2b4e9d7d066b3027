import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { orderBody, startServer, type RunningServer } from "../support/production-server";

// One production server at LOG_LEVEL=info with PUBLIC_URL https: security headers, readiness,
// request ids, compression, and logs free of the customer's phone and name.

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-http-"));
  server = await startServer(join(dir, "shop.db"), { LOG_LEVEL: "info", PUBLIC_URL: "https://shop.example", META_PIXEL_ID: "123456789" });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body): status, headers and the body's byte count. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.baseURL}${path}`, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("security headers", () => {
  it("sends a nonce-based CSP, HSTS (PUBLIC_URL is https), nosniff and the referrer policy", async () => {
    const response = await fetch(`${server.baseURL}/`);
    const csp = response.headers.get("content-security-policy")!;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    // META_PIXEL_ID is set: Meta's hosts are allowed.
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/connect\.facebook\.net/);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=15552000; includeSubDomains");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // Every inline script of the document carries this response's nonce.
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    const inline = scripts.filter((attrs) => !/\bsrc=/.test(attrs) && !/application\/ld\+json/.test(attrs));
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    // A fresh nonce per response: another page has its own, and so has a replay from the page
    // cache, written into the same page (decision 0022).
    const other = (await fetch(`${server.baseURL}/about`)).headers.get("content-security-policy");
    expect(other).not.toBe(csp);
    const replay = await fetch(`${server.baseURL}/`);
    expect(replay.headers.get("x-cache")).toMatch(/^(HIT|STALE)$/);
    const replayNonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(replay.headers.get("content-security-policy") ?? "")?.[1];
    expect(replayNonce).toBeTruthy();
    expect(replayNonce).not.toBe(nonce);
    expect((await replay.text()).replaceAll(replayNonce!, nonce!)).toBe(html);
  });
});

describe("/readyz and /healthz", () => {
  it("answers ready, no-store", async () => {
    const response = await fetch(`${server.baseURL}/readyz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ready" });
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  });
});

describe("NUL characters in URLs", () => {
  it("are refused with 400 before any route or database sees them (PostgreSQL cannot compare text with NUL)", async () => {
    for (const path of ["/products/%00x", "/search?q=a%00b", "/categories/toys?sort=%00", "/collections/%2500%00"]) {
      const response = await fetch(`${server.baseURL}${path}`);
      expect(response.status, path).toBe(400);
    }
    // An ordinary percent-encoded path still works.
    expect((await fetch(`${server.baseURL}/search?q=%D8%B3%D8%A7%D8%B9%D8%A9`)).status).toBe(200);
  });
});

describe("request ids", () => {
  it("reuses a sane X-Request-Id, replaces anything else, and logs it", async () => {
    const kept = await fetch(`${server.baseURL}/api/delivery`, { headers: { "X-Request-Id": "lb-req.42:abc" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-req.42:abc");
    const replaced = await fetch(`${server.baseURL}/api/delivery`, { headers: { "X-Request-Id": 'bad id"{}' } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = server
      .output()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.reqId === "lb-req.42:abc" && l.msg === "request");
    expect(line).toMatchObject({ method: "GET", path: "/api/delivery", status: 200 });
  });
});

describe("compression", () => {
  it("serves HTML, JavaScript and CSS with brotli or gzip", async () => {
    const html = await (await fetch(`${server.baseURL}/`)).text();
    const script = /"(\/assets\/entry\.client-[^"]+\.js)"/.exec(html)?.[1];
    const style = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect(style).toBeTruthy();
    for (const path of ["/", "/products/" + demoProducts[0]!.slug, script!, style!]) {
      const br = await rawGet(path, { "Accept-Encoding": "br, gzip" });
      expect(br.status).toBe(200);
      expect(br.headers["content-encoding"], path).toBe("br");
      const gzip = await rawGet(path, { "Accept-Encoding": "gzip" });
      expect(gzip.headers["content-encoding"], path).toBe("gzip");
      const plain = await rawGet(path, {});
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(br.bytes).toBeLessThan(plain.bytes);
    }
  });
  // The drain-listener leak behind MaxListenersExceededWarning: app/server/http/compression-drain.server.test.ts.
});

describe("logs", () => {
  it("never carry the customer's phone or name at info level", async () => {
    const phone = "0771234567";
    const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 5)!;
    const response = await fetch(`${server.baseURL}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", "Idempotency-Key": "ops-logs-1" },
      body: orderBody(product.id, phone, "Zoulikha", "Haddadcheikh"),
    });
    expect(response.status).toBe(201);
    const { orderNumber } = (await response.json()) as { orderNumber: string };
    // The same phone blocked by a refused honeypot order, and a search by name: still nothing.
    await fetch(`${server.baseURL}/search?q=Zoulikha+${phone}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const output = server.output();
    expect(output).toContain(orderNumber);
    expect(output).toContain('"msg":"order placed"');
    expect(output).not.toContain(phone);
    expect(output).not.toContain(phone.slice(1));
    expect(output).not.toMatch(/Zoulikha|Haddadcheikh/);
  });
});

describe("caching of files", () => {
  it("serves fingerprinted assets immutable for a year, other public files for an hour, and never a page as a file", async () => {
    const html = await (await fetch(`${server.baseURL}/`)).text();
    const asset = /\/assets\/[\w.-]+\.(?:js|css)/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await fetch(`${server.baseURL}${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const favicon = await fetch(`${server.baseURL}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    const demoImage = await fetch(`${server.baseURL}/images/demo/accessories-handbag-beige.svg`);
    expect(demoImage.status).toBe(200);

    // Pages are not files: the public-files handler is only asked for its own top-level entries.
    const missingFile = await fetch(`${server.baseURL}/images/no-such-file.svg`);
    expect(missingFile.status).toBe(404);
    expect((await fetch(`${server.baseURL}/about`)).headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=5/);
  });
});
