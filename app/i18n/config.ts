/** Languages of the shop. Arabic is the default and the source of every key. */
export const languages = ["ar", "en", "fr"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "ar";

/** The cookie that carries the shopper's language, so the server renders it on the first byte. */
export const LANGUAGE_COOKIE = "lng";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

export function directionOf(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

/** The top-bar button cycles ar → en → fr → ar. */
export function nextLanguage(language: Language): Language {
  const index = languages.indexOf(language);
  return languages[(index + 1) % languages.length] ?? defaultLanguage;
}

/** Locale for dates and numbers (Arabic dates in the Algerian locale, ar-DZ). */
export const localeOf: Record<Language, string> = { ar: "ar-DZ", en: "en-GB", fr: "fr-DZ" };

/** Reads the `lng` cookie from a Cookie header; anything unknown falls back to Arabic. */
export function languageFromCookieHeader(header: string | null | undefined): Language {
  if (!header) return defaultLanguage;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE) {
      const value = rest.join("=").trim();
      return isLanguage(value) ? value : defaultLanguage;
    }
  }
  return defaultLanguage;
}

/** The name of the query parameter that overrides the cookie (`?lng=fr`), used by hreflang alternates. */
export const LANGUAGE_QUERY = "lng";

/** A valid `?lng=` in a URL, or null when it is absent or unknown. */
export function languageFromQuery(url: string | URL): Language | null {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url, "http://localhost") : url;
  } catch {
    return null;
  }
  const value = parsed.searchParams.get(LANGUAGE_QUERY);
  return isLanguage(value) ? value : null;
}

/**
 * The request's language: a valid `?lng=` query parameter (the URLs search
 * engines see in hreflang alternates) wins over the `lng` cookie, which wins
 * over the Arabic default.
 */
export function languageFromRequest(request: Request): Language {
  return languageFromQuery(request.url) ?? languageFromCookieHeader(request.headers.get("Cookie"));
}

/**
 * The Set-Cookie value to send when a `?lng=` query parameter chose a language
 * other than the cookie's, so the rest of the visit stays in it; otherwise null.
 */
export function languageCookieForQuery(request: Request, options: { secure?: boolean } = {}): string | null {
  const fromQuery = languageFromQuery(request.url);
  if (!fromQuery || fromQuery === languageFromCookieHeader(request.headers.get("Cookie"))) return null;
  return languageCookie(fromQuery, options);
}

/**
 * A site path with any `lng` query parameter removed: where to send a shopper
 * after they pick a language, so a `?lng=` left in the address does not win
 * over their new choice.
 */
export function withoutLanguageQuery(pathAndSearch: string): string {
  const hashIndex = pathAndSearch.indexOf("#");
  const hash = hashIndex >= 0 ? pathAndSearch.slice(hashIndex) : "";
  const rest = hashIndex >= 0 ? pathAndSearch.slice(0, hashIndex) : pathAndSearch;
  const queryIndex = rest.indexOf("?");
  if (queryIndex < 0) return pathAndSearch;
  const params = new URLSearchParams(rest.slice(queryIndex + 1));
  params.delete(LANGUAGE_QUERY);
  const query = params.toString();
  return `${rest.slice(0, queryIndex)}${query ? `?${query}` : ""}${hash}`;
}

/** Set-Cookie value that remembers a language for a year. */
export function languageCookie(language: Language, options: { secure?: boolean } = {}): string {
  const attributes = [`${LANGUAGE_COOKIE}=${language}`, "Path=/", `Max-Age=${ONE_YEAR_SECONDS}`, "SameSite=Lax"];
  if (options.secure) attributes.push("Secure");
  return attributes.join("; ");
}
