import type { Kysely } from "kysely";
import { allCombinations } from "~/lib/variants";
import type { Database } from "~/server/db/database.server";

/**
 * Gives a product options and variants by direct inserts (tests only): `options` names each
 * option and its values (Arabic, French), `variants` one combination per entry (value indexes,
 * one per option) with its SKU, stock and optional price. Marks the product `has_variants` with
 * the sum of its active variants' stock, as the admin save does. Answers the ids, by name.
 */
export async function addVariants(
  db: Kysely<Database>,
  productId: string,
  options: { ar: string; fr?: string; values: { ar: string; fr?: string }[] }[],
  variants: { values: number[]; sku: string; stock: number; price?: number | null; active?: boolean; threshold?: number }[],
): Promise<{ optionIds: number[]; valueIds: number[][]; variantIds: number[] }> {
  const at = new Date().toISOString();
  const optionIds: number[] = [];
  const valueIds: number[][] = [];
  for (const [position, option] of options.entries()) {
    const { id } = await db
      .insertInto("product_options")
      .values({ product_id: productId, position, name_ar: option.ar, name_fr: option.fr ?? null })
      .returning("id")
      .executeTakeFirstOrThrow();
    optionIds.push(id);
    const ids: number[] = [];
    for (const [valuePosition, value] of option.values.entries()) {
      const row = await db
        .insertInto("product_option_values")
        .values({ option_id: id, position: valuePosition, name_ar: value.ar, name_fr: value.fr ?? null })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    valueIds.push(ids);
  }
  const variantIds: number[] = [];
  for (const [position, variant] of variants.entries()) {
    const row = await db
      .insertInto("product_variants")
      .values({
        product_id: productId,
        position,
        combination: variant.values.map((value, option) => valueIds[option]![value]).join("-"),
        sku: variant.sku,
        price: variant.price ?? null,
        compare_at_price: null,
        stock_quantity: variant.stock,
        low_stock_threshold: variant.threshold ?? 5,
        is_active: variant.active ?? true,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    variantIds.push(row.id);
  }
  const total = variants.filter((variant) => variant.active ?? true).reduce((sum, variant) => sum + variant.stock, 0);
  await db
    .updateTable("products")
    .set({ has_variants: true, stock_quantity: total, in_stock: total > 0 })
    .where("id", "=", productId)
    .execute();
  return { optionIds, valueIds, variantIds };
}

/** A variant's stock. */
export async function variantStock(db: Kysely<Database>, variantId: number): Promise<number> {
  const row = await db.selectFrom("product_variants").select("stock_quantity").where("id", "=", variantId).executeTakeFirstOrThrow();
  return Number(row.stock_quantity);
}

/** Sets a variant's stock and its product's total to match (the sum of its active variants). */
export async function setVariantStock(db: Kysely<Database>, productId: string, variantId: number, quantity: number): Promise<void> {
  await db.updateTable("product_variants").set({ stock_quantity: quantity }).where("id", "=", variantId).execute();
  const rows = await db.selectFrom("product_variants").select(["stock_quantity", "is_active"]).where("product_id", "=", productId).execute();
  const total = rows.filter((row) => Boolean(row.is_active)).reduce((sum, row) => sum + Number(row.stock_quantity), 0);
  await db
    .updateTable("products")
    .set({ stock_quantity: total, in_stock: total > 0 })
    .where("id", "=", productId)
    .execute();
}

/**
 * Gives a product one variant per combination of `options` (Arabic names): variant `index` gets
 * `stock(index)` units (10 by default), SKU `${skuPrefix}-${index}` and `price(index)` (null: the product's).
 */
export async function insertVariants(
  db: Kysely<Database>,
  productId: string,
  input: {
    options: { name: string; values: string[] }[];
    skuPrefix: string;
    stock?: (index: number) => number;
    price?: (index: number) => number | null;
    threshold?: number;
  },
): Promise<{ variantIds: number[]; valueIds: number[][] }> {
  // Combinations of value indexes, in the options' order.
  const combinations = allCombinations(input.options.map((option) => ({ values: option.values.map((_, index) => ({ id: index })) })));
  return addVariants(
    db,
    productId,
    input.options.map((option) => ({ ar: option.name, values: option.values.map((value) => ({ ar: value })) })),
    combinations.map((values, index) => ({
      values,
      sku: `${input.skuPrefix}-${index}`,
      stock: input.stock?.(index) ?? 10,
      price: input.price?.(index) ?? null,
      threshold: input.threshold ?? 5,
    })),
  );
}
