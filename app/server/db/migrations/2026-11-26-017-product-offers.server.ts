import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Quantity offers: a product may have offers ("1 piece", "2 pieces −20 %"…), each a quantity of
// that product either at a percentage off the product's own price or at a fixed total set by
// the merchant for that product (exactly one of the two), with an optional label per language
// (null: the shop writes one). Deleted with their product. An order line records the offer it
// was sold under: its id (no foreign key: the offer may be edited or deleted later) and its
// label as the shopper saw it; both null for a line sold piece by piece.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("product_offers")
    .addColumn("id", postgres ? "serial" : "integer", (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("product_id", "text", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity between 1 and 99`))
    .addColumn("percent_off", "integer", (col) => col.check(sql`percent_off between 0 and 90`))
    .addColumn("fixed_total", "integer", (col) => col.check(sql`fixed_total >= 1`))
    .addColumn("label_ar", "text")
    .addColumn("label_en", "text")
    .addColumn("label_fr", "text")
    .addUniqueConstraint("product_offers_position", ["product_id", "position"])
    .addCheckConstraint("product_offers_one_price", sql`(percent_off is null) <> (fixed_total is null)`)
    .execute();

  await db.schema.alterTable("order_items").addColumn("offer_id", "integer").execute();
  await db.schema.alterTable("order_items").addColumn("offer_label", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_items").dropColumn("offer_label").execute();
  await db.schema.alterTable("order_items").dropColumn("offer_id").execute();
  await db.schema.dropTable("product_offers").execute();
}
