/**
 * Caching of public pages (home, listings, products, collections, custom and text pages, search):
 * browsers revalidate every time (max-age=0; the ETag makes that a 304), while a shared cache (a
 * CDN, and this server's own page cache) may serve the page for 5 s and then, for 30 s more,
 * serve it stale while it fetches a fresh one. Admin pages and the cart are never cached
 * (no-store). A response that sets a cookie is never shared.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";

/** What a public page varies on besides its URL: its language and cart badge come from cookies (page-variant.server.ts). */
const PUBLIC_PAGE_VARY = "Cookie";

/**
 * The `headers` export of every public page route: `export { publicPageHeaders as headers }`.
 * React Router adds the loaders' Set-Cookie afterwards; such a response turns private, and so
 * does one whose loader answered for this visitor alone (Cache-Control private or no-store: an
 * order form's confirmation after a plain post).
 */
export function publicPageHeaders({ parentHeaders, loaderHeaders }: { parentHeaders: Headers; loaderHeaders: Headers }): Headers {
  const headers = new Headers();
  const setsCookie = parentHeaders.has("Set-Cookie") || loaderHeaders.has("Set-Cookie");
  const ownPage = /\b(private|no-store)\b/.test(loaderHeaders.get("Cache-Control") ?? "");
  headers.set("Cache-Control", setsCookie || ownPage ? "private, no-store" : PUBLIC_PAGE_CACHE_CONTROL);
  headers.set("Vary", PUBLIC_PAGE_VARY);
  return headers;
}
