import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoCategories, demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import en from "~/i18n/en";
import fr from "~/i18n/fr";
import { openDatabase } from "~/server/db/db.server";
import { PAGE_SIZE } from "~/server/catalog/product.service.server";
import { baseURL, desktop, launchBrowser, openContext, phone } from "./support/browser";

const dictionaries = { ar, en, fr } as const;
const languages = ["ar", "en", "fr"] as const;
const get = (path: string, language = "ar") => fetch(`${baseURL()}${path}`, { headers: { Cookie: `lng=${language}` } });

const product = demoProducts.find((p) => !p.variants && p.inStock && p.images.length > 1 && p.compareAtPrice > 0)!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // A category of its own with more than one page, for the paging test (other tests never look at it).
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  const now = new Date().toISOString();
  await db.insertInto("categories").values({ slug: "e2e-paging", name: "صفحات الاختبار", created_at: now }).execute();
  await db
    .insertInto("products")
    .values(
      Array.from({ length: PAGE_SIZE + 2 }, (_, i) => ({
        id: `p80000${String(i).padStart(2, "0")}`,
        slug: `e2e-paging-${i}`,
        title: `منتج اختبار ${i}`,
        price: 1000 + i * 100,
        category: "e2e-paging",
        in_stock: true,
        stock_quantity: 50,
        created_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
        updated_at: now,
      })),
    )
    .execute();
  await close();
});
afterAll(async () => {
  await browser?.close();
});

describe("catalogue pages in the server HTML", () => {
  for (const language of languages) {
    it(`answer 200 with their content in ${language}`, async () => {
      const category = demoCategories.find((c) => c.slug === "kitchen")!;
      const categoryName = { ar: category.name, en: category.nameEn, fr: category.nameFr }[language];
      const title = { ar: product.title, en: product.titleEn, fr: product.titleFr }[language];
      const pages: [string, string][] = [
        ["/", dictionaries[language].catalog.home.featuredTitle],
        ["/categories", dictionaries[language].catalog.categories.title],
        ["/categories/kitchen", categoryName],
        ["/games", demoProducts.find((p) => p.category === "toys" && p.inStock)!.slug],
        ["/school-supplies", demoProducts.find((p) => p.category === "books" && p.inStock)!.slug],
        [`/products/${product.slug}`, title],
        [`/search?q=${encodeURIComponent(product.title)}`, title],
      ];
      for (const [path, text] of pages) {
        const response = await get(path, language);
        expect(response.status, path).toBe(200);
        expect(await response.text(), `${path} in ${language}`).toContain(text);
      }
    });
  }

  it("answers 404 with the shop's not-found texts for an unknown product and category", async () => {
    const missingProduct = await get("/products/no-such-thing");
    expect(missingProduct.status).toBe(404);
    const html = await missingProduct.text();
    expect(html).toContain("المنتج غير موجود");
    expect(html).toContain('href="/categories"');
    const missingCategory = await get("/categories/no-such-category");
    expect(missingCategory.status).toBe(404);
    expect(await missingCategory.text()).toContain(ar.catalog.category.notFound);
  });

  it("gives a product page a share preview and schema.org Product data", async () => {
    const html = await (await get(`/products/${product.slug}`, "fr")).text();
    expect(html).toContain(`<meta property="og:title" content="${product.titleFr}`);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/[^"]+"/);
    expect(html).toContain(`<meta property="product:price:amount" content="${product.price}"/>`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/products/${product.slug}\\?lng=fr"/>`));
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: product.titleFr,
      offers: { price: product.price, priceCurrency: "DZD", availability: "https://schema.org/InStock" },
    });
  });

  it("finds a product by the digits of its id", async () => {
    const response = await get(`/products/${product.id.slice(1)}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(product.title);
  });

  it("renders the typewriter's three taglines and the true delivery promise without JavaScript", async () => {
    const html = await (await get("/", "fr")).text();
    for (const tagline of Object.values(fr.catalog.home.taglines)) expect(html).toContain(tagline);
    expect(html).toContain("Livraison gratuite à Alger, à partir de 200");
  });
});

describe.each([
  ["a 390×844 phone", phone],
  ["a 1280×800 desktop", desktop],
] as const)("shopping the catalogue in Chromium on %s", (_name, viewport) => {
  it("lists 8 products in each home section, with view-more links", async () => {
    const { context, page, pageErrors } = await openContext(browser, viewport);
    await page.goto("/");
    for (const section of ["featured", "special-offers"]) {
      expect(await page.locator(`[data-testid=section-${section}] [data-testid=product-card]`).count()).toBe(8);
    }
    expect(await page.getByTestId("view-more-featured").getAttribute("href")).toBe("/categories/toys");
    expect(await page.getByTestId("view-more-special-offers").getAttribute("href")).toBe("/categories/books");
    expect(await page.getByTestId("offer-card").count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("goes from a card to its product page and adds it to the cart", async () => {
    const { context, page, pageErrors } = await openContext(browser, viewport);
    await page.goto("/categories/" + product.category);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const card = page.getByTestId("product-card").filter({ hasText: product.title });
    expect(await card.getByTestId("discount-badge").textContent()).toBe(
      `-${Math.round(((product.compareAtPrice - product.price) / product.compareAtPrice) * 100)}%`,
    );
    await card.getByRole("link", { name: product.title }).click();
    await page.waitForURL(`**/products/${product.slug}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(product.title);
    await page.getByTestId("add-to-cart").click();
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
    await page.getByTestId("add-to-cart").click();
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("2");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("sorts a category by price and pages through it", async () => {
    const { context, page, pageErrors } = await openContext(browser, viewport);
    await page.goto("/categories/e2e-paging");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const cards = page.getByTestId("product-card");
    expect(await cards.count()).toBe(PAGE_SIZE);
    expect(await cards.first().locator("h3").textContent()).toBe(`منتج اختبار ${PAGE_SIZE + 1}`);

    await page.locator("#sort").selectOption("price-asc");
    await page.waitForURL(/sort=price-asc/);
    await expect.poll(() => cards.first().locator("h3").textContent()).toBe("منتج اختبار 0");

    await page.getByTestId("pagination").getByRole("link", { name: ar.catalog.pagination.next }).click();
    await page.waitForURL(/page=2/);
    expect(page.url()).toContain("sort=price-asc");
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.last().locator("h3").textContent()).toBe(`منتج اختبار ${PAGE_SIZE + 1}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("product page in Chromium", () => {
  it("cannot add an out-of-stock product", async () => {
    const out = demoProducts.find((p) => !p.inStock)!;
    const { context, page } = await openContext(browser, desktop);
    await page.goto(`/products/${out.slug}`);
    expect(await page.getByTestId("out-of-stock-badge").count()).toBe(1);
    expect(await page.getByTestId("add-to-cart").isDisabled()).toBe(true);
    await context.close();
  });

  it("magnifies on hover on desktop", async () => {
    const { context, page } = await openContext(browser, desktop);
    await page.goto(`/products/${product.slug}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const box = (await page.getByTestId("gallery-main").boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.75);
    const magnifier = page.getByTestId("magnifier");
    await expect.poll(() => magnifier.count()).toBe(1);
    const style = await magnifier.getAttribute("style");
    expect(style).toContain("background-size: 250%");
    expect(style).toMatch(/background-position: 2\d(\.\d+)?% 7\d(\.\d+)?%/);
    await context.close();
  });

  it("opens the full-screen viewer on a phone and zooms from 1x to 3x in steps of 0.5", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await page.goto(`/products/${product.slug}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByTestId("gallery-main").locator("button").tap();
    const viewer = page.getByTestId("zoom-viewer");
    await viewer.waitFor();
    const level = () => page.getByTestId("zoom-level").textContent();
    expect(await level()).toContain("1x");
    await page.getByTestId("zoom-in").tap();
    expect(await level()).toContain("1.5x");
    for (let i = 0; i < 3; i++) await page.getByTestId("zoom-in").tap();
    expect(await level()).toContain("3x");
    // At 3x the + button is disabled: the zoom cannot go past the maximum.
    expect(await page.getByTestId("zoom-in").isDisabled()).toBe(true);
    expect(await page.getByTestId("zoom-image").evaluate((img) => img.style.transform)).toBe("scale(3)");
    await page.getByTestId("zoom-out").tap();
    expect(await level()).toContain("2.5x");
    await page.getByTestId("zoom-reset").tap();
    expect(await level()).toContain("1x");
    await page.getByTestId("zoom-close").tap();
    expect(await viewer.count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
