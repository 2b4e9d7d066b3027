/**
 * Page JavaScript waits for the page's main image (decision 0018).
 *
 * React Router writes `<link rel="modulepreload">` for every module of the first page and one
 * inline `<script type="module">` that imports them and starts hydration. A browser fetches all of
 * them at once, at high priority, while it also fetches the stylesheet, the fonts and the page's
 * main image (the Largest Contentful Paint): on a slow mobile link the page's whole JavaScript
 * shares the bandwidth with the image the shopper is waiting for.
 *
 * This rewrite of the HTML stream (entry.server.tsx) holds the JavaScript back until the page has
 * shown its main image:
 * - the module preloads leave the HTML;
 * - React Router's module script keeps its place and content but gets an inert type
 *   (DEFERRED_MODULE_TYPE);
 * - a small inline script right after it (`loadPageScripts`, same CSP nonce) waits until every
 *   high-priority image (`<img fetchpriority="high">`: ResponsiveImage with `priority`) is on
 *   screen (the first contentful paint on a page without one), or DEFERRED_SCRIPTS_MAX_WAIT_MS,
 *   or the shopper's first tap or key, whichever comes first; then it adds the preloads and puts
 *   a live copy of the module script in place of the inert one. From there React Router hydrates
 *   as usual.
 *
 * The image and text get the link to themselves; hydration comes later, by about the time the
 * image takes to show (decision 0018 has the measured figures). Forms and links work before
 * hydration (server-rendered, progressive enhancement), and the first tap starts it at once.
 *
 * Shop pages only: the admin area keeps React Router's scripts as they are (`deferPageScripts`).
 *
 * When React Router's markup is not found (a different version writes it differently), the page
 * keeps its module script as it is: it hydrates, without the preloads. The Chromium test
 * (tests/e2e/deferred-scripts.test.ts) fails in that case.
 */
import { Transform } from "node:stream";
import { isAdminPath } from "~/lib/admin-auth";

/** The type the module script carries until the loader runs it: browsers neither fetch nor run it. */
export const DEFERRED_MODULE_TYPE = "text/souq-deferred-module";

/** Longest wait for the main image before the JavaScript loads anyway (an image on a stalled connection). */
export const DEFERRED_SCRIPTS_MAX_WAIT_MS = 3000;

/** React's serialization of React Router's preloads and module script (<Scripts />). */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HREF = /\shref="([^"]*)"/;
/** The opening tag of React Router's inline module script (attributes in any order; it has no src). */
const ROUTER_MODULE_SCRIPT_OPEN = /<script(?=[^>]*\stype="module")(?![^>]*\ssrc=)[^>]*>/;
const SCRIPT_CLOSE = "</script>";
const NONCE = /\snonce="([^"]*)"/;

/**
 * Runs in the browser: serialized with Function.prototype.toString into the page, so it must stay
 * self-contained (no imports, no outer variables; only its arguments and browser globals).
 *
 * "Shown" means presented on screen: Element Timing entries (the images carry `elementtiming`,
 * see ResponsiveImage) and the first-contentful-paint entry arrive once the frame is presented.
 * Where the browser has no Element Timing, a decoded image plus one painted frame stands for it.
 */
function loadPageScripts(preloads: string[], maxWaitMs: number): void {
  const deferred = document.currentScript?.previousElementSibling;
  if (!(deferred instanceof HTMLScriptElement)) return;
  const interactions = ["pointerdown", "keydown", "touchstart"];
  let started = false;
  // A few preloads per task: starting a fetch costs the main thread up to half a millisecond on a
  // fast machine, and two dozen in one go made a task long enough to delay a tap on a slow phone.
  const preloadsPerTask = 6;
  const addPreloads = (from: number): void => {
    for (const href of preloads.slice(from, from + preloadsPerTask)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    if (from + preloadsPerTask < preloads.length) {
      setTimeout(addPreloads, 0, from + preloadsPerTask);
      return;
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = deferred.nonce;
    script.textContent = deferred.textContent;
    deferred.replaceWith(script);
  };
  const start = (): void => {
    if (started) return;
    started = true;
    for (const type of interactions) removeEventListener(type, start, true);
    addPreloads(0);
  };
  for (const type of interactions) addEventListener(type, start, { capture: true, passive: true });
  setTimeout(start, maxWaitMs);

  // requestAnimationFrame runs before the next paint; a task queued from it runs after that paint.
  const afterNextFrame = (): void => void requestAnimationFrame(() => setTimeout(start, 0));
  const observable = typeof PerformanceObserver === "function" ? PerformanceObserver.supportedEntryTypes : [];
  const observe = (type: string, done: (entry: PerformanceEntry) => boolean): void => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(done)) {
        observer.disconnect();
        start();
      }
    });
    observer.observe({ type, buffered: true });
  };
  const images = Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'));
  if (images.length === 0) {
    // No main image: once the first text or image is on screen.
    if (observable.includes("paint")) observe("paint", (entry) => entry.name === "first-contentful-paint");
    else afterNextFrame();
  } else if (observable.includes("element")) {
    const waiting = new Set<Element>(images);
    const shown = (image: Element | null): boolean => {
      if (image) waiting.delete(image);
      return waiting.size === 0;
    };
    observe("element", (entry) => shown((entry as PerformanceEntry & { element: Element | null }).element));
    // An image that fails to load is never shown: stop waiting for it.
    for (const image of images) image.decode().catch(() => shown(image) && start());
  } else {
    void Promise.all(images.map((image) => image.decode().catch(() => undefined))).then(afterNextFrame);
  }
}

/** How the loader's inline script calls it: `(function loadPageScripts(…) {…}).apply(null,[preloads, maxWaitMs])`. */
const LOADER_START = `(function ${loadPageScripts.name}(`;
const LOADER_APPLY = ").apply(null,";
/** The loader's text, serialized once (not on every render). */
const LOADER_SOURCE = loadPageScripts.toString();

function loaderScript(nonce: string | undefined, preloads: string[]): string {
  // JSON in a <script>: "<" escaped so no string can close the element.
  const args = JSON.stringify([preloads, DEFERRED_SCRIPTS_MAX_WAIT_MS]).replace(/</g, "\\u003c");
  const nonceAttribute = nonce === undefined ? "" : ` nonce="${nonce}"`;
  return `<script${nonceAttribute}>(${LOADER_SOURCE}${LOADER_APPLY}${args})</script>`;
}

/**
 * The module preloads the loader adds, read back from its inline script's content (undefined for
 * any other script): `npm run bench` and the budget test count them as the page's preloads. Only
 * the call's shape is relied on: the function's text differs between the build and the tools.
 */
export function deferredPreloadsOf(scriptContent: string): string[] | undefined {
  const apply = scriptContent.lastIndexOf(LOADER_APPLY);
  if (!scriptContent.startsWith(LOADER_START) || apply === -1 || !scriptContent.endsWith(")")) return undefined;
  try {
    const [preloads] = JSON.parse(scriptContent.slice(apply + LOADER_APPLY.length, -1)) as [unknown, unknown];
    return Array.isArray(preloads) && preloads.every((href) => typeof href === "string") ? preloads : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The rewrite over a document arriving in pieces: `push` each decoded piece, then `end`. Returns
 * the text to send so far; a tag cut by a piece boundary is held until it is whole.
 *
 * `bytes: true`: the pieces are the document's UTF-8 bytes read as latin1 (one character per
 * byte), and so is what comes out. Everything the rewrite looks for is ASCII, so it finds the
 * same tags; only the preloads' addresses are read back as UTF-8 and the loader script written
 * as UTF-8. deferPageScripts works this way: decoding a whole page from UTF-8 and encoding it
 * again cost more than the rewrite itself (docs/decisions/0038-render-costs.md).
 */
export class PageScriptsRewriter {
  private readonly preloads: string[] = [];
  private pending = "";
  private rewritten = false;
  private readonly bytes: boolean;

  constructor(options: { bytes?: boolean } = {}) {
    this.bytes = options.bytes ?? false;
  }

  push(piece: string): string {
    let text = this.pending + piece;
    this.pending = "";
    if (this.rewritten) return text;
    const openTag = ROUTER_MODULE_SCRIPT_OPEN.exec(text);
    if (openTag === null) {
      // Hold back a tag still open at the end ("<link rel=…" or "<script type=…" cut short).
      const lastTag = text.lastIndexOf("<");
      if (lastTag !== -1 && !text.includes(">", lastTag)) {
        this.pending = text.slice(lastTag);
        text = text.slice(0, lastTag);
      }
      return this.takePreloads(text);
    }
    const open = openTag.index;
    const close = text.indexOf(SCRIPT_CLOSE, open);
    if (close === -1) {
      this.pending = text.slice(open);
      return this.takePreloads(text.slice(0, open));
    }
    const end = close + SCRIPT_CLOSE.length;
    const inertTag = openTag[0].replace(' type="module"', ` type="${DEFERRED_MODULE_TYPE}"`).replace(' async=""', "");
    const inert = `${inertTag}${text.slice(open + openTag[0].length, end)}`;
    this.rewritten = true;
    // The preloads before the script first: the loader lists them all.
    const before = this.takePreloads(text.slice(0, open));
    const loader = loaderScript(NONCE.exec(openTag[0])?.[1], this.preloads);
    return `${before}${inert}${this.bytes ? Buffer.from(loader).toString("latin1") : loader}${text.slice(end)}`;
  }

  end(): string {
    const rest = this.pending;
    this.pending = "";
    return rest;
  }

  /** Whether the module script was found and deferred (false: the document is passed on as written). */
  get deferred(): boolean {
    return this.rewritten;
  }

  private takePreloads(text: string): string {
    return text.replace(MODULE_PRELOAD, (tag) => {
      const href = HREF.exec(tag)?.[1];
      if (href === undefined) return tag;
      this.preloads.push(decodeAttribute(this.bytes ? Buffer.from(href, "latin1").toString() : href));
      return "";
    });
  }
}

/** The few entities React writes in an attribute value. */
function decodeAttribute(value: string): string {
  return value.replace(/&quot;|&#x27;|&lt;|&gt;|&amp;/g, (entity) =>
    entity === "&quot;" ? '"' : entity === "&#x27;" ? "'" : entity === "&lt;" ? "<" : entity === "&gt;" ? ">" : "&",
  );
}

/**
 * The stream between React's renderer and the response for the document at `pathname` (UTF-8 in,
 * UTF-8 out): the rewrite on shop pages, a plain pass-through in the admin area.
 *
 * Either way, what React writes in one go comes out as one chunk (`coalesceWrites`): React
 * flushes a document in 2 KB pieces, all at once, and every piece used to travel alone through
 * this stream, the Fetch stream React Router returns and the response, each step with its own
 * promise, callbacks and encoding. Written together, the shell of a page costs that journey
 * once (docs/decisions/0038-render-costs.md). Streaming is unchanged: a later flush (a Suspense
 * boundary resolving) goes out as soon as React writes it.
 */
export function deferPageScripts(pathname: string): Transform {
  // The admin area has no main image to wait for, and the merchant uses its controls at once.
  if (isAdminPath(pathname)) return coalesceWrites((bytes) => bytes);
  const rewriter = new PageScriptsRewriter({ bytes: true });
  const encoded = (text: string) => (text.length > 0 ? Buffer.from(text, "latin1") : undefined);
  return coalesceWrites(
    (bytes) => encoded(rewriter.push(bytes.toString("latin1"))),
    () => encoded(rewriter.end()),
  );
}

/**
 * A Transform that gathers every chunk written during the same tick and hands them, joined, to
 * `rewrite` once the writer has finished (process.nextTick), then passes on what it returns.
 * `end` returns what is left when the input ends.
 */
export function coalesceWrites(rewrite: (bytes: Buffer) => Buffer | undefined, end?: () => Buffer | undefined): Transform {
  let held: Buffer[] = [];
  const release = (stream: Transform): void => {
    if (held.length === 0) return;
    const bytes = held.length === 1 ? held[0]! : Buffer.concat(held);
    held = [];
    const out = rewrite(bytes);
    if (out && out.length > 0) stream.push(out);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (held.length === 0) process.nextTick(release, this);
      held.push(chunk);
      callback();
    },
    flush(callback) {
      release(this);
      const rest = end?.();
      callback(null, rest && rest.length > 0 ? rest : undefined);
    },
  });
}
