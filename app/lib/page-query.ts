/**
 * The query parameters a page reads, declared by its route module:
 *
 *   export const handle: PageQueryHandle = { query: ["sort", "page"] };
 *
 * The page cache keys a page on those parameters only, and renders it as if every other one were
 * absent (app/server/http/page-query.server.ts, decision 0022): an ad's `?fbclid=…` or a junk
 * `?a=1` can neither make a new cache entry nor change the page. A loader that reads a parameter
 * its route does not declare never sees it on a cached page. `lng` and `ref` are the server's
 * (language cookie, referral capture), never a route's.
 */
export interface PageQueryHandle {
  /** Names; one ending in "#" stands for that prefix followed by digits ("o#": o1, o27), for parameters named by an id. */
  query: readonly string[];
}

/** Whether a parameter is one of the declared names (see PageQueryHandle for the "#" ending). */
function isKept(name: string, kept: ReadonlySet<string>): boolean {
  if (kept.has(name)) return true;
  const digits = /\d+$/.exec(name);
  return digits !== null && digits.index > 0 && kept.has(`${name.slice(0, digits.index)}#`);
}

/**
 * Parameters ad networks, analytics and newsletters append to links (Google, Meta, Microsoft,
 * TikTok, X, LinkedIn, Instagram, Mailchimp, Yandex): a page never reads them, so they never make
 * a cache key nor reach a canonical URL. The browser keeps them in the address bar, where the
 * pixels read them.
 */
const MARKETING_PARAMETERS = new Set([
  "fbclid",
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "msclkid",
  "ttclid",
  "twclid",
  "li_fat_id",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "yclid",
]);

export function isMarketingParameter(name: string): boolean {
  return name.startsWith("utm_") || MARKETING_PARAMETERS.has(name);
}

/** The parameters a route module's `handle` declares (none when it declares nothing). */
export function declaredQuery(handle: unknown): readonly string[] {
  if (typeof handle !== "object" || handle === null || !("query" in handle)) return [];
  const { query } = handle as { query: unknown };
  return Array.isArray(query) ? query.filter((name): name is string => typeof name === "string") : [];
}

/**
 * `search` (a URL's query) reduced to the parameters in `kept`, ordered by name (then as given),
 * so that the same page has one address whatever the order or the extra parameters: "" or "?a=1&b=2".
 */
export function keptQuery(search: string, kept: ReadonlySet<string>): string {
  if (search === "" || search === "?" || kept.size === 0) return "";
  const entries = [...new URLSearchParams(search)].filter(([name]) => isKept(name, kept));
  if (entries.length === 0) return "";
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `?${new URLSearchParams(entries).toString()}`;
}
