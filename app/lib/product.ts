import { variantUrl } from "./images";

/** What a storefront page needs to show a product image (main image, gallery item). */
export interface ProductImageData {
  /** The image URL; when `widths` is not empty, the base of its WebP variants (see ResponsiveImage). */
  src: string;
  width: number;
  height: number;
  alt: string;
  /** Widths (px) of the WebP variants available for this image; empty = only `src`. */
  widths: number[];
}

/** A product as every card and grid shows it. */
export interface ProductCardData {
  id: string;
  slug: string;
  /** In the shopper's language when the product has one, else the Arabic title. */
  title: string;
  /** Always the Arabic title (the cart keeps it). */
  titleAr: string;
  description: string;
  price: number;
  /** The compare-at price, only when it is above 0. */
  originalPrice: number | null;
  image: ProductImageData | null;
  inStock: boolean;
  stockQuantity: number;
  lowStockThreshold: number;
  hasVariants: boolean;
  /** True when its active variants' prices differ: `price` is then the lowest, shown as "from X". */
  priceFrom?: boolean;
  /** The variant the card opens the product page with (`?variant=`), when a list points at one. */
  variantId?: number;
}

/**
 * The price a card shows and whether it reads "from X": the lowest of the active variants'
 * prices when the product has some (they may all differ from the product's own), else its price.
 */
export function cardPrice(price: number, variantPrices: { min: number | null; max: number | null }): { price: number; priceFrom: boolean } {
  const { min, max } = variantPrices;
  if (min === null || max === null) return { price, priceFrom: false };
  return { price: min, priceFrom: min < max };
}

/** Rounded percent of (original − price) / original, only when original > price. */
export function discountPercent(price: number, originalPrice: number | null | undefined): number | null {
  if (!originalPrice || originalPrice <= price || originalPrice <= 0) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

export type StockStatus = "out" | "low" | "available";

/** Out: quantity 0 or less, or in_stock false. Low: at or below the threshold (default 5). */
export function stockStatus(product: { inStock: boolean; stockQuantity: number; lowStockThreshold?: number }): StockStatus {
  if (!product.inStock || product.stockQuantity <= 0) return "out";
  if (product.stockQuantity <= (product.lowStockThreshold ?? 5)) return "low";
  return "available";
}

/** The shopper sees "بقي {n} فقط!" when 20 or fewer remain. */
export const FEW_LEFT_LIMIT = 20;

/** How many are left to show on the badge, or null when no badge applies (out of stock has its own). */
export function fewLeft(product: { inStock: boolean; stockQuantity: number }): number | null {
  if (!product.inStock || product.stockQuantity <= 0) return null;
  return product.stockQuantity <= FEW_LEFT_LIMIT ? product.stockQuantity : null;
}

/** A product's public page: /products/{slug}, or its id when it has no slug. */
export function productPath(product: { slug?: string | null; id: string | number }): string {
  const key = product.slug && product.slug.trim() !== "" ? product.slug : String(product.id);
  return `/products/${encodeURIComponent(key)}`;
}

/** The sharpest version of an image (the zoom viewer, the magnifier and share previews draw it large). */
export function largestImageUrl(image: ProductImageData): string {
  return image.widths.length > 0 ? variantUrl(image.src, Math.max(...image.widths)) : image.src;
}

/** The image a share preview (Open Graph) shows: the sharpest variant, with its drawn size. */
export function shareImage(image: ProductImageData): { url: string; width: number; height: number; alt: string } {
  const width = image.widths.length > 0 ? Math.max(...image.widths) : image.width;
  return { url: largestImageUrl(image), width, height: Math.round((width * image.height) / image.width), alt: image.alt };
}

/**
 * A product page's address after a picker's choice (`choice`: selectionQuery's "?variant=…",
 * "?o1=2&…" or "?"): the page's other parameters kept, its previous choice replaced.
 */
export function searchWithChoice(search: string, choice: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (key === "variant" || /^o\d+$/.test(key)) params.delete(key);
  for (const [key, value] of new URLSearchParams(choice)) params.append(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}
