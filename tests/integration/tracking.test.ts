import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { CONVERSION_WINDOW_DAYS, LINK_CODE_PATTERN, REF_COOKIE, VISITOR_COOKIE, type ShareLink, type ShareLinkResponse } from "~/lib/tracking";
import { placeOrder, type OrderSettings, type PlaceOrderContext } from "~/server/orders/order.service.server";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address.server";
import { readReferral, trackReferral } from "~/server/http/referral-cookies.server";
import { qrPng, qrSvg, requestShareLink, type ShareLinkSettings } from "~/server/tracking/index.server";
import { conversionLinkFor, createShareLink, getLinkAnalytics, recordClick, resolveReferral } from "~/server/tracking/tracking.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const ORIGIN = "https://souq.example";
const BROWSER = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const MINUTE = 60_000;
const DAY = 86_400_000;

let t: TestDatabase;
// The routes read the process-wide database (getDb): point it at this file's test database.
vi.mock("~/server/db/connection.server", () => ({
  getDb: () => t.db,
  getDatabase: () => ({ db: t.db, dialect: "sqlite", close: async () => {} }),
  closeDatabase: async () => {},
}));
const qrRoute = await import("~/routes/api/qr");
const shareLinksRoute = await import("~/routes/api/share-links");

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const product = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 50).sort((a, b) => b.stockQuantity - a.stockQuantity)[0]!;

async function collectionId(slug: string, active = true): Promise<string> {
  const existing = await t.db.selectFrom("collections").select("id").where("slug", "=", slug).executeTakeFirst();
  if (existing) return String(existing.id);
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto("collections")
    .values({ slug, title: `مجموعة ${slug}`, is_active: active, is_featured: false, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return String(row.id);
}

async function pageId(slug: string, active = true): Promise<string> {
  const existing = await t.db.selectFrom("custom_pages").select("id").where("slug", "=", slug).executeTakeFirst();
  if (existing) return String(existing.id);
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto("custom_pages")
    .values({ slug, title: `صفحة ${slug}`, is_active: active, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return String(row.id);
}

async function newLink(utmCampaign: string, targetType: "product" | "collection" | "page" = "product", targetId = product.id) {
  const result = await createShareLink(t.db, { targetType, targetId, utmSource: "test", utmCampaign }, ORIGIN, "ar");
  if (!result.ok) throw new Error(`link refused: ${result.error}`);
  return result.link;
}

async function linkRow(code: string) {
  return t.db.selectFrom("tracking_links").selectAll().where("link_code", "=", code).executeTakeFirstOrThrow();
}

let visitorCounter = 0;
/** A well-formed visitor token (43 base64url characters), fresh per call. */
function visitor(): string {
  visitorCounter += 1;
  return `visitor${String(visitorCounter).padStart(6, "0")}`.padEnd(43, "x");
}

describe("creating share links", () => {
  it("makes codes of 8 [A-Z0-9], unique over 10,000 creations", async () => {
    const codes: string[] = [];
    const batch = 25;
    for (let start = 0; start < 10_000; start += batch) {
      const links = await Promise.all(
        Array.from({ length: batch }, (_, i) =>
          createShareLink(t.db, { targetType: "product", targetId: product.id, utmSource: "bulk", utmCampaign: `bulk-${start + i}` }, ORIGIN),
        ),
      );
      for (const link of links) {
        expect(link.ok && link.created).toBe(true);
        if (link.ok) codes.push(link.link.code);
      }
    }
    expect(codes).toHaveLength(10_000);
    expect(codes.every((code) => LINK_CODE_PATTERN.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(10_000);
    const stored = await t.db
      .selectFrom("tracking_links")
      .select((eb) => [eb.fn.count<number>("link_code").distinct().as("codes"), eb.fn.countAll<number>().as("rows")])
      .where("utm_source", "=", "bulk")
      .executeTakeFirstOrThrow();
    expect(Number(stored.codes)).toBe(10_000);
    expect(Number(stored.rows)).toBe(10_000);
    await t.db.deleteFrom("tracking_links").where("utm_source", "=", "bulk").execute();
  }, 180_000);

  it("returns the link with its full URL on the target's public path", async () => {
    const result = await createShareLink(t.db, { targetType: "product", targetId: product.id, utmSource: "whatsapp" }, ORIGIN);
    expect(result).toMatchObject({ ok: true, created: true });
    if (!result.ok) return;
    const url = new URL(result.link.fullUrl);
    expect(url.origin).toBe(ORIGIN);
    expect(decodeURIComponent(url.pathname)).toBe(`/products/${product.slug ?? product.id}`);
    expect(url.searchParams.get("ref")).toBe(result.link.code);
    expect(url.searchParams.get("utm_source")).toBe("whatsapp");
    expect(url.searchParams.has("utm_medium")).toBe(false);
    expect(result.link).toMatchObject({ targetType: "product", targetId: product.id, utm: { source: "whatsapp", medium: "", campaign: "" } });
  });

  it("returns the existing link for the same target and source", async () => {
    const first = await createShareLink(t.db, { targetType: "product", targetId: product.id, utmSource: "facebook" }, ORIGIN);
    const again = await createShareLink(t.db, { targetType: "product", targetId: product.id, utmSource: " facebook " }, ORIGIN);
    expect(first).toMatchObject({ ok: true, created: true });
    expect(again).toMatchObject({ ok: true, created: false });
    if (!first.ok || !again.ok) return;
    expect(again.link.code).toBe(first.link.code);
    const other = await createShareLink(t.db, { targetType: "product", targetId: product.id, utmSource: "facebook", utmMedium: "post" }, ORIGIN);
    expect(other.ok && other.created && other.link.code !== first.link.code).toBe(true);
  });

  it("returns one link to 10 concurrent creations", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => createShareLink(t.db, { targetType: "product", targetId: product.id, utmSource: "race" }, ORIGIN)),
    );
    const codes = new Set(results.map((result) => (result.ok ? result.link.code : "refused")));
    expect(codes.size).toBe(1);
    expect(codes.has("refused")).toBe(false);
    expect(results.filter((result) => result.ok && result.created)).toHaveLength(1);
    const rows = await t.db.selectFrom("tracking_links").select("id").where("utm_source", "=", "race").execute();
    expect(rows).toHaveLength(1);
  });

  it("draws a new code when a generated one is taken", async () => {
    const taken = (await newLink("clash-1")).code;
    const codes = [taken, taken, "ZZZZ9999"];
    const result = await createShareLink(t.db, { targetType: "product", targetId: product.id, utmCampaign: "clash-2" }, ORIGIN, "ar", {
      generateCode: () => codes.shift()!,
    });
    expect(result).toMatchObject({ ok: true, created: true, link: { code: "ZZZZ9999" } });
  });

  it("links active collections and custom pages, on their slugs", async () => {
    const collection = await newLink("c", "collection", await collectionId("tracked-collection"));
    expect(new URL(collection.fullUrl).pathname).toBe("/collections/tracked-collection");
    const page = await newLink("p", "page", await pageId("tracked-page"));
    expect(new URL(page.fullUrl).pathname).toBe("/pages/tracked-page");
  });

  it("refuses unknown and inactive targets (404) and malformed input (422)", async () => {
    const refused = { ok: false, status: 404, error: "unknownTarget" };
    expect(await createShareLink(t.db, { targetType: "product", targetId: "p-does-not-exist" }, ORIGIN)).toEqual(refused);
    expect(await createShareLink(t.db, { targetType: "collection", targetId: "999999" }, ORIGIN)).toEqual(refused);
    expect(await createShareLink(t.db, { targetType: "collection", targetId: "not-a-number" }, ORIGIN)).toEqual(refused);
    expect(await createShareLink(t.db, { targetType: "collection", targetId: await collectionId("hidden-collection", false) }, ORIGIN)).toEqual(
      refused,
    );
    expect(await createShareLink(t.db, { targetType: "page", targetId: await pageId("hidden-page", false) }, ORIGIN)).toEqual(refused);
    const invalid = { ok: false, status: 422, error: "invalid" };
    expect(await createShareLink(t.db, { targetType: "category" as never, targetId: "x" }, ORIGIN)).toEqual(invalid);
    expect(await createShareLink(t.db, { targetType: "product", targetId: "  " }, ORIGIN)).toEqual(invalid);
    expect(await createShareLink(t.db, { targetType: "product", targetId: product.id, utmSource: "x".repeat(101) }, ORIGIN)).toEqual(invalid);
  });
});

describe("clicks", () => {
  const base = new Date("2026-11-20T10:00:00.000Z");

  it("counts the same visitor once within 30 minutes, again after 31", async () => {
    const link = await newLink("clicks-dedup");
    const me = visitor();
    expect(await recordClick(t.db, { code: link.code, visitorToken: me, userAgent: BROWSER, now: base })).toBe("counted");
    expect(await recordClick(t.db, { code: link.code, visitorToken: me, userAgent: BROWSER, now: new Date(base.getTime() + 29 * MINUTE) })).toBe(
      "duplicate",
    );
    expect(
      await recordClick(t.db, { code: link.code.toLowerCase(), visitorToken: me, userAgent: BROWSER, now: new Date(base.getTime() + 31 * MINUTE) }),
    ).toBe("counted");
    expect(
      await recordClick(t.db, { code: link.code, visitorToken: visitor(), userAgent: BROWSER, now: new Date(base.getTime() + 32 * MINUTE) }),
    ).toBe("counted");
    const row = await linkRow(link.code);
    expect(Number(row.click_count)).toBe(3);
    expect(row.last_clicked_at).toBe(new Date(base.getTime() + 32 * MINUTE).toISOString());
    const clicks = await t.db.selectFrom("tracking_clicks").select("visitor_key").where("link_id", "=", row.id).execute();
    expect(clicks).toHaveLength(3);
    // The token itself is never stored: only its SHA-256.
    expect(clicks.every((click) => /^[0-9a-f]{64}$/.test(click.visitor_key))).toBe(true);
  });

  it("counts concurrent clicks of one visitor once", async () => {
    const link = await newLink("clicks-race");
    const me = visitor();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => recordClick(t.db, { code: link.code, visitorToken: me, userAgent: BROWSER, now: base })),
    );
    expect(outcomes.filter((outcome) => outcome === "counted")).toHaveLength(1);
    expect(Number((await linkRow(link.code)).click_count)).toBe(1);
  });

  it("ignores bots, unknown, malformed and inactive codes", async () => {
    const link = await newLink("clicks-ignored");
    expect(await recordClick(t.db, { code: link.code, visitorToken: visitor(), userAgent: GOOGLEBOT, now: base })).toBe("ignored");
    expect(await recordClick(t.db, { code: link.code, visitorToken: visitor(), userAgent: "", now: base })).toBe("ignored");
    expect(await recordClick(t.db, { code: "ZZZZZZZZ", visitorToken: visitor(), userAgent: BROWSER, now: base })).toBe("ignored");
    expect(await recordClick(t.db, { code: "bad", visitorToken: visitor(), userAgent: BROWSER, now: base })).toBe("ignored");
    await t.db.updateTable("tracking_links").set({ is_active: false }).where("link_code", "=", link.code).execute();
    expect(await recordClick(t.db, { code: link.code, visitorToken: visitor(), userAgent: BROWSER, now: base })).toBe("ignored");
    expect(await resolveReferral(t.db, link.code)).toBeNull();
    expect(Number((await linkRow(link.code)).click_count)).toBe(0);
  });

  it("counts at most the per-address limit of new visitors per link and window; the rest are neither counted nor stored", async () => {
    const link = await newLink("clicks-address-limit");
    const other = await newLink("clicks-address-limit-other");
    const from = (ip: string, code = link.code, now = base) =>
      recordClick(t.db, { code, visitorToken: visitor(), userAgent: BROWSER, now, address: { ip, limit: 3 } });
    const first = visitor();
    expect(
      await recordClick(t.db, { code: link.code, visitorToken: first, userAgent: BROWSER, now: base, address: { ip: "10.9.0.1", limit: 3 } }),
    ).toBe("counted");
    expect(await from("10.9.0.1")).toBe("counted");
    expect(await from("10.9.0.1")).toBe("counted");
    expect(await from("10.9.0.1")).toBe("limited");
    expect(await from("10.9.0.1", link.code, new Date(base.getTime() + 29 * MINUTE))).toBe("limited");
    // A visitor already counted is still a duplicate, not a new click.
    expect(
      await recordClick(t.db, { code: link.code, visitorToken: first, userAgent: BROWSER, now: base, address: { ip: "10.9.0.1", limit: 3 } }),
    ).toBe("duplicate");
    const row = await linkRow(link.code);
    expect(Number(row.click_count)).toBe(3);
    expect(await t.db.selectFrom("tracking_clicks").select("id").where("link_id", "=", row.id).execute()).toHaveLength(3);
    // Another address, another link, the next window: each has its own allowance.
    expect(await from("10.9.0.2")).toBe("counted");
    expect(await from("10.9.0.1", other.code)).toBe("counted");
    expect(await from("10.9.0.1", link.code, new Date(base.getTime() + 30 * MINUTE))).toBe("counted");
    expect(Number((await linkRow(link.code)).click_count)).toBe(5);
  });

  it("holds the per-address limit under 50 simultaneous cookieless clicks", async () => {
    const link = await newLink("clicks-address-race");
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        recordClick(t.db, { code: link.code, visitorToken: visitor(), userAgent: BROWSER, now: base, address: { ip: "10.9.1.1", limit: 30 } }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "counted")).toHaveLength(30);
    expect(outcomes.filter((outcome) => outcome === "limited")).toHaveLength(20);
    const row = await linkRow(link.code);
    expect(Number(row.click_count)).toBe(30);
    expect(await t.db.selectFrom("tracking_clicks").select("id").where("link_id", "=", row.id).execute()).toHaveLength(30);
  });

  it("resolves an active ref in any case", async () => {
    const link = await newLink("resolve");
    expect(await resolveReferral(t.db, ` ${link.code.toLowerCase()} `)).toMatchObject({ id: link.id, code: link.code });
    expect(await resolveReferral(t.db, "NOPE")).toBeNull();
  });
});

describe("referral capture (trackReferral)", () => {
  const page = (url: string, headers: Record<string, string> = {}) =>
    new Request(url, { headers: { Accept: "text/html,application/xhtml+xml", "User-Agent": BROWSER, ...headers } });

  it("records the click and sets the visitor and ref cookies", async () => {
    const link = await newLink("capture");
    const cookies = await trackReferral(page(`http://shop.test/products/x?ref=${link.code.toLowerCase()}`), t.db, { publicUrl: undefined });
    expect(cookies).toHaveLength(2);
    const visitorCookie = cookies.find((cookie) => cookie.startsWith(`${VISITOR_COOKIE}=`))!;
    expect(visitorCookie).toMatch(/^souq_visitor=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(cookies).toContain(`${REF_COOKIE}=${link.code}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`);
    expect(Number((await linkRow(link.code)).click_count)).toBe(1);

    // A reload with the cookies: only the ref cookie again, and no second click.
    const cookieHeader = cookies.map((cookie) => cookie.split(";")[0]).join("; ");
    const again = await trackReferral(page(`http://shop.test/products/x?ref=${link.code}`, { Cookie: cookieHeader }), t.db, { publicUrl: undefined });
    expect(again).toEqual([`${REF_COOKIE}=${link.code}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`]);
    expect(Number((await linkRow(link.code)).click_count)).toBe(1);

    // What an order then reads.
    const referral = readReferral(new Request("http://shop.test/api/orders", { method: "POST", headers: { Cookie: cookieHeader } }));
    expect(referral).toEqual({ code: link.code, visitorToken: visitorCookie.split(";")[0]!.split("=")[1] });
  });

  it("marks the cookies Secure on https or with an https PUBLIC_URL", async () => {
    const link = await newLink("capture-secure");
    const https = await trackReferral(page(`https://shop.test/?ref=${link.code}`), t.db, { publicUrl: undefined });
    expect(https.every((cookie) => cookie.endsWith("; Secure"))).toBe(true);
    const behindProxy = await trackReferral(page(`http://shop.test/?ref=${link.code}`), t.db, { publicUrl: "https://souq.example" });
    expect(behindProxy.every((cookie) => cookie.endsWith("; Secure"))).toBe(true);
  });

  it("limits the clicks of one client address (clientIp) per link, still setting the cookies", async () => {
    const link = await newLink("capture-address-limit");
    const from = (ip: string) =>
      trackReferral(page(`http://shop.test/products/x?ref=${link.code}`, { [PEER_ADDRESS_HEADER]: ip }), t.db, {
        publicUrl: undefined,
        clickLimitPerAddress: 2,
      });
    for (let i = 0; i < 5; i++) {
      const cookies = await from("192.0.2.7");
      expect(cookies).toContain(`${REF_COOKIE}=${link.code}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`);
    }
    expect(Number((await linkRow(link.code)).click_count)).toBe(2);
    await from("192.0.2.8");
    expect(Number((await linkRow(link.code)).click_count)).toBe(3);
  });

  it("ignores unknown and inactive refs, bots, non-page requests silently", async () => {
    const link = await newLink("capture-ignored");
    expect(await trackReferral(page("http://shop.test/?ref=ZZZZZZZZ"), t.db)).toEqual([]);
    expect(await trackReferral(page("http://shop.test/?ref=<script>"), t.db)).toEqual([]);
    expect(await trackReferral(page(`http://shop.test/?ref=${link.code}`, { "User-Agent": GOOGLEBOT }), t.db)).toEqual([]);
    expect(await trackReferral(page(`http://shop.test/api/orders?ref=${link.code}`), t.db)).toEqual([]);
    expect(await trackReferral(page(`http://shop.test/products/x.data?ref=${link.code}`), t.db)).toEqual([]);
    expect(await trackReferral(page(`http://shop.test/?ref=${link.code}`, { Accept: "application/json" }), t.db)).toEqual([]);
    expect(
      await trackReferral(new Request(`http://shop.test/?ref=${link.code}`, { method: "POST", headers: { Accept: "text/html" } }), t.db),
    ).toEqual([]);
    expect(Number((await linkRow(link.code)).click_count)).toBe(0);
    await t.db.updateTable("tracking_links").set({ is_active: false }).where("link_code", "=", link.code).execute();
    expect(await trackReferral(page(`http://shop.test/?ref=${link.code}`), t.db)).toEqual([]);
  });
});

describe("conversions", () => {
  const open: OrderSettings = { perIp: { limit: 10_000, windowSeconds: 600 }, perPhone: { limit: 10_000, windowSeconds: 3600 } };
  let phoneCounter = 0;
  const order = () => {
    phoneCounter += 1;
    return {
      source: "cart_page" as const,
      items: [{ productId: product.id, quantity: 1 }],
      customer: { firstName: "سارة", lastName: "بن علي", phone: `0770${String(phoneCounter).padStart(6, "0")}`, wilayaCode: "16" },
    };
  };
  const context = (extra: Partial<PlaceOrderContext> = {}): PlaceOrderContext => ({ ip: "192.0.2.44", language: "ar", ...extra });
  const at = (date: Date): OrderSettings => ({ ...open, now: () => date });
  const conversionsOf = async (linkId: number) => t.db.selectFrom("tracking_conversions").selectAll().where("link_id", "=", linkId).execute();

  it("counts an order with a valid referral once, and not again on an idempotent replay", async () => {
    const link = await newLink("conv-once");
    const me = visitor();
    const clicked = new Date("2026-11-21T08:00:00.000Z");
    expect(await recordClick(t.db, { code: link.code, visitorToken: me, userAgent: BROWSER, now: clicked })).toBe("counted");
    const later = new Date(clicked.getTime() + 2 * DAY);
    expect(await conversionLinkFor(t.db, { code: link.code, visitorToken: me, now: later })).toBe(link.id);

    const body = order();
    const referral = { code: link.code, visitorToken: me };
    const first = await placeOrder(t.db, body, context({ referral, idempotencyKey: "conv-once-key" }), at(later));
    expect(first).toMatchObject({ ok: true, replayed: false });
    const replay = await placeOrder(t.db, body, context({ referral, idempotencyKey: "conv-once-key" }), at(later));
    expect(replay).toMatchObject({ ok: true, replayed: true });

    const conversions = await conversionsOf(link.id);
    expect(conversions).toHaveLength(1);
    expect(Number((await linkRow(link.code)).conversion_count)).toBe(1);
    const stored = await t.db.selectFrom("orders").select(["id", "ref"]).where("idempotency_key", "=", "conv-once-key").executeTakeFirstOrThrow();
    expect(stored.ref).toBe(link.code);
    expect(conversions[0]!.order_id).toBe(stored.id);

    // A second, different order of the same visitor is another conversion (once per order).
    expect(await placeOrder(t.db, order(), context({ referral }), at(later))).toMatchObject({ ok: true });
    expect(Number((await linkRow(link.code)).conversion_count)).toBe(2);
  });

  it("does not count a click older than 30 days", async () => {
    const link = await newLink("conv-old");
    const me = visitor();
    const clicked = new Date("2026-10-01T08:00:00.000Z");
    await recordClick(t.db, { code: link.code, visitorToken: me, userAgent: BROWSER, now: clicked });
    const tooLate = new Date(clicked.getTime() + (CONVERSION_WINDOW_DAYS + 1) * DAY);
    const result = await placeOrder(t.db, order(), context({ referral: { code: link.code, visitorToken: me } }), at(tooLate));
    expect(result.ok).toBe(true);
    expect(await conversionsOf(link.id)).toHaveLength(0);
    expect(Number((await linkRow(link.code)).conversion_count)).toBe(0);
  });

  it("does not count a forged body ref, nor a ref cookie without a click by that visitor", async () => {
    const link = await newLink("conv-forged");
    await recordClick(t.db, { code: link.code, visitorToken: visitor(), userAgent: BROWSER, now: new Date() });
    const forged = await placeOrder(t.db, { ...order(), ref: link.code }, context(), open);
    expect(forged.ok).toBe(true);
    const noClick = await placeOrder(t.db, order(), context({ referral: { code: link.code, visitorToken: visitor() } }), open);
    expect(noClick.ok).toBe(true);
    expect(await conversionsOf(link.id)).toHaveLength(0);
    expect(Number((await linkRow(link.code)).conversion_count)).toBe(0);
    if (forged.ok) {
      const stored = await t.db.selectFrom("orders").select("ref").where("order_number", "=", forged.order.orderNumber).executeTakeFirstOrThrow();
      expect(stored.ref).toBe(link.code); // kept as text
    }
  });

  it("keeps nothing of a refused order", async () => {
    const link = await newLink("conv-refused");
    const me = visitor();
    await recordClick(t.db, { code: link.code, visitorToken: me, userAgent: BROWSER, now: new Date() });
    const refused = await placeOrder(t.db, order(), context({ referral: { code: link.code, visitorToken: me } }), {
      perIp: { limit: 0, windowSeconds: 600 },
      perPhone: { limit: 10_000, windowSeconds: 3600 },
    });
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(await conversionsOf(link.id)).toHaveLength(0);
  });
});

describe("analytics", () => {
  let a: TestDatabase;
  beforeAll(async () => {
    a = await createTestDatabase({ seed: true });
  });
  afterAll(async () => {
    await a.destroy();
  });

  it("is empty with 30 zero days when there are no links", async () => {
    const now = new Date("2026-11-22T12:00:00.000Z");
    const analytics = await getLinkAnalytics(a.db, { origin: ORIGIN, language: "ar", now });
    expect(analytics.totals).toEqual({ links: 0, clicks: 0, conversions: 0, rate: 0 });
    expect(analytics.top).toEqual([]);
    expect(analytics.links).toEqual([]);
    expect(analytics.clicksPerDay).toHaveLength(30);
    expect(analytics.clicksPerDay[0]).toEqual({ day: "2026-10-24", clicks: 0 });
    expect(analytics.clicksPerDay[29]).toEqual({ day: "2026-11-22", clicks: 0 });
  });

  it("gives totals, the top 10 by clicks, every active link newest first and clicks per day", async () => {
    const now = new Date("2026-11-22T12:00:00.000Z");
    const products = demoProducts.filter((p) => !p.variants && p.inStock).slice(0, 12);
    const links: ShareLink[] = [];
    for (const [index, p] of products.entries()) {
      const created = await createShareLink(a.db, { targetType: "product", targetId: p.id, utmSource: "share" }, ORIGIN, "ar", {
        now: new Date(now.getTime() - (20 - index) * DAY),
      });
      if (!created.ok) throw new Error("refused");
      links.push(created.link);
    }
    // Link i gets i clicks, on day (now - i days) at 23:59 and 00:00 UTC edges.
    for (const [index, link] of links.entries()) {
      for (let click = 0; click < index; click++) {
        const when = new Date(Date.UTC(2026, 10, 22 - (click % 3), click % 2 === 0 ? 0 : 23, click % 2 === 0 ? 0 : 59));
        expect(await recordClick(a.db, { code: link.code, visitorToken: visitor(), userAgent: BROWSER, now: when })).toBe("counted");
      }
    }
    // An old click (outside the 30 days) counts in the totals, not in the chart.
    await recordClick(a.db, { code: links[0]!.code, visitorToken: visitor(), userAgent: BROWSER, now: new Date(now.getTime() - 40 * DAY) });
    // One conversion on the most clicked link.
    const me = visitor();
    const top = links[11]!;
    await recordClick(a.db, { code: top.code, visitorToken: me, userAgent: BROWSER, now: new Date(now.getTime() - DAY) });
    const placed = await placeOrder(
      a.db,
      {
        source: "cart_page",
        items: [{ productId: products[0]!.id, quantity: 1 }],
        customer: { firstName: "ليلى", lastName: "قاسم", phone: "0550123456", wilayaCode: "16" },
      },
      { ip: "192.0.2.9", language: "ar", referral: { code: top.code, visitorToken: me } },
      { perIp: { limit: 100, windowSeconds: 600 }, perPhone: { limit: 100, windowSeconds: 3600 }, now: () => now },
    );
    expect(placed.ok).toBe(true);
    // An inactive link is left out.
    await a.db.updateTable("tracking_links").set({ is_active: false }).where("link_code", "=", links[1]!.code).execute();

    const analytics = await getLinkAnalytics(a.db, { origin: ORIGIN, language: "ar", now });
    const expectedClicks = Array.from({ length: 12 }, (_, i) => i).reduce((sum, i) => sum + i, 0) - 1 + 1 + 1; // − inactive link 1, + old click, + converting click
    expect(analytics.totals).toEqual({ links: 11, clicks: expectedClicks, conversions: 1, rate: Math.round((1 / expectedClicks) * 1000) / 10 });
    expect(analytics.top).toHaveLength(10);
    expect(analytics.top.map((link) => link.code)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => links[i]!.code));
    expect(analytics.top[0]).toMatchObject({ clicks: 12, conversions: 1, rate: 8.3 });
    expect(analytics.links.map((link) => link.code)).toEqual(
      links
        .filter((_, i) => i !== 1)
        .map((link) => link.code)
        .reverse(),
    );
    const first = analytics.links.find((link) => link.code === links[0]!.code)!;
    expect(first).toMatchObject({
      targetType: "product",
      targetId: products[0]!.id,
      targetName: products[0]!.title,
      utmSource: "share",
      utmMedium: "",
      isActive: true,
      clicks: 1,
      conversions: 0,
      rate: 0,
      fullUrl: links[0]!.fullUrl,
    });

    expect(analytics.clicksPerDay).toHaveLength(30);
    expect(analytics.clicksPerDay.map((entry) => entry.day)).toEqual(
      Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 10, 22 - 29 + i)).toISOString().slice(0, 10)),
    );
    const inChart = analytics.clicksPerDay.reduce((sum, entry) => sum + entry.clicks, 0);
    expect(inChart).toBe(expectedClicks - 1);
    const byDay = Object.fromEntries(analytics.clicksPerDay.map((entry) => [entry.day, entry.clicks]));
    // Expected per day from the clicks above (link 1 excluded: inactive).
    const expected: Record<string, number> = {};
    for (let index = 2; index < 12; index++) {
      for (let click = 0; click < index; click++) {
        const day = new Date(Date.UTC(2026, 10, 22 - (click % 3))).toISOString().slice(0, 10);
        expected[day] = (expected[day] ?? 0) + 1;
      }
    }
    expected["2026-11-21"] = (expected["2026-11-21"] ?? 0) + 1;
    for (const [day, clicks] of Object.entries(expected)) expect(byDay[day]).toBe(clicks);
    expect(byDay["2026-11-01"]).toBe(0);
  });
});

describe("QR codes", () => {
  const url = "https://souq.example/products/%D8%AF%D9%85%D9%8A%D8%A9?ref=ABCD1234&utm_source=qr";

  async function decode(png: Buffer): Promise<string | null> {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
  }

  it("renders an SVG document", async () => {
    const svg = await qrSvg(url);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="300" height="300" viewBox="0 0 \d+ \d+"/);
    const png = await sharp(Buffer.from(svg)).resize(300, 300).png().toBuffer();
    expect(await decode(png)).toBe(url);
  });

  it("renders a 300×300 PNG that decodes to the URL", async () => {
    const png = await qrPng(url);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: "png", width: 300, height: 300 });
    expect(await decode(png)).toBe(url);
  });
});

describe("POST /api/share-links", () => {
  // The route's request: its origin is the shop's (no PUBLIC_URL here), its client address the peer header's.
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    new Request(`${ORIGIN}/api/share-links`, {
      method: "POST",
      headers: { "Content-Type": "application/json", [PEER_ADDRESS_HEADER]: "198.51.100.7", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const action = (request: Request) => shareLinksRoute.action({ request, params: {}, context: {} } as never) as Promise<Response>;

  it("answers 201 with the link and its QR URLs, then 200 with the same link", async () => {
    const first = await action(post({ targetType: "product", targetId: product.id, utmSource: "route" }));
    expect(first.status).toBe(201);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const created = (await first.json()) as ShareLinkResponse;
    expect(created).toEqual({
      code: expect.stringMatching(LINK_CODE_PATTERN),
      fullUrl: expect.stringContaining(`${ORIGIN}/products/`),
      qrSvgUrl: `/qr/${created.code}.svg`,
      qrPngUrl: `/qr/${created.code}.png`,
    });
    const again = await action(post({ targetType: "product", targetId: product.id, utmSource: "route" }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(created);
  });

  it("refuses with translated messages", async () => {
    const cases: [Request, number, string][] = [
      [post("{not json"), 400, "invalidJson"],
      [post({ targetType: "shelf", targetId: "1" }), 422, "invalid"],
      [post({ targetType: "product" }), 422, "invalid"],
      [post({ targetType: "product", targetId: "p-none" }), 404, "unknownTarget"],
      [new Request(`${ORIGIN}/api/share-links`, { method: "PUT", body: "{}" }), 405, "methodNotAllowed"],
    ];
    for (const [request, status, code] of cases) {
      request.headers.set(PEER_ADDRESS_HEADER, `203.0.113.${status}`);
      const response = await action(request);
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message).toMatch(/\p{Script=Arabic}/u);
    }
    const get = (await shareLinksRoute.loader({ request: new Request(`${ORIGIN}/api/share-links`), params: {}, context: {} } as never)) as Response;
    expect([get.status, get.headers.get("Allow")]).toEqual([405, "POST"]);
    const french = await action(post({ targetType: "product", targetId: "p-none" }, { Cookie: "lng=fr" }));
    expect(((await french.json()) as { error: { message: string } }).error.message).toBe("La page à partager n’existe pas ou n’est pas disponible.");
  });

  it("rate-limits per address (429)", async () => {
    const ask = (ip: string, settings: ShareLinkSettings) =>
      requestShareLink(
        t.db,
        { ip, body: { ok: true, value: { targetType: "product", targetId: product.id, utmSource: "limited" } }, origin: ORIGIN, language: "ar" },
        settings,
      );
    const limited: ShareLinkSettings = { perIp: { limit: 3, windowSeconds: 600 } };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await ask("198.51.100.99", limited)).status);
    expect(statuses).toEqual([201, 200, 200, 429, 429]);
    expect(await ask("198.51.100.99", limited)).toEqual({ ok: false, status: 429, code: "rateLimited" });
    expect((await ask("198.51.100.100", limited)).status).toBe(200);
  });
});

describe("GET /qr/:file", () => {
  const qrAnswer = (file: string | undefined, headers: Record<string, string> = {}) =>
    qrRoute.loader({ request: new Request(`${ORIGIN}/qr/${file}`, { headers }), params: { file }, context: {} } as never) as Promise<Response>;

  it("serves the SVG and PNG of an active link, cacheable with an ETag and 304", async () => {
    const link = await newLink("qr-route");
    const svg = await qrAnswer(`${link.code}.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(svg.headers.get("Cache-Control")).toBe("public, max-age=86400");
    const etag = svg.headers.get("ETag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(await svg.text()).toBe(await qrSvg(link.fullUrl));

    const cached = await qrAnswer(`${link.code}.svg`, { "If-None-Match": `W/${etag}` });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("ETag")).toBe(etag);

    const png = await qrAnswer(`${link.code}.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    expect(png.headers.get("ETag")).not.toBe(etag);
    const meta = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([300, 300]);
  });

  it("answers 404 for malformed names, unknown and inactive codes", async () => {
    const link = await newLink("qr-404");
    await t.db.updateTable("tracking_links").set({ is_active: false }).where("link_code", "=", link.code).execute();
    for (const file of [`${link.code}.gif`, "ABC.svg", "ZZZZZZZZ.svg", `${link.code}.svg`, `${link.code}.png`, undefined]) {
      const response = await qrAnswer(file);
      expect(response.status).toBe(404);
    }
  });
});
