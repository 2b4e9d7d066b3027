/**
 * Responsive product images: the widths every uploaded image is re-encoded to
 * (WebP, by app/server/images/images.server.ts) and the URLs of those variants.
 * Pure, shared by the server (ingest, seed) and the browser (ResponsiveImage).
 *
 * An image with variants is stored as a base URL, e.g. /uploads/products/kitchen-blender-3f9a2c1d;
 * its variants are that base plus `-<width>.webp`. The base contains a hash of the
 * uploaded bytes, so a variant URL never changes content and is cached for a year.
 */

/** The fixed width ladder (px): phone card (1 or 2 columns), tablet/desktop card, product page main image. */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

/** The variant given as `src` (browsers without srcset support, and the default candidate). */
export const DEFAULT_IMAGE_WIDTH = 640;

/** The URL of the WebP variant of `width` px of an image stored at base URL `src`. */
export function variantUrl(src: string, width: number): string {
  return `${src}-${width}.webp`;
}

/** The `srcset` of an image with variants ("… 320w, … 640w, …"), or undefined when it has none. */
export function srcSetFor(image: { src: string; widths: readonly number[] }): string | undefined {
  if (image.widths.length === 0) return undefined;
  return [...image.widths]
    .sort((a, b) => a - b)
    .map((width) => `${variantUrl(image.src, width)} ${width}w`)
    .join(", ");
}

/**
 * The single URL to use where only one fits (`src`, Open Graph): the 640 variant,
 * else the nearest smaller one, else the smallest; the plain `src` without variants.
 */
export function defaultImageUrl(image: { src: string; widths: readonly number[] }): string {
  if (image.widths.length === 0) return image.src;
  const sorted = [...image.widths].sort((a, b) => a - b);
  const atMost = sorted.filter((width) => width <= DEFAULT_IMAGE_WIDTH);
  const width = atMost.length > 0 ? atMost[atMost.length - 1]! : sorted[0]!;
  return variantUrl(image.src, width);
}

/** `product_images.widths` ("320,640,960"; "" = a plain image) to a list of widths. */
export function parseImageWidths(text: string | null | undefined): number[] {
  if (!text) return [];
  return text
    .split(",")
    .map((part) => Number.parseInt(part.trim(), 10))
    .filter((width) => Number.isInteger(width) && width > 0);
}

/** A list of widths to its `product_images.widths` text. */
export function formatImageWidths(widths: readonly number[]): string {
  return widths.join(",");
}

/**
 * The readable part of an image's storage key: lower-case ASCII letters, digits and
 * single hyphens, at most 48 characters; "image" when nothing is left (an Arabic name).
 */
export function imageNameSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\.[a-z0-9]{2,5}$/, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return slug === "" ? "image" : slug;
}
