import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { disablePixel, trackPixel } from "~/lib/pixel";

/**
 * The Meta Pixel: nothing at all without an id (no script, no request, not even the loader's
 * code). With one, the loader is fetched after hydration and adds the script (never
 * render-blocking), and every client-side navigation sends a PageView (the first one is sent by
 * initPixel).
 */
export function MetaPixel({ pixelId }: { pixelId: string | null }) {
  const location = useLocation();
  const started = useRef(false);
  useEffect(() => {
    if (!pixelId) {
      disablePixel();
      return;
    }
    if (!started.current) {
      started.current = true;
      import("~/lib/pixel-loader").then(
        (loader) => loader.initPixel(pixelId),
        // Offline, or a new deployment: no pixel on this page, and nothing kept for it.
        () => disablePixel(),
      );
      return;
    }
    trackPixel("PageView");
  }, [pixelId, location.pathname, location.search]);
  return null;
}
