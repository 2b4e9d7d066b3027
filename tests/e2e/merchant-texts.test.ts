import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import { signInAsAdmin } from "./support/admin";
import { withDb } from "./support/db";
import { hydrated, launchBrowser, openContext, phone } from "./support/browser";

// The merchant's texts in three languages, set in the admin on a phone and read by shoppers in
// English and French; and the phone's tap targets: the cart's controls, "view more" and the
// home page's offer cards.

const product = demoProducts.find((p) => !p.variants && p.category === "toys" && p.inStock && p.stockQuantity >= 10)!;

let browser: Browser;
const slugs: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  expect(product).toBeDefined();
});
afterAll(async () => {
  await browser?.close();
  if (slugs.length > 0) await withDb((db) => db.deleteFrom("collections").where("slug", "in", slugs).execute());
});

describe("merchant texts in three languages", () => {
  it("a collection given an English title shows it on English pages, and the Arabic one on French pages", async () => {
    const admin = await openContext(browser, phone);
    await signInAsAdmin(admin.page);
    const slug = `e2e-languages-${Date.now()}`;
    slugs.push(slug);
    await admin.page.goto("/admin/collections/new");
    await hydrated(admin.page);
    await admin.page.locator('input[name="title"]').fill("ألعاب الصيف");
    await admin.page.locator('input[name="slug"]').fill(slug);
    await admin.page.locator('textarea[name="description"]').fill("ألعاب للشاطئ والحديقة");
    // The English texts are grouped, labelled and closed until opened.
    const english = admin.page.getByTestId("merch-texts-en");
    expect(await english.locator("summary").textContent()).toBe(ar.adminMerchandising.translations.legend.en);
    await english.locator("summary").click();
    await english.getByLabel(`${ar.adminMerchandising.form.collectionTitle} بالإنجليزية`).fill("Summer toys");
    await english.locator('textarea[name="descriptionEn"]').fill("Toys for the beach and the garden");
    const search = admin.page.getByTestId("picker-search");
    await search.fill(product.title);
    const result = admin.page.locator(`[data-testid="picker-result"][data-product-id="${product.id}"]`);
    await result.waitFor();
    await result.getByTestId("picker-add").click();
    await Promise.all([
      admin.page.waitForURL((url) => /^\/admin\/collections\/\d+$/.test(url.pathname) && url.searchParams.has("saved")),
      admin.page.getByTestId("merch-save").click(),
    ]);
    // Read back: the English group opens with what was saved; the French one stays empty.
    expect(await admin.page.locator('input[name="titleEn"]').inputValue()).toBe("Summer toys");
    expect(await admin.page.getByTestId("merch-texts-en").getAttribute("open")).not.toBeNull();
    expect(await admin.page.locator('input[name="titleFr"]').inputValue()).toBe("");
    expect(admin.pageErrors).toEqual([]);
    await admin.context.close();

    for (const [language, title, description] of [
      ["ar", "ألعاب الصيف", "ألعاب للشاطئ والحديقة"],
      ["en", "Summer toys", "Toys for the beach and the garden"],
      ["fr", "ألعاب الصيف", "ألعاب للشاطئ والحديقة"],
    ] as const) {
      const shopper = await openContext(browser, phone, language);
      await shopper.page.goto(`/collections/${slug}`);
      expect(await shopper.page.locator("h1").textContent()).toContain(title);
      expect(await shopper.page.title()).toContain(title);
      expect(await shopper.page.locator('meta[property="og:title"]').getAttribute("content")).toContain(title);
      expect(await shopper.page.locator('meta[name="description"]').getAttribute("content")).toBe(description);
      expect(await shopper.page.locator('meta[property="og:description"]').getAttribute("content")).toBe(description);
      expect(shopper.pageErrors).toEqual([]);
      await shopper.context.close();
    }
  });
});

describe("tap targets on a 390×844 phone", () => {
  const atLeast44 = async (page: Page, selector: string) => {
    const boxes = await Promise.all((await page.locator(selector).all()).map((element) => element.boundingBox()));
    expect(boxes.length, selector).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(box?.width, selector).toBeGreaterThanOrEqual(44);
      expect(box?.height, selector).toBeGreaterThanOrEqual(44);
    }
  };

  for (const language of ["ar", "fr"] as const) {
    it(`the cart's quantity and remove buttons, in the drawer and on the cart page, are at least 44×44 px (${language})`, async () => {
      const { context, page, pageErrors } = await openContext(browser, phone, language);
      await page.goto("/categories/toys");
      await hydrated(page);
      await page
        .getByTestId("product-card")
        .filter({ hasText: language === "ar" ? product.title : (product.titleFr ?? product.title) })
        .getByTestId("add-to-cart")
        .click();
      await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
      await page.getByTestId("cart-button").click();
      await expect.poll(() => page.getByTestId("cart-drawer").getAttribute("data-open")).toBe("true");
      for (const control of ["line-increase", "line-decrease", "line-remove"]) {
        await atLeast44(page, `[data-testid=cart-drawer] [data-testid=${control}]`);
      }
      await atLeast44(page, "[data-testid=cart-drawer-close]");

      await page.goto("/cart");
      await hydrated(page);
      for (const control of ["line-increase", "line-decrease", "line-remove"]) {
        await atLeast44(page, `[data-testid=cart-lines] [data-testid=${control}]`);
      }
      // The page's controls still fit the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }

  it("the home page's view-more links are at least 44×44 px and its offer cards lead to their listings", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone, "ar");
    await page.goto("/");
    await hydrated(page);
    await atLeast44(page, "[data-testid^=view-more-]");
    const cards = page.getByTestId("offer-card");
    expect(await cards.count()).toBe(3);
    const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs.every((href) => typeof href === "string" && href.startsWith("/"))).toBe(true);
    await atLeast44(page, "[data-testid=offer-card]");
    await Promise.all([page.waitForURL((url) => url.pathname === hrefs[0]), cards.first().click()]);
    expect(await page.locator("h1").count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
