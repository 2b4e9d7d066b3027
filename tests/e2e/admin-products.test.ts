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
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } }).png().toBuffer(),
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
});
