import { createHash } from "node:crypto";
import { oneAtATime } from "~/lib/one-at-a-time";
import { compressTemplate, splitNonceTemplate, type NonceTemplate, type TemplateEncoding } from "./nonce-template.server";

/**
 * Pages are compressed one at a time: a page's compression stream lives through one flush per
 * nonce position, and many pages compressing at once would hold that many encoders (with their
 * windows) alive together: the server's peak memory would grow with the number of concurrent
 * compressions (docs/decisions/0022-page-cache-nonces-and-keys.md; figures in docs/performance.md).
 */
const compressInTurn = oneAtATime();

/** The largest page kept, unless the cache is smaller: a page this size is a fault, not a shop page. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/**
 * The page cache: rendered HTML of public pages kept in this process for a few seconds, the way a
 * CDN would (decision 0014). A page whose response says `Cache-Control: public, s-maxage=N,
 * stale-while-revalidate=M` is rendered once and then served from memory to every visitor of the
 * same URL and variant (page-variant.server.ts) for N seconds, each response with a CSP nonce of
 * its own written into the kept bytes (nonce-template.server.ts). Then it is served stale for up
 * to M more seconds while one background render replaces it, so a busy page never makes a visitor
 * wait for a render.
 *
 * A page is kept as it was streamed to the visitor who missed it, after that response finished,
 * and compressed in an encoding only once a later visitor asks for it (`compressLater`): a miss
 * costs what an uncached render costs (docs/decisions/0036-page-cache-miss-path.md).
 *
 * A "not found" page (404) is kept the same way, for a few seconds (keptLifetime) and within its
 * own share of the bounds (`notFoundShare`), so missing addresses never evict a real page.
 *
 * `clear()` forgets every page after an admin change, in this process; other instances of a fleet
 * catch up within N seconds (page-cache-middleware.server.ts says what invalidates and why).
 */
export interface PageCacheOptions {
  /** Upper bound on entries and on their total size (plain bytes and those compressed since, and their keys). */
  maxEntries: number;
  maxBytes: number;
  /**
   * The share of both bounds that "not found" pages (status 404) may take, at most (default a
   * tenth): any address can be a 404, so junk addresses fill that share and never evict a real
   * page (docs/decisions/0038-render-costs.md).
   */
  notFoundShare?: number;
  now?: () => number;
}

/** A rendered page as the cache keeps it. */
export interface CachedPage {
  status: number;
  /** Response headers to replay (never Set-Cookie: such a response is not cached). */
  headers: Array<[string, string]>;
  /** The HTML in parts around its CSP nonce, plain and compressed: each response writes its own nonce. */
  template: NonceTemplate;
  /** A weak validator for If-None-Match (the page apart from its nonce). */
  readonly etag: string;
  /** How long it is served as is (s-maxage), then how long more while it is re-rendered (stale-while-revalidate). */
  freshMs: number;
  staleMs: number;
}

interface Entry {
  page: CachedPage;
  storedAt: number;
  /** The page's bytes and its key's. */
  bytes: number;
  pool: Pool;
}

/** Entries in least recently used order, and their bytes: the cache keeps real pages and 404s apart. */
interface Pool {
  entries: Map<string, Entry>;
  bytes: number;
  maxEntries: number;
  maxBytes: number;
}

const pool = (maxEntries: number, maxBytes: number): Pool => ({ entries: new Map(), bytes: 0, maxEntries, maxBytes });

export type Freshness = "fresh" | "stale";

/**
 * The render of one key, claimed by one caller: `done(page)` keeps the page (unless clear() ran
 * since the claim) and hands it to those waiting; `done(undefined)` keeps nothing, and those
 * waiting render their own. Only the first call counts.
 */
export interface PageRender {
  done(page: CachedPage | undefined): void;
}

export class PageCache {
  readonly #options: Required<PageCacheOptions>;
  /** Every kept page by key; each also sits in its pool, in least recently used order. */
  readonly #entries = new Map<string, Entry>();
  readonly #pages: Pool;
  readonly #notFound: Pool;
  readonly #inFlight = new Map<string, Promise<CachedPage | undefined>>();
  /** `encoding key` of the compressions queued or running (each once). */
  readonly #compressing = new Set<string>();
  #bytes = 0;
  /** Bumped by clear(): renders that started before it are not kept. */
  #epoch = 0;

  constructor(options: PageCacheOptions) {
    this.#options = { ...options, now: options.now ?? Date.now, notFoundShare: options.notFoundShare ?? 0.1 };
    const { maxEntries, maxBytes, notFoundShare } = this.#options;
    this.#pages = pool(maxEntries, maxBytes);
    this.#notFound = pool(Math.max(1, Math.floor(maxEntries * notFoundShare)), Math.floor(maxBytes * notFoundShare));
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The largest page (plain bytes) the cache keeps: a render beyond it is not even collected. */
  get maxPageBytes(): number {
    return Math.min(this.#options.maxBytes, MAX_PAGE_BYTES);
  }

  /** The page under `key` and whether it is fresh, or undefined when absent or too old to serve. */
  lookup(key: string): { page: CachedPage; freshness: Freshness } | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const age = this.#options.now() - entry.storedAt;
    if (age >= entry.page.freshMs + entry.page.staleMs) {
      this.#remove(key, entry);
      return undefined;
    }
    // Most recently used last, so eviction takes the least recently used first.
    entry.pool.entries.delete(key);
    entry.pool.entries.set(key, entry);
    return { page: entry.page, freshness: age < entry.page.freshMs ? "fresh" : "stale" };
  }

  /**
   * Claims the render of `key` for the caller, or undefined when another render of it is under
   * way (`rendering(key)` then gives its outcome): however many visitors ask at the same time, a
   * page is rendered once.
   */
  claim(key: string): PageRender | undefined {
    if (this.#inFlight.has(key)) return undefined;
    const epoch = this.#epoch;
    let settle!: (page: CachedPage | undefined) => void;
    const outcome = new Promise<CachedPage | undefined>((resolve) => (settle = resolve));
    this.#inFlight.set(key, outcome);
    let settled = false;
    return {
      done: (page) => {
        if (settled) return;
        settled = true;
        if (this.#inFlight.get(key) === outcome) this.#inFlight.delete(key);
        if (page && epoch === this.#epoch) this.#store(key, page);
        settle(page);
      },
    };
  }

  /** The outcome of the render of `key` under way, if any: the page, or undefined when it is not to be shared. */
  rendering(key: string): Promise<CachedPage | undefined> | undefined {
    return this.#inFlight.get(key);
  }

  /** Whether a render of `key` is under way (a stale hit then does not start another). */
  isRendering(key: string): boolean {
    return this.#inFlight.has(key);
  }

  /**
   * Renders `key` with `render` unless a render of it is under way (then shares that one's
   * outcome), and keeps what it gives: the page cache's own renders, with nobody waiting.
   */
  render(key: string, render: () => Promise<CachedPage | undefined>): Promise<CachedPage | undefined> {
    const claim = this.claim(key);
    if (!claim) return this.#inFlight.get(key)!;
    return render().then(
      (page) => {
        claim.done(page);
        return page;
      },
      (error: unknown) => {
        claim.done(undefined);
        throw error;
      },
    );
  }

  /**
   * Compresses the page kept under `key` in `encoding`, in the background, once: queued behind
   * the other pages' compressions (one at a time, see compressInTurn), skipped if the page is
   * gone or replaced by then, and counted in the cache's bytes when done. The queue holds keys,
   * not pages, so pages evicted meanwhile are freed.
   */
  compressLater(key: string, encoding: TemplateEncoding): void {
    const task = `${encoding} ${key}`;
    const entry = this.#entries.get(key);
    if (!entry || entry.page.template[encoding] !== undefined || this.#compressing.has(task)) return;
    this.#compressing.add(task);
    void compressInTurn(async () => {
      const current = this.#entries.get(key);
      if (!current || current.page.template[encoding] !== undefined) return;
      await compressTemplate(current.page.template, encoding);
      this.#grown(key, current);
    }).finally(() => this.#compressing.delete(task));
  }

  /** Forgets every page, and keeps none of the renders under way. */
  clear(): void {
    this.#epoch += 1;
    this.#entries.clear();
    for (const kept of [this.#pages, this.#notFound]) {
      kept.entries.clear();
      kept.bytes = 0;
    }
    this.#bytes = 0;
  }

  #store(key: string, page: CachedPage): void {
    // A page that was found and one that was not replace each other under their key.
    const previous = this.#entries.get(key);
    if (previous) this.#remove(key, previous);
    const kept = page.status === 200 ? this.#pages : this.#notFound;
    const bytes = page.template.bytes + key.length;
    if (bytes > kept.maxBytes) return;
    const entry: Entry = { page, storedAt: this.#options.now(), bytes, pool: kept };
    this.#entries.set(key, entry);
    kept.entries.set(key, entry);
    kept.bytes += bytes;
    this.#bytes += bytes;
    this.#evict();
  }

  /** Counts what a page compressed since it was kept, if it still is. */
  #grown(key: string, entry: Entry): void {
    if (this.#entries.get(key) !== entry) return;
    const grown = entry.page.template.bytes + key.length - entry.bytes;
    entry.bytes += grown;
    entry.pool.bytes += grown;
    this.#bytes += grown;
    this.#evict();
  }

  /**
   * The least recently used 404s beyond their share, then, while the whole is beyond its bounds,
   * 404s before real pages: a 404 costs less to render again than the page a shopper looks for.
   */
  #evict(): void {
    const notFound = this.#notFound;
    while (notFound.entries.size > notFound.maxEntries || notFound.bytes > notFound.maxBytes) this.#removeOldest(notFound);
    const { maxEntries, maxBytes } = this.#options;
    while (this.#entries.size > 0 && (this.#entries.size > maxEntries || this.#bytes > maxBytes)) {
      this.#removeOldest(notFound.entries.size > 0 ? notFound : this.#pages);
    }
  }

  #removeOldest(kept: Pool): void {
    const [key, entry] = kept.entries.entries().next().value!;
    this.#remove(key, entry);
  }

  #remove(key: string, entry: Entry): void {
    if (this.#entries.get(key) === entry) {
      this.#entries.delete(key);
      entry.pool.entries.delete(key);
      entry.pool.bytes -= entry.bytes;
      this.#bytes -= entry.bytes;
    }
  }
}

/** A rendered response that may be shared, read in full. */
export interface RenderedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

/**
 * A page to keep, from its body as rendered with `nonce`: split at the nonce, compressed in no
 * encoding yet (PageCache.compressLater, precompress), its ETag hashed when first sent (a page
 * kept and never asked for again costs neither: decision 0036).
 */
export function cachedPage({ status, headers, body }: RenderedPage, nonce: string, lifetime: SharedCacheLifetime): CachedPage {
  const template = splitNonceTemplate(body, nonce);
  let etag: string | undefined;
  return {
    status,
    headers,
    template,
    get etag() {
      if (etag === undefined) {
        const hash = createHash("sha256");
        for (const part of template.parts) hash.update(part).update("\0");
        etag = `W/"${hash.digest("base64url").slice(0, 27)}"`;
      }
      return etag;
    },
    ...lifetime,
  };
}

/**
 * Compresses a page in `encodings` before it is kept (in turn with the others): for a
 * background render replacing a page visitors are being served compressed.
 */
export async function precompress(page: CachedPage, encodings: TemplateEncoding[]): Promise<CachedPage> {
  for (const encoding of encodings) await compressInTurn(() => compressTemplate(page.template, encoding));
  return page;
}

/**
 * The longest a "not found" page is kept, fresh and then stale: the merchant may add that very
 * product a moment later (an admin change clears the cache at once; a product added some other
 * way, or on another instance of a fleet, shows within these seconds).
 */
const NOT_FOUND_MAX_MS = 5_000;

/**
 * How long the page cache keeps a rendered response of `status` whose Cache-Control is
 * `cacheControl`, or null when it keeps none: a page (200) for its shared lifetime; a "not found"
 * page (404), the same for every visitor of its address, for at most NOT_FOUND_MAX_MS fresh and as
 * long stale, so a flood of requests for a missing page costs one render every few seconds
 * (docs/decisions/0038-render-costs.md). Any other status is rendered for its visitor.
 */
export function keptLifetime(status: number, cacheControl: string | null): SharedCacheLifetime | null {
  if (status !== 200 && status !== 404) return null;
  const lifetime = sharedCacheLifetime(cacheControl);
  if (!lifetime || status === 200) return lifetime;
  return { freshMs: Math.min(lifetime.freshMs, NOT_FOUND_MAX_MS), staleMs: Math.min(lifetime.staleMs, NOT_FOUND_MAX_MS) };
}

export interface SharedCacheLifetime {
  freshMs: number;
  staleMs: number;
}

/**
 * How long a shared cache may keep a response, from its Cache-Control: `public` with `s-maxage`
 * (and optionally `stale-while-revalidate`); null for anything else (private, no-store, no
 * s-maxage), which the page cache then never keeps.
 */
export function sharedCacheLifetime(cacheControl: string | null): SharedCacheLifetime | null {
  if (!cacheControl) return null;
  const directives = new Map<string, string | undefined>();
  for (const part of cacheControl.toLowerCase().split(",")) {
    const [name, value] = part.trim().split("=", 2);
    if (name) directives.set(name, value?.replace(/^"|"$/g, ""));
  }
  if (!directives.has("public") || directives.has("private") || directives.has("no-store") || directives.has("no-cache")) return null;
  const seconds = (name: string) => {
    const value = directives.get(name);
    return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
  };
  const fresh = seconds("s-maxage");
  if (fresh === undefined || fresh === 0) return null;
  return { freshMs: fresh * 1000, staleMs: (seconds("stale-while-revalidate") ?? 0) * 1000 };
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => opaque(candidate) === opaque(etag));
}
