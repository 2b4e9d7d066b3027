import {
  findVariant,
  isSellable,
  missingOptions,
  nameIn,
  priceRange,
  variantCompareAtPrice,
  variantLabel,
  variantPrice,
  type ProductVariants,
  type Selection,
} from "./variants";

/** What a product page's choice reads of its product. */
export interface ChoosableProduct {
  price: number;
  originalPrice: number | null;
  inStock: boolean;
  stockQuantity: number;
  images: { id: number }[];
  variants: ProductVariants;
}

/**
 * What a product page shows for the shopper's choice: made by the loader for the server's page
 * and by the pickers at each choice, so the page's first load carries none of the variant rules.
 */
export interface VariantView {
  /** [option id, value id] pairs. */
  selection: [number, number][];
  /** The chosen variant, once the choice names one. */
  variant: { id: number; label: string; sku: string } | null;
  /** The variant's price; before a choice, the lowest ("from" when the variants' prices differ). */
  price: number;
  priceFrom: boolean;
  /** The compare-at price, only when above the price. */
  originalPrice: number | null;
  inStock: boolean;
  stockQuantity: number;
  /** Whether it can be bought now (for a product with variants and no choice yet: whether one can). */
  available: boolean;
  /** The first option still to choose, named in the page's language. */
  missing: string | null;
  /** The gallery's image ids in order: the variant's pictures first. */
  imageIds: number[];
}

export function variantView(product: ChoosableProduct, selection: Selection, language: string): VariantView {
  const { options, variants } = product.variants;
  const imageIds = product.images.map((image) => image.id);
  const hasOptions = options.length > 0;
  const variant = hasOptions ? findVariant(options, variants, selection) : undefined;
  const range = hasOptions ? priceRange(product, variants) : null;
  const price = variant ? variantPrice(product, variant) : (range?.min ?? product.price);
  const compareAt = variant ? variantCompareAtPrice({ compareAtPrice: product.originalPrice ?? 0 }, variant) : (product.originalPrice ?? 0);
  const missing = hasOptions && !variant ? (missingOptions(options, selection)[0] ?? options[0]!) : null;
  const own = variant ? variant.imageIds.filter((id) => imageIds.includes(id)) : [];
  return {
    selection: [...selection],
    variant: variant ? { id: variant.id, label: variantLabel(options, variant, language), sku: variant.sku } : null,
    price,
    priceFrom: !variant && range !== null && range.min < range.max,
    originalPrice: compareAt > price ? compareAt : null,
    inStock: variant ? isSellable(variant) : product.inStock,
    stockQuantity: variant ? variant.stockQuantity : product.stockQuantity,
    available: hasOptions ? (variant ? isSellable(variant) : variants.some(isSellable)) : product.inStock && product.stockQuantity > 0,
    missing: missing ? nameIn(missing.names, language) : null,
    imageIds: [...own, ...imageIds.filter((id) => !own.includes(id))],
  };
}
