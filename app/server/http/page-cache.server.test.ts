import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliBody, gzipBody, identityBody } from "./nonce-template.server";
import { cachedPage, etagMatches, keptLifetime, PageCache, precompress, sharedCacheLifetime, type CachedPage } from "./page-cache.server";

const NONCE = "cmVuZGVyZWQtbm9uY2UtMQ==";
const html = (text: string, nonce = NONCE) => Buffer.from(`<!DOCTYPE html><html><body>${text}<script nonce="${nonce}">1</script></body></html>`);

function page(text: string, lifetime = { freshMs: 5_000, staleMs: 30_000 }, nonce = NONCE, status = 200) {
  return cachedPage({ status, headers: [["content-type", "text/html"]], body: html(text, nonce) }, nonce, lifetime);
}

const notFound = (text: string) => page(text, { freshMs: 5_000, staleMs: 5_000 }, NONCE, 404);

/** Lets the compression queue (the compression thread, then the promise behind it) run dry. */
async function compressionsDone(cache: PageCache, key: string, encoding: "br" | "gzip") {
  await expect.poll(() => cache.lookup(key)?.page.template[encoding]).toBeDefined();
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

describe("keptLifetime", () => {
  const PUBLIC = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";

  it("keeps a page for its shared lifetime and a 404 for a few seconds at most", () => {
    expect(keptLifetime(200, PUBLIC)).toEqual({ freshMs: 5_000, staleMs: 30_000 });
    expect(keptLifetime(404, PUBLIC)).toEqual({ freshMs: 5_000, staleMs: 5_000 });
    expect(keptLifetime(404, "public, s-maxage=600, stale-while-revalidate=3600")).toEqual({ freshMs: 5_000, staleMs: 5_000 });
    expect(keptLifetime(404, "public, s-maxage=2")).toEqual({ freshMs: 2_000, staleMs: 0 });
  });

  it("keeps no other status, and no 404 a shared cache must not keep", () => {
    for (const status of [201, 301, 302, 304, 400, 403, 410, 500, 503]) expect(keptLifetime(status, PUBLIC), String(status)).toBeNull();
    expect(keptLifetime(404, null)).toBeNull();
    expect(keptLifetime(404, "private, no-store")).toBeNull();
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
  it("splits the page at its nonce and compresses nothing yet", () => {
    const one = page("hello");
    expect(one.template.parts).toHaveLength(2);
    expect(one.template.gzip).toBeUndefined();
    expect(one.template.br).toBeUndefined();
    expect(one.template.bytes).toBe(html("hello").length - NONCE.length);
  });

  it("keeps gzip and brotli bodies, once compressed, that decompress to the page with any nonce, and an ETag of its content", async () => {
    const one = await precompress(page("hello"), ["gzip", "br"]);
    const other = "b3RoZXItbm9uY2UtdmFsdQ==";
    expect(text(identityBody(one.template, other))).toBe(html("hello", other).toString());
    expect(gunzipSync(Buffer.concat(gzipBody(one.template, other))).toString()).toBe(html("hello", other).toString());
    expect(brotliDecompressSync(Buffer.concat(brotliBody(one.template, other))).toString()).toBe(html("hello", other).toString());
    expect(one.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(page("hello").etag).toBe(one.etag);
    // The same page rendered with another nonce is the same page.
    expect(page("hello", undefined, other).etag).toBe(one.etag);
    expect(page("hello!").etag).not.toBe(one.etag);
  });
});

describe("PageCache", () => {
  it("serves a page fresh for s-maxage, then stale for stale-while-revalidate, then forgets it", async () => {
    const time = clock();
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20, now: time.now });
    const rendered = page("home");
    await cache.render("/", async () => rendered);
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
    const rendered = page("product");
    let renders = 0;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const render = async (): Promise<CachedPage> => {
      renders += 1;
      await gate;
      return rendered;
    };
    const outcomes = Array.from({ length: 20 }, () => cache.render("/p", render));
    expect(cache.isRendering("/p")).toBe(true);
    finish();
    const results = await Promise.all(outcomes);
    expect(renders).toBe(1);
    expect(results.every((result) => result === rendered)).toBe(true);
    expect(cache.isRendering("/p")).toBe(false);
    expect(cache.lookup("/p")?.page).toBe(rendered);
  });

  it("lets one visitor claim a render; the others wait for its page, kept once it is done", async () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20 });
    const claim = cache.claim("/p")!;
    expect(claim).toBeDefined();
    expect(cache.claim("/p")).toBeUndefined();
    const waiting = cache.rendering("/p");
    expect(cache.lookup("/p")).toBeUndefined();
    const rendered = page("product");
    claim.done(rendered);
    claim.done(undefined); // only the first outcome counts
    expect(await waiting).toBe(rendered);
    expect(cache.lookup("/p")?.page).toBe(rendered);
    expect(cache.rendering("/p")).toBeUndefined();
  });

  it("keeps no response that may not be shared: those waiting get nothing, and it is rendered again next time", async () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20 });
    const claim = cache.claim("/missing")!;
    const waiting = cache.rendering("/missing");
    claim.done(undefined);
    expect(await waiting).toBeUndefined();
    expect(cache.lookup("/missing")).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.claim("/missing")).toBeDefined();
  });

  it("compresses a kept page in an encoding once, when first asked, and counts its bytes", async () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20 });
    const rendered = page("compress me ".repeat(500));
    await cache.render("/c", async () => rendered);
    const plain = cache.bytes;
    expect(plain).toBe(rendered.template.bytes + "/c".length);
    cache.compressLater("/c", "br");
    cache.compressLater("/c", "br");
    await compressionsDone(cache, "/c", "br");
    const br = rendered.template.br!;
    expect(rendered.template.gzip).toBeUndefined();
    expect(cache.bytes).toBe(plain + Buffer.concat(br).length);
    const other = "b3RoZXItbm9uY2UtdmFsdQ==";
    expect(brotliDecompressSync(Buffer.concat(brotliBody(rendered.template, other))).toString()).toBe(
      html("compress me ".repeat(500), other).toString(),
    );
    // Asked again: nothing more to do.
    cache.compressLater("/c", "br");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rendered.template.br).toBe(br);
    expect(cache.bytes).toBe(plain + Buffer.concat(br).length);
  });

  it("compresses nothing for a page gone before its turn, and stays within maxBytes when pages grow", async () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20 });
    const gone = page("gone ".repeat(500));
    await cache.render("/gone", async () => gone);
    cache.compressLater("/gone", "gzip");
    cache.clear();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gone.template.gzip).toBeUndefined();
    expect(cache.bytes).toBe(0);

    const pages = ["a", "b"].map((text) => page(text.repeat(4_000)));
    // Each page's bytes and its one-letter key.
    const plain = pages[0]!.template.bytes + 1;
    // Room for both plain, not for both with their brotli bodies too.
    const tight = new PageCache({ maxEntries: 10, maxBytes: plain * 2 });
    await tight.render("a", async () => pages[0]);
    await tight.render("b", async () => pages[1]);
    expect(tight.size).toBe(2);
    tight.compressLater("b", "br");
    await expect.poll(() => pages[1]!.template.br).toBeDefined();
    await expect.poll(() => tight.size).toBe(1);
    expect(tight.lookup("a")).toBeUndefined();
    expect(tight.bytes).toBe(pages[1]!.template.bytes + 1);
    expect(tight.bytes).toBeLessThanOrEqual(plain * 2);
  });

  it("clear() forgets every page and keeps none of the renders already under way", async () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20 });
    await cache.render("/a", async () => page("a"));
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const before = page("b before the admin change");
    const underWay = cache.render("/b", async () => {
      await gate;
      return before;
    });
    cache.clear();
    finish();
    await underWay;
    expect(cache.lookup("/a")).toBeUndefined();
    expect(cache.lookup("/b")).toBeUndefined();
    expect(cache.bytes).toBe(0);
    // A render started after the change is kept.
    await cache.render("/b", async () => page("b after"));
    expect(text(identityBody(cache.lookup("/b")!.page.template, NONCE))).toContain("b after");
  });

  it("keeps a 404 as it keeps a page: served again with its status, and replaced by the page once it exists", async () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20 });
    const missing = notFound("no such product");
    await cache.render("/products/soon", async () => missing);
    const found = cache.lookup("/products/soon")!;
    expect(found.page.status).toBe(404);
    // Its own nonce in every replay, as any cached page.
    const other = "b3RoZXItbm9uY2UtdmFsdQ==";
    expect(text(identityBody(found.page.template, other))).toBe(html("no such product", other).toString());
    await cache.render("/products/soon", async () => page("the product"));
    expect(cache.lookup("/products/soon")?.page.status).toBe(200);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(cache.lookup("/products/soon")!.page.template.bytes + "/products/soon".length);
  });

  it("keeps junk 404s within their share: a flood of missing addresses evicts no real page", async () => {
    const real = ["a", "b", "c"].map((text) => page(text.repeat(2_000)));
    const one = real[0]!.template.bytes + 1;
    const cache = new PageCache({ maxEntries: 100, maxBytes: one * 10, notFoundShare: 0.2 });
    for (const [index, key] of ["a", "b", "c"].entries()) await cache.render(key, async () => real[index]!);
    for (let i = 0; i < 1_000; i++) await cache.render(`/junk-${i}-${"x".repeat(i % 50)}`, async () => notFound("missing ".repeat(100)));
    expect(["a", "b", "c"].map((key) => cache.lookup(key)?.page)).toEqual(real);
    // 20 % of the entries and of the bytes at most; the newest 404s are those kept.
    expect(cache.size - 3).toBeLessThanOrEqual(20);
    expect(cache.bytes - 3 * one).toBeLessThanOrEqual(one * 2);
    expect(cache.lookup("/junk-999-" + "x".repeat(999 % 50))?.page.status).toBe(404);
    expect(cache.lookup("/junk-0-")).toBeUndefined();

    // A long key counts: addresses of kilobytes fill the share sooner.
    const long = new PageCache({ maxEntries: 1_000, maxBytes: 100_000, notFoundShare: 0.1 });
    for (let i = 0; i < 100; i++) await long.render(`/${i}-${"y".repeat(2_000)}`, async () => notFound("missing"));
    expect(long.bytes).toBeLessThanOrEqual(10_000);
    expect(long.size).toBeLessThanOrEqual(4);
  });

  it("evicts 404s before real pages when the whole cache is full", async () => {
    const real = ["a", "b"].map((text) => page(text.repeat(2_000)));
    const one = real[0]!.template.bytes + 1;
    const cache = new PageCache({ maxEntries: 3, maxBytes: one * 100, notFoundShare: 0.5 });
    await cache.render("/gone", async () => notFound("missing"));
    await cache.render("a", async () => real[0]!);
    await cache.render("b", async () => real[1]!);
    cache.lookup("/gone"); // the most recently used, yet a 404
    await cache.render("c", async () => page("c"));
    expect(cache.lookup("/gone")).toBeUndefined();
    expect(["a", "b", "c"].map((key) => cache.lookup(key)?.page.status)).toEqual([200, 200, 200]);
  });

  it("evicts the least recently used pages beyond its entry and byte limits", async () => {
    const pages = ["a", "b", "c", "d"].map((text) => page(text.repeat(2_000)));
    const one = pages[0]!.template.bytes;
    const cache = new PageCache({ maxEntries: 3, maxBytes: one * 10 });
    for (const [index, key] of ["a", "b", "c"].entries()) await cache.render(key, async () => pages[index]!);
    cache.lookup("a"); // a is now the most recently used
    await cache.render("d", async () => pages[3]!);
    expect(cache.lookup("b")).toBeUndefined();
    expect(["a", "c", "d"].map((key) => cache.lookup(key)?.freshness)).toEqual(["fresh", "fresh", "fresh"]);

    const small = new PageCache({ maxEntries: 100, maxBytes: one * 2 + 10 });
    for (const [index, key] of ["a", "b", "c"].entries()) await small.render(key, async () => pages[index]!);
    expect(small.size).toBe(2);
    expect(small.bytes).toBeLessThanOrEqual(one * 2 + 10);
    expect(small.lookup("a")).toBeUndefined();
  });
});
