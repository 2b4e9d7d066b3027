/** Full-screen image viewer limits: the zoom range, a button's step and a pinch's rate. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;
export const ZOOM_BUTTON_STEP = 0.5;
export const ZOOM_PINCH_PER_PIXEL = 0.01;
/** Below this width a tap opens the full-screen viewer; above it, hovering magnifies. */
export const MOBILE_BREAKPOINT_PX = 768;
/** The desktop magnifier draws the image at 250 % behind the cursor. */
export const MAGNIFIER_BACKGROUND_SIZE = "250%";

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MIN_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 100) / 100));
}

/** The zoom after a + (1) or − (−1) button press. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  return clampZoom(zoom + direction * ZOOM_BUTTON_STEP);
}

/** The zoom after a pinch that changed the distance between two fingers by `deltaPixels`. */
export function pinchZoom(zoom: number, deltaPixels: number): number {
  return clampZoom(zoom + deltaPixels * ZOOM_PINCH_PER_PIXEL);
}

/** Where the cursor is over an element, in percent, for the magnifier's background position. */
export function magnifierPosition(
  pointer: { x: number; y: number },
  box: { left: number; top: number; width: number; height: number },
): { x: number; y: number } {
  const clamp = (v: number) => Math.min(100, Math.max(0, v));
  return {
    x: clamp(((pointer.x - box.left) / box.width) * 100),
    y: clamp(((pointer.y - box.top) / box.height) * 100),
  };
}
