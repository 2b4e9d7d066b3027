import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import { signInAsAdmin } from "./support/admin";
import { withDb } from "./support/db";
import { baseURL, desktop, launchBrowser, openContext, phone } from "./support/browser";

// Merchandising as a merchant and a shopper do it: a collection in a chosen order, add-all-to-cart,
// deactivation; a custom page with a hero image and its Open Graph tags; two sections on the
// home layout, the second moved up. The home sections are removed again at the end, so the
// other files keep seeing the built-in home.

const texts = ar.adminMerchandising;

/** Three in-stock products without variants, with plenty of stock, whose titles do not contain one another. */
const chosen = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 30).slice(0, 3);

const png = async (r: number, g: number, b: number) => ({
  name: `banner-${r}-${g}-${b}.png`,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 1200, height: 400, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer(),
});

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/** Searches the picker for a product by its Arabic title and adds it to the selection. */
async function pick(page: Page, product: (typeof chosen)[number]) {
  const search = page.getByTestId("picker-search");
  await search.fill(product.title);
  const result = page.locator(`[data-testid="picker-result"][data-product-id="${product.id}"]`);
  await result.waitFor();
  await result.getByTestId("picker-add").click();
  await page.locator(`[data-testid="picker-selected-item"][data-product-id="${product.id}"]`).waitFor();
}

const selectedIds = (page: Page) =>
  page.getByTestId("picker-selected-item").evaluateAll((items) => items.map((item) => item.getAttribute("data-product-id")));

/** The product slugs of the storefront cards, in the order shown. */
const cardSlugs = (page: Page, scope = "main") =>
  page
    .locator(`${scope} [data-testid="product-card"] h3 a`)
    .evaluateAll((links) => links.map((link) => decodeURIComponent(new URL((link as HTMLAnchorElement).href).pathname.replace("/products/", ""))));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  expect(chosen).toHaveLength(3);
});
afterAll(async () => {
  await browser?.close();
  // Whatever a failed run left on the home layout goes, so the other files see the built-in home.
  await withDb((db) => db.deleteFrom("page_sections").where("page_identifier", "=", "home").execute());
});

describe("collections", () => {
  it("shows a collection's products in the chosen order, adds them all to the cart, and hides it once deactivated", async () => {
    const { context, page, pageErrors } = await openContext(browser, desktop);
    await signInAsAdmin(page);
    const slug = `e2e-collection-${Date.now()}`;

    await page.goto("/admin/collections/new");
    await hydrated(page);
    // Nothing typed: the one missing-field message, and nothing saved.
    await page.getByTestId("merch-save").click();
    await expect.poll(() => page.getByTestId("merch-error").textContent()).toBe(texts.errors.titleSlugRequired);
    await hydrated(page);

    await page.locator('input[name="title"]').fill("مجموعة الاختبار");
    await page.locator('input[name="slug"]').fill(slug);
    // Title and slug but no product.
    await page.getByTestId("merch-save").click();
    await expect.poll(() => page.getByTestId("merch-error").textContent()).toBe(texts.errors.productsRequired);
    await hydrated(page);
    // What was typed survives the refusal.
    expect(await page.locator('input[name="slug"]').inputValue()).toBe(slug);

    await page.locator('textarea[name="description"]').fill("ثلاثة منتجات مختارة بعناية");
    await page.locator('input[name="image"]').setInputFiles(await png(30, 60, 120));
    const [a, b, c] = chosen as [(typeof chosen)[number], (typeof chosen)[number], (typeof chosen)[number]];
    await pick(page, a);
    await pick(page, b);
    await pick(page, c);
    expect(await selectedIds(page)).toEqual([a.id, b.id, c.id]);
    // Move the third to the top: c, a, b.
    const third = page.locator(`[data-testid="picker-selected-item"][data-product-id="${c.id}"]`);
    await third.getByTestId("picker-move-up").click();
    await third.getByTestId("picker-move-up").click();
    expect(await selectedIds(page)).toEqual([c.id, a.id, b.id]);
    expect(await page.getByTestId("picker-count").textContent()).toContain("3");

    await Promise.all([
      page.waitForURL((url) => /^\/admin\/collections\/\d+$/.test(url.pathname) && url.searchParams.has("saved")),
      page.getByTestId("merch-save").click(),
    ]);
    const editUrl = new URL(page.url()).pathname;

    // The list shows its card with the active badge and its path.
    await page.goto("/admin/collections");
    const card = page.locator(`[data-testid="merch-card"][data-slug="${slug}"]`);
    expect(await card.textContent()).toContain(`/collections/${slug}`);
    expect(await card.textContent()).toContain(texts.active);

    // The shopper, on a phone, in Arabic.
    const shopper = await openContext(browser, phone);
    await shopper.page.goto(`/collections/${slug}`);
    await hydrated(shopper.page);
    expect(await shopper.page.locator("h1").textContent()).toContain("مجموعة الاختبار");
    expect(await shopper.page.locator('[data-testid="collection-banner"] img').count()).toBe(1);
    expect(await cardSlugs(shopper.page)).toEqual([c.slug, a.slug, b.slug]);
    expect(await shopper.page.getByTestId("collection-count").textContent()).toContain("3");
    await shopper.page.getByTestId("add-all-to-cart").click();
    await expect
      .poll(() => shopper.page.getByTestId("add-all-message").textContent())
      .toBe(ar.merchandising.collection.addAllDone.replace("{{count}}", "3"));
    expect(await shopper.page.getByTestId("cart-count").first().textContent()).toBe("3");
    expect(shopper.pageErrors).toEqual([]);
    await shopper.context.close();

    // Deactivated: the public page answers 404 with the shop's not-found text.
    await page.goto(editUrl);
    await hydrated(page);
    await page.locator('input[name="isActive"]').uncheck();
    // The selection loaded from the record is kept as it was.
    expect(await selectedIds(page)).toEqual([c.id, a.id, b.id]);
    await Promise.all([page.waitForURL((url) => url.searchParams.has("saved")), page.getByTestId("merch-save").click()]);
    const gone = await fetch(`${baseURL()}/collections/${slug}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("المجموعة غير موجودة");
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("custom pages", () => {
  it("publishes a landing page with a hero image whose SEO texts fill the title and Open Graph tags", async () => {
    const { context, page, pageErrors } = await openContext(browser, desktop);
    await signInAsAdmin(page);
    const slug = `e2e-page-${Date.now()}`;

    await page.goto("/admin/custom-pages/new");
    await hydrated(page);
    await page.locator('input[name="title"]').fill("عرض العودة المدرسية");
    await page.locator('input[name="slug"]').fill(slug);
    await page.locator('textarea[name="description"]').fill("كل ما يحتاجه التلميذ");
    await page.locator('input[name="metaTitle"]').fill("عروض المدرسة الكبرى");
    await page.locator('textarea[name="metaDescription"]').fill("أدوات مدرسية بأسعار مخفضة مع الدفع عند الاستلام");
    await page.locator('input[name="image"]').setInputFiles(await png(200, 120, 20));
    await pick(page, chosen[0]!);
    await Promise.all([
      page.waitForURL((url) => /^\/admin\/custom-pages\/\d+$/.test(url.pathname) && url.searchParams.has("saved")),
      page.getByTestId("merch-save").click(),
    ]);

    const html = await (await fetch(`${baseURL()}/pages/${slug}`)).text();
    expect(html).toMatch(/<title>عروض المدرسة الكبرى[^<]*<\/title>/);
    expect(html).toContain('<meta property="og:title" content="عروض المدرسة الكبرى');
    expect(html).toContain('<meta name="description" content="أدوات مدرسية بأسعار مخفضة مع الدفع عند الاستلام"');
    expect(html).toContain('<meta property="og:description" content="أدوات مدرسية بأسعار مخفضة مع الدفع عند الاستلام"');
    const ogImage = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
    expect(ogImage).toMatch(/^http:\/\/.+\/uploads\/pages\/.+\.webp$/);
    expect((await fetch(ogImage!)).headers.get("Content-Type")).toContain("image/webp");

    await page.goto(`/pages/${slug}`);
    expect(await page.getByTestId("page-hero").locator("img").count()).toBe(1);
    expect(await page.locator("h1").textContent()).toContain("عرض العودة المدرسية");
    expect(await cardSlugs(page)).toEqual([chosen[0]!.slug]);

    const missing = await fetch(`${baseURL()}/pages/${slug}-missing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("الصفحة غير موجودة");
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("page layouts", () => {
  it("adds two sections to the home layout, moves the second up, and the home page follows", async () => {
    const { context, page, pageErrors } = await openContext(browser, desktop);
    await signInAsAdmin(page);
    await page.goto("/admin/page-layouts?page=home");
    await hydrated(page);
    expect(await page.getByTestId("layout-empty").textContent()).toBe(texts.layouts.empty);

    const addSection = async (type: string, title: string, products: (typeof chosen)[number][]) => {
      const form = page.getByTestId("section-form");
      await form.locator('select[name="sectionType"]').selectOption(type);
      await form.locator('input[name="title"]').fill(title);
      for (const product of products) await pick(page, product);
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/admin/page-layouts" && url.searchParams.get("page") === "home"),
        form.getByTestId("section-save").click(),
      ]);
      await page.locator(`[data-testid="layout-section"]:has-text("${title}")`).waitFor();
      await hydrated(page);
    };
    await addSection("featured-products", "قسم المختارات", [chosen[0]!, chosen[1]!]);
    await addSection("special-offers", "قسم التخفيضات", [chosen[2]!]);

    const adminTitles = () => page.getByTestId("layout-section").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-section-type")));
    expect(await adminTitles()).toEqual(["featured-products", "special-offers"]);
    // The first cannot move up, the last cannot move down.
    expect(await page.getByTestId("layout-section").first().getByTestId("layout-move-up").isDisabled()).toBe(true);
    expect(await page.getByTestId("layout-section").last().getByTestId("layout-move-down").isDisabled()).toBe(true);

    const homeOrder = async () => {
      const html = await (await fetch(`${baseURL()}/`)).text();
      return [...html.matchAll(/data-section-type="([a-z-]+)"/g)].map((match) => match[1]);
    };
    expect(await homeOrder()).toEqual(["featured-products", "special-offers"]);

    await page.getByTestId("layout-section").last().getByTestId("layout-move-up").click();
    await expect.poll(adminTitles).toEqual(["special-offers", "featured-products"]);
    expect(await homeOrder()).toEqual(["special-offers", "featured-products"]);

    // And the shopper sees the products of each section, in order.
    const shopper = await openContext(browser, phone);
    await shopper.page.goto("/");
    const sections = shopper.page.getByTestId("page-section");
    expect(await sections.first().textContent()).toContain("قسم التخفيضات");
    expect(await cardSlugs(shopper.page, '[data-testid="page-section"][data-section-type="featured-products"]')).toEqual([
      chosen[0]!.slug,
      chosen[1]!.slug,
    ]);
    await shopper.context.close();

    // Deleting both brings back the built-in home.
    for (let remaining = 2; remaining > 0; remaining--) {
      await Promise.all([
        page.waitForURL((url) => url.searchParams.has("delete")),
        page.getByTestId("layout-section").first().getByTestId("layout-delete").click(),
      ]);
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/admin/page-layouts" && !url.searchParams.has("delete")),
        page.getByTestId("merch-confirm-delete").click(),
      ]);
      await expect.poll(() => page.getByTestId("layout-section").count()).toBe(remaining - 1);
      await hydrated(page);
    }
    expect(await page.getByTestId("layout-empty").count()).toBe(1);
    expect(await homeOrder()).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
