import { createHash } from "node:crypto";
import { oneAtATime } from "~/lib/one-at-a-time";
import { compileNonceTemplate, type NonceTemplate } from "./nonce-template.server";

/**
 * Pages are compressed one at a time: a page's compression streams live through one flush per
 * nonce position, and many renders compressing at once would hold that many encoders (with their
 * windows) alive together: the server's peak memory would grow with the number of concurrent
 * renders (docs/decisions/0022-page-cache-nonces-and-keys.md; figures in docs/performance.md).
 */
const compileInTurn = oneAtATime();

/**
 * The page cache: rendered HTML of public pages kept in this process for a few seconds, the way a
 * CDN would (decision 0014). A page whose response says `Cache-Control: public, s-maxage=N,
 * stale-while-revalidate=M` is rendered once and then served from memory, already compressed, to
 * every visitor of the same URL and variant (page-variant.server.ts) for N seconds, each response
 * with a CSP nonce of its own written into the kept bytes (nonce-template.server.ts). Then it is
 * served stale for up to M more seconds while one background render replaces it, so a busy page
 * never makes a visitor wait for a render.
 *
 * `clear()` forgets every page after an admin change, in this process; other instances of a fleet
 * catch up within N seconds (page-cache-middleware.server.ts says what invalidates and why).
 */
export interface PageCacheOptions {
  /** Upper bound on entries and on their total size (identity + gzip + brotli bodies). */
  maxEntries: number;
  maxBytes: number;
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
  etag: string;
  /** How long it is served as is (s-maxage), then how long more while it is re-rendered (stale-while-revalidate). */
  freshMs: number;
  staleMs: number;
}

interface Entry {
  page: CachedPage;
  storedAt: number;
  bytes: number;
}

export type Freshness = "fresh" | "stale";

/** What rendering a page for the cache produced: a page to keep, or a response to send once. */
export type RenderOutcome = { cacheable: true; page: CachedPage } | { cacheable: false; response: UncachedResponse };

/** A rendered response, as read in full from React Router. */
export interface UncachedResponse {
  status: number;
  headers: Array<[string, string]>;
  /** The Content-Security-Policy of the nonce the page was rendered with. */
  contentSecurityPolicy: string;
  body: Buffer;
}

export class PageCache {
  readonly #options: Required<PageCacheOptions>;
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, Promise<RenderOutcome>>();
  #bytes = 0;
  /** Bumped by clear(): renders that started before it are not kept. */
  #epoch = 0;

  constructor(options: PageCacheOptions) {
    this.#options = { now: Date.now, ...options };
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
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
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return { page: entry.page, freshness: age < entry.page.freshMs ? "fresh" : "stale" };
  }

  /**
   * Renders `key` once however many visitors ask at the same time: the first call runs `render`,
   * the others share its outcome. A cacheable outcome is kept unless clear() ran meanwhile.
   */
  render(key: string, render: () => Promise<RenderOutcome>): Promise<RenderOutcome> {
    const running = this.#inFlight.get(key);
    if (running) return running;
    const epoch = this.#epoch;
    const outcome = render()
      .then((result) => {
        if (result.cacheable && epoch === this.#epoch) this.#store(key, result.page);
        return result;
      })
      .finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, outcome);
    return outcome;
  }

  /** Whether a render of `key` is under way (a stale hit then does not start another). */
  isRendering(key: string): boolean {
    return this.#inFlight.has(key);
  }

  /** Forgets every page, and keeps none of the renders under way. */
  clear(): void {
    this.#epoch += 1;
    this.#entries.clear();
    this.#bytes = 0;
  }

  #store(key: string, page: CachedPage): void {
    const bytes = page.template.bytes;
    if (bytes > this.#options.maxBytes) return;
    const previous = this.#entries.get(key);
    if (previous) this.#remove(key, previous);
    this.#entries.set(key, { page, storedAt: this.#options.now(), bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#options.maxEntries && this.#bytes <= this.#options.maxBytes) break;
      this.#remove(oldest, entry);
    }
  }

  #remove(key: string, entry: Entry): void {
    if (this.#entries.get(key) === entry) {
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }
}

/**
 * Compresses a page once for every visitor it will be served to (in libuv's thread pool), in
 * parts around `nonce`, the CSP nonce it was rendered with.
 */
export async function cachedPage({ status, headers, body }: UncachedResponse, nonce: string, lifetime: SharedCacheLifetime): Promise<CachedPage> {
  const template = await compileInTurn(() => compileNonceTemplate(body, nonce));
  const hash = createHash("sha256");
  for (const part of template.parts) hash.update(part).update("\0");
  const etag = `W/"${hash.digest("base64url").slice(0, 27)}"`;
  return { status, headers, template, etag, ...lifetime };
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
