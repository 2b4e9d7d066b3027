import { describe, expect, it } from "vitest";
import { staticPagePaths } from "~/routes";
import arPages from "~/i18n/static-pages/ar";
import enPages from "~/i18n/static-pages/en";
import frPages from "~/i18n/static-pages/fr";
import ar from "~/i18n/ar";
import en from "~/i18n/en";
import fr from "~/i18n/fr";
import { baseURL } from "./support/browser";

const dictionaries = { ar, en, fr } as const;
const pageTexts = { ar: arPages, en: enPages, fr: frPages } as const;
const languages = ["ar", "en", "fr"] as const;
const pageKey = (path: string) => (path === "payment-methods" ? "paymentMethods" : path) as keyof typeof arPages;

function get(path: string, language?: string, init: RequestInit = {}) {
  return fetch(`${baseURL()}${path}`, {
    redirect: "manual",
    ...init,
    headers: { ...(language ? { Cookie: `lng=${language}` } : {}), ...(init.headers ?? {}) },
  });
}

describe("server-rendered language and direction", () => {
  it("renders Arabic, right-to-left, on the first byte by default", async () => {
    const html = await (await get("/")).text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/);
  });

  it("renders French and English left-to-right from the lng cookie", async () => {
    expect(await (await get("/", "fr")).text()).toMatch(/<html lang="fr" dir="ltr">/);
    expect(await (await get("/", "en")).text()).toMatch(/<html lang="en" dir="ltr">/);
  });

  it("falls back to Arabic for an unknown language cookie", async () => {
    expect(await (await get("/", "de")).text()).toMatch(/<html lang="ar" dir="rtl">/);
  });

  it("shows the demo catalogue's categories from the database on the home page", async () => {
    const html = await (await get("/", "ar")).text();
    expect(html).toContain('href="/categories/toys"');
    expect(html).toContain('href="/categories/kitchen"');
  });
});

describe("static pages", () => {
  for (const language of languages) {
    it(`answer 200 in ${language} with their own title`, async () => {
      for (const path of staticPagePaths) {
        const response = await get(`/${path}`, language);
        expect(response.status, `/${path} in ${language}`).toBe(200);
        const html = await response.text();
        const title = pageTexts[language][pageKey(path)].title;
        expect(html, `/${path} in ${language}`).toContain(`<h1 class="text-3xl font-bold text-brand-900">${title}</h1>`);
      }
    });
  }

  it("lists every wilaya's fee on the shipping page, Alger as free", async () => {
    const html = await (await get("/shipping", "fr")).text();
    expect(html).toContain("Alger");
    expect(html).toContain("GRATUIT");
    expect(html).toContain("Tamanrasset");
  });
});

describe("unknown paths", () => {
  for (const language of languages) {
    it(`answer 404 with the translated not-found page in ${language}`, async () => {
      const response = await get("/no-such-page/here", language);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain(dictionaries[language].notFound.title);
      expect(html).toContain(`lang="${language}"`);
    });
  }
});

describe("health check", () => {
  it("answers 200 after querying the database", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "sqlite" });
  });
});

describe("language endpoint (works without JavaScript)", () => {
  const post = (body: Record<string, string>) =>
    get("/api/language", undefined, {
      method: "POST",
      body: new URLSearchParams(body),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

  it("sets the lng cookie for a year and returns to the same page", async () => {
    const response = await post({ lng: "fr", redirectTo: "/about?x=1" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/about?x=1");
    expect(response.headers.get("set-cookie")).toMatch(/^lng=fr; Path=\/; Max-Age=31536000; SameSite=Lax/);
  });

  it("drops a ?lng= from the page it returns to, so the new choice sticks", async () => {
    const response = await post({ lng: "en", redirectTo: "/about?lng=fr&x=1" });
    expect(response.headers.get("location")).toBe("/about?x=1");
  });

  it("never redirects off the site", async () => {
    for (const redirectTo of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      const response = await post({ lng: "en", redirectTo });
      expect(response.headers.get("location"), redirectTo).toBe("/");
    }
  });

  it("refuses an unsupported language with a translated message", async () => {
    const response = await get("/api/language", "fr", {
      method: "POST",
      body: new URLSearchParams({ lng: "de", redirectTo: "/" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "lng=fr" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: fr.api.invalidLanguage });
  });
});
