import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

/** Reads of collections rows (their writes: merch-records.repo.server.ts; their product lists: product-lists.repo.server.ts). */

const collectionColumns = [
  "id",
  "slug",
  "title",
  "description",
  "banner_url",
  "banner_width",
  "banner_height",
  "banner_widths",
  "is_featured",
  "is_active",
  "display_order",
  "meta_title",
  "meta_description",
  "updated_at",
] as const;

export function selectCollections(db: Kysely<Database>, filter: { activeOnly?: boolean; featuredOnly?: boolean } = {}) {
  let query = db.selectFrom("collections").select(collectionColumns);
  if (filter.activeOnly) query = query.where("is_active", "=", true);
  if (filter.featuredOnly) query = query.where("is_featured", "=", true);
  return query.orderBy("display_order").orderBy("id").execute();
}

export type CollectionRow = Awaited<ReturnType<typeof selectCollections>>[number];

export function selectCollection(db: Kysely<Database>, id: number) {
  return db.selectFrom("collections").select(collectionColumns).where("id", "=", id).executeTakeFirst();
}

/** Several collections by id (any state), in one query. */
export function selectCollectionsByIds(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("collections").select(collectionColumns).where("id", "in", [...ids]).execute();
}

export function selectActiveCollectionBySlug(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom("collections")
    .select(collectionColumns)
    .where("slug", "=", slug)
    .where("is_active", "=", true)
    .executeTakeFirst();
}
