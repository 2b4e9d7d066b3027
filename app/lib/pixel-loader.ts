import { connectPixel, type PixelEvent, type PixelParams } from "./pixel";

/**
 * Meta's pixel script, loaded once the page is interactive, only on a shop with META_PIXEL_ID
 * (this module is fetched then, not with every page). The first PageView and the events sent
 * before (a product page's ViewContent) wait in pixel.ts until the script has run, then go in
 * order; if it has not run within PIXEL_WAIT_MS (an ad blocker, a dead network) or fails, they
 * are dropped, and later events too until it runs. A page that already has a pixel (window.fbq)
 * gets the events at once. See docs/decisions/0039-pixel-events-and-queue.md.
 */

export const PIXEL_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";
/** How long events wait for the script before they are dropped. */
export const PIXEL_WAIT_MS = 5000;

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

let started = false;
let giveUp: ReturnType<typeof setTimeout> | undefined;

function send(event: PixelEvent, params?: PixelParams): void {
  if (params) window.fbq?.("track", event, params);
  else window.fbq?.("track", event);
}

/** Installs Meta's standard stub, loads the script and initialises the pixel. Once per page. */
export function initPixel(pixelId: string): void {
  if (typeof window === "undefined" || started) return;
  started = true;
  if (window.fbq) {
    window.fbq("init", pixelId);
    send("PageView");
    connectPixel(send);
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
  let ran = false;
  let waiting = true;
  const stopWaiting = () => {
    if (!waiting) return;
    waiting = false;
    clearTimeout(giveUp);
    connectPixel((event, params) => ran && send(event, params));
  };
  const script = document.createElement("script");
  script.async = true;
  script.src = PIXEL_SCRIPT_URL;
  script.addEventListener("load", () => {
    ran = true;
    if (!waiting) return;
    waiting = false;
    clearTimeout(giveUp);
    send("PageView");
    connectPixel(send);
  });
  script.addEventListener("error", stopWaiting);
  giveUp = setTimeout(stopWaiting, PIXEL_WAIT_MS);
  document.head.appendChild(script);
}

/** Test hook: back to the first-visit state. */
export function resetPixelLoaderForTests(): void {
  clearTimeout(giveUp);
  started = false;
}
