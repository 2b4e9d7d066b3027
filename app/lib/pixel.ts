/**
 * The Meta (Facebook) Pixel, when the shop sets META_PIXEL_ID. Nothing here runs on
 * the server; in the browser every call is a no-op until `initPixel` installs the
 * pixel, and for good once `disablePixel` says there is none (no script, no request).
 * Events sent before the pixel's script has run wait in a short queue (see initPixel and
 * docs/decisions/0039-pixel-events-and-queue.md).
 */

export type PixelEvent =
  | "PageView"
  | "ViewContent"
  | "AddToCart"
  | "InitiateCheckout"
  | "Lead"
  | "Purchase"
  /** A choice on a product page: an option value, the quantity, a quantity offer or a bundle. */
  | "CustomizeProduct"
  /** The contact page's consultation link. */
  | "Schedule";

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

/**
 * CustomizeProduct: the shopper changed a choice on a product page (an option value, the quantity,
 * a quantity offer, a bundle); `value` is what the choice costs now, in whole dinars.
 */
export function trackCustomizeProduct(choice: { productId: string; sku?: string | undefined; quantity: number; value: number }): void {
  const id = pixelContentId(choice);
  trackPixel("CustomizeProduct", {
    content_ids: [id],
    content_type: "product",
    contents: [{ id, quantity: choice.quantity }],
    value: choice.value,
    currency: "DZD",
  });
}

export const PIXEL_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";
/** How long events wait for the script before they are dropped (an ad blocker, a dead network). */
export const PIXEL_WAIT_MS = 5000;
/** At most this many events wait; later ones are dropped (the first ones, PageView and ViewContent, matter most). */
export const MAX_PENDING = 50;

/**
 * - unknown: before `initPixel` (the root's effect runs after the page's own): events wait;
 * - loading: the script is requested: events wait until it has run, at most PIXEL_WAIT_MS;
 * - late: the wait is over and the script has not run: events are dropped until it does;
 * - on: the script has run: events go straight to it;
 * - off: the shop has no pixel: nothing is ever sent or kept.
 */
let state: "unknown" | "loading" | "late" | "on" | "off" = "unknown";
let pending: [PixelEvent, PixelParams | undefined][] = [];
let giveUp: ReturnType<typeof setTimeout> | undefined;

function send(event: PixelEvent, params: PixelParams | undefined): void {
  if (params) window.fbq?.("track", event, params);
  else window.fbq?.("track", event);
}

/** Sends a standard event to the pixel; does nothing without one (or on the server). */
export function trackPixel(event: PixelEvent, params?: PixelParams): void {
  if (typeof window === "undefined" || state === "off" || state === "late") return;
  if (state === "unknown" || state === "loading") {
    if (pending.length < MAX_PENDING) pending.push([event, params]);
    return;
  }
  send(event, params);
}

/** No pixel on this shop: drop what waits and ignore every later event. */
export function disablePixel(): void {
  state = "off";
  pending = [];
  clearTimeout(giveUp);
}

/** The script has run (its own fbq replaced the stub's queue): what waited goes, in order. */
function scriptLoaded(): void {
  if (state !== "loading" && state !== "late") return;
  clearTimeout(giveUp);
  state = "on";
  const waiting = pending;
  pending = [];
  for (const [event, params] of waiting) send(event, params);
}

/** The script failed or took too long: what waited is dropped, not kept without bound. */
function stopWaiting(): void {
  if (state !== "loading") return;
  clearTimeout(giveUp);
  state = "late";
  pending = [];
}

/**
 * Installs Meta's standard stub, loads the script asynchronously and initialises the pixel. The
 * first PageView and the events sent before (a product page's ViewContent) wait in this module,
 * not in the stub, until the script has run: then they go in order; if it has not run within
 * PIXEL_WAIT_MS (or fails) they are dropped, and later events too until it runs. A page that
 * already has a pixel (window.fbq) gets the events at once. Called once, after hydration.
 */
export function initPixel(pixelId: string): void {
  if (typeof window === "undefined" || state !== "unknown") return;
  pending.unshift(["PageView", undefined]);
  if (pending.length > MAX_PENDING) pending.length = MAX_PENDING;
  state = "loading";
  if (window.fbq) {
    window.fbq("init", pixelId);
    scriptLoaded();
    return;
  }
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
  // The stub keeps `init` for the script; it reads the stub's queue when it runs.
  fbq("init", pixelId);
  const script = document.createElement("script");
  script.async = true;
  script.src = PIXEL_SCRIPT_URL;
  script.addEventListener("load", scriptLoaded);
  script.addEventListener("error", stopWaiting);
  giveUp = setTimeout(stopWaiting, PIXEL_WAIT_MS);
  document.head.appendChild(script);
}

/** Test hook: back to the first-visit state. */
export function resetPixelForTests(): void {
  clearTimeout(giveUp);
  state = "unknown";
  pending = [];
}
