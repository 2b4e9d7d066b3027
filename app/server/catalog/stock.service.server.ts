import type { Kysely } from "kysely";
import type { ProductImageData } from "~/lib/product";
import type { ProductOption, ProductVariant } from "~/lib/variants";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";
import { toImageData } from "./product.service.server";
import {
  decrementStock,
  decrementVariantStock,
  incrementStock,
  incrementVariantStock,
  selectProductStock,
  selectOptionValuesOfProducts,
  selectProductsForOrder,
  selectVariantImages,
  selectVariantsForOrder,
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

/** A variant as an order or a cart quote needs it: its product, combination, SKU, prices and stock. */
export type OrderVariant = Pick<ProductVariant, "id" | "valueIds" | "sku" | "price" | "compareAtPrice" | "stockQuantity" | "active"> & {
  productId: string;
};

/**
 * What an order needs of the variants it names (docs/decisions/0028-product-variants.md): the
 * variants of `variantIds` that exist (whatever their product: the caller checks it is the
 * line's) and the options of `productIds` (names and values, for labels and for naming the
 * option a line lacks). Two queries, whatever the number of lines.
 */
export async function variantsForOrder(
  db: Kysely<Database>,
  productIds: readonly string[],
  variantIds: readonly number[],
): Promise<{ variants: Map<number, OrderVariant>; options: Map<string, ProductOption[]> }> {
  const [variantRows, valueRows] = await Promise.all([
    selectVariantsForOrder(db, [...new Set(variantIds)]),
    selectOptionValuesOfProducts(db, [...new Set(productIds)]),
  ]);
  const variants = new Map(
    variantRows.map((row): [number, OrderVariant] => [
      row.id,
      {
        id: row.id,
        productId: row.product_id,
        valueIds: row.combination.split("-").map(Number),
        sku: row.sku,
        price: row.price,
        compareAtPrice: row.compare_at_price,
        stockQuantity: row.stock_quantity,
        active: toBool(row.is_active),
      },
    ]),
  );
  const options = new Map<string, ProductOption[]>();
  const sorted = [...valueRows].sort((a, b) => a.option_position - b.option_position || a.value_position - b.value_position);
  for (const row of sorted) {
    const ofProduct = options.get(row.product_id) ?? [];
    options.set(row.product_id, ofProduct);
    let option = ofProduct.find((candidate) => candidate.id === row.option_id);
    if (!option) {
      option = { id: row.option_id, names: { ar: row.option_name_ar, en: row.option_name_en, fr: row.option_name_fr }, values: [] };
      ofProduct.push(option);
    }
    option.values.push({ id: row.value_id, names: { ar: row.name_ar, en: row.name_en, fr: row.name_fr }, swatch: row.swatch });
  }
  return { variants, options };
}

/** The first picture of each of `variantIds` that has its own (the cart's line shows it): two variants of one product, two pictures. */
export async function variantMainImages(db: Kysely<Database>, variantIds: readonly number[]): Promise<Map<number, ProductImageData>> {
  const images = new Map<number, ProductImageData>();
  for (const row of await selectVariantImages(db, [...new Set(variantIds)])) {
    if (!images.has(row.variant_id)) images.set(row.variant_id, toImageData(row));
  }
  return images;
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
