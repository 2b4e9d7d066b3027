import { PostgresAdapter, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// The merchant's work on orders: internal notes on an order (who wrote them, by email so the
// note survives the admin's account) and the phones whose orders are refused. Duplicate orders
// (same phone, same product within 24 h) are computed when an order is read, not stored.
// Status changes write order_events (004). Timestamps are ISO-8601 UTC text.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("order_notes")
    .addColumn("id", postgres ? "serial" : "integer", (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("admin_id", "integer", (col) => col.references("admin_users.id").onDelete("set null"))
    .addColumn("author", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("order_notes_order").on("order_notes").columns(["order_id", "created_at"]).execute();

  await db.schema
    .createTable("blocked_phones")
    .addColumn("phone", "text", (col) => col.primaryKey())
    .addColumn("reason", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .execute();

  // The duplicate check and the repeat-customer panel look orders up by phone (orders_phone, 004)
  // and lines by product (order_items_product, 004): nothing more to index.
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("blocked_phones").execute();
  await db.schema.dropTable("order_notes").execute();
}
