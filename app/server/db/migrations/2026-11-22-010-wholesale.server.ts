import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Trade buyers' enquiries from the wholesale page (/product-gros): who asks
// (business, contact, normalised phone 0XXXXXXXXX, wilaya), what for (categories as
// comma-separated keys, an estimated quantity, a message) and where the merchant is in the
// follow-up (new → contacted → closed). ip and user_agent as on orders (004), for abuse checks.
// The admin list reads newest first: index on created_at. Timestamps are ISO-8601 UTC text.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("wholesale_enquiries")
    .addColumn("id", postgres ? "serial" : "integer", (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("business_name", "text", (col) => col.notNull())
    .addColumn("contact_name", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("wilaya_code", "text", (col) => col.notNull().references("wilayas.code"))
    .addColumn("categories", "text", (col) => col.notNull())
    .addColumn("estimated_quantity", "text")
    .addColumn("message", "text")
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("new").check(sql`status in ('new', 'contacted', 'closed')`),
    )
    .addColumn("ip", "text", (col) => col.notNull())
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("wholesale_enquiries_created").on("wholesale_enquiries").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("wholesale_enquiries").execute();
}
