import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import { nowIso } from "../db/types.server";

/** Every product the inventory screen lists, lowest stock first . */
export function selectInventoryProducts(db: Kysely<Database>) {
  return db
    .selectFrom("products")
    .select(["id", "title", "sku", "price", "stock_quantity", "low_stock_threshold", "in_stock"])
    .orderBy("stock_quantity", "asc")
    .orderBy("id", "asc")
    .execute();
}

export type InventoryRow = Awaited<ReturnType<typeof selectInventoryProducts>>[number];

/** The main image (position 0) of every product, in one query (the screen lists every product). */
export function selectMainImages(db: Kysely<Database>) {
  return db.selectFrom("product_images").select(["product_id", "url", "width", "height", "alt", "widths"]).where("position", "=", 0).execute();
}

export type MainImageRow = Awaited<ReturnType<typeof selectMainImages>>[number];

/** Sets one product's stock quantity; the number of rows changed (0 when the id is unknown). */
export async function updateStockQuantity(db: Kysely<Database>, productId: string, quantity: number): Promise<number> {
  const result = await db
    .updateTable("products")
    .set({ stock_quantity: quantity, updated_at: nowIso() })
    .where("id", "=", productId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
