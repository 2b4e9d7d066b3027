import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

/** Reads of collections rows (their writes: merch-records.repo.server.ts; their product lists: product-lists.repo.server.ts). */

const collectionColumns = [
  "id",
  "slug",
  "title",
  "title_en",
  "title_fr",
  "description",
  "description_en",
  "description_fr",
  "banner_url",
  "banner_width",
  "banner_height",
  "banner_widths",
  "is_featured",
  "is_active",
  "display_order",
  "meta_title",
  "meta_title_en",
  "meta_title_fr",
  "meta_description",
  "meta_description_en",
  "meta_description_fr",
  "updated_at",
] as const;

export function selectCollections(db: Kysely<Database>, filter: { activeOnly?: boolean; featuredOnly?: boolean } = {}) {
  let query = db.selectFrom("collections").select(collectionColumns);
  if (filter.activeOnly) query = query.where("is_active", "=", true);
  if (filter.featuredOnly) query = query.where("is_featured", "=", true);
  return query.orderBy("display_order").orderBy("id").execute();
}

export type CollectionRow = Awaited<ReturnType<typeof selectCollections>>[number];

/** Active, featured collections by display_order, each with how many of its products are available (in stock, quantity above 0), in one query. */
export function selectFeaturedCollectionsWithCounts(db: Kysely<Database>) {
  return db
    .selectFrom("collections")
    .select(collectionColumns.map((column) => `collections.${column}` as const))
    .select((eb) =>
      eb
        .selectFrom("collection_products")
        .innerJoin("products", "products.id", "collection_products.product_id")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("collection_products.collection_id", "=", "collections.id")
        .where("products.in_stock", "=", true)
        .where("products.stock_quantity", ">", 0)
        .as("available_count"),
    )
    .where("collections.is_active", "=", true)
    .where("collections.is_featured", "=", true)
    .orderBy("collections.display_order")
    .orderBy("collections.id")
    .execute();
}

/**
 * The active collections a page's active sections name (any number of sections may share one),
 * in one query (the page's section rows are read alongside: page-sections.repo.server.ts).
 */
export function selectActiveCollectionsOfPage(db: Kysely<Database>, page: string) {
  return db
    .selectFrom("collections")
    .select(collectionColumns.map((column) => `collections.${column}` as const))
    .where("collections.is_active", "=", true)
    .where("collections.id", "in", (eb) =>
      eb
        .selectFrom("page_sections")
        .select("page_sections.collection_id")
        .where("page_sections.page_identifier", "=", page)
        .where("page_sections.is_active", "=", true),
    )
    .execute();
}

export function selectCollection(db: Kysely<Database>, id: number) {
  return db.selectFrom("collections").select(collectionColumns).where("id", "=", id).executeTakeFirst();
}

/** Several collections by id (any state), in one query. */
export function selectCollectionsByIds(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("collections")
    .select(collectionColumns)
    .where("id", "in", [...ids])
    .execute();
}

export function selectActiveCollectionBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom("collections").select(collectionColumns).where("slug", "=", slug).where("is_active", "=", true).executeTakeFirst();
}

/** The active collections whose slug is `slug` or whose id is `id` (at most two), slug and id only: what an id link needs. */
export function selectActiveCollectionsBySlugOrId(db: Kysely<Database>, slug: string, id: number) {
  return db
    .selectFrom("collections")
    .select(["id", "slug"])
    .where("is_active", "=", true)
    .where((eb) => eb.or([eb("slug", "=", slug), eb("id", "=", id)]))
    .execute();
}
