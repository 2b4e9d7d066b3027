import type { Kysely } from "kysely";
import { collectionPath, customPagePath } from "~/lib/merchandising";
import type { SitemapEntry } from "~/lib/seo";
import type { Database } from "../db/database.server";

// Merchandising's part of the sitemap (app/server/seo/sitemap.server.ts puts the parts together).

/** The active collections, `/collections/{slug}`, and the active custom pages, `/pages/{slug}`, with their last change. */
export async function publicCollectionAndPagePaths(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const [collections, pages] = await Promise.all([
    db.selectFrom("collections").select(["slug", "updated_at"]).where("is_active", "=", true).orderBy("slug").execute(),
    db.selectFrom("custom_pages").select(["slug", "updated_at"]).where("is_active", "=", true).orderBy("slug").execute(),
  ]);
  return [
    ...collections.map((row) => ({ path: collectionPath(row.slug), lastmod: row.updated_at })),
    ...pages.map((row) => ({ path: customPagePath(row.slug), lastmod: row.updated_at })),
  ];
}
