import type { Kysely } from "kysely";
import type { VariantErrorKey, VariantFieldName, VariantsInput } from "~/lib/admin-product-variants";
import { variantFieldName } from "~/lib/admin-product-variants";
import { combinationKey, type ProductVariants } from "~/lib/variants";
import type { Database } from "../db/database.server";
import { nowIso } from "../db/types.server";
import { isUniqueViolation } from "../platform/index.server";
import { variantsFromRows } from "./variants.service.server";
import {
  deleteOptions,
  deleteValues,
  deleteVariants,
  insertOption,
  insertValue,
  insertVariant,
  replaceVariantImages,
  selectOptionRows,
  selectProductImageIds,
  selectSkusTakenElsewhere,
  selectValueRows,
  selectVariantImageRows,
  selectVariantRows,
  updateOption,
  updateProductVariantState,
  updateValue,
  updateVariant,
} from "./variants.repo.server";

/**
 * The admin's side of product variants (docs/decisions/0028-product-variants.md): reading a
 * product's options and variants for its form, and saving them in the product save's
 * transaction. Saved rows are edited in place, never recreated, so order lines and share links
 * keep naming the same variant; rows the merchant removed are deleted.
 */

/** A product's options and variants as saved (both empty for a product sold as one thing). */
export async function productVariantsForAdmin(db: Kysely<Database>, productId: string): Promise<ProductVariants> {
  const [options, values, variants, variantImages] = await Promise.all([
    selectOptionRows(db, productId),
    selectValueRows(db, productId),
    selectVariantRows(db, productId),
    selectVariantImageRows(db, productId),
  ]);
  return variantsFromRows({ options, values, variants, variant_images: variantImages });
}

/** The ids of a product's images (a variant's picture is chosen among them). */
export function productImageIds(db: Kysely<Database>, productId: string): Promise<number[]> {
  return selectProductImageIds(db, productId);
}

/** The variants part refused at save: thrown inside the save's transaction, so nothing of the product is stored. */
export class VariantsRefused extends Error {
  constructor(readonly fieldErrors: Partial<Record<VariantFieldName, VariantErrorKey>>) {
    super("variants refused");
  }
}

/**
 * Saves a product's options and variants inside the caller's transaction (throws
 * VariantsRefused, to be caught after the rollback, for: an option, value or variant id that is
 * not this product's; a SKU another product or another product's variant holds, also when a
 * concurrent save took it first; a picture that is not this product's). Sets `has_variants` and,
 * with options, the product's stock to the sum of its active variants' stock and `in_stock` to
 * whether that is above zero.
 */
export async function saveProductVariants(db: Kysely<Database>, productId: string, input: VariantsInput): Promise<void> {
  const [optionRows, valueRows, variantRows, imageIds, taken] = await Promise.all([
    selectOptionRows(db, productId),
    selectValueRows(db, productId),
    selectVariantRows(db, productId),
    selectProductImageIds(db, productId),
    selectSkusTakenElsewhere(
      db,
      productId,
      input.variants.map((variant) => variant.sku),
    ),
  ]);
  const errors: Partial<Record<VariantFieldName, VariantErrorKey>> = {};
  const savedOptions = new Set(optionRows.map((row) => row.id));
  const optionOfValue = new Map(valueRows.map((row) => [row.id, row.option_id]));
  const savedVariants = new Set(variantRows.map((row) => row.id));
  for (const option of input.options) {
    const ownOption = option.id === null || savedOptions.has(option.id);
    const valuesOwn = option.values.every((value) => value.id === null || (option.id !== null && optionOfValue.get(value.id) === option.id));
    if (!ownOption || !valuesOwn) errors.variants = "unknownValue";
  }
  input.variants.forEach((variant, k) => {
    if (variant.id !== null && !savedVariants.has(variant.id)) errors[variantFieldName(k, "combination")] = "unknownValue";
    if (taken.has(variant.sku.toLowerCase())) errors[variantFieldName(k, "sku")] = "skuTaken";
    if (variant.imageIds.some((id) => !imageIds.includes(id))) errors[variantFieldName(k, "imageId")] = "unknownImage";
  });
  if (Object.keys(errors).length > 0) throw new VariantsRefused(errors);

  // Options and values: removed ones go (their variants' combinations go with them below),
  // kept ones move to temporary positions first so the unique positions never clash midway.
  const keptOptions = input.options.flatMap((option) => (option.id === null ? [] : [option.id]));
  const keptValues = input.options.flatMap((option) => option.values.flatMap((value) => (value.id === null ? [] : [value.id])));
  const keptVariants = input.variants.flatMap((variant) => (variant.id === null ? [] : [variant.id]));
  await deleteVariants(db, productId, keptVariants);
  await deleteOptions(db, productId, keptOptions);
  await deleteValues(db, keptOptions, keptValues);
  for (const [index, id] of keptOptions.entries()) await updateOption(db, id, { position: -(index + 1) });
  for (const [index, id] of keptValues.entries()) await updateValue(db, id, { position: -(index + 1) });

  const idOfKey = new Map<string, number>();
  for (const [position, option] of input.options.entries()) {
    const columns = { position, name_ar: option.names.ar, name_en: option.names.en, name_fr: option.names.fr };
    const optionId = option.id ?? (await insertOption(db, { product_id: productId, ...columns }));
    if (option.id !== null) await updateOption(db, option.id, columns);
    for (const [valuePosition, value] of option.values.entries()) {
      const valueColumns = {
        position: valuePosition,
        name_ar: value.names.ar,
        name_en: value.names.en,
        name_fr: value.names.fr,
        swatch: value.swatch,
      };
      const valueId = value.id ?? (await insertValue(db, { option_id: optionId, ...valueColumns }));
      if (value.id !== null) await updateValue(db, value.id, valueColumns);
      idOfKey.set(value.key, valueId);
    }
  }

  // Variants: kept ones first take a temporary combination and SKU, so exchanging two of them
  // never meets the unique indexes midway; then each gets its own.
  const now = nowIso();
  for (const id of keptVariants) await updateVariant(db, id, { combination: `~${id}`, sku: `~${id}` });
  const images = new Map<number, number[]>();
  try {
    for (const [position, variant] of input.variants.entries()) {
      const columns = {
        position,
        combination: combinationKey(variant.valueKeys.map((key) => idOfKey.get(key)!)),
        sku: variant.sku,
        price: variant.price,
        compare_at_price: variant.compareAtPrice,
        stock_quantity: variant.stockQuantity,
        low_stock_threshold: variant.lowStockThreshold,
        is_active: variant.active,
        updated_at: now,
      };
      const variantId = variant.id ?? (await insertVariant(db, { product_id: productId, ...columns, created_at: now }));
      if (variant.id !== null) await updateVariant(db, variant.id, columns);
      images.set(variantId, variant.imageIds);
    }
  } catch (error) {
    // Another product's save took one of these SKUs after the check above.
    if (isUniqueViolation(error)) {
      const fresh = await selectSkusTakenElsewhere(
        db,
        productId,
        input.variants.map((variant) => variant.sku),
      ).catch(() => new Set<string>());
      const fieldErrors: Partial<Record<VariantFieldName, VariantErrorKey>> = {};
      input.variants.forEach((variant, k) => {
        if (fresh.has(variant.sku.toLowerCase())) fieldErrors[variantFieldName(k, "sku")] = "skuTaken";
      });
      throw new VariantsRefused(Object.keys(fieldErrors).length > 0 ? fieldErrors : { variants: "skuTaken" });
    }
    throw error;
  }
  await replaceVariantImages(db, images);

  const hasVariants = input.options.length > 0;
  const stock = input.variants.filter((variant) => variant.active).reduce((sum, variant) => sum + variant.stockQuantity, 0);
  await updateProductVariantState(db, productId, hasVariants, hasVariants ? stock : null);
}
