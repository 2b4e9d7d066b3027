import type { ProductOption, ProductVariant, ProductVariants } from "~/lib/variants";
import { toBool } from "../db/types.server";
import type { VariantRowsJson } from "./product.repo.server";

/**
 * A product's options and variants (docs/decisions/0028-product-variants.md), put together from
 * the flat rows the product query aggregates: options and values in the merchant's order,
 * variants in theirs, each with its value ids (from its combination key) and its pictures' ids.
 */
export function variantsFromRows(rows: VariantRowsJson): ProductVariants {
  const options: ProductOption[] = [...rows.options]
    .sort((a, b) => a.position - b.position)
    .map((option) => ({
      id: option.id,
      names: { ar: option.name_ar, en: option.name_en, fr: option.name_fr },
      values: rows.values
        .filter((value) => value.option_id === option.id)
        .sort((a, b) => a.position - b.position)
        .map((value) => ({ id: value.id, names: { ar: value.name_ar, en: value.name_en, fr: value.name_fr }, swatch: value.swatch })),
    }));
  const variants: ProductVariant[] = [...rows.variants]
    .sort((a, b) => a.position - b.position)
    .map((variant) => ({
      id: variant.id,
      valueIds: variant.combination.split("-").map(Number),
      sku: variant.sku,
      price: variant.price,
      compareAtPrice: variant.compare_at_price,
      stockQuantity: variant.stock_quantity,
      lowStockThreshold: variant.low_stock_threshold,
      imageIds: rows.variant_images
        .filter((image) => image.variant_id === variant.id)
        .sort((a, b) => a.position - b.position)
        .map((image) => image.image_id),
      active: toBool(variant.is_active),
    }));
  return { options, variants };
}
