import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

/** The catalogue's reads and writes for orders: products' prices and stock. `db` may be the caller's transaction. */

/** The columns an order needs from each product it names. */
export function selectProductsForOrder(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("products")
    .select(["id", "title", "title_en", "title_fr", "price", "compare_at_price", "in_stock", "stock_quantity", "category"])
    .where("id", "in", ids)
    .execute();
}

/** Takes `quantity` from a product's stock only where that much is left; true when it was taken. */
export async function decrementStock(db: Kysely<Database>, productId: string, quantity: number, at: string): Promise<boolean> {
  const taken = await db
    .updateTable("products")
    .set((eb) => ({ stock_quantity: eb("stock_quantity", "-", quantity), updated_at: at }))
    .where("id", "=", productId)
    .where("stock_quantity", ">=", quantity)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Puts `quantity` back into a product's stock (a product deleted since is left alone). */
export async function incrementStock(db: Kysely<Database>, productId: string, quantity: number, at: string): Promise<void> {
  await db
    .updateTable("products")
    .set((eb) => ({ stock_quantity: eb("stock_quantity", "+", quantity), updated_at: at }))
    .where("id", "=", productId)
    .execute();
}

/** A product's title and stock, or undefined. */
export function selectProductStock(db: Kysely<Database>, productId: string) {
  return db.selectFrom("products").select(["title", "stock_quantity"]).where("id", "=", productId).executeTakeFirst();
}
