import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Jewellery: the jewellery items are ordinary products (category
// 'jewellery'); what a product card has no column for lives in product_details, one row per
// product, deleted with it: brand, material, weight, stones, the features in English and Arabic
// (one per line), tags (one per line) and the jewellery sub-category (Necklaces, Rings…).
// An order of the jewellery page records its bundle ('single', 'double' or 'triple'; null for
// every other order).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("product_details")
    .addColumn("product_id", "text", (col) => col.primaryKey().references("products.id").onDelete("cascade"))
    .addColumn("subcategory", "text")
    .addColumn("brand", "text")
    .addColumn("material", "text")
    .addColumn("weight", "text")
    .addColumn("stones", "text")
    .addColumn("features", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("features_ar", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("tags", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("product_details_subcategory").on("product_details").column("subcategory").execute();

  await db.schema
    .alterTable("orders")
    .addColumn("bundle", "text", (col) => col.check(sql`bundle in ('single', 'double', 'triple')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("bundle").execute();
  await db.schema.dropTable("product_details").execute();
}
