import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// orders.confirmation_token: the address of the order's confirmation page for the shopper who
// placed it (/orders/confirmation/TOKEN), 128 random bits in base64url, so it cannot be guessed
// from the order number. Unique. Orders taken before this migration get one too, so every order
// has its page.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("confirmation_token", "text").execute();
  const rows: { id: number }[] = await db.selectFrom("orders").select("id").execute();
  for (const row of rows) {
    await db
      .updateTable("orders")
      .set({ confirmation_token: randomBytes(16).toString("base64url") })
      .where("id", "=", row.id)
      .execute();
  }
  await db.schema.createIndex("orders_confirmation_token_key").unique().on("orders").column("confirmation_token").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_confirmation_token_key").execute();
  await db.schema.alterTable("orders").dropColumn("confirmation_token").execute();
}
