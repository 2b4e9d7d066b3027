import type { Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Indexes of the storefront pages' queries (each page in at most two round trips, no full
// scan of products; docs/decisions/0017-reference-cache-and-prepared-reads.md):
// - a category's listing, newest first (created_at desc, id desc: the id breaks ties so pages
//   never overlap) and by price (price, then id): the listing indexes end with the id, so the
//   whole order comes from the index, none is sorted apart;
// - a catalogue section's newest (the home page's two lists), likewise.
// They replace migration 001's listing indexes, which stopped at created_at. A product by slug
// (unique), its images (unique product_id, position) and the merchandising lists (primary keys
// on owner, position) already have theirs. Search matches LIKE '%word%' and has no B-tree index
// (migration 003).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_category_listing").execute();
  await db.schema.dropIndex("products_section_listing").execute();
  await db.schema
    .createIndex("products_category_newest")
    .on("products")
    .columns(["category", "in_stock", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("products_category_price")
    .on("products")
    .columns(["category", "in_stock", "price", "id"])
    .execute();
  await db.schema
    .createIndex("products_section_newest")
    .on("products")
    .columns(["section_id", "in_stock", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_section_newest").execute();
  await db.schema.dropIndex("products_category_price").execute();
  await db.schema.dropIndex("products_category_newest").execute();
  await db.schema.createIndex("products_category_listing").on("products").columns(["category", "in_stock", "created_at"]).execute();
  await db.schema.createIndex("products_section_listing").on("products").columns(["section_id", "in_stock", "created_at"]).execute();
}
