import { defaultImageUrl, srcSetFor } from "~/lib/images";
import type { ProductImageData } from "~/lib/product";

interface Props {
  image: ProductImageData;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** Above the fold (e.g. the product page's main image): load eagerly with high priority. */
  priority?: boolean;
  className?: string;
}

/**
 * A product image: its WebP variants in `srcSet` (the browser picks one from `sizes`), the 640
 * variant as `src`; a plain image (no variants) as it is. Always sized by its intrinsic
 * width/height (the box is reserved before it loads: no layout shift), lazy unless `priority`.
 */
export function ResponsiveImage({ image, sizes, priority = false, className }: Props) {
  const srcSet = srcSetFor(image);
  return (
    <img
      src={defaultImageUrl(image)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : "auto"}
      // Element Timing reports when a high-priority image is on screen: the page's JavaScript
      // waits for that (app/server/http/deferred-scripts.server.ts).
      {...(priority ? { elementtiming: "main-image" } : {})}
      className={className}
    />
  );
}
