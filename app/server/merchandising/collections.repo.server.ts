import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database } from "../db/database.server";
import type { CollectionsTable } from "./merchandising.table.server";

/** Reads and writes of collections rows (their product lists: product-lists.repo.server.ts). */

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

/** The id of the collection with this slug, if any. */
export async function collectionSlugOwner(db: Kysely<Database>, slug: string): Promise<number | undefined> {
  return (await db.selectFrom("collections").select("id").where("slug", "=", slug).executeTakeFirst())?.id;
}

export async function insertCollection(trx: Kysely<Database>, values: Insertable<CollectionsTable>): Promise<number> {
  const row = await trx.insertInto("collections").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCollection(trx: Kysely<Database>, id: number, values: Updateable<CollectionsTable>): Promise<number> {
  const result = await trx.updateTable("collections").set(values).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes a collection (its product list cascades; sections showing it keep a null collection). */
export async function deleteCollectionRow(trx: Kysely<Database>, id: number): Promise<number> {
  const result = await trx.deleteFrom("collections").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
