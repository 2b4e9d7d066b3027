import type { Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Indexes of the admin dashboard's period reads (docs/decisions/0034-dashboard.md), so none scans
// a whole table as the history grows:
// - deliveries per day: the "delivered" events of a period (order_events had only its
//   order_id, created_at index);
// - each agent's calls: the call attempts of a period, whoever made them (call_attempts had
//   order_id- and admin_id-first indexes).
// The orders of a period use orders_created, their lines the unique (order_id, position) of
// order_items, their parcels the partial unique parcels_one_live_per_order.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("order_events_status_time").on("order_events").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("call_attempts_time").on("call_attempts").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("call_attempts_time").execute();
  await db.schema.dropIndex("order_events_status_time").execute();
}
