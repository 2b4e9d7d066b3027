import type { ProductImageData } from "~/lib/product";

interface Props {
  image: ProductImageData;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** Above the fold (e.g. the product page's main image): load eagerly with high priority. */
  priority?: boolean;
  className?: string;
}

/** A sized image (no layout shift), lazy unless it is the page's main image. */
export function ResponsiveImage({ image, sizes, priority = false, className }: Props) {
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      sizes={sizes}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : "auto"}
      className={className}
    />
  );
}
