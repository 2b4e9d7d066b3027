import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliBody, gzipBody, identityBody } from "./nonce-template.server";
import { cachedPage, etagMatches, PageCache, sharedCacheLifetime, type RenderOutcome } from "./page-cache.server";

const NONCE = "cmVuZGVyZWQtbm9uY2UtMQ==";
const html = (text: string, nonce = NONCE) => Buffer.from(`<!DOCTYPE html><html><body>${text}<script nonce="${nonce}">1</script></body></html>`);

async function page(text: string, lifetime = { freshMs: 5_000, staleMs: 30_000 }, nonce = NONCE) {
  return cachedPage(
    { status: 200, headers: [["content-type", "text/html"]], contentSecurityPolicy: `script-src 'nonce-${nonce}'`, body: html(text, nonce) },
    nonce,
    lifetime,
  );
}

const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString();

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("sharedCacheLifetime", () => {
  it("reads s-maxage and stale-while-revalidate of a public response", () => {
    expect(sharedCacheLifetime("public, max-age=0, s-maxage=5, stale-while-revalidate=30")).toEqual({ freshMs: 5_000, staleMs: 30_000 });
    expect(sharedCacheLifetime("Public, S-MAXAGE=10")).toEqual({ freshMs: 10_000, staleMs: 0 });
  });

  it("refuses what a shared cache must not keep", () => {
    for (const value of [
      null,
      "",
      "private, no-store",
      "public, max-age=60",
      "public, s-maxage=0",
      "public, s-maxage=5, no-store",
      "public, private, s-maxage=5",
      "public, no-cache, s-maxage=5",
      "s-maxage=5",
      "public, s-maxage=abc",
    ]) {
      expect(sharedCacheLifetime(value), String(value)).toBeNull();
    }
  });
});

describe("etagMatches", () => {
  it("compares weakly and accepts lists and *", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

describe("cachedPage", () => {
  it("keeps gzip and brotli bodies that decompress to the page with any nonce, and an ETag of its content", async () => {
    const one = await page("hello");
    const other = "b3RoZXItbm9uY2UtdmFsdQ==";
    expect(text(identityBody(one.template, other))).toBe(html("hello", other).toString());
    expect(gunzipSync(Buffer.concat(gzipBody(one.template, other))).toString()).toBe(html("hello", other).toString());
    expect(brotliDecompressSync(Buffer.concat(brotliBody(one.template, other))).toString()).toBe(html("hello", other).toString());
    expect(one.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect((await page("hello")).etag).toBe(one.etag);
    // The same page rendered with another nonce is the same page.
    expect((await page("hello", undefined, other)).etag).toBe(one.etag);
    expect((await page("hello!")).etag).not.toBe(one.etag);
  });
});

describe("PageCache", () => {
  it("serves a page fresh for s-maxage, then stale for stale-while-revalidate, then forgets it", async () => {
    const time = clock();
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20, now: time.now });
    const rendered = await page("home");
    await cache.render("/", async () => ({ cacheable: true, page: rendered }));
    expect(cache.lookup("/")).toEqual({ page: rendered, freshness: "fresh" });
    time.advance(4_999);
    expect(cache.lookup("/")?.freshness).toBe("fresh");
    time.advance(1);
    expect(cache.lookup("/")?.freshness).toBe("stale");
    time.advance(29_999);
    expect(cache.lookup("/")?.freshness).toBe("stale");
    time.advance(1);
    expect(cache.lookup("/")).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("renders once for everyone asking at the same time", async () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20 });
    const rendered = await page("product");
    let renders = 0;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const render = async (): Promise<RenderOutcome> => {
      renders += 1;
      await gate;
      return { cacheable: true, page: rendered };
    };
    const outcomes = Array.from({ length: 20 }, () => cache.render("/p", render));
    expect(cache.isRendering("/p")).toBe(true);
    finish();
    const results = await Promise.all(outcomes);
    expect(renders).toBe(1);
    expect(results.every((result) => result.cacheable && result.page === rendered)).toBe(true);
    expect(cache.isRendering("/p")).toBe(false);
    expect(cache.lookup("/p")?.page).toBe(rendered);
  });

  it("keeps no response that may not be shared, and renders it again next time", async () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20 });
    const outcome: RenderOutcome = { cacheable: false, response: { status: 404, headers: [], contentSecurityPolicy: "", body: html("missing") } };
    await cache.render("/missing", async () => outcome);
    expect(cache.lookup("/missing")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("clear() forgets every page and keeps none of the renders already under way", async () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20 });
    await cache.render("/a", async () => ({ cacheable: true, page: await page("a") }));
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const before = await page("b before the admin change");
    const underWay = cache.render("/b", async () => {
      await gate;
      return { cacheable: true, page: before };
    });
    cache.clear();
    finish();
    await underWay;
    expect(cache.lookup("/a")).toBeUndefined();
    expect(cache.lookup("/b")).toBeUndefined();
    expect(cache.bytes).toBe(0);
    // A render started after the change is kept.
    await cache.render("/b", async () => ({ cacheable: true, page: await page("b after") }));
    expect(text(identityBody(cache.lookup("/b")!.page.template, NONCE))).toContain("b after");
  });

  it("evicts the least recently used pages beyond its entry and byte limits", async () => {
    const pages = await Promise.all(["a", "b", "c", "d"].map((text) => page(text.repeat(2_000))));
    const one = pages[0]!.template.bytes;
    const cache = new PageCache({ maxEntries: 3, maxBytes: one * 10 });
    for (const [index, key] of ["a", "b", "c"].entries()) await cache.render(key, async () => ({ cacheable: true, page: pages[index]! }));
    cache.lookup("a"); // a is now the most recently used
    await cache.render("d", async () => ({ cacheable: true, page: pages[3]! }));
    expect(cache.lookup("b")).toBeUndefined();
    expect(["a", "c", "d"].map((key) => cache.lookup(key)?.freshness)).toEqual(["fresh", "fresh", "fresh"]);

    const small = new PageCache({ maxEntries: 100, maxBytes: one * 2 + 10 });
    for (const [index, key] of ["a", "b", "c"].entries()) await small.render(key, async () => ({ cacheable: true, page: pages[index]! }));
    expect(small.size).toBe(2);
    expect(small.bytes).toBeLessThanOrEqual(one * 2 + 10);
    expect(small.lookup("a")).toBeUndefined();
  });
});
