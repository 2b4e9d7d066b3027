import type { Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Two columns on orders (decision 0023):
// - request_hash: the SHA-256 (hex) of the canonical order request, kept with its idempotency
//   key, so a key sent again with another body is refused instead of answering the first order;
//   null for orders taken before this migration.
// - phone_flagged: true when the order went past the per-phone limit from an address that had
//   not used that phone in the window: it is taken, and the merchant sees the flag.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("request_hash", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("phone_flagged", "boolean", (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("phone_flagged").execute();
  await db.schema.alterTable("orders").dropColumn("request_hash").execute();
}
