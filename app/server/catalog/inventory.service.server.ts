import type { Kysely } from "kysely";
import { parseImageWidths } from "~/lib/images";
import { inventoryStats, parseStockQuantity, stockAlerts, type InventoryItem, type InventoryStats, type StockAlert } from "~/lib/inventory";
import type { Database } from "../db/database.server";
import { invalidateReferenceData } from "../reference-cache.server";
import { toBool } from "../db/types.server";
import { selectInventoryProducts, selectMainImages, updateStockQuantity } from "./inventory.repo.server";

export interface Inventory {
  /** Every product, lowest stock first. */
  items: InventoryItem[];
  stats: InventoryStats;
  /** Every out-of-stock or low product, out first then lowest stock (the page shows the first 5). */
  alerts: StockAlert[];
}

/** Every product with its main image (two queries), ordered by stock quantity ascending. */
export async function listInventoryItems(db: Kysely<Database>): Promise<InventoryItem[]> {
  const [rows, images] = await Promise.all([selectInventoryProducts(db), selectMainImages(db)]);
  const byProduct = new Map(images.map((image) => [image.product_id, image]));
  return rows.map((row) => {
    const image = byProduct.get(row.id);
    return {
      id: row.id,
      title: row.title,
      sku: row.sku,
      price: row.price,
      stockQuantity: row.stock_quantity,
      lowStockThreshold: row.low_stock_threshold,
      inStock: toBool(row.in_stock),
      image: image ? { src: image.url, width: image.width, height: image.height, alt: image.alt, widths: parseImageWidths(image.widths) } : null,
    };
  });
}

export async function loadInventory(db: Kysely<Database>): Promise<Inventory> {
  const items = await listInventoryItems(db);
  return { items, stats: inventoryStats(items), alerts: stockAlerts(items) };
}

export type SetStockResult = { ok: true; productId: string; quantity: number } | { ok: false; error: "negative" | "too_large" | "not_found" };

/**
 * An admin's new stock quantity for one product (an integer; input that is not a number counts as 0).
 * Only stock_quantity changes: the in-stock flag stays the product form's to set.
 */
export async function setStock(db: Kysely<Database>, productId: string, rawQuantity: unknown): Promise<SetStockResult> {
  const parsed = parseStockQuantity(rawQuantity);
  if (!parsed.ok) return { ok: false, error: parsed.reason };
  if (productId === "") return { ok: false, error: "not_found" };
  const changed = await updateStockQuantity(db, productId, parsed.quantity);
  // The featured collections count their available products (reference-cache.server.ts).
  if (changed > 0) invalidateReferenceData();
  return changed === 0 ? { ok: false, error: "not_found" } : { ok: true, productId, quantity: parsed.quantity };
}
