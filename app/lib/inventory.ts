import { buildCsv } from "./csv";
import { stockStatus, type ProductImageData, type StockStatus } from "./product";

/**
 * One row of the inventory screen and its CSV: a product without variants, or one active variant
 * of a product with variants (docs/decisions/0028-product-variants.md), whose stock is kept per
 * variant and only summed on the product.
 */
export interface InventoryItem {
  /** The product's id (a variant row carries its product's). */
  id: string;
  /** The variant's id; null for a product sold as one thing. */
  variantId: number | null;
  /** The variant's label ("أزرق / XL"); null for a product sold as one thing. */
  variantName: string | null;
  /** The Arabic (stored) title; may be empty on a damaged row. */
  title: string;
  sku: string | null;
  /** Whole dinars: the variant's price (its own, else the product's) on a variant row. */
  price: number;
  stockQuantity: number;
  lowStockThreshold: number;
  inStock: boolean;
  image: ProductImageData | null;
  /**
   * A product with variants but no active variant row: its stock is theirs, so it is shown and
   * never edited here.
   */
  readOnly?: boolean;
}

/** A row's key, unique on the screen: the product's id, with its variant's for a variant row. */
export function inventoryRowKey(item: Pick<InventoryItem, "id" | "variantId">): string {
  return item.variantId === null ? item.id : `${item.id}:${item.variantId}`;
}

/** The name a row shows: the product's title, with the variant's label after it. */
export function inventoryRowName(item: Pick<InventoryItem, "title" | "variantName">, unknownProduct: string): string {
  const title = item.title.trim() === "" ? unknownProduct : item.title;
  return item.variantName ? `${title} — ${item.variantName}` : title;
}

/** The screen's order: lowest stock first, then by product id and variant id (never flickers). */
export function sortInventory(items: InventoryItem[]): InventoryItem[] {
  return items.sort(
    (a, b) => a.stockQuantity - b.stockQuantity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) || (a.variantId ?? 0) - (b.variantId ?? 0),
  );
}

export interface InventoryStats {
  /** Rows: products without variants and the active variants of the others. */
  totalProducts: number;
  outOfStock: number;
  lowStock: number;
  /** Σ price × quantity in dinars (a quantity below 0 counts as 0). */
  stockValue: number;
}

/** The stock-alerts panel shows at most this many; the rest stay one click away. */
export const STOCK_ALERTS_SHOWN = 5;

/** The largest quantity the form accepts (fits every database's integer column with room to spare). */
export const MAX_STOCK_QUANTITY = 1_000_000;

/** A product's value in stock: price × quantity, never below 0. */
export function stockValueOf(item: Pick<InventoryItem, "price" | "stockQuantity">): number {
  return item.price * Math.max(0, item.stockQuantity);
}

export function inventoryStats(items: readonly InventoryItem[]): InventoryStats {
  const stats: InventoryStats = { totalProducts: items.length, outOfStock: 0, lowStock: 0, stockValue: 0 };
  for (const item of items) {
    const status = stockStatus(item);
    if (status === "out") stats.outOfStock += 1;
    else if (status === "low") stats.lowStock += 1;
    stats.stockValue += stockValueOf(item);
  }
  return stats;
}

/** A stock alert: product, variant, current stock, threshold and status (low or out). */
export interface StockAlert {
  productId: string;
  /** null for a product without variants. */
  variantId: number | null;
  variantName: string | null;
  /** null when the product has no title: the screen says منتج غير معروف. */
  title: string | null;
  image: ProductImageData | null;
  status: Exclude<StockStatus, "available">;
  currentStock: number;
  threshold: number;
}

/**
 * Alerts computed from the rows themselves (no separate table): every product or variant out of
 * stock or low, out ones first, then the lowest stock first (status descending, current stock
 * ascending); the product id then the variant id break ties so the order never flickers.
 */
export function stockAlerts(items: readonly InventoryItem[]): StockAlert[] {
  const alerts: StockAlert[] = [];
  for (const item of items) {
    const status = stockStatus(item);
    if (status === "available") continue;
    alerts.push({
      productId: item.id,
      variantId: item.variantId,
      variantName: item.variantName,
      title: item.title.trim() === "" ? null : item.title,
      image: item.image,
      status,
      currentStock: item.stockQuantity,
      threshold: item.lowStockThreshold,
    });
  }
  const rank = { out: 0, low: 1 } as const;
  return alerts.sort(
    (a, b) =>
      rank[a.status] - rank[b.status] ||
      a.currentStock - b.currentStock ||
      (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0) ||
      (a.variantId ?? 0) - (b.variantId ?? 0),
  );
}

export type StockQuantityResult = { ok: true; quantity: number } | { ok: false; reason: "negative" | "too_large" };

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * A typed stock quantity: an integer (non-numeric input becomes 0; "12.7" reads as 12).
 * Arabic-Indic digits are read as digits. A negative number is refused, and so is one above
 * MAX_STOCK_QUANTITY.
 */
export function parseStockQuantity(input: unknown): StockQuantityResult {
  const text = (typeof input === "string" ? input : typeof input === "number" ? String(input) : "")
    .replace(ARABIC_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf))
    .trim();
  const match = /^([-+]?)(\d+)/.exec(text);
  if (!match) return { ok: true, quantity: 0 };
  const value = Number(match[2]);
  if (match[1] === "-" && value > 0) return { ok: false, reason: "negative" };
  if (value > MAX_STOCK_QUANTITY) return { ok: false, reason: "too_large" };
  return { ok: true, quantity: value };
}

/** `inventory-2026-11-22.csv`: the UTC date of the export, ISO format. */
export function inventoryCsvFilename(now: Date): string {
  return `inventory-${now.toISOString().slice(0, 10)}.csv`;
}

export interface InventoryCsvLabels {
  header: { product: string; variant: string; sku: string; quantity: string; minimum: string; status: string };
  status: Record<StockStatus, string>;
  unknownProduct: string;
}

/**
 * The export: product, variant, SKU, quantity, minimum, status; one row per product without
 * variants and per variant of the others (variant empty for the former), in the given order.
 */
export function inventoryCsv(items: readonly InventoryItem[], labels: InventoryCsvLabels): string {
  const { header } = labels;
  return buildCsv(
    [header.product, header.variant, header.sku, header.quantity, header.minimum, header.status],
    items.map((item) => [
      item.title.trim() === "" ? labels.unknownProduct : item.title,
      item.variantName ?? "",
      item.sku ?? "",
      item.stockQuantity,
      item.lowStockThreshold,
      labels.status[stockStatus(item)],
    ]),
  );
}
