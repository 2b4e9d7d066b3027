import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import { nowIso } from "../db/types.server";

/** Every product the inventory screen lists (the screen orders its rows, variants included). */
export function selectInventoryProducts(db: Kysely<Database>) {
  return db
    .selectFrom("products")
    .select(["id", "title", "sku", "price", "stock_quantity", "low_stock_threshold", "in_stock", "has_variants"])
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

/** Every active variant of every product, with its first own picture (null: its product's), in one query. */
export function selectInventoryVariants(db: Kysely<Database>) {
  return db
    .selectFrom("product_variants")
    .leftJoin("product_variant_images", (join) =>
      join.onRef("product_variant_images.variant_id", "=", "product_variants.id").on("product_variant_images.position", "=", 0),
    )
    .leftJoin("product_images", "product_images.id", "product_variant_images.image_id")
    .select([
      "product_variants.id",
      "product_variants.product_id",
      "product_variants.combination",
      "product_variants.sku",
      "product_variants.price",
      "product_variants.stock_quantity",
      "product_variants.low_stock_threshold",
      "product_images.url as image_url",
      "product_images.width as image_width",
      "product_images.height as image_height",
      "product_images.alt as image_alt",
      "product_images.widths as image_widths",
    ])
    .where("product_variants.is_active", "=", true)
    .orderBy("product_variants.product_id")
    .orderBy("product_variants.position")
    .execute();
}

export type InventoryVariantRow = Awaited<ReturnType<typeof selectInventoryVariants>>[number];

/** The option values' names of every product with variants (a variant's label is read from its combination). */
export function selectOptionValueNames(db: Kysely<Database>) {
  return db
    .selectFrom("product_option_values")
    .innerJoin("product_options", "product_options.id", "product_option_values.option_id")
    .select([
      "product_options.product_id",
      "product_options.id as option_id",
      "product_options.position as option_position",
      "product_option_values.id",
      "product_option_values.name_ar",
      "product_option_values.name_en",
      "product_option_values.name_fr",
    ])
    .execute();
}

export type OptionValueNameRow = Awaited<ReturnType<typeof selectOptionValueNames>>[number];

/**
 * Sets one product's stock quantity; the number of rows changed (0 when the id is unknown or
 * the product has variants: its stock is the sum of theirs).
 */
export async function updateStockQuantity(db: Kysely<Database>, productId: string, quantity: number): Promise<number> {
  const result = await db
    .updateTable("products")
    .set({ stock_quantity: quantity, updated_at: nowIso() })
    .where("id", "=", productId)
    .where("has_variants", "=", false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sets one variant's stock quantity (of that product only); the number of rows changed. */
export async function updateVariantStockQuantity(
  db: Kysely<Database>,
  productId: string,
  variantId: number,
  quantity: number,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable("product_variants")
    .set({ stock_quantity: quantity, updated_at: at })
    .where("id", "=", variantId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Recomputes a product's total from its active variants' stock, and in_stock with it, in one
 * statement (docs/decisions/0028-product-variants.md).
 */
export async function recomputeProductStock(db: Kysely<Database>, productId: string, at: string): Promise<void> {
  await db
    .updateTable("products")
    .set((eb) => {
      const total = eb
        .selectFrom("product_variants")
        .select((v) => v.fn.coalesce(v.fn.sum<number>("stock_quantity"), v.lit(0)).as("total"))
        .where("product_id", "=", productId)
        .where("is_active", "=", true);
      return { stock_quantity: total, in_stock: eb(total, ">", 0).$castTo<boolean>(), updated_at: at };
    })
    .where("id", "=", productId)
    .execute();
}

/** The active variants among `ids`, each with its product's id. */
export function selectActiveVariantProducts(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_variants")
    .select(["id", "product_id"])
    .where("id", "in", [...ids])
    .where("is_active", "=", true)
    .execute();
}
