// The pure parts of the bench's ad-landings scenario and of its runs against another shop
// (`npm run bench -- --scenario ads`, `--base-url … --route-map …`; scripts/bench.ts): the route
// map (a shop's home, product and category paths), the random landing addresses, and the tally
// of the page cache's answers (the X-Cache header). Unit-tested in scripts/lib/landings.test.ts.

/** The pages of a shop the bench loads: its home, its product pages and its category pages (paths). */
export interface RouteMap {
  home: string;
  products: string[];
  categories: string[];
}

function isPath(value: unknown): value is string {
  // A path on the shop's own origin: "/x", never "//host/x" (another origin) nor a full URL.
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !/\s/.test(value);
}

/**
 * A route map from the text of a JSON file:
 *
 *   { "home": "/", "products": ["/p/a", "/p/b"], "categories": ["/c/x"] }
 *
 * `home` defaults to "/", `categories` to none; `products` must list at least one path. Every
 * entry is a path on the shop's origin (starting with one "/"); repeats are dropped. Throws with
 * the file's name and what is wrong.
 */
export function parseRouteMap(text: string, source = "route map"): RouteMap {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new Error(`${source}: expected an object { "home", "products", "categories" }`);
  }
  const map = data as Record<string, unknown>;
  const unknownKeys = Object.keys(map).filter((key) => !["home", "products", "categories"].includes(key));
  if (unknownKeys.length > 0) throw new Error(`${source}: unknown key${unknownKeys.length > 1 ? "s" : ""} ${unknownKeys.join(", ")}`);
  const home = map.home ?? "/";
  if (!isPath(home)) throw new Error(`${source}: "home" must be a path starting with /, got ${JSON.stringify(home)}`);
  const paths = (key: "products" | "categories", required: boolean): string[] => {
    const value = map[key] ?? [];
    if (!Array.isArray(value)) throw new Error(`${source}: "${key}" must be an array of paths`);
    const bad = value.find((entry) => !isPath(entry));
    if (bad !== undefined) throw new Error(`${source}: "${key}" holds ${JSON.stringify(bad)}, not a path starting with /`);
    if (required && value.length === 0) throw new Error(`${source}: "${key}" lists no path`);
    return [...new Set(value as string[])];
  };
  return { home, products: paths("products", true), categories: paths("categories", false) };
}

/** A small deterministic PRNG (mulberry32) for tests and reproducible choices; the bench itself uses Math.random. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` of `items` picked at random without repeats (all of them, in their order, when
 * `count` is at least their number): the products an ad campaign advertises.
 */
export function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  if (count >= items.length) return [...items];
  const pool = [...items];
  // A partial Fisher–Yates shuffle: the first `count` places.
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

const CLICK_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A click id shaped like Meta's fbclid ("IwAR" and URL-safe base64), fresh for every call. */
export function clickId(random: () => number, length = 40): string {
  let id = "IwAR";
  for (let i = 0; i < length; i++) id += CLICK_ID_ALPHABET[Math.floor(random() * CLICK_ID_ALPHABET.length)];
  return id;
}

/** How a landing is made: the share of category pages among them, and of links tagged with utm_*. */
export interface LandingMix {
  /** 0..1: landings on a category page (the rest on a product page). */
  categoryShare: number;
  /** 0..1: landings whose link also carries utm_source, utm_medium and utm_campaign. */
  utmShare: number;
}

/** One category in ten (an ad for a whole range), one link in three tagged by the advertiser. */
export const DEFAULT_LANDING_MIX: LandingMix = { categoryShare: 0.1, utmShare: 0.3 };

export interface Landing {
  kind: "product" | "category";
  path: string;
}

/**
 * A function that returns a new ad-click landing on every call: a product page of `map` picked at
 * random (a category page in `mix.categoryShare` of them, when the map has categories), with a
 * fresh `fbclid` and, in `mix.utmShare` of them, utm_source (facebook or instagram), utm_medium
 * and utm_campaign, appended to whatever query the path already has. No cookies: the caller sends
 * none.
 */
export function landingPicker(map: RouteMap, random: () => number, mix: LandingMix = DEFAULT_LANDING_MIX): () => Landing {
  if (map.products.length === 0) throw new Error("the route map lists no product");
  return () => {
    const category = map.categories.length > 0 && random() < mix.categoryShare;
    const pages = category ? map.categories : map.products;
    const path = pages[Math.floor(random() * pages.length)]!;
    let query = `fbclid=${clickId(random)}`;
    if (random() < mix.utmShare) {
      const source = random() < 0.5 ? "facebook" : "instagram";
      query += `&utm_source=${source}&utm_medium=paid&utm_campaign=bench-${1 + Math.floor(random() * 20)}`;
    }
    return { kind: category ? "category" : "product", path: `${path}${path.includes("?") ? "&" : "?"}${query}` };
  };
}

// ---------------------------------------------------------------------------
// The page cache's answers

/** X-Cache values of the shop's page cache (app/server/http/page-cache-middleware.server.ts), and "none" for no header. */
export const CACHE_STATES = ["HIT", "STALE", "MISS", "BYPASS", "none"] as const;
export type CacheState = (typeof CACHE_STATES)[number];

/** The X-Cache state of a response from its headers (any case of the name; the first value if repeated). */
export function cacheStateOf(headers: Readonly<Record<string, string | string[] | undefined>>): CacheState {
  let value: string | string[] | undefined;
  for (const [name, v] of Object.entries(headers)) {
    if (name.toLowerCase() === "x-cache") {
      value = v;
      break;
    }
  }
  const first = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return first === "HIT" || first === "STALE" || first === "MISS" || first === "BYPASS" ? first : "none";
}

/** Counts of each X-Cache state over the responses of a run. */
export class CacheTally {
  readonly counts: Record<CacheState, number> = { HIT: 0, STALE: 0, MISS: 0, BYPASS: 0, none: 0 };

  add(state: CacheState): void {
    this.counts[state] += 1;
  }

  get total(): number {
    return CACHE_STATES.reduce((sum, state) => sum + this.counts[state], 0);
  }

  /** Responses served from the cache (HIT, and STALE: the kept page while it refreshes) over all responses; NaN for none. */
  hitRatio(): number {
    return this.total === 0 ? Number.NaN : (this.counts.HIT + this.counts.STALE) / this.total;
  }

  /** Adds another tally's counts (several runs). */
  merge(other: CacheTally): this {
    for (const state of CACHE_STATES) this.counts[state] += other.counts[state];
    return this;
  }
}

function percent(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : "-";
}

/**
 * "hit ratio 97.3 % (HIT + STALE of 12,345 responses): HIT 12,000, STALE 12, MISS 333, BYPASS 0",
 * with "no X-Cache N" appended when some responses had no header (a peer shop, or a page the
 * cache never sees).
 */
export function formatCacheTally(tally: CacheTally): string {
  const n = (value: number) => value.toLocaleString("en");
  const { counts, total } = tally;
  const states = (["HIT", "STALE", "MISS", "BYPASS"] as const).map((state) => `${state} ${n(counts[state])}`);
  if (counts.none > 0) states.push(`no X-Cache ${n(counts.none)}`);
  return `hit ratio ${percent(counts.HIT + counts.STALE, total)} (HIT + STALE of ${n(total)} responses): ${states.join(", ")}`;
}
