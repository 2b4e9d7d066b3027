import type { Kysely } from "kysely";
import type { SitemapEntry } from "~/lib/seo";
import type { Database } from "../db/database.server";

// The catalogue's part of the sitemap (app/server/seo/sitemap.server.ts puts the parts together).

/** Every category page, `/categories/{slug}` (empty ones too: they answer 200). */
export async function categorySitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const rows = await db.selectFrom("categories").select("slug").orderBy("slug").execute();
  return rows.map((row) => ({ path: `/categories/${encodeURIComponent(row.slug)}` }));
}

/** Every product page, `/products/{slug}`, with its last change; out-of-stock products are still public pages. */
export async function productSitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const rows = await db.selectFrom("products").select(["slug", "updated_at"]).where("slug", "!=", "").orderBy("slug").execute();
  return rows.map((row) => ({ path: `/products/${encodeURIComponent(row.slug)}`, lastmod: row.updated_at }));
}
