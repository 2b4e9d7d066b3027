import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../support/production-server";

/*
 * The page cache against what an attacker or an ad network sends (decision 0022), on the
 * production build: query strings nobody reads make no cache entry and no different page, and
 * every response served from the cache carries a CSP nonce of its own.
 */

const PRODUCT = "/products/smartphone-6-7-inch-128gb";
const LISTING = "/categories/kitchen";

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-abuse-page-cache-"));
  server = await startServer(join(dir, "shop.db"), { LOG_LEVEL: "warn" });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseURL}${path}`, { headers, redirect: "manual" });
  return { response, body: await response.text(), cache: response.headers.get("x-cache") };
}

function headerNonce(policy: string | null | undefined): string | undefined {
  return /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
}

/** The page without its nonce: what two visitors of one cached page must share. */
function shared({ response, body }: { response: Response; body: string }): string {
  const nonce = headerNonce(response.headers.get("content-security-policy"));
  expect(nonce).toBeTruthy();
  return body.replaceAll(nonce!, "NONCE");
}

/** A raw GET with one Accept-Encoding, its body decoded by hand (fetch would hide the encoding). */
function rawGet(path: string, encoding: "br" | "gzip" | "identity"): Promise<{ cache?: string; encoding?: string; policy?: string; html: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.baseURL}${path}`, { headers: { "Accept-Encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const contentEncoding = res.headers["content-encoding"];
        const html = (contentEncoding === "br" ? brotliDecompressSync(raw) : contentEncoding === "gzip" ? gunzipSync(raw) : raw).toString();
        resolve({
          cache: res.headers["x-cache"] as string | undefined,
          encoding: contentEncoding,
          policy: res.headers["content-security-policy"] as string | undefined,
          html,
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("page cache keys", () => {
  it("serves an ad click from the cache: two requests differing only by fbclid, the second a HIT", async () => {
    const first = await get(`${PRODUCT}?fbclid=IwAR${randomBytes(12).toString("hex")}`);
    const second = await get(`${PRODUCT}?fbclid=IwAR${randomBytes(12).toString("hex")}`);
    expect(first.response.status).toBe(200);
    expect(second.cache).toBe("HIT");
    // And the same page as the bare address, which no parameter reaches (canonical, og:url, links).
    const bare = await get(PRODUCT);
    expect(bare.cache).toBe("HIT");
    expect(shared(second)).toBe(shared(bare));
    expect(second.body).not.toContain("fbclid");
    expect(second.body).toContain(`<link rel="canonical" href="${server.baseURL}${PRODUCT}"/>`);

    for (const query of ["utm_source=facebook&utm_medium=cpc&utm_campaign=x", "gclid=abc", "msclkid=1&ttclid=2", "_ga=1.2.3&mc_cid=9"]) {
      expect((await get(`${PRODUCT}?${query}`)).cache, query).toBe("HIT");
    }
  });

  it("keys an ad landing carrying fbclid, utm_* and gclid together on its bare address: the next click is a HIT", async () => {
    // Pages no other test visits, so the first click is the one that fills the entry.
    for (const page of ["/products/silent-wooden-wall-clock-40cm", "/categories/books"]) {
      const click = () =>
        `${page}?fbclid=IwAR${randomBytes(16).toString("hex")}&utm_source=facebook&utm_medium=paid&utm_campaign=spring&gclid=${randomBytes(8).toString("hex")}`;
      const first = await get(click());
      expect(first.response.status, page).toBe(200);
      expect(first.cache, page).toBe("MISS");
      const second = await get(click());
      expect(second.cache, page).toBe("HIT");
      const bare = await get(page);
      expect(bare.cache, page).toBe("HIT");
      expect(shared(second)).toBe(shared(bare));
    }
  });

  it("ignores a parameter the page does not read: the same entry and the same page", async () => {
    const sorted = await get(`${LISTING}?sort=price-asc`);
    const bare = await get(LISTING);
    // The parameters the listing declares still make their own page.
    expect(shared(sorted)).not.toBe(shared(bare));
    const junk = await get(`${LISTING}?x=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&sort=price-asc&a=${randomBytes(4).toString("hex")}`);
    expect(junk.cache).toBe("HIT");
    expect(shared(junk)).toBe(shared(sorted));
    expect(junk.body).not.toContain("alert(1)");
    // The order of the parameters makes no new entry either.
    await get(`${LISTING}?page=2&sort=price-asc`);
    expect((await get(`${LISTING}?sort=price-asc&page=2&utm_source=x`)).cache).toBe("HIT");
    // A parameter another page reads means nothing here.
    expect((await get(`${PRODUCT}?page=7&q=x&category=rings`)).cache).toBe("HIT");
  });

  it("still renders every parameter a page reads: each one its route declares", async () => {
    // A loader reading a parameter its route's handle does not declare never sees it from the cache.
    const pages: Array<[string, string]> = [
      [`${LISTING}?page=2`, LISTING],
      [`${LISTING}?sort=price-desc`, LISTING],
      ["/search?q=tajine", "/search?q=%D8%AE%D9%84%D8%A7%D8%B7"],
      ["/search?q=a&sort=price-asc", "/search?q=a"],
      ["/home-appliances?category=cooling", "/home-appliances"],
      ["/jewellery?category=rings", "/jewellery"],
      ["/contact?wilaya=31", "/contact"],
    ];
    for (const [withParameter, without] of pages) {
      await get(withParameter);
      const cached = await get(withParameter);
      expect(cached.cache, withParameter).toBe("HIT");
      // Cacheable pages carry nothing per render (cacheable-pages.test.ts): only the parameter can differ.
      expect(shared(cached) === shared(await get(without)), `${withParameter} renders as ${without}`).toBe(false);
    }
  });

  it("hands React Router's route discovery its whole query: no version mismatch, no reload", async () => {
    // The build's manifest version, from the manifest module the page loads.
    const manifestPath = /\/assets\/manifest-[\w-]+\.js/.exec((await get(PRODUCT)).body)?.[0];
    expect(manifestPath).toBeTruthy();
    const version = /"version":"([^"]+)"/.exec(await (await fetch(`${server.baseURL}${manifestPath}`)).text())?.[1];
    expect(version).toBeTruthy();
    const response = await fetch(`${server.baseURL}/__manifest?paths=${encodeURIComponent("/,/cart")}&version=${version}`);
    // A mismatch answers 204 with X-Remix-Reload-Document: the browser reloads on every navigation.
    expect(response.status).toBe(200);
    expect(response.headers.get("x-cache")).toBeNull();
    expect(Object.keys((await response.json()) as object).length).toBeGreaterThan(0);
  });

  it("keeps ?ref= visits out of the cache: they record the click and set the referral cookies", async () => {
    const visit = await get(`${PRODUCT}?ref=NOSUCHCODE&fbclid=1`);
    expect(visit.response.status).toBe(200);
    expect(visit.cache).toBeNull();
  });

  it("answers 4,000 distinct junk query strings with the one cached page", async () => {
    // The memory and latency of the same flood: tests/perf/hostile-traffic.test.ts.
    const caches = new Map<string, number>();
    let sent = 0;
    const flood = async () => {
      while (sent < 4_000) {
        sent += 1;
        const { cache } = await get(`${PRODUCT}?${randomBytes(6).toString("hex")}=${sent}&fbclid=${randomBytes(16).toString("hex")}`);
        caches.set(cache ?? "none", (caches.get(cache ?? "none") ?? 0) + 1);
      }
    };
    await get(PRODUCT);
    await Promise.all(Array.from({ length: 16 }, flood));

    // Every one of them was the cached page (a STALE is the cached page too, while it refreshes).
    expect((caches.get("HIT") ?? 0) + (caches.get("STALE") ?? 0)).toBe(4_000);
  });
});

describe("CSP nonces of cached pages", () => {
  it("gives every response served from the cache a nonce of its own, the one of its own policy, in br, gzip and identity", async () => {
    // A page no other test visits: the tests above can outlast a page's freshness (s-maxage) on a
    // busy machine, and a stale entry answers STALE until its refresh lands. Its first visit is a
    // miss, kept once its response has finished.
    const page = "/categories/home-equipment";
    await expect.poll(async () => (await rawGet(page, "identity")).cache).toBe("HIT");
    const seen = new Set<string>();
    for (const encoding of ["br", "gzip", "identity", "br", "gzip", "identity"] as const) {
      const replay = await rawGet(page, encoding);
      expect(replay.cache).toBe("HIT");
      expect(replay.encoding).toBe(encoding === "identity" ? undefined : encoding);
      const nonce = headerNonce(replay.policy);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const inHtml = new Set([...replay.html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
      expect([...inHtml]).toEqual([nonce]);
      expect(replay.html).toMatch(/<\/html>$/);
      seen.add(nonce!);
    }
    expect(seen.size).toBe(6);
  });
});

describe("missing addresses against the page cache (docs/decisions/0038-render-costs.md)", () => {
  it("keeps 404s within their share of a small cache: a flood of distinct missing addresses evicts no real page", async () => {
    const smallDir = mkdtempSync(join(tmpdir(), "souq-ops-abuse-404-"));
    // 1 MB: room for the real pages below, and many times over for the flood's 404 pages.
    const small = await startServer(join(smallDir, "shop.db"), { LOG_LEVEL: "warn", PAGE_CACHE_MB: "1" });
    const at = (path: string) =>
      fetch(`${small.baseURL}${path}`, { redirect: "manual" }).then(async (response) => {
        await response.arrayBuffer();
        return { status: response.status, cache: response.headers.get("x-cache") };
      });
    try {
      const real = [PRODUCT, LISTING, "/about"];
      for (const path of real) await expect.poll(async () => (await at(path)).cache, { message: path }).toBe("HIT");

      let sent = 0;
      const statuses = new Map<string, number>();
      const flood = async () => {
        while (sent < 300) {
          sent += 1;
          const junk = sent % 2 ? `/products/no-such-${randomBytes(8).toString("hex")}` : `/${randomBytes(12).toString("hex")}/x`;
          const { status, cache } = await at(junk);
          expect(status, junk).toBe(404);
          statuses.set(cache ?? "none", (statuses.get(cache ?? "none") ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: 4 }, flood));
      // Each one a page of its own, rendered and kept (the oldest forgotten as the next came).
      expect(statuses.get("MISS")).toBe(300);

      // The real pages are still served from the cache (stale, too, if the flood outlasted their freshness).
      for (const path of real) expect(["HIT", "STALE"], path).toContain((await at(path)).cache);
    } finally {
      await small.stop();
      rmSync(smallDir, { recursive: true, force: true });
    }
  });
});
