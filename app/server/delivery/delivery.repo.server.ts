import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

export function selectActiveWilayas(db: Kysely<Database>) {
  return db
    .selectFrom("wilayas")
    .select(["code", "name", "name_ar", "home_price", "delivery_time", "zone", "parent_code"])
    .where("active", "=", true)
    .orderBy("code")
    .execute();
}
