import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import type { Database } from "~/server/db/database.server";
import { openDatabase } from "~/server/db/db.server";
import { createShareLink } from "~/server/tracking/tracking.service.server";
import { freshServerDatabase, startServer, type RunningServer, type ServerDatabase } from "../support/production-server";

/*
 * Id links on the production build, with its page cache and referral capture in front of the
 * pages: /collections/{id} and /pages/{id} of an active one answer 301 to the slug address, the
 * query (ref, lng) kept, never kept by the page cache; the referral click counts once, on the
 * slug address, even for a client without cookies; inactive and unknown ids answer the shop's
 * 404 page; a slug made of digits is still that page's address.
 */

const BROWSER = "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

let dir: string;
let database: ServerDatabase;
let server: RunningServer;
let handle: { db: Kysely<Database>; close: () => Promise<void> };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-id-links-"));
  database = await freshServerDatabase(dir);
  server = await startServer(database.database, { LOG_LEVEL: "warn" });
  handle = openDatabase(database.url);
});

afterAll(async () => {
  await handle?.close();
  await server?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function insert(table: "collections" | "custom_pages", slug: string, title: string, active = true): Promise<number> {
  const now = new Date().toISOString();
  const row = await handle.db
    .insertInto(table)
    .values({ slug, title, is_active: active, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A shopper's page load, redirects not followed, cookies not kept. */
async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseURL}${path}`, {
    redirect: "manual",
    headers: { Accept: "text/html,application/xhtml+xml", "User-Agent": BROWSER, ...headers },
  });
  return { response, body: await response.text() };
}

describe("id links", () => {
  it("move an active collection's and page's id address to its slug address (301), the query kept, never cached", async () => {
    const collection = await insert("collections", "id-link-sale", "تخفيضات الرابط");
    const page = await insert("custom_pages", "id-link-landing", "صفحة الرابط");

    for (let i = 0; i < 2; i++) {
      const { response } = await get(`/collections/${collection}`);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe("/collections/id-link-sale");
      expect(response.headers.get("x-cache")).not.toBe("HIT");
      expect(response.headers.get("cache-control")).toContain("max-age=0");
    }
    const withLanguage = await get(`/pages/${page}?lng=fr`);
    expect(withLanguage.response.status).toBe(301);
    expect(withLanguage.response.headers.get("location")).toBe("/pages/id-link-landing?lng=fr");

    // The slug address is the page, in the language asked for.
    const landed = await get("/pages/id-link-landing?lng=fr");
    expect(landed.response.status).toBe(200);
    expect(landed.body).toMatch(/<html lang="fr" dir="ltr">/);
    expect(landed.body).toContain("صفحة الرابط");
  });

  it("count a share link's click once, on the slug address, for a client without cookies", async () => {
    const collection = await insert("collections", "id-link-referred", "مجموعة الإحالة");
    const created = await createShareLink(handle.db, { targetType: "collection", targetId: String(collection), utmSource: "ops" }, server.baseURL);
    if (!created.ok) throw new Error(`no share link: ${created.error}`);
    const { code } = created.link;
    const clicks = async () =>
      Number(
        (await handle.db.selectFrom("tracking_links").select("click_count").where("link_code", "=", code).executeTakeFirstOrThrow()).click_count,
      );

    const moved = await get(`/collections/${collection}?ref=${code}`);
    expect(moved.response.status).toBe(301);
    expect(moved.response.headers.get("location")).toBe(`/collections/id-link-referred?ref=${code}`);
    expect(moved.response.headers.getSetCookie().some((cookie) => cookie.startsWith("souq_ref="))).toBe(false);
    expect(await clicks()).toBe(0);

    const landed = await get(moved.response.headers.get("location")!);
    expect(landed.response.status).toBe(200);
    expect(landed.body).toContain("مجموعة الإحالة");
    expect(landed.response.headers.getSetCookie().some((cookie) => cookie.startsWith(`souq_ref=${code};`))).toBe(true);
    expect(await clicks()).toBe(1);
  });

  it("answer the shop's 404 page for an inactive or unknown id", async () => {
    const inactiveCollection = await insert("collections", "id-link-closed", "مجموعة مغلقة", false);
    const inactivePage = await insert("custom_pages", "id-link-closed-page", "صفحة مغلقة", false);
    for (const path of [`/collections/${inactiveCollection}?ref=ABCD2345`, "/collections/987654"]) {
      const { response, body } = await get(path, { Cookie: "lng=ar" });
      expect(response.status, path).toBe(404);
      expect(body, path).toContain('data-testid="collection-not-found"');
      expect(body, path).toContain(ar.merchandising.collection.notFound);
    }
    for (const path of [`/pages/${inactivePage}`, "/pages/987654"]) {
      const { response, body } = await get(path, { Cookie: "lng=ar" });
      expect(response.status, path).toBe(404);
      expect(body, path).toContain(ar.merchandising.customPage.notFound);
    }
  });

  it("keep a slug made of digits as its page's address, over another one's id", async () => {
    const first = await insert("collections", "id-link-first", "الأولى");
    await insert("collections", String(first), "مجموعة برقم");
    const { response, body } = await get(`/collections/${first}`);
    expect(response.status).toBe(200);
    expect(body).toContain("مجموعة برقم");
  });
});
