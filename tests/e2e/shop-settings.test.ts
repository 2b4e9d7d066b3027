import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import staticAr from "~/i18n/static-pages/ar";
import staticFr from "~/i18n/static-pages/fr";
import { SHOP_SETTINGS_FIELDS } from "~/lib/shop-settings";
import { adminCookie as signedInCookie, createAdmin, startServer, type RunningServer } from "../support/production-server";
import { adminCookie, signInAsAdmin } from "./support/admin";
import { baseURL, hydrated, launchBrowser, openContext, phone } from "./support/browser";

// The shop settings (/admin/settings) as the merchant edits them on a phone, in Arabic, and as
// shoppers then see them: the footer, the contact page, the legal notice and the product page.
// The shared shop's settings are put back (all empty: the environment's defaults) afterwards.
// A second shop, started here without any contact setting, shows no placeholder anywhere.

const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity > 0 && p.slug)!;

/** Empties every setting through the admin form (HTTP): the shop falls back to its environment. */
async function resetSettings(origin: string, cookie: string) {
  const response = await fetch(`${origin}/admin/settings`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: origin },
    body: new URLSearchParams(SHOP_SETTINGS_FIELDS.map((field) => [field, ""])),
  });
  expect(response.status).toBe(303);
}

/** Text as React writes it into HTML. */
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await resetSettings(baseURL(), await adminCookie());
});

describe("shop settings", () => {
  it("admin on a phone in Arabic: a bad number is refused beside its field; the saved one shows in the footer, the contact page and the legal notice, in Arabic then French", async () => {
    const { context, page, pageErrors } = await openContext(browser, { ...phone }, "ar");
    await signInAsAdmin(page);
    await page.goto("/admin/settings");
    await hydrated(page);
    expect(await page.locator('[data-tab="settings"]').getAttribute("aria-current")).toBe("page");

    await page.locator('input[name="phone"]').fill("0550");
    await page.locator('input[name="rc"]').fill("16/00-1234567 B 21");
    await page.getByTestId("settings-save").click();
    await page.getByTestId("settings-phone-error").waitFor();
    expect(await page.getByTestId("settings-phone-error").textContent()).toBe(ar.settings.errors.phone);
    expect(await page.locator('input[name="phone"]').getAttribute("aria-invalid")).toBe("true");

    await page.locator('input[name="phone"]').fill("0770 11 22 33");
    await page.locator('input[name="whatsapp"]').fill("0661 99 88 77");
    await page.locator('input[name="facebookUrl"]').fill("https://www.facebook.com/noor.dz");
    await page.getByTestId("settings-save").click();
    await page.waitForURL((url) => url.search === "?saved=1");
    // The address changes before the page shows the new answer: wait for the notice itself.
    await expect.poll(() => page.getByTestId("settings-notice").textContent()).toBe(ar.settings.admin.saved);
    expect(await page.getByTestId("admin-no-phone").count()).toBe(0);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    for (const language of ["ar", "fr"] as const) {
      await context.addCookies([{ name: "lng", value: language, url: baseURL() }]);
      await page.goto("/contact");
      const footer = page.getByTestId("site-footer");
      expect(await footer.getByTestId("footer-phone").getAttribute("href")).toBe("tel:0770112233");
      expect(await footer.getByTestId("footer-phone").textContent()).toContain("0770112233");
      expect(await footer.getByTestId("footer-facebookUrl").getAttribute("href")).toBe("https://www.facebook.com/noor.dz");
      expect(await footer.getByTestId("footer-instagramUrl").count()).toBe(0);
      expect(await footer.getByRole("link", { name: (language === "ar" ? ar : fr).footer.legal }).getAttribute("href")).toBe("/legal");
      expect(await page.getByTestId("contact-phone").getAttribute("href")).toBe("tel:0770112233");
      expect(await page.getByTestId("contact-whatsapp").getAttribute("href")).toMatch(/^https:\/\/wa\.me\/213661998877\?text=/);

      await page.goto("/legal");
      expect(await page.getByTestId("legal-rc").textContent()).toContain("16/00-1234567 B 21");
      expect(await page.getByTestId("legal-nif").textContent()).toContain((language === "ar" ? ar : fr).settings.legal.pending);

      await page.goto(`/products/${product.slug}`);
      const whatsapp = decodeURIComponent((await page.getByTestId("order-whatsapp").getAttribute("href"))!);
      expect(whatsapp).toContain(await page.locator("h1").textContent());
      expect(whatsapp).toContain(`/products/${product.slug}`);
      expect(await page.getByTestId("order-call").getAttribute("href")).toBe("tel:0770112233");
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("a shop without contact settings", () => {
  let dataDir: string;
  let shop: RunningServer;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "souq-e2e-settings-"));
    const databaseFile = join(dataDir, "shop.db");
    shop = await startServer(databaseFile, { LOG_LEVEL: "warn" });
    createAdmin(databaseFile, "owner@souq.test", "settings-Passw0rd!");
  }, 120_000);
  afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows no placeholder number, e-mail or social link to shoppers, warns at start-up and in the admin", async () => {
    for (const language of ["ar", "fr"]) {
      for (const path of ["/", "/contact", "/legal", "/faq", `/products/${product.slug}`]) {
        const response = await fetch(`${shop.baseURL}${path}`, { headers: { Cookie: `lng=${language}` } });
        expect(response.status, path).toBe(200);
        const page = await response.text();
        for (const placeholder of [
          "0550000000",
          "souq.example",
          'href="tel:',
          'href="mailto:',
          "wa.me/213",
          'href="https://www.facebook.com/"',
          'href="https://www.instagram.com/"',
        ]) {
          expect(page, `${language} ${path}`).not.toContain(placeholder);
        }
      }
    }
    expect(shop.output()).toContain("The shop has no phone number yet");

    const cookie = await signedInCookie(shop.baseURL, "owner@souq.test", "settings-Passw0rd!");
    const admin = await (await fetch(`${shop.baseURL}/admin/orders`, { headers: { Cookie: `${cookie}; lng=ar` } })).text();
    expect(admin).toContain('data-testid="admin-no-phone"');
    expect(admin).toContain('href="/admin/settings"');
  });

  it("words every sentence that would name the phone or the e-mail for their absence, in Arabic and French", async () => {
    const fetchPage = async (path: string, language: string) =>
      (await fetch(`${shop.baseURL}${path}`, { headers: { Cookie: `lng=${language}` } })).text();
    for (const [language, texts, pages] of [
      ["ar", ar.pages, staticAr],
      ["fr", fr.pages, staticFr],
    ] as const) {
      const contact = await fetchPage("/contact", language);
      expect(contact).toContain(html(texts.contact.intro_noPhone.split("{{shopName}}")[1]!));
      expect(contact).not.toContain(html(texts.contact.quickOrder.text));
      expect(contact).toContain(html(texts.contact.cta.text_noEmail));

      const services = await fetchPage("/services", language);
      expect(services).toContain(html(texts.services.advice.text_noPhone));
      expect(services).not.toContain(html(texts.services.advice.text));
      expect(services).toContain(html(texts.services.cta.text_contactPage));

      const faq = await fetchPage("/faq", language);
      const intro = pages.faq.intro;
      expect(faq).toContain(html(typeof intro === "string" ? intro : intro.noPhone!));
      for (const path of ["/about", "/terms", "/returns", "/privacy", "/faq"]) {
        const page = await fetchPage(path, language);
        expect(page, `${language} ${path}`).not.toMatch(/\{\{(phone|email)\}\}/);
        expect(page, `${language} ${path}`).not.toMatch(/(على الرقم|au|à)\s*(عبر|via|[.,،])/);
      }
    }
    // The demo collection and custom page have their French texts in a fresh shop.
    expect(await fetchPage("/collections/weekly-offers", "fr")).toMatch(/<h1[^>]*>Offres de la semaine<\/h1>/);
    expect(await fetchPage("/pages/back-to-school", "fr")).toMatch(/<h1[^>]*>La rentrée scolaire<\/h1>/);
  });
});
