import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { disablePixel, initPixel, trackPixel } from "~/lib/pixel";

/**
 * The Meta Pixel: nothing at all without an id (no script, no request). With one, the
 * script is added after hydration (never render-blocking) and every client-side
 * navigation sends a PageView (the first one is sent by initPixel).
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
      initPixel(pixelId);
      return;
    }
    trackPixel("PageView");
  }, [pixelId, location.pathname, location.search]);
  return null;
}
