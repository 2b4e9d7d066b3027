import { describe, expect, it } from "vitest";
import {
  directionOf,
  languageCookie,
  languageCookieForQuery,
  languageFromCookieHeader,
  languageFromQuery,
  languageFromRequest,
  nextLanguage,
  withoutLanguageQuery,
} from "./config";

describe("language config", () => {
  it("cycles ar → en → fr → ar", () => {
    expect(nextLanguage("ar")).toBe("en");
    expect(nextLanguage("en")).toBe("fr");
    expect(nextLanguage("fr")).toBe("ar");
  });

  it("is RTL only for Arabic", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("en")).toBe("ltr");
    expect(directionOf("fr")).toBe("ltr");
  });

  it("reads the lng cookie among others and defaults to Arabic", () => {
    expect(languageFromCookieHeader(null)).toBe("ar");
    expect(languageFromCookieHeader("a=1; lng=fr; b=2")).toBe("fr");
    expect(languageFromCookieHeader("lng=en")).toBe("en");
    expect(languageFromCookieHeader("lng=de")).toBe("ar");
    expect(languageFromCookieHeader("xlng=fr")).toBe("ar");
    expect(languageFromCookieHeader("lng=%ZZ")).toBe("ar");
  });

  it("remembers the language for a year on the whole site", () => {
    expect(languageCookie("fr")).toBe("lng=fr; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(languageCookie("en", { secure: true })).toContain("; Secure");
  });

  it("reads a valid ?lng= from a URL and ignores anything else", () => {
    expect(languageFromQuery("https://shop.dz/about?lng=fr")).toBe("fr");
    expect(languageFromQuery("/about?page=2&lng=en")).toBe("en");
    expect(languageFromQuery(new URL("https://shop.dz/?lng=ar"))).toBe("ar");
    expect(languageFromQuery("https://shop.dz/?lng=de")).toBeNull();
    expect(languageFromQuery("https://shop.dz/?lng=")).toBeNull();
    expect(languageFromQuery("https://shop.dz/")).toBeNull();
  });

  it("prefers a valid ?lng= query parameter over the cookie", () => {
    const request = (url: string, cookie?: string) => new Request(url, cookie ? { headers: { Cookie: cookie } } : undefined);
    expect(languageFromRequest(request("https://shop.dz/"))).toBe("ar");
    expect(languageFromRequest(request("https://shop.dz/", "lng=en"))).toBe("en");
    expect(languageFromRequest(request("https://shop.dz/?lng=fr", "lng=en"))).toBe("fr");
    expect(languageFromRequest(request("https://shop.dz/?lng=fr"))).toBe("fr");
    expect(languageFromRequest(request("https://shop.dz/?lng=xx", "lng=en"))).toBe("en");
  });

  it("sets the cookie only when the query chose a language the cookie does not already hold", () => {
    const request = (url: string, cookie?: string) => new Request(url, cookie ? { headers: { Cookie: cookie } } : undefined);
    expect(languageCookieForQuery(request("https://shop.dz/?lng=fr"))).toBe(languageCookie("fr"));
    expect(languageCookieForQuery(request("https://shop.dz/?lng=fr", "lng=en"), { secure: true })).toBe(languageCookie("fr", { secure: true }));
    expect(languageCookieForQuery(request("https://shop.dz/?lng=fr", "lng=fr"))).toBeNull();
    // No cookie means Arabic already.
    expect(languageCookieForQuery(request("https://shop.dz/?lng=ar"))).toBeNull();
    expect(languageCookieForQuery(request("https://shop.dz/?lng=ar", "lng=en"))).toBe(languageCookie("ar"));
    expect(languageCookieForQuery(request("https://shop.dz/", "lng=en"))).toBeNull();
    expect(languageCookieForQuery(request("https://shop.dz/?lng=de", "lng=en"))).toBeNull();
  });

  it("drops only the lng query parameter from a path", () => {
    expect(withoutLanguageQuery("/about")).toBe("/about");
    expect(withoutLanguageQuery("/about?lng=fr")).toBe("/about");
    expect(withoutLanguageQuery("/categories/toys?page=2&lng=fr")).toBe("/categories/toys?page=2");
    expect(withoutLanguageQuery("/?lng=en&q=a%20b#top")).toBe("/?q=a+b#top");
    expect(withoutLanguageQuery("/faq#delivery")).toBe("/faq#delivery");
  });
});
