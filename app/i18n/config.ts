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

/** Locale for dates and numbers (spec: dates in the Arabic-Algeria locale). */
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

export function languageFromRequest(request: Request): Language {
  return languageFromCookieHeader(request.headers.get("Cookie"));
}

/** Set-Cookie value that remembers a language for a year. */
export function languageCookie(language: Language, options: { secure?: boolean } = {}): string {
  const attributes = [`${LANGUAGE_COOKIE}=${language}`, "Path=/", `Max-Age=${ONE_YEAR_SECONDS}`, "SameSite=Lax"];
  if (options.secure) attributes.push("Secure");
  return attributes.join("; ");
}
