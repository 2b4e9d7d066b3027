import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import en from "~/i18n/en";
import fr from "~/i18n/fr";
import { baseURL, launchBrowser, openPage } from "./support/browser";

const dictionaries = { ar, en, fr } as const;
const languages = ["ar", "en", "fr"] as const;
const reasons = ["expertise", "authentic", "personal", "fast"] as const;
const services = ["cashOnDelivery", "phoneConfirmation", "returns", "wholesale", "afterSales", "advice"] as const;

function get(path: string, language: string) {
  return fetch(`${baseURL()}${path}`, { redirect: "manual", headers: { Cookie: `lng=${language}` } });
}

/** Text as React writes it into HTML. */
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const heading = (level: 1 | 2 | 3, text: string) => new RegExp(`<h${level}[^>]*>${escapeRegExp(html(text))}</h${level}>`);

describe("contact page", () => {
  for (const language of languages) {
    const texts = dictionaries[language].pages.contact;

    it(`answers 200 in ${language} with its heading, the four why-choose-us points and ways to order today`, async () => {
      const response = await get("/contact", language);
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toContain(`<html lang="${language}" dir="${language === "ar" ? "rtl" : "ltr"}">`);
      expect(page).toMatch(heading(1, texts.title));
      expect(page).toMatch(/<title>[^<]+<\/title>/);
      expect(page).toContain(`<meta name="description" content="`);

      // The two order slots (quick order, delivery calculator), each with its heading.
      expect(page).toMatch(heading(2, texts.quickOrder.title));
      expect(page).toMatch(heading(2, texts.deliveryCalculator.title));

      expect(page).toMatch(heading(2, texts.why.title));
      for (const reason of reasons) {
        expect(page, reason).toMatch(heading(3, texts.why[reason].title));
        expect(page, reason).toContain(html(texts.why[reason].text));
      }
      const whyBlock = page.slice(page.indexOf('data-testid="why-choose-us"'));
      expect(whyBlock.match(/<li[^>]*>\s*<span[^>]*>\s*<svg[^>]*aria-hidden="true"/g)?.length).toBe(4);

      // Order by phone today.
      expect(page).toMatch(/href="tel:\+?\d{6,}"/);

      // Free consultation: mailto with the subject in the page's language, URL-encoded.
      const subject = encodeURIComponent(texts.cta.consultationSubject);
      expect(subject).not.toContain(" ");
      expect(page).toMatch(new RegExp(`href="mailto:[^"?\\s]+@[^"?\\s]+\\?subject=${escapeRegExp(html(subject))}"`));
      expect(page).not.toMatch(/href="mailto:[^"]*\s[^"]*"/);

      expect(page).toContain('href="/services"');
    });
  }
});

describe("services page", () => {
  for (const language of languages) {
    const texts = dictionaries[language].pages.services;

    it(`answers 200 in ${language} with its heading, the service cards and a way to contact the shop`, async () => {
      const response = await get("/services", language);
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toMatch(heading(1, texts.title));
      for (const service of services) expect(page, service).toMatch(heading(2, texts[service].title));
      expect(page).toContain('href="/product-gros"');
      expect(page).toContain('href="/contact"');
    });
  }
});

describe("contact and services on a phone", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const path of ["/contact", "/services"]) {
    it(`${path} has no horizontal overflow at 390×844 in Arabic`, async () => {
      const { context, page, pageErrors } = await openPage(browser, path, "ar");
      const layout = await page.evaluate(() => ({
        dir: document.documentElement.dir,
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(layout.dir).toBe("rtl");
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
