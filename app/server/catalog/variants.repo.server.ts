import { sql, type Insertable, type Kysely, type Updateable } from "kysely";
import type { Database } from "../db/database.server";
import type { ProductOptionsTable, ProductOptionValuesTable, ProductVariantsTable } from "./catalog.table.server";

/** The admin's reads and writes of a product's options, values and variants (the storefront reads them with the product query). */

/** The columns of an option value and of a variant every read of them takes (here and in the product query). */
export const optionValueColumns = [
  "product_option_values.id",
  "product_option_values.option_id",
  "product_option_values.position",
  "product_option_values.name_ar",
  "product_option_values.name_en",
  "product_option_values.name_fr",
  "product_option_values.swatch",
] as const;
export const variantColumns = [
  "product_variants.id",
  "product_variants.position",
  "product_variants.combination",
  "product_variants.sku",
  "product_variants.price",
  "product_variants.compare_at_price",
  "product_variants.stock_quantity",
  "product_variants.low_stock_threshold",
  "product_variants.is_active",
] as const;

export function selectOptionRows(db: Kysely<Database>, productId: string) {
  return db.selectFrom("product_options").select(["id", "position", "name_ar", "name_en", "name_fr"]).where("product_id", "=", productId).execute();
}

export function selectValueRows(db: Kysely<Database>, productId: string) {
  return db
    .selectFrom("product_option_values")
    .innerJoin("product_options", "product_options.id", "product_option_values.option_id")
    .select(optionValueColumns)
    .where("product_options.product_id", "=", productId)
    .execute();
}

export function selectVariantRows(db: Kysely<Database>, productId: string) {
  return db.selectFrom("product_variants").select(variantColumns).where("product_id", "=", productId).execute();
}

export function selectVariantImageRows(db: Kysely<Database>, productId: string) {
  return db
    .selectFrom("product_variant_images")
    .innerJoin("product_variants", "product_variants.id", "product_variant_images.variant_id")
    .select(["product_variant_images.variant_id", "product_variant_images.image_id", "product_variant_images.position"])
    .where("product_variants.product_id", "=", productId)
    .execute();
}

/** The ids of a product's images. */
export async function selectProductImageIds(db: Kysely<Database>, productId: string): Promise<number[]> {
  const rows = await db.selectFrom("product_images").select("id").where("product_id", "=", productId).execute();
  return rows.map((row) => row.id);
}

/**
 * Which of `skus` (compared case-insensitively) another product holds, as its own SKU or a
 * variant's: the admin refuses them.
 */
export async function selectSkusTakenElsewhere(db: Kysely<Database>, productId: string, skus: readonly string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const lowered = skus.map((sku) => sku.toLowerCase());
  const [products, variants] = await Promise.all([
    db
      .selectFrom("products")
      .select("sku")
      .where("id", "!=", productId)
      .where(sql`lower(sku)`, "in", lowered)
      .execute(),
    db
      .selectFrom("product_variants")
      .select("sku")
      .where("product_id", "!=", productId)
      .where(sql`lower(sku)`, "in", lowered)
      .execute(),
  ]);
  return new Set([...products, ...variants].map((row) => (row.sku ?? "").toLowerCase()));
}

export function deleteOptions(db: Kysely<Database>, productId: string, keep: readonly number[]) {
  return db
    .deleteFrom("product_options")
    .where("product_id", "=", productId)
    .$if(keep.length > 0, (qb) => qb.where("id", "not in", keep))
    .execute();
}

export function deleteValues(db: Kysely<Database>, optionIds: readonly number[], keep: readonly number[]) {
  if (optionIds.length === 0) return Promise.resolve([]);
  return db
    .deleteFrom("product_option_values")
    .where("option_id", "in", optionIds)
    .$if(keep.length > 0, (qb) => qb.where("id", "not in", keep))
    .execute();
}

/** Deletes a product's variants but `keep`, and their pictures' links. */
export async function deleteVariants(db: Kysely<Database>, productId: string, keep: readonly number[]): Promise<void> {
  const gone = db
    .selectFrom("product_variants")
    .select("id")
    .where("product_id", "=", productId)
    .$if(keep.length > 0, (qb) => qb.where("id", "not in", keep));
  await db.deleteFrom("product_variant_images").where("variant_id", "in", gone).execute();
  await db
    .deleteFrom("product_variants")
    .where("product_id", "=", productId)
    .$if(keep.length > 0, (qb) => qb.where("id", "not in", keep))
    .execute();
}

export async function insertOption(db: Kysely<Database>, values: Insertable<ProductOptionsTable>): Promise<number> {
  const row = await db.insertInto("product_options").values(values).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

export function updateOption(db: Kysely<Database>, id: number, values: Updateable<ProductOptionsTable>) {
  return db.updateTable("product_options").set(values).where("id", "=", id).execute();
}

export async function insertValue(db: Kysely<Database>, values: Insertable<ProductOptionValuesTable>): Promise<number> {
  const row = await db.insertInto("product_option_values").values(values).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

export function updateValue(db: Kysely<Database>, id: number, values: Updateable<ProductOptionValuesTable>) {
  return db.updateTable("product_option_values").set(values).where("id", "=", id).execute();
}

export async function insertVariant(db: Kysely<Database>, values: Insertable<ProductVariantsTable>): Promise<number> {
  const row = await db.insertInto("product_variants").values(values).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

export function updateVariant(db: Kysely<Database>, id: number, values: Updateable<ProductVariantsTable>) {
  return db.updateTable("product_variants").set(values).where("id", "=", id).execute();
}

/** Sets each variant's pictures (their links replaced), in order. */
export async function replaceVariantImages(db: Kysely<Database>, images: ReadonlyMap<number, readonly number[]>): Promise<void> {
  const variantIds = [...images.keys()];
  if (variantIds.length === 0) return;
  await db.deleteFrom("product_variant_images").where("variant_id", "in", variantIds).execute();
  const rows = [...images].flatMap(([variantId, imageIds]) =>
    imageIds.map((imageId, position) => ({ variant_id: variantId, image_id: imageId, position })),
  );
  if (rows.length > 0) await db.insertInto("product_variant_images").values(rows).execute();
}

/** Marks a product as sold by variants (or not) and, with `stock`, sets its total stock and in_stock from it. */
export function updateProductVariantState(db: Kysely<Database>, productId: string, hasVariants: boolean, stock: number | null) {
  return db
    .updateTable("products")
    .set(stock === null ? { has_variants: hasVariants } : { has_variants: hasVariants, stock_quantity: stock, in_stock: stock > 0 })
    .where("id", "=", productId)
    .execute();
}
