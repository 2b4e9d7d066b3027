import type { Kysely } from "kysely";
import { parseImageWidths } from "~/lib/images";
import {
  inventoryStats,
  parseStockQuantity,
  sortInventory,
  stockAlerts,
  type InventoryItem,
  type InventoryStats,
  type StockAlert,
} from "~/lib/inventory";
import type { ProductImageData } from "~/lib/product";
import { nameIn } from "~/lib/variants";
import type { Database } from "../db/database.server";
import { invalidateReferenceData } from "../reference-cache.server";
import { nowIso, toBool } from "../db/types.server";
import {
  recomputeProductStock,
  selectInventoryProducts,
  selectInventoryVariants,
  selectMainImages,
  selectActiveVariantProducts,
  selectOptionValueNames,
  updateStockQuantity,
  updateVariantStockQuantity,
} from "./inventory.repo.server";

export interface Inventory {
  /** Every product, lowest stock first. */
  items: InventoryItem[];
  stats: InventoryStats;
  /** Every out-of-stock or low product, out first then lowest stock (the page shows the first 5). */
  alerts: StockAlert[];
}

type ImageColumns = { url: string; width: number; height: number; alt: string; widths: string | null };

const imageOf = (image: ImageColumns): ProductImageData => ({
  src: image.url,
  width: image.width,
  height: image.height,
  alt: image.alt,
  widths: parseImageWidths(image.widths),
});

/**
 * Every row of the inventory (four queries, whatever the number of products): a product without
 * variants as one row, a product with variants as one row per active variant (its label in
 * `language`, its price, its first own picture else the product's), lowest stock first. A
 * product with variants but no active one keeps one read-only row (its stock is theirs).
 */
export async function listInventoryItems(db: Kysely<Database>, language = "ar"): Promise<InventoryItem[]> {
  const [rows, images, variants, values] = await Promise.all([
    selectInventoryProducts(db),
    selectMainImages(db),
    selectInventoryVariants(db),
    selectOptionValueNames(db),
  ]);
  const byProduct = new Map(images.map((image) => [image.product_id, image]));
  const valueNames = new Map(values.map((value) => [value.id, nameIn({ ar: value.name_ar, en: value.name_en, fr: value.name_fr }, language)]));
  const variantsOf = new Map<string, typeof variants>();
  for (const variant of variants) variantsOf.set(variant.product_id, [...(variantsOf.get(variant.product_id) ?? []), variant]);

  const items: InventoryItem[] = [];
  for (const row of rows) {
    const image = byProduct.get(row.id);
    const productImage = image ? imageOf(image) : null;
    const own = toBool(row.has_variants) ? (variantsOf.get(row.id) ?? []) : [];
    if (own.length === 0) {
      items.push({
        id: row.id,
        variantId: null,
        variantName: null,
        title: row.title,
        sku: row.sku,
        price: row.price,
        stockQuantity: row.stock_quantity,
        lowStockThreshold: row.low_stock_threshold,
        inStock: toBool(row.in_stock),
        image: productImage,
        ...(toBool(row.has_variants) ? { readOnly: true } : {}),
      });
      continue;
    }
    for (const variant of own) {
      items.push({
        id: row.id,
        variantId: variant.id,
        variantName: variant.combination
          .split("-")
          .map((id) => valueNames.get(Number(id)))
          .filter((name): name is string => name !== undefined)
          .join(" / "),
        title: row.title,
        sku: variant.sku,
        price: variant.price ?? row.price,
        stockQuantity: variant.stock_quantity,
        lowStockThreshold: variant.low_stock_threshold,
        // A variant's own stock decides; the product's flag is the sum's.
        inStock: true,
        image:
          variant.image_url === null
            ? productImage
            : imageOf({
                url: variant.image_url,
                width: variant.image_width ?? 0,
                height: variant.image_height ?? 0,
                alt: variant.image_alt ?? "",
                widths: variant.image_widths,
              }),
      });
    }
  }
  return sortInventory(items);
}

export async function loadInventory(db: Kysely<Database>, language = "ar"): Promise<Inventory> {
  const items = await listInventoryItems(db, language);
  return { items, stats: inventoryStats(items), alerts: stockAlerts(items) };
}

export type SetStockResult = { ok: true; productId: string; quantity: number } | { ok: false; error: "negative" | "too_large" | "not_found" };

/**
 * An admin's new stock quantity for one product (an integer; input that is not a number counts as 0).
 * Only stock_quantity changes: the in-stock flag stays the product form's to set. A product with
 * variants is "not_found" here: its stock is set per variant (setVariantStock).
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

export type SetVariantStockResult =
  { ok: true; productId: string; variantId: number; quantity: number } | { ok: false; error: "negative" | "too_large" | "not_found" };

/**
 * An admin's new stock quantity for one variant of a product, and the product's total (the sum
 * of its active variants) and in-stock flag recomputed with it, in one transaction
 * (docs/decisions/0028-product-variants.md). A variant of another product is "not_found".
 */
export async function setVariantStock(
  db: Kysely<Database>,
  productId: string,
  variantId: number,
  rawQuantity: unknown,
): Promise<SetVariantStockResult> {
  const parsed = parseStockQuantity(rawQuantity);
  if (!parsed.ok) return { ok: false, error: parsed.reason };
  if (productId === "" || !Number.isSafeInteger(variantId) || variantId <= 0) return { ok: false, error: "not_found" };
  const at = nowIso();
  const changed = await db.transaction().execute(async (trx) => {
    const count = await updateVariantStockQuantity(trx, productId, variantId, parsed.quantity, at);
    if (count > 0) await recomputeProductStock(trx, productId, at);
    return count;
  });
  if (changed === 0) return { ok: false, error: "not_found" };
  invalidateReferenceData();
  return { ok: true, productId, variantId, quantity: parsed.quantity };
}

/**
 * Which of `ids` name an active variant, each with its product's id (one query; none without
 * ids): what a link that preselects a variant checks before pointing at it.
 */
export async function activeVariantProducts(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await selectActiveVariantProducts(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.product_id]));
}
