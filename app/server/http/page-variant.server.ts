import { languageFromCookieHeader, languageFromQuery, type Language } from "~/i18n/config";
import { cartFromCookieHeader } from "~/lib/cart";

/** What a public page's HTML takes from the request besides its URL. */
export interface PageVariant {
  language: Language;
  /** Items in the `cart` cookie (the header's badge before the browser restores the cart). */
  cartCount: number;
}

/**
 * The one place a public page reads the request beyond its URL: the root loader renders from it
 * and the page cache (page-cache.server.ts) keys on it. A loader of a cached page that comes to
 * depend on anything else in the request (another cookie, a header) must add it here, or the
 * cache would hand one visitor's page to another.
 */
export function pageVariant(url: string, cookieHeader: string | null | undefined): PageVariant {
  const language = languageFromQuery(url) ?? languageFromCookieHeader(cookieHeader);
  const cartCount = (cartFromCookieHeader(cookieHeader) ?? []).reduce((sum, line) => sum + line.quantity, 0);
  return { language, cartCount };
}
