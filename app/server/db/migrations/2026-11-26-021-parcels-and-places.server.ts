import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Couriers' places and the parcels handed to them (docs/decisions/0030-parcels.md):
// - courier_places: for one courier account, our commune → the courier's wilaya (1–58, a 2026
//   wilaya's parent) and commune names (or place ids), fetched from the courier's own lists;
// - courier_stop_desks: the courier's stop-desks, per courier wilaya;
// - orders.stop_desk_*: the stop-desk the shopper chose (the account it belongs to, its code at
//   that courier, its name as shown);
// - parcels: one live parcel per order (a partial unique index: a retry, a double click or two
//   admins at once never make a second), the courier's tracking number, its state in the shop's
//   words, and the polling schedule;
// - parcel_events: each courier event once (unique per parcel and event key), in the order it
//   happened (occurred_at);
// - courier_accounts.origin_wilaya_code: the wilaya the merchant's parcels leave from (our code),
//   which some couriers want on every parcel (Yalidine's from_wilaya_name).

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: any) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement());
  const idType = postgres ? "serial" : "integer";

  await db.schema
    .createTable("courier_places")
    .addColumn("account_id", "integer", (col) => col.notNull().references("courier_accounts.id").onDelete("cascade"))
    .addColumn("commune_code", "text", (col) => col.notNull())
    .addColumn("wilaya_code", "text", (col) => col.notNull())
    .addColumn("courier_wilaya_code", "integer", (col) => col.notNull())
    .addColumn("courier_wilaya_name", "text", (col) => col.notNull())
    .addColumn("courier_commune_name", "text", (col) => col.notNull())
    .addColumn("wilaya_place_id", "text")
    .addColumn("commune_place_id", "text")
    .addColumn("has_stop_desk", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("refreshed_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("courier_places_pk", ["account_id", "commune_code"])
    .execute();

  await db.schema
    .createTable("courier_stop_desks")
    .addColumn("id", idType, id)
    .addColumn("account_id", "integer", (col) => col.notNull().references("courier_accounts.id").onDelete("cascade"))
    .addColumn("code", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("courier_wilaya_code", "integer", (col) => col.notNull())
    .addColumn("commune_name", "text", (col) => col.notNull())
    .addColumn("address", "text")
    .addColumn("refreshed_at", "text", (col) => col.notNull())
    .addUniqueConstraint("courier_stop_desks_code", ["account_id", "code"])
    .execute();
  await db.schema.createIndex("courier_stop_desks_wilaya").on("courier_stop_desks").columns(["account_id", "courier_wilaya_code"]).execute();

  await db.schema.alterTable("courier_accounts").addColumn("origin_wilaya_code", "text").execute();

  await db.schema.alterTable("orders").addColumn("stop_desk_account_id", "integer").execute();
  await db.schema.alterTable("orders").addColumn("stop_desk_code", "text").execute();
  await db.schema.alterTable("orders").addColumn("stop_desk_name", "text").execute();

  await db.schema
    .createTable("parcels")
    .addColumn("id", idType, id)
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("account_id", "integer", (col) => col.references("courier_accounts.id").onDelete("set null"))
    .addColumn("family", "text", (col) => col.notNull())
    .addColumn("courier_label", "text", (col) => col.notNull())
    .addColumn("reference", "text", (col) => col.notNull())
    .addColumn("tracking", "text")
    .addColumn("state", "text", (col) =>
      col
        .notNull()
        .check(
          sql`state in ('creating', 'unknown', 'draft', 'ready', 'in_transit', 'at_stop_desk', 'attempt_failed', 'postponed', 'delivered', 'returning', 'returned', 'cancelled')`,
        ),
    )
    .addColumn("courier_status", "text")
    .addColumn("reason", "text")
    .addColumn("label_url", "text")
    .addColumn("needs_handover", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("failed_attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("cash_collected", "integer")
    .addColumn("error", "text")
    .addColumn("last_event_at", "text")
    .addColumn("state_changed_at", "text", (col) => col.notNull())
    .addColumn("next_poll_at", "text")
    .addColumn("poll_claimed_until", "text")
    .addColumn("poll_claim_token", "text")
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await sql`create unique index parcels_one_live_per_order on parcels (order_id) where state <> 'cancelled'`.execute(db);
  await sql`create unique index parcels_tracking on parcels (account_id, tracking) where tracking is not null`.execute(db);
  await db.schema.createIndex("parcels_due_poll").on("parcels").columns(["next_poll_at"]).execute();

  await db.schema
    .createTable("parcel_events")
    .addColumn("id", idType, id)
    .addColumn("parcel_id", "integer", (col) => col.notNull().references("parcels.id").onDelete("cascade"))
    .addColumn("event_key", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("courier_status", "text", (col) => col.notNull())
    .addColumn("reason", "text")
    .addColumn("cash_collected", "integer")
    .addColumn("occurred_at", "text", (col) => col.notNull())
    .addColumn("received_at", "text", (col) => col.notNull())
    .addUniqueConstraint("parcel_events_once", ["parcel_id", "event_key"])
    .execute();
  await db.schema.createIndex("parcel_events_by_time").on("parcel_events").columns(["parcel_id", "occurred_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("parcel_events").execute();
  await db.schema.dropTable("parcels").execute();
  await db.schema.alterTable("orders").dropColumn("stop_desk_name").execute();
  await db.schema.alterTable("orders").dropColumn("stop_desk_code").execute();
  await db.schema.alterTable("orders").dropColumn("stop_desk_account_id").execute();
  await db.schema.alterTable("courier_accounts").dropColumn("origin_wilaya_code").execute();
  await db.schema.dropTable("courier_stop_desks").execute();
  await db.schema.dropTable("courier_places").execute();
}
