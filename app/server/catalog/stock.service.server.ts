import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import {
  decrementStock,
  decrementVariantStock,
  incrementStock,
  incrementVariantStock,
  selectProductStock,
  selectProductsForOrder,
  selectVariantStock,
} from "./stock.repo.server";

/**
 * What orders need from the catalogue, which alone reads and writes products: the products an
 * order names (prices and stock from the database, whatever a client claims), and stock taken
 * or returned as an order's status changes, inside the order's transaction (`db`).
 */

export type OrderProduct = Awaited<ReturnType<typeof selectProductsForOrder>>[number];

/** The products of `ids` that exist, with what an order needs of them (any order). */
export function productsForOrder(db: Kysely<Database>, ids: readonly string[]): Promise<OrderProduct[]> {
  return selectProductsForOrder(db, ids);
}

export type TakeStockResult =
  | { ok: true }
  /** Not enough left, or no such product (`missing`): nothing was taken. */
  | { ok: false; title: string | null; available: number; missing: boolean };

/**
 * Takes `quantity` of a product's stock, or of its variant's when `variantId` is given (a product
 * with variants, docs/decisions/0028-product-variants.md), only where that much is left: a
 * conditional update, so concurrent confirmations never oversell, on SQLite and PostgreSQL alike.
 */
export async function takeStock(
  db: Kysely<Database>,
  productId: string,
  quantity: number,
  at: string,
  variantId?: number | null,
): Promise<TakeStockResult> {
  if (variantId !== undefined && variantId !== null) {
    if (await decrementVariantStock(db, productId, variantId, quantity, at)) return { ok: true };
    const variant = await selectVariantStock(db, productId, variantId);
    return { ok: false, title: variant?.title || null, available: Math.max(0, variant?.stock_quantity ?? 0), missing: !variant };
  }
  if (await decrementStock(db, productId, quantity, at)) return { ok: true };
  const product = await selectProductStock(db, productId);
  return { ok: false, title: product?.title || null, available: Math.max(0, product?.stock_quantity ?? 0), missing: !product };
}

/** Returns `quantity` to a product's stock (or its variant's); one deleted since is simply not restocked. */
export function returnStock(db: Kysely<Database>, productId: string, quantity: number, at: string, variantId?: number | null): Promise<void> {
  if (variantId !== undefined && variantId !== null) return incrementVariantStock(db, productId, variantId, quantity, at);
  return incrementStock(db, productId, quantity, at);
}
