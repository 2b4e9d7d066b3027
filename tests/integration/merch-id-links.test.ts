import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REF_COOKIE } from "~/lib/tracking";
import { trackReferral } from "~/server/http/referral-cookies.server";
import { activeCollectionSlugForIdLink, activeCustomPageSlugForIdLink, idLinkRedirect } from "~/server/merchandising/index.server";
import { createShareLink } from "~/server/tracking/index.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/*
 * Id links (/collections/{id}, /pages/{id}): an active collection or page moves permanently to
 * its slug address, query kept; inactive and unknown ids do not move; a slug made of digits
 * wins over another one's id; the referral click counts on the slug address only.
 */

const BROWSER = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

let t: TestDatabase;
// The routes read the process-wide database (getDb): point it at this file's test database.
vi.mock("~/server/db/connection.server", () => ({
  getDb: () => t.db,
  getDatabase: () => ({ db: t.db, dialect: "sqlite", close: async () => {} }),
  closeDatabase: async () => {},
}));
const collectionRoute = await import("~/routes/shop/collection");
const customPageRoute = await import("~/routes/shop/custom-page");

beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await t.destroy();
});

async function collection(slug: string, active = true): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto("collections")
    .values({ slug, title: `مجموعة ${slug}`, is_active: active, is_featured: false, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function page(slug: string, active = true): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto("custom_pages")
    .values({ slug, title: `صفحة ${slug}`, is_active: active, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const at = (path: string) => idLinkRedirect(t.db, new URL(`http://shop.test${path}`));

describe("id links: the lookups", () => {
  it("find an active collection and page by id; inactive and unknown ones are not found", async () => {
    const summer = await collection("summer-sale");
    const winter = await collection("winter-sale", false);
    const landing = await page("ramadan-offers");
    const hidden = await page("old-offers", false);
    expect(await activeCollectionSlugForIdLink(t.db, String(summer), summer)).toBe("summer-sale");
    expect(await activeCollectionSlugForIdLink(t.db, String(winter), winter)).toBeNull();
    expect(await activeCollectionSlugForIdLink(t.db, "987654", 987654)).toBeNull();
    expect(await activeCustomPageSlugForIdLink(t.db, String(landing), landing)).toBe("ramadan-offers");
    expect(await activeCustomPageSlugForIdLink(t.db, String(hidden), hidden)).toBeNull();
    expect(await activeCustomPageSlugForIdLink(t.db, "987654", 987654)).toBeNull();
  });

  it("move an id link to the slug address, keeping the whole query (ref, language and the rest)", async () => {
    const id = await collection("eid-gifts");
    const pageId = await page("back-to-school");
    expect(await at(`/collections/${id}?ref=ABCD2345&lng=fr&utm_source=fb`)).toBe("/collections/eid-gifts?ref=ABCD2345&lng=fr&utm_source=fb");
    expect(await at(`/collections/${id}/`)).toBe("/collections/eid-gifts");
    expect(await at(`/pages/${pageId}?ref=ABCD2345`)).toBe("/pages/back-to-school?ref=ABCD2345");
    // An Arabic slug is written encoded, as the pages link it.
    const arabic = await collection("عروض-الصيف");
    expect(await at(`/collections/${arabic}`)).toBe(`/collections/${encodeURIComponent("عروض-الصيف")}`);
  });

  it("leave inactive, unknown and non-id addresses where they are", async () => {
    const inactive = await collection("closed-sale", false);
    const inactivePage = await page("closed-page", false);
    expect(await at(`/collections/${inactive}?ref=ABCD2345`)).toBeNull();
    expect(await at(`/pages/${inactivePage}`)).toBeNull();
    expect(await at("/collections/987654")).toBeNull();
    expect(await at("/collections/summer-sale")).toBeNull();
    const id = await collection("plain");
    // Only the number written plainly, within the ids' range.
    expect(await at(`/collections/0${id}`)).toBeNull();
    expect(await at("/collections/99999999999")).toBeNull();
    expect(await at(`/products/${id}`)).toBeNull();
    expect(await at(`/collections/${id}/more`)).toBeNull();
  });

  it("let a slug made of digits win over another one's id, so its redirect never loops", async () => {
    const first = await collection("first-of-many");
    // Another collection whose slug is the first one's id: /collections/{first} is its page.
    await collection(String(first));
    expect(await at(`/collections/${first}`)).toBeNull();
    // An inactive one with that slug shows nothing there: the id wins again.
    const firstPage = await page("first-page");
    await page(String(firstPage), false);
    expect(await at(`/pages/${firstPage}`)).toBe("/pages/first-page");
    // A target whose slug is digits: its own address finds it by slug, and moves no further.
    const numbered = await collection("2024");
    expect(await at(`/collections/${numbered}`)).toBe("/collections/2024");
    expect(await at("/collections/2024")).toBeNull();
  });
});

describe("id links: the pages", () => {
  const load = (route: typeof collectionRoute | typeof customPageRoute, path: string, slug: string) =>
    route.loader({
      request: new Request(`http://shop.test${path}`, { headers: { Cookie: "lng=ar" } }),
      params: { slug },
      context: {},
    } as never);

  it("answer 301 to the slug address with the query kept; an inactive one answers the page's 404", async () => {
    const id = await collection("gift-ideas");
    const thrown = await load(collectionRoute, `/collections/${id}?ref=ABCD2345&lng=en`, String(id)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(301);
    expect((thrown as Response).headers.get("Location")).toBe("/collections/gift-ideas?ref=ABCD2345&lng=en");

    const pageId = await page("wedding-list");
    const pageThrown = await load(customPageRoute, `/pages/${pageId}`, String(pageId)).catch((error: unknown) => error);
    expect((pageThrown as Response).status).toBe(301);
    expect((pageThrown as Response).headers.get("Location")).toBe("/pages/wedding-list");

    const inactive = await page("hidden-list", false);
    const missing = await load(customPageRoute, `/pages/${inactive}`, String(inactive));
    expect(missing).toMatchObject({ init: { status: 404 }, data: { status: "notFound" } });
  });
});

describe("id links: the referral click", () => {
  const visit = (path: string, cookie?: string) =>
    trackReferral(
      new Request(`http://shop.test${path}`, {
        headers: { Accept: "text/html", "User-Agent": BROWSER, ...(cookie ? { Cookie: cookie } : {}) },
      }),
      t.db,
      { publicUrl: undefined },
    );

  it("counts nothing on the redirect and once on the slug address it leads to", async () => {
    const id = await collection("referred");
    const created = await createShareLink(t.db, { targetType: "collection", targetId: String(id), utmSource: "test" }, "https://souq.example", "ar");
    if (!created.ok) throw new Error(created.error);
    const { code } = created.link;
    const clicks = async () =>
      Number((await t.db.selectFrom("tracking_links").select("click_count").where("link_code", "=", code).executeTakeFirstOrThrow()).click_count);

    // A browser without cookies: the id address, then the slug address its redirect names.
    expect(await visit(`/collections/${id}?ref=${code}`)).toEqual([]);
    expect(await clicks()).toBe(0);
    const cookies = await visit(`/collections/referred?ref=${code}`);
    expect(cookies).toContain(`${REF_COOKIE}=${code}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`);
    expect(await clicks()).toBe(1);
  });
});
