import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

/** Products a shopper can order from the contact page: in stock with a quantity above 0. */
export function selectOrderableProducts(db: Kysely<Database>) {
  return db
    .selectFrom("products")
    .select(["id", "title", "title_en", "title_fr", "price"])
    .where("in_stock", "=", true)
    .where("stock_quantity", ">", 0)
    .orderBy("title")
    .orderBy("id")
    .execute();
}
