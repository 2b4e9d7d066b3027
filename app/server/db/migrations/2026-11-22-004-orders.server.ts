import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Orders and their lines (a snapshot of what was sold: title, prices), the status history,
// database-held rate-limit counters (so several app servers share them) and the outbox of
// webhook deliveries (written in the order's transaction, sent later by a worker).
// Money is whole dinars (integer); timestamps are ISO-8601 UTC text.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn("id", postgres ? "serial" : "integer", (col) =>
        postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
      );

  await id("orders")
    .addColumn("order_number", "text", (col) => col.notNull().unique())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("new"))
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("last_name", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("wilaya_code", "text", (col) => col.notNull().references("wilayas.code"))
    .addColumn("address", "text")
    .addColumn("email", "text")
    .addColumn("items_total", "integer", (col) => col.notNull().check(sql`items_total >= 0`))
    .addColumn("delivery_price", "integer", (col) => col.notNull().check(sql`delivery_price >= 0`))
    .addColumn("total", "integer", (col) => col.notNull().check(sql`total >= 0`))
    .addColumn("ref", "text")
    .addColumn("ip", "text", (col) => col.notNull())
    .addColumn("user_agent", "text")
    .addColumn("idempotency_key", "text", (col) => col.unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("orders_created").on("orders").column("created_at").execute();
  await db.schema.createIndex("orders_phone").on("orders").columns(["phone", "created_at"]).execute();
  await db.schema.createIndex("orders_status").on("orders").columns(["status", "created_at"]).execute();

  await id("order_items")
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("product_id", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("unit_price", "integer", (col) => col.notNull().check(sql`unit_price >= 0`))
    .addColumn("compare_at_price", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn("line_total", "integer", (col) => col.notNull().check(sql`line_total >= 0`))
    .addUniqueConstraint("order_items_order", ["order_id", "position"])
    .execute();
  await db.schema.createIndex("order_items_product").on("order_items").column("product_id").execute();

  await id("order_events")
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("note", "text")
    .addColumn("actor", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("order_events_order").on("order_events").columns(["order_id", "created_at"]).execute();

  await db.schema
    .createTable("rate_limit_counters")
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("window_start", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("rate_limit_counters_pk", ["key", "window_start"])
    .execute();
  await db.schema.createIndex("rate_limit_counters_window").on("rate_limit_counters").column("window_start").execute();

  await id("outbox")
    .addColumn("topic", "text", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("last_error", "text")
    .addColumn("delivered_at", "text")
    .addColumn("failed_at", "text")
    .addColumn("claimed_until", "text")
    .addColumn("claim_token", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("outbox_due")
    .on("outbox")
    .columns(["delivered_at", "failed_at", "next_attempt_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
  await db.schema.dropTable("rate_limit_counters").execute();
  await db.schema.dropTable("order_events").execute();
  await db.schema.dropTable("order_items").execute();
  await db.schema.dropTable("orders").execute();
}
