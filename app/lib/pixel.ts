/**
 * The Meta (Facebook) Pixel, when the shop sets META_PIXEL_ID. Nothing here runs on
 * the server; in the browser every call is a no-op until `initPixel` installs the
 * pixel, and for good once `disablePixel` says there is none (no script, no request).
 * Events sent before the pixel is installed (a product page's ViewContent runs its
 * effect before the root's) wait in a short queue.
 */

export type PixelEvent = "PageView" | "ViewContent" | "AddToCart" | "InitiateCheckout" | "Lead" | "Purchase";

export interface PixelParams {
  content_ids?: string[];
  content_type?: "product" | "product_group";
  content_name?: string;
  contents?: { id: string; quantity: number }[];
  num_items?: number;
  /** Amount in whole dinars. */
  value?: number;
  /** Always DZD: the shop sells in Algerian dinars. */
  currency?: "DZD";
  [key: string]: unknown;
}

type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[][];
  callMethod?: (...args: unknown[]) => void;
  loaded?: boolean;
  version?: string;
  push?: unknown;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/**
 * The id the pixel knows a line by: its variant's SKU when it is a variant (the catalogue a
 * merchant gives Meta lists variants by SKU), else the product's id.
 */
export function pixelContentId(line: { productId: string; sku?: string | undefined }): string {
  return line.sku || line.productId;
}

export const PIXEL_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";
const MAX_PENDING = 20;

let state: "unknown" | "on" | "off" = "unknown";
let pending: [PixelEvent, PixelParams | undefined][] = [];

/** Sends a standard event to the pixel; does nothing without one (or on the server). */
export function trackPixel(event: PixelEvent, params?: PixelParams): void {
  if (typeof window === "undefined" || state === "off") return;
  if (state === "unknown") {
    if (pending.length < MAX_PENDING) pending.push([event, params]);
    return;
  }
  if (params) window.fbq?.("track", event, params);
  else window.fbq?.("track", event);
}

/** No pixel on this shop: drop what waits and ignore every later event. */
export function disablePixel(): void {
  state = "off";
  pending = [];
}

/**
 * Installs Meta's standard stub (which queues calls until fbevents.js arrives), loads
 * the script asynchronously, initialises the pixel, sends the first PageView, then
 * what waited. Called once, after hydration.
 */
export function initPixel(pixelId: string): void {
  if (typeof window === "undefined" || state !== "unknown") return;
  if (!window.fbq) {
    const fbq: Fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue!.push(args);
    } as Fbq;
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = "2.0";
    fbq.queue = [];
    window.fbq = fbq;
    window._fbq ??= fbq;
    const script = document.createElement("script");
    script.async = true;
    script.src = PIXEL_SCRIPT_URL;
    document.head.appendChild(script);
  }
  state = "on";
  window.fbq!("init", pixelId);
  window.fbq!("track", "PageView");
  const waiting = pending;
  pending = [];
  for (const [event, params] of waiting) trackPixel(event, params);
}

/** Test hook: back to the first-visit state. */
export function resetPixelForTests(): void {
  state = "unknown";
  pending = [];
}
