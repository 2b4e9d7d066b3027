import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

/** The catalogue's reads and writes for orders: products' prices and stock. `db` may be the caller's transaction. */

/** The columns an order needs from each product it names. */
export function selectProductsForOrder(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("products")
    .select(["id", "title", "title_en", "title_fr", "price", "compare_at_price", "in_stock", "stock_quantity", "category", "has_variants"])
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
  // The product's row first, as a product's own take does: every confirmation locks a product
  // before any of its variants, so two orders holding variants of one product cannot deadlock
  // on PostgreSQL (a refused take rolls its transaction back).
  await db.updateTable("products").set({ updated_at: at }).where("id", "=", productId).execute();
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
    // Never below zero, on both engines (SQLite's max() is PostgreSQL's greatest()).
    .set((eb) => ({
      stock_quantity: eb
        .case()
        .when("stock_quantity", ">=", quantity)
        .then(eb("stock_quantity", "-", quantity))
        .else(0)
        .end(),
      updated_at: at,
    }))
    .where("id", "=", productId)
    .execute();
  return true;
}

/** Puts `quantity` back into a variant's stock and its product's total (a variant deleted since is left alone). */
export async function incrementVariantStock(db: Kysely<Database>, productId: string, variantId: number, quantity: number, at: string): Promise<void> {
  // The product's row first, as in decrementVariantStock: one lock order for every stock change.
  await db.updateTable("products").set({ updated_at: at }).where("id", "=", productId).execute();
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

/** The variants of `ids` as an order needs them (any state: the caller refuses inactive ones). */
export function selectVariantsForOrder(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_variants")
    .select(["id", "product_id", "combination", "sku", "price", "compare_at_price", "stock_quantity", "is_active"])
    .where("id", "in", ids)
    .execute();
}

/** The options of `productIds` with their values, flat (one row per value), for variants' labels. */
export function selectOptionValuesOfProducts(db: Kysely<Database>, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_options")
    .innerJoin("product_option_values", "product_option_values.option_id", "product_options.id")
    .select([
      "product_options.product_id",
      "product_options.id as option_id",
      "product_options.position as option_position",
      "product_options.name_ar as option_name_ar",
      "product_options.name_en as option_name_en",
      "product_options.name_fr as option_name_fr",
      "product_option_values.id as value_id",
      "product_option_values.position as value_position",
      "product_option_values.name_ar",
      "product_option_values.name_en",
      "product_option_values.name_fr",
      "product_option_values.swatch",
    ])
    .where("product_options.product_id", "in", productIds)
    .execute();
}

/** The pictures of `variantIds`, in each variant's order (the cart shows a variant's first). */
export function selectVariantImages(db: Kysely<Database>, variantIds: readonly number[]) {
  if (variantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_variant_images")
    .innerJoin("product_images", "product_images.id", "product_variant_images.image_id")
    .select([
      "product_variant_images.variant_id",
      "product_variant_images.position",
      "product_images.url",
      "product_images.width",
      "product_images.height",
      "product_images.alt",
      "product_images.widths",
    ])
    .where("product_variant_images.variant_id", "in", variantIds)
    .orderBy("product_variant_images.variant_id")
    .orderBy("product_variant_images.position")
    .execute();
}
