import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Trackable share links and referrals: the links, their
// counted clicks and the orders they converted. The utm columns are NOT NULL with '' for "none"
// so the unique index on (target, utm triple) makes "same target and source → the existing
// link" hold under concurrent creations. A conversion's primary key is its order: one per order.
// Timestamps are ISO-8601 UTC text.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn("id", postgres ? "serial" : "integer", (col) =>
        postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
      );

  await id("tracking_links")
    .addColumn("link_code", "text", (col) => col.notNull().unique())
    .addColumn("target_type", "text", (col) => col.notNull().check(sql`target_type in ('product', 'collection', 'page')`))
    .addColumn("target_id", "text", (col) => col.notNull())
    .addColumn("utm_source", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("utm_medium", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("utm_campaign", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("is_active", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("click_count", "integer", (col) => col.notNull().defaultTo(0).check(sql`click_count >= 0`))
    .addColumn("conversion_count", "integer", (col) => col.notNull().defaultTo(0).check(sql`conversion_count >= 0`))
    .addColumn("last_clicked_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("tracking_links_target")
    .on("tracking_links")
    .columns(["target_type", "target_id", "utm_source", "utm_medium", "utm_campaign"])
    .unique()
    .execute();
  await db.schema.createIndex("tracking_links_created").on("tracking_links").columns(["created_at", "id"]).execute();

  await id("tracking_clicks")
    .addColumn("link_id", "integer", (col) => col.notNull().references("tracking_links.id").onDelete("cascade"))
    .addColumn("visitor_key", "text", (col) => col.notNull())
    .addColumn("clicked_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("tracking_clicks_visitor")
    .on("tracking_clicks")
    .columns(["link_id", "visitor_key", "clicked_at"])
    .execute();
  await db.schema.createIndex("tracking_clicks_time").on("tracking_clicks").column("clicked_at").execute();

  await db.schema
    .createTable("tracking_conversions")
    .addColumn("order_id", "integer", (col) => col.primaryKey().references("orders.id").onDelete("cascade"))
    .addColumn("link_id", "integer", (col) => col.notNull().references("tracking_links.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("tracking_conversions_link").on("tracking_conversions").column("link_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tracking_conversions").execute();
  await db.schema.dropTable("tracking_clicks").execute();
  await db.schema.dropTable("tracking_links").execute();
}
