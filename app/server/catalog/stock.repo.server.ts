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

/**
 * Takes `quantity` from a variant's stock only where that much is left, and the same from its
 * product's total (the sum of its variants' stock, docs/decisions/0028-product-variants.md); true when taken.
 * Both by increments, never by recounting: two confirmations of different variants of one product
 * in parallel transactions each move the total by their own quantity.
 */
export async function decrementVariantStock(
  db: Kysely<Database>,
  productId: string,
  variantId: number,
  quantity: number,
  at: string,
): Promise<boolean> {
  const taken = await db
    .updateTable("product_variants")
    .set((eb) => ({ stock_quantity: eb("stock_quantity", "-", quantity), updated_at: at }))
    .where("id", "=", variantId)
    .where("product_id", "=", productId)
    .where("stock_quantity", ">=", quantity)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return false;
  await db
    .updateTable("products")
    .set((eb) => ({ stock_quantity: eb.fn("max", [eb("stock_quantity", "-", quantity), eb.lit(0)]), updated_at: at }))
    .where("id", "=", productId)
    .execute();
  return true;
}

/** Puts `quantity` back into a variant's stock and its product's total (a variant deleted since is left alone). */
export async function incrementVariantStock(db: Kysely<Database>, productId: string, variantId: number, quantity: number, at: string): Promise<void> {
  const returned = await db
    .updateTable("product_variants")
    .set((eb) => ({ stock_quantity: eb("stock_quantity", "+", quantity), updated_at: at }))
    .where("id", "=", variantId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  if (Number(returned.numUpdatedRows) !== 1) return;
  await db
    .updateTable("products")
    .set((eb) => ({ stock_quantity: eb("stock_quantity", "+", quantity), updated_at: at }))
    .where("id", "=", productId)
    .execute();
}

/** A variant's SKU and stock with its product's title, or undefined. */
export function selectVariantStock(db: Kysely<Database>, productId: string, variantId: number) {
  return db
    .selectFrom("product_variants")
    .innerJoin("products", "products.id", "product_variants.product_id")
    .select(["products.title", "product_variants.sku", "product_variants.stock_quantity"])
    .where("product_variants.id", "=", variantId)
    .where("product_variants.product_id", "=", productId)
    .executeTakeFirst();
}
