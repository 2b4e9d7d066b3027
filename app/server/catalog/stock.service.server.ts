import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import { decrementStock, incrementStock, selectProductStock, selectProductsForOrder } from "./stock.repo.server";

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
 * Takes `quantity` of a product's stock only where that much is left: a conditional update, so
 * concurrent confirmations never oversell, on SQLite and PostgreSQL alike.
 */
export async function takeStock(db: Kysely<Database>, productId: string, quantity: number, at: string): Promise<TakeStockResult> {
  if (await decrementStock(db, productId, quantity, at)) return { ok: true };
  const product = await selectProductStock(db, productId);
  return { ok: false, title: product?.title || null, available: Math.max(0, product?.stock_quantity ?? 0), missing: !product };
}

/** Returns `quantity` to a product's stock; a product deleted since is simply not restocked. */
export function returnStock(db: Kysely<Database>, productId: string, quantity: number, at: string): Promise<void> {
  return incrementStock(db, productId, quantity, at);
}
