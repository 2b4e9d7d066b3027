import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

/** Reads of the orders handed to a courier: the order rows and their lines, by id. */

export function selectOrdersToShip(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("orders")
    .select([
      "id",
      "order_number",
      "status",
      "first_name",
      "last_name",
      "phone",
      "address",
      "wilaya_code",
      "commune_code",
      "delivery_type",
      "stop_desk_account_id",
      "stop_desk_code",
      "total",
      "delivery_price",
    ])
    .where("id", "in", [...ids])
    .execute();
}

export function selectOrderLinesToShip(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("order_items")
    .select(["order_id", "title", "quantity", "variant_label"])
    .where("order_id", "in", [...ids])
    .orderBy("order_id")
    .orderBy("position")
    .execute();
}
