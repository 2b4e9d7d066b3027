import { useState } from "react";
import type { ProductImageData } from "~/lib/product";
import {
  findVariant,
  isSellable,
  missingOptions,
  priceRange,
  variantCompareAtPrice,
  variantPrice,
  type ProductOption,
  type ProductVariant,
  type ProductVariants,
} from "~/lib/variants";

/** What the choice reads of the product page's product. */
interface ChoosableProduct {
  price: number;
  originalPrice: number | null;
  inStock: boolean;
  stockQuantity: number;
  images: (ProductImageData & { id: number })[];
  variants: ProductVariants;
}

/**
 * The shopper's choice of a variant on a product page and what follows from it: the price (the
 * lowest, "from", until a variant is chosen when the variants' prices differ), the compare-at
 * price, the stock, the gallery (the variant's pictures first) and the first option still missing.
 * The choice starts as the server read it from the address; `pick` changes it in place (the
 * pickers rewrite the address).
 */
export function useVariantChoice(product: ChoosableProduct, initial: readonly (readonly [number, number])[]) {
  const { options, variants } = product.variants;
  // A navigation to another choice (a shared link, back and forward) starts over from the server's.
  const initialKey = JSON.stringify(initial);
  const [seen, setSeen] = useState(initialKey);
  const [selection, setSelection] = useState<ReadonlyMap<number, number>>(() => new Map(initial));
  if (seen !== initialKey) {
    setSeen(initialKey);
    setSelection(new Map(initial));
  }

  const hasOptions = options.length > 0;
  const variant = hasOptions ? findVariant(options, variants, selection) : undefined;
  const range = hasOptions ? priceRange(product, variants) : null;
  const price = variant ? variantPrice(product, variant) : (range?.min ?? product.price);
  const compareAt = variant ? variantCompareAtPrice({ compareAtPrice: product.originalPrice ?? 0 }, variant) : (product.originalPrice ?? 0);
  const stock = variant
    ? { inStock: isSellable(variant), stockQuantity: variant.stockQuantity }
    : { inStock: product.inStock, stockQuantity: product.stockQuantity };
  const available = hasOptions ? (variant ? isSellable(variant) : variants.some(isSellable)) : product.inStock && product.stockQuantity > 0;
  const missing: ProductOption | null = hasOptions && !variant ? (missingOptions(options, selection)[0] ?? options[0]!) : null;

  return {
    options,
    variants,
    selection,
    variant,
    price,
    priceFrom: !variant && range !== null && range.min < range.max,
    originalPrice: compareAt > price ? compareAt : null,
    stock,
    available,
    missing,
    images: galleryOf(product.images, variant),
    /** A picker's choice: the page follows it in place; the variant it names, if any. */
    pick(next: Map<number, number>): ProductVariant | undefined {
      setSelection(next);
      return findVariant(options, variants, next);
    },
  };
}

/** The gallery of a variant: its own pictures first, then the product's others; the product's without one. */
function galleryOf<Image extends { id: number }>(images: Image[], variant: ProductVariant | undefined): Image[] {
  if (!variant || variant.imageIds.length === 0) return images;
  const own = variant.imageIds.map((id) => images.find((image) => image.id === id)).filter((image): image is Image => image !== undefined);
  return [...own, ...images.filter((image) => !variant.imageIds.includes(image.id))];
}
