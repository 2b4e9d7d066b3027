import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { ProductImageData } from "~/lib/product";
import { MIN_ZOOM, pinchZoom, stepZoom } from "~/lib/zoom";

/**
 * Full-screen image viewer for phones: zoom 1x–3x with buttons (step 0.5) or a
 * pinch (0.01 per pixel), reset and close (also with Escape). Loaded on demand.
 */
export default function ZoomViewer({ image, src, onClose }: { image: ProductImageData; src: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const pinchDistance = useRef<number | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);

  const distance = (touches: React.TouchList) => {
    const [a, b] = [touches[0], touches[1]];
    return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : null;
  };

  const button =
    "flex size-11 items-center justify-center rounded-full bg-white/15 text-xl font-bold text-white hover:bg-white/25 disabled:opacity-40";
  return (
    <div role="dialog" aria-modal="true" aria-label={image.alt} className="fixed inset-0 z-50 flex flex-col bg-black/95" data-testid="zoom-viewer">
      <div className="flex items-center justify-between gap-2 p-3 text-white">
        <span className="text-sm tabular-nums" data-testid="zoom-level" aria-live="polite">
          {t("catalog.product.zoomLevel", { level: zoom })}
        </span>
        <button
          ref={closeButton}
          type="button"
          onClick={onClose}
          className={button}
          aria-label={t("catalog.product.closeViewer")}
          data-testid="zoom-close"
        >
          ×
        </button>
      </div>
      <div
        className="flex flex-1 touch-none items-center justify-center overflow-hidden"
        onTouchStart={(event) => (pinchDistance.current = distance(event.touches))}
        onTouchMove={(event) => {
          const now = distance(event.touches);
          if (now === null || pinchDistance.current === null) return;
          const delta = now - pinchDistance.current;
          pinchDistance.current = now;
          setZoom((current) => pinchZoom(current, delta));
        }}
        onTouchEnd={() => (pinchDistance.current = null)}
      >
        <img
          src={src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          className="max-h-full max-w-full object-contain transition-transform duration-100"
          style={{ transform: `scale(${zoom})` }}
          data-testid="zoom-image"
        />
      </div>
      <div className="flex items-center justify-center gap-4 p-4">
        <button
          type="button"
          className={button}
          onClick={() => setZoom((z) => stepZoom(z, -1))}
          disabled={zoom <= MIN_ZOOM}
          aria-label={t("catalog.product.zoomOut")}
          data-testid="zoom-out"
        >
          −
        </button>
        <button
          type="button"
          className="rounded-full bg-white/15 px-4 py-2 text-sm text-white hover:bg-white/25"
          onClick={() => setZoom(MIN_ZOOM)}
          data-testid="zoom-reset"
        >
          {t("catalog.product.resetZoom")}
        </button>
        <button
          type="button"
          className={button}
          onClick={() => setZoom((z) => stepZoom(z, 1))}
          disabled={zoom >= 3}
          aria-label={t("catalog.product.zoomIn")}
          data-testid="zoom-in"
        >
          +
        </button>
      </div>
    </div>
  );
}
