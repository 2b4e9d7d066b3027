/**
 * The Meta (Facebook) Pixel, when the shop sets META_PIXEL_ID: the part every page loads. Events
 * wait here (at most MAX_PENDING, the first ones) until the pixel's loader (pixel-loader.ts,
 * fetched only when the shop has a pixel) takes them, or are dropped for good once
 * `disablePixel` says there is none. Nothing here runs on the server.
 * See docs/decisions/0039-pixel-events-and-queue.md.
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

/** At most this many events wait; later ones are dropped (the first ones, PageView and ViewContent, matter most). */
export const MAX_PENDING = 50;

type PixelSink = (event: PixelEvent, params?: PixelParams) => void;
/** Where events go: nowhere yet (they wait), nowhere ever (`false`: no pixel), or the loader's. */
let sink: PixelSink | null | false = null;
let pending: [PixelEvent, PixelParams | undefined][] = [];

/** Sends a standard event to the pixel; does nothing without one (or on the server). */
export function trackPixel(event: PixelEvent, params?: PixelParams): void {
  if (typeof window === "undefined" || sink === false) return;
  if (sink) sink(event, params);
  else if (pending.length < MAX_PENDING) pending.push([event, params]);
}

/** The loader takes over: what waited goes to `next`, in order (or is dropped: `false`). */
export function connectPixel(next: PixelSink | false): void {
  sink = next;
  const waiting = pending;
  pending = [];
  if (next) for (const [event, params] of waiting) next(event, params);
}

/** No pixel on this shop: drop what waits and ignore every later event. */
export function disablePixel(): void {
  connectPixel(false);
}

/** Test hook: back to the first-visit state. */
export function resetPixelForTests(): void {
  sink = null;
  pending = [];
}
