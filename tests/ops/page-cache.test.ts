import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, createAdmin, startServer, type RunningServer } from "../support/production-server";

/*
 * The page cache (app/server/http/page-cache*.server.ts, decision 0014) on the production build:
 * public pages are rendered once and replayed, per language and cart badge, with an ETag, a CSP
 * nonce of each response's own, written into the replayed HTML, and the route's Cache-Control; an admin change is
 * visible on the very next request; nothing private or cookie-setting is ever shared.
 */

const ADMIN = { email: "cache-admin@souq.test", password: "cache-Admin-Passw0rd!" } as const;
const CATEGORY = "/categories/kitchen";

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-page-cache-"));
  const databaseFile = join(dir, "shop.db");
  server = await startServer(databaseFile, { LOG_LEVEL: "warn" });
  createAdmin(databaseFile, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(`${server.baseURL}${path}`, { method, headers, redirect: "manual" });
  return { response, body: await response.text() };
}

/** The nonce of the CSP header, and every nonce attribute in the HTML. */
function nonces(response: Response, body: string) {
  const header = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const inHtml = new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
  return { header, inHtml: [...inHtml] };
}

/** The page apart from its nonce (each response has its own). */
function withoutNonce({ response, body }: { response: Response; body: string }) {
  return body.replaceAll(nonces(response, body).header!, "");
}

describe("page cache", () => {
  it("renders a public page once, then replays it with its ETag, caching headers and matching CSP nonce", async () => {
    const first = await get(CATEGORY);
    const second = await get(CATEGORY);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("x-cache")).toBe("MISS");
    expect(second.response.headers.get("x-cache")).toBe("HIT");
    // The same page, each with its own nonce (decision 0022).
    expect(withoutNonce(second)).toBe(withoutNonce(first));
    expect(nonces(second.response, second.body).header).not.toBe(nonces(first.response, first.body).header);
    // The miss was streamed as it rendered (decision 0036): its ETag is known once it is kept.
    expect(first.response.headers.get("etag")).toBeNull();
    expect(second.response.headers.get("etag")).toMatch(/^W\/"/);
    expect(second.response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
    expect(second.response.headers.get("vary")).toMatch(/Cookie/);
    expect(second.response.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(second.response.headers.get("set-cookie")).toBeNull();
    // fetch asked for gzip/br: the replay is compressed (fetch undoes it).
    expect(second.response.headers.get("content-encoding")).toMatch(/^(br|gzip)$/);
    for (const { response, body } of [first, second]) {
      const { header, inHtml } = nonces(response, body);
      expect(header).toBeTruthy();
      expect(inHtml).toEqual([header]);
    }
  });

  it("streams a miss compressed on the fly, and compresses a kept page only once it is asked for again", async () => {
    const path = "/products/smartphone-6-7-inch-128gb";
    const miss = await get(path, { "Accept-Encoding": "br" });
    expect(miss.response.headers.get("x-cache")).toBe("MISS");
    // Compressed by the compression middleware as React Router streamed it: no length up front.
    expect(miss.response.headers.get("content-encoding")).toBe("br");
    expect(miss.response.headers.get("content-length")).toBeNull();
    // The first replay asks for brotli: compressed on the fly too, while the cache compresses its own copy.
    const hit = await get(path, { "Accept-Encoding": "br" });
    expect(hit.response.headers.get("x-cache")).toBe("HIT");
    expect(hit.response.headers.get("content-encoding")).toBe("br");
    // Then every replay is the kept brotli body, sent whole with its length, a nonce of its own in it.
    await expect.poll(async () => (await get(path, { "Accept-Encoding": "br" })).response.headers.get("content-length")).not.toBeNull();
    const replay = await get(path, { "Accept-Encoding": "br" });
    expect(replay.response.headers.get("content-encoding")).toBe("br");
    expect(withoutNonce(replay)).toBe(withoutNonce(miss));
    expect(nonces(replay.response, replay.body).header).not.toBe(nonces(hit.response, hit.body).header);
    // An ad click's parameter is no part of the page: the same kept page.
    const click = await get(`${path}?fbclid=IwAR0-ops-${Date.now()}`, { "Accept-Encoding": "br" });
    expect(click.response.headers.get("x-cache")).toBe("HIT");
    expect(withoutNonce(click)).toBe(withoutNonce(miss));
  });

  it("answers 304 to a matching If-None-Match and HEAD without a body", async () => {
    const { response } = await get(CATEGORY);
    const etag = response.headers.get("etag")!;
    const conditional = await get(CATEGORY, { "If-None-Match": etag });
    expect(conditional.response.status).toBe(304);
    expect(conditional.body).toBe("");
    // The browser keeps the page it has, with the policy of that page's nonce.
    expect(conditional.response.headers.get("content-security-policy")).toBeNull();
    const other = await get(CATEGORY, { "If-None-Match": 'W/"something-else"' });
    expect(other.response.status).toBe(200);
    const head = await get(CATEGORY, {}, "HEAD");
    expect(head.response.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.response.headers.get("etag")).toBe(etag);
  });

  it("keeps one page per language and per cart badge, from their cookies", async () => {
    const arabic = await get("/about");
    const french = await get("/about", { Cookie: "lng=fr" });
    const frenchAgain = await get("/about", { Cookie: "lng=fr; souq_visitor=abc" });
    expect(arabic.body).toMatch(/<html lang="ar" dir="rtl"/);
    expect(french.body).toMatch(/<html lang="fr" dir="ltr"/);
    expect(frenchAgain.response.headers.get("x-cache")).toBe("HIT");
    expect(withoutNonce(frenchAgain)).toBe(withoutNonce(french));

    const empty = await get("/faq");
    const withCart = await get("/faq", { Cookie: "cart=p1:2,p2:1" });
    expect(empty.body).not.toContain('data-testid="cart-count"');
    expect(withCart.body).toMatch(/data-testid="cart-count"[^>]*>3</);
    expect((await get("/faq", { Cookie: "cart=p9:3" })).response.headers.get("x-cache")).toBe("HIT");
  });

  it("never shares a response that sets a cookie, a private page or the admin area", async () => {
    const switching = await get("/about?lng=en");
    expect(switching.response.headers.get("x-cache")).toBeNull();
    expect(switching.response.headers.getSetCookie().some((line) => line.startsWith("lng=en"))).toBe(true);
    expect((await get("/about?lng=en")).response.headers.getSetCookie().length).toBeGreaterThan(0);

    const cart = await get("/cart");
    expect(cart.response.status).toBe(200);
    expect(cart.response.headers.get("cache-control")).toBe("private, no-store");
    expect(cart.response.headers.get("x-cache")).toBe("BYPASS");

    const login = await get("/admin/login");
    expect(login.response.headers.get("x-cache")).toBeNull();
    expect(login.response.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps a missing product's 404 like a page, and shows the product once the admin creates it", async () => {
    const slug = `ops-soon-${Date.now()}`;
    const miss = await get(`/products/${slug}`);
    expect(miss.response.status).toBe(404);
    expect(miss.response.headers.get("x-cache")).toBe("MISS");
    expect(miss.body).toContain('data-testid="product-not-found"');
    // Kept once its response finished: the next visitor (an ad click too) gets it from memory, still a 404.
    await expect.poll(async () => (await get(`/products/${slug}?fbclid=IwAR-ops`)).response.headers.get("x-cache")).toBe("HIT");
    const hit = await get(`/products/${slug}`);
    expect(hit.response.status).toBe(404);
    expect(hit.response.headers.get("x-cache")).toBe("HIT");
    expect(withoutNonce(hit)).toBe(withoutNonce(miss));
    expect(nonces(hit.response, hit.body).header).not.toBe(nonces(miss.response, miss.body).header);
    // Never a validator for a 404: no 304 can stand in for it.
    expect(hit.response.headers.get("etag")).toBeNull();

    // Any unknown address is the same 404 page for every visitor: kept too.
    await get("/no-such-page-ops");
    await expect.poll(async () => (await get("/no-such-page-ops")).response.headers.get("x-cache")).toBe("HIT");
    expect((await get("/no-such-page-ops")).response.status).toBe(404);

    // The merchant creates that product: the admin change clears the cache, the next visitor sees it.
    const cookie = await adminCookie(server.baseURL, ADMIN.email, ADMIN.password);
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "save", title: "منتج قريب", slug, category: "toys", sectionId: "featured", price: "100" })) {
      form.append(name, value);
    }
    const created = await fetch(`${server.baseURL}/admin/products/new`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.baseURL, Cookie: cookie },
      body: form,
    });
    expect(created.status).toBe(303);
    const shown = await get(`/products/${slug}`);
    expect(shown.response.status).toBe(200);
    expect(shown.response.headers.get("x-cache")).toBe("MISS");
    expect(shown.body).toContain("منتج قريب");
  });

  it("shows an admin change on the very next request", async () => {
    const before = await get(CATEGORY);
    expect((await get(CATEGORY)).response.headers.get("x-cache")).toBe("HIT");
    expect(before.body).toContain("أجهزة المطبخ");

    const cookie = await adminCookie(server.baseURL, ADMIN.email, ADMIN.password);
    const renamed = await fetch(`${server.baseURL}/admin/categories`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, Cookie: cookie },
      body: new URLSearchParams({ intent: "update", key: "kitchen", name: "مطبخ الصيف", nameEn: "Summer kitchen", nameFr: "Cuisine d'été" }),
    });
    expect([302, 303]).toContain(renamed.status);

    const after = await get(CATEGORY);
    expect(after.response.headers.get("x-cache")).toBe("MISS");
    expect(after.body).toContain("مطبخ الصيف");
    expect(after.body).not.toContain("أجهزة المطبخ");
  });

  it("serves a page stale after s-maxage while one background render replaces it", async () => {
    expect((await get("/shipping")).response.headers.get("x-cache")).toBe("MISS");
    const first = await get("/shipping");
    expect(first.response.headers.get("x-cache")).toBe("HIT");
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    const stale = await get("/shipping");
    expect(stale.response.headers.get("x-cache")).toBe("STALE");
    expect(stale.response.headers.get("etag")).toBe(first.response.headers.get("etag"));
    // The background render replaces it; the same page (whatever its nonce) keeps its ETag.
    await expect.poll(async () => (await get("/shipping")).response.headers.get("x-cache")).toBe("HIT");
    expect((await get("/shipping")).response.headers.get("etag")).toBe(first.response.headers.get("etag"));
  });
});

describe("page cache off (PAGE_CACHE_MB=0)", () => {
  it("renders every request", async () => {
    const offDir = mkdtempSync(join(tmpdir(), "souq-ops-page-cache-off-"));
    const off = await startServer(join(offDir, "shop.db"), { LOG_LEVEL: "warn", PAGE_CACHE_MB: "0" });
    try {
      const first = await fetch(`${off.baseURL}/about`);
      const second = await fetch(`${off.baseURL}/about`);
      expect(first.status).toBe(200);
      expect(second.headers.get("x-cache")).toBeNull();
      expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
      expect(nonces(second, await second.text()).header).not.toBe(nonces(first, await first.text()).header);
    } finally {
      await off.stop();
      rmSync(offDir, { recursive: true, force: true });
    }
  });
});
