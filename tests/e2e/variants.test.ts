import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import type { Language } from "~/i18n/config";
import { formatDinars } from "~/lib/money";
import { hydrated, launchBrowser, openPage } from "./support/browser";

// The RC car comes in red and blue (the blue one dearer, with its own picture); the school
// backpack in three colours, yellow sold out (demo catalogue).
const car = demoProducts.find((p) => p.slug === "sport-remote-control-car")!;
const backpack = demoProducts.find((p) => p.slug === "ergonomic-school-backpack")!;
const blue = car.variants!.variants.find((v) => v.values[0] === "Blue")!;
const colourIn = { ar: "اللون", fr: "Couleur" } as const;
const blueIn = { ar: "أزرق", fr: "Bleu" } as const;
const dictionaries = { ar, fr } as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const value = (page: Page, name: string) => page.getByTestId("option-value").and(page.locator(`[aria-label="${name}"], [aria-label*="${name} "]`));
const price = (page: Page) => page.getByTestId("price").first().textContent();
/** The pickers' code comes after the page's first load: until then their links navigate. */
const pickersReady = (page: Page) => page.locator("[data-testid=variant-picker][data-hydrated=true]").waitFor();
const mainImage = (page: Page) => page.locator("[data-testid=gallery-main] img").first().getAttribute("src");

for (const language of ["ar", "fr"] as const satisfies readonly Language[]) {
  const t = dictionaries[language];
  describe(`product variants on a 390×844 phone in ${language}`, () => {
    it("chooses the blue RC car: its picture, its price and ?variant= in the address, then adds it to the cart", async () => {
      const { context, page, pageErrors } = await openPage(browser, `/products/${car.slug}`, language);
      // Prices differ: the page says "from" the lowest until a colour is chosen.
      expect(await page.getByTestId("price-from").textContent()).toBe(t.catalog.card.priceFrom);
      expect(await price(page)).toContain(formatDinars(car.price, language));
      await pickersReady(page);
      await page.evaluate(() => window.scrollTo(0, 300));
      const scrolled = await page.evaluate(() => window.scrollY);

      await value(page, blueIn[language]).click();
      await expect.poll(() => page.url()).toMatch(/\?variant=\d+$/);
      expect(await value(page, blueIn[language]).getAttribute("aria-pressed")).toBe("true");
      expect(await price(page)).toContain(formatDinars(blue.price!, language));
      expect(await page.getByTestId("price-from").count()).toBe(0);
      expect(await mainImage(page)).toContain("toys-rc-car-blue");
      expect(await page.getByTestId("product-sku").textContent()).toContain(blue.sku);
      // In place: no navigation, no jump to the top.
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

      await page.getByTestId("add-to-cart").click();
      await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
      const line = await page.evaluate(() => JSON.parse(localStorage.getItem("twins-shop-cart") ?? "[]")[0]);
      expect(line).toMatchObject({ id: car.id, price: blue.price, sku: blue.sku });
      expect(String(line.variantId)).toBe(new URL(page.url()).searchParams.get("variant"));

      // The shared address opens on the same choice, from the server.
      const shared = await context.newPage();
      await shared.goto(page.url());
      await hydrated(shared);
      expect(await value(shared, blueIn[language]).getAttribute("aria-pressed")).toBe("true");
      expect(await mainImage(shared)).toContain("toys-rc-car-blue");
      const canonical = await shared.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical).toContain(`/products/${car.slug}`);
      expect(canonical).not.toContain("variant");
      expect(pageErrors).toEqual([]);
      await context.close();
    });

    it("names the missing option when buy-now or add-to-cart is tapped before a choice", async () => {
      const { context, page, pageErrors } = await openPage(browser, `/products/${car.slug}`, language);
      await page.getByTestId("buy-now").click();
      const notice = page.getByTestId("choose-option-notice");
      await notice.waitFor();
      expect(await notice.textContent()).toBe(t.catalog.product.chooseOption.replace("{{option}}", colourIn[language]));
      expect(await page.getByTestId("order-slot").isVisible()).toBe(false);
      await page.getByTestId("add-to-cart").click();
      expect(await page.getByTestId("cart-count").count()).toBe(0);
      // Once chosen, buy-now opens the order form, which posts the variant.
      await pickersReady(page);
      await value(page, blueIn[language]).click();
      expect(await notice.count()).toBe(0);
      await page.getByTestId("buy-now").click();
      await page.getByTestId("order-slot").waitFor({ state: "visible" });
      expect(await page.locator('[data-testid=order-slot] input[name="variant"]').inputValue()).toBe(new URL(page.url()).searchParams.get("variant"));
      expect(pageErrors).toEqual([]);
      await context.close();
    });

    it("marks a sold-out colour unavailable, and a card of a product with variants sends the shopper to choose", async () => {
      const { context, page } = await openPage(browser, `/products/${backpack.slug}`, language);
      const yellow = { ar: "أصفر", fr: "Jaune" }[language];
      const soldOut = page.locator(`[data-testid=option-value][data-unavailable]`);
      expect(await soldOut.count()).toBe(1);
      expect(await soldOut.getAttribute("aria-label")).toBe(t.catalog.product.unavailableValue.replace("{{value}}", yellow));
      expect(await soldOut.isDisabled()).toBe(true);

      await page.goto("/categories/toys");
      await hydrated(page);
      const card = page.getByTestId("product-card").filter({ hasText: { ar: car.title, fr: car.titleFr }[language] });
      expect(await card.getByTestId("price-from").textContent()).toBe(t.catalog.card.priceFrom);
      expect(await card.getByTestId("quick-buy").count()).toBe(0);
      await card.getByTestId("choose-options").click();
      await page.waitForURL(new RegExp(`/products/${car.slug}$`));
      await context.close();
    });

    it("chooses without JavaScript through the pickers' links", async () => {
      const { context, page } = await openPage(browser, `/products/${car.slug}`, language, { javaScript: false });
      await value(page, blueIn[language]).click();
      await page.waitForURL(/\?variant=\d+$/);
      expect(await value(page, blueIn[language]).getAttribute("aria-pressed")).toBe("true");
      expect(await price(page)).toContain(formatDinars(blue.price!, language));
      expect(await mainImage(page)).toContain("toys-rc-car-blue");
      // The plain add-to-cart form posts the variant with the product.
      expect(await page.locator('form[action="/cart"] input[name="variant"]').inputValue()).toBe(new URL(page.url()).searchParams.get("variant"));
      await context.close();
    });
  });
}
