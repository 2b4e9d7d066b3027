import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin } from "./support/admin";
import { baseURL, launchBrowser, openContext, phone } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const png = async (r: number, g: number, b: number) => ({
  name: `swatch-${r}-${g}-${b}.png`,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer(),
});

describe("admin products", () => {
  it("creates a product with two images, edits its price and deletes it, as the storefront shows", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await signInAsAdmin(page);
    const slug = `e2e-lamp-${Date.now()}`;

    await page.goto("/admin/products/new");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.locator('input[name="images"]').setInputFiles([await png(220, 40, 40), await png(40, 40, 220)]);
    // The preset fills section and category at once (JavaScript), as the server would.
    await page.locator('select[name="target"]').selectOption("electronics");
    expect(await page.locator('select[name="sectionId"]').inputValue()).toBe("special-offers");
    expect(await page.locator('select[name="category"]').inputValue()).toBe("electronics");
    await page.locator('input[name="title"]').fill("مصباح مكتب اختبار");
    // Typed with capitals and spaces: normalised as typed.
    await page.locator('input[name="slug"]').pressSequentially(slug.toUpperCase().replace(/-/g, " "));
    expect(await page.locator('input[name="slug"]').inputValue()).toBe(slug);
    await page.locator('input[name="price"]').fill("4200");
    await page.locator('input[name="stockQuantity"]').fill("30");
    await Promise.all([
      page.waitForURL((url) => /^\/admin\/products\/p\d+$/.test(url.pathname) && url.searchParams.has("saved")),
      page.getByTestId("product-save").click(),
    ]);
    expect(await page.getByTestId("product-flash").textContent()).toBe("تم حفظ المنتج بنجاح");
    expect(await page.getByTestId("product-image").count()).toBe(2);
    const editUrl = new URL(page.url()).pathname;

    // The storefront shows it, with WebP variants in the srcset.
    await page.goto(`/products/${slug}`);
    expect(await page.locator("h1").first().textContent()).toContain("مصباح مكتب اختبار");
    const srcset = await page.locator('img[srcset*=".webp"]').first().getAttribute("srcset");
    expect(srcset).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-960\.webp 960w/);
    const variant = await fetch(new URL(srcset!.split(" ")[0]!, baseURL()));
    expect(variant.headers.get("Content-Type")).toContain("image/webp");
    expect(await page.getByTestId("price").first().textContent()).toContain("4");

    // Edit the price.
    await page.goto(editUrl);
    await page.locator('input[name="price"]').fill("3900");
    await Promise.all([page.waitForURL((url) => url.searchParams.has("saved")), page.getByTestId("product-save").click()]);
    const html = await (await fetch(`${baseURL()}/products/${slug}`)).text();
    expect(html).toMatch(/3[,.\s\u00a0\u202f]?900/);
    expect(html).not.toMatch(/4[,.\s\u00a0\u202f]?200/);

    // Delete, through the confirmation view.
    await page.goto(editUrl);
    await page.getByTestId("product-delete").click();
    await page.getByTestId("confirm-delete").click();
    await page.waitForURL((url) => url.pathname === "/admin/products" && url.searchParams.has("deleted"));
    expect(await page.getByTestId("product-flash").textContent()).toBe("تم حذف المنتج بنجاح");
    expect((await fetch(`${baseURL()}/products/${slug}`)).status).toBe(404);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("two admins on the same product: the older page's save is refused with a clear message and keeps what was typed; after a reload it goes through", async () => {
    const a = await openContext(browser);
    const b = await openContext(browser);
    await signInAsAdmin(a.page);
    await signInAsAdmin(b.page);
    const slug = `e2e-race-${Date.now()}`;

    // Admin A creates the product.
    await a.page.goto("/admin/products/new");
    await a.page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await a.page.locator('select[name="target"]').selectOption("electronics");
    await a.page.locator('input[name="title"]').fill("منتج تعديل متزامن");
    await a.page.locator('input[name="slug"]').fill(slug);
    await a.page.locator('input[name="price"]').fill("5000");
    await Promise.all([
      a.page.waitForURL((url) => /^\/admin\/products\/p\d+$/.test(url.pathname) && url.searchParams.has("saved")),
      a.page.getByTestId("product-save").click(),
    ]);
    const editUrl = new URL(a.page.url()).pathname;

    // Both have the edit page open; B adds an image and saves first.
    await a.page.goto(editUrl);
    await b.page.goto(editUrl);
    for (const { page } of [a, b]) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await b.page.locator('input[name="images"]').setInputFiles([await png(30, 160, 90)]);
    await Promise.all([b.page.waitForURL((url) => url.searchParams.has("saved")), b.page.getByTestId("product-save").click()]);
    // The URL changes before the page re-renders with the saved product: wait for the image.
    await expect.poll(() => b.page.getByTestId("product-image").count()).toBe(1);

    // A, on the older page, changes the price: refused, with the reason, and the typed price kept.
    await a.page.locator('input[name="price"]').fill("4321");
    await a.page.getByTestId("product-save").click();
    await a.page.getByTestId("product-error").waitFor();
    expect(await a.page.getByTestId("product-error").textContent()).toBe(
      "عدّل مشرف آخر هذا المنتج بعد فتحك له. أعد تحميل الصفحة لرؤية آخر نسخة ثم أعد تعديلك.",
    );
    expect(await a.page.locator('input[name="price"]').inputValue()).toBe("4321");
    // Nothing of A's was written, and B's image is still there.
    await b.page.goto(editUrl);
    expect(await b.page.getByTestId("product-image").count()).toBe(1);
    expect(await b.page.locator('input[name="price"]').inputValue()).toBe("5000");

    // A reloads (the latest version, with B's image) and saves again: accepted.
    await a.page.goto(editUrl);
    expect(await a.page.getByTestId("product-image").count()).toBe(1);
    await a.page.locator('input[name="price"]').fill("4321");
    await Promise.all([a.page.waitForURL((url) => url.searchParams.has("saved")), a.page.getByTestId("product-save").click()]);
    expect(await a.page.locator('input[name="price"]').inputValue()).toBe("4321");
    expect(await a.page.getByTestId("product-image").count()).toBe(1);

    // Clean up.
    await a.page.goto(`${editUrl}?delete=1`);
    await Promise.all([a.page.waitForURL((url) => url.searchParams.has("deleted")), a.page.getByTestId("confirm-delete").click()]);
    expect([...a.pageErrors, ...b.pageErrors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
