import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import { largestImageUrl, type ProductImageData } from "~/lib/product";
import { MAGNIFIER_BACKGROUND_SIZE, magnifierPosition, MOBILE_BREAKPOINT_PX } from "~/lib/zoom";

// The full-screen viewer is only downloaded when a phone user taps the image.
const ZoomViewer = lazy(() => import("./ZoomViewer"));

const MAIN_IMAGE_SIZES = "(min-width: 768px) 50vw, 100vw";

/**
 * The product's images: the main one with a hover magnifier on desktop
 * (background at 250 %) and, below 768 px, a tap that opens the full-screen viewer.
 */
export function ProductGallery({ images, title }: { images: ProductImageData[]; title: string }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const [lens, setLens] = useState<{ x: number; y: number } | null>(null);
  const [viewerOpen, setViewerOpen] = useState(false);
  const image = images[selected] ?? images[0];

  if (!image) {
    return <div className="flex aspect-square items-center justify-center rounded-xl bg-stone-100 text-stone-400">{t("catalog.card.noImage")}</div>;
  }
  const zoomSrc = largestImageUrl(image);
  const isPhone = () => window.innerWidth < MOBILE_BREAKPOINT_PX;

  return (
    <div>
      <div
        className="relative aspect-square overflow-hidden rounded-xl bg-white ring-1 ring-stone-200"
        onMouseMove={(event) => {
          if (isPhone()) return;
          setLens(magnifierPosition({ x: event.clientX, y: event.clientY }, event.currentTarget.getBoundingClientRect()));
        }}
        onMouseLeave={() => setLens(null)}
        data-testid="gallery-main"
      >
        <button
          type="button"
          className="block size-full cursor-zoom-in"
          onClick={() => isPhone() && setViewerOpen(true)}
          aria-label={t("catalog.product.openViewer")}
        >
          <ResponsiveImage image={image} sizes={MAIN_IMAGE_SIZES} priority className="size-full object-contain" />
        </button>
        {lens && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-white bg-no-repeat"
            style={{
              backgroundImage: `url("${zoomSrc}")`,
              backgroundSize: MAGNIFIER_BACKGROUND_SIZE,
              backgroundPosition: `${lens.x}% ${lens.y}%`,
            }}
            data-testid="magnifier"
          />
        )}
      </div>
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label={t("catalog.product.gallery")}>
          {images.map((thumb, index) => (
            <li key={thumb.src}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={t("catalog.product.showImage", { index: index + 1 })}
                aria-current={index === selected}
                className={`block size-16 overflow-hidden rounded-lg ring-2 ${index === selected ? "ring-brand-600" : "ring-transparent"}`}
              >
                <ResponsiveImage image={thumb} sizes="64px" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewerOpen && (
        <Suspense fallback={null}>
          <ZoomViewer image={{ ...image, alt: image.alt || title }} src={zoomSrc} onClose={() => setViewerOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
