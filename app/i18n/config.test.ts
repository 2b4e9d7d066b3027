import { describe, expect, it } from "vitest";
import {
  directionOf,
  languageCookie,
  languageFromCookieHeader,
  nextLanguage,
} from "./config";

describe("language config", () => {
  it("cycles ar → en → fr → ar", () => {
    expect(nextLanguage("ar")).toBe("en");
    expect(nextLanguage("en")).toBe("fr");
    expect(nextLanguage("fr")).toBe("ar");
  });

  it("is right-to-left only for Arabic", () => {
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
});
