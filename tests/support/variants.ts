import type { Kysely } from "kysely";
import { allCombinations, combinationKey } from "~/lib/variants";
import type { Database } from "~/server/db/database.server";

/**
 * Gives an existing product options and one variant per combination, by inserting rows (the
 * tests' way to a product with variants without the admin form): option `names` in Arabic, each
 * with its values' Arabic names; every variant gets `stock(index)` units and SKU
 * `${skuPrefix}-${index}`. The product's total and in_stock become the sum of its variants'.
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
  const at = new Date().toISOString();
  const valueIds: number[][] = [];
  for (const [position, option] of input.options.entries()) {
    const { id: optionId } = await db
      .insertInto("product_options")
      .values({ product_id: productId, position, name_ar: option.name, name_en: null, name_fr: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const [valuePosition, value] of option.values.entries()) {
      const row = await db
        .insertInto("product_option_values")
        .values({ option_id: optionId, position: valuePosition, name_ar: value, name_en: null, name_fr: null, swatch: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    valueIds.push(ids);
  }
  const variantIds: number[] = [];
  let total = 0;
  for (const [index, combination] of allCombinations(
    valueIds.map((values) => ({ values: values.map((id) => ({ id, names: { ar: "", en: null, fr: null }, swatch: null })) })),
  ).entries()) {
    const stock = input.stock?.(index) ?? 10;
    total += stock;
    const row = await db
      .insertInto("product_variants")
      .values({
        product_id: productId,
        position: index,
        combination: combinationKey(combination),
        sku: `${input.skuPrefix}-${index}`,
        price: input.price?.(index) ?? null,
        compare_at_price: null,
        stock_quantity: stock,
        low_stock_threshold: input.threshold ?? 5,
        is_active: true,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    variantIds.push(row.id);
  }
  await db
    .updateTable("products")
    .set({ has_variants: true, stock_quantity: total, in_stock: total > 0, updated_at: at })
    .where("id", "=", productId)
    .execute();
  return { variantIds, valueIds };
}
