import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Product variants (docs/decisions/0028-product-variants.md). A product may have options
// (Colour, Size), each with values (names in three languages; a colour value may carry a
// swatch "#rrggbb"). A variant is one combination of values, one per option: `combination`
// holds its value ids in the options' order, joined by "-" ("12-31"), unique per product, so a
// combination can exist only once. Each variant has a SKU unique in the shop, an optional price
// and compare-at price (null: the product's), its own stock and low-stock threshold, pictures
// chosen among its product's, and an active flag. Deleted with their product.
//
// A product without options has no variant rows and is sold as before (its own stock).
//
// An order line records the variant it was sold as: its id (no foreign key: the variant may be
// edited or deleted later), its label and SKU as they were; all null for a product without variants.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = postgres ? "serial" : "integer";
  const pk = (col: any) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable("product_options")
    .addColumn("id", serial, pk)
    .addColumn("product_id", "text", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("name_ar", "text", (col) => col.notNull())
    .addColumn("name_en", "text")
    .addColumn("name_fr", "text")
    .addUniqueConstraint("product_options_position", ["product_id", "position"])
    .execute();

  await db.schema
    .createTable("product_option_values")
    .addColumn("id", serial, pk)
    .addColumn("option_id", "integer", (col) => col.notNull().references("product_options.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("name_ar", "text", (col) => col.notNull())
    .addColumn("name_en", "text")
    .addColumn("name_fr", "text")
    .addColumn("swatch", "text", (col) => col.check(sql`swatch is null or (length(swatch) = 7 and swatch like '#%')`))
    .addUniqueConstraint("product_option_values_position", ["option_id", "position"])
    .execute();

  await db.schema
    .createTable("product_variants")
    .addColumn("id", serial, pk)
    .addColumn("product_id", "text", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("combination", "text", (col) => col.notNull())
    .addColumn("sku", "text", (col) => col.notNull())
    .addColumn("price", "integer", (col) => col.check(sql`price >= 0`))
    .addColumn("compare_at_price", "integer", (col) => col.check(sql`compare_at_price >= 0`))
    .addColumn("stock_quantity", "integer", (col) => col.notNull().defaultTo(0).check(sql`stock_quantity >= 0`))
    .addColumn("low_stock_threshold", "integer", (col) => col.notNull().defaultTo(5).check(sql`low_stock_threshold >= 0`))
    .addColumn("is_active", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addUniqueConstraint("product_variants_combination", ["product_id", "combination"])
    .addUniqueConstraint("product_variants_sku", ["sku"])
    .execute();

  await db.schema
    .createTable("product_variant_images")
    .addColumn("variant_id", "integer", (col) => col.notNull().references("product_variants.id").onDelete("cascade"))
    .addColumn("image_id", "integer", (col) => col.notNull().references("product_images.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("product_variant_images_pk", ["variant_id", "image_id"])
    .execute();

  await db.schema.alterTable("order_items").addColumn("variant_id", "integer").execute();
  await db.schema.alterTable("order_items").addColumn("variant_label", "text").execute();
  await db.schema.alterTable("order_items").addColumn("variant_sku", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_items").dropColumn("variant_sku").execute();
  await db.schema.alterTable("order_items").dropColumn("variant_label").execute();
  await db.schema.alterTable("order_items").dropColumn("variant_id").execute();
  await db.schema.dropTable("product_variant_images").execute();
  await db.schema.dropTable("product_variants").execute();
  await db.schema.dropTable("product_option_values").execute();
  await db.schema.dropTable("product_options").execute();
}
