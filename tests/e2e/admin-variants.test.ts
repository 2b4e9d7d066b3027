import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { signInAsAdmin } from "./support/admin";
import { hydrated, launchBrowser, openContext, phone } from "./support/browser";

const texts = ar.adminProducts;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function addOption(page: Page, index: number, name: string, values: string[]) {
  await page.getByTestId("variant-add-option").click();
  await field(page, `options[${index}].nameAr`).fill(name);
  const option = page.getByTestId("variant-option").nth(index);
  for (const [j, value] of values.entries()) {
    await option.getByTestId("variant-add-value").click();
    await field(page, `options[${index}].values[${j}].nameAr`).fill(value);
  }
}

/** The product the first test saves, for the next one. */
let saved: { editUrl: string; slug: string } | null = null;

describe("admin product variants", () => {
  it("on a phone in Arabic: adds Colour and Size, generates, removes a combination, sets SKUs and stock, saves and reads them back; a duplicate SKU is refused beside its field", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await signInAsAdmin(page);
    const slug = `e2e-variants-${Date.now()}`;
    await page.goto("/admin/products/new");
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await field(page, "target").selectOption("games");
    await field(page, "title").fill("حقيبة ظهر بالألوان");
    await field(page, "slug").fill(slug);
    await field(page, "price").fill("2800");

    await addOption(page, 0, "اللون", ["أحمر", "أزرق"]);
    await field(page, "options[0].values[0].swatch").fill("#ff0000");
    await addOption(page, 1, "المقاس", ["S", "M"]);
    await page.getByTestId("variant-generate").click();
    expect(await page.getByTestId("variant-label").allTextContents()).toEqual(["أحمر / S", "أحمر / M", "أزرق / S", "أزرق / M"]);
    // Red / M does not exist.
    await page.getByTestId("variant-remove").nth(1).click();
    expect(await page.getByTestId("variant-label").allTextContents()).toEqual(["أحمر / S", "أزرق / S", "أزرق / M"]);
    for (const [k, sku] of [`${slug}-RS`, `${slug}-BS`, `${slug}-BM`].entries()) await field(page, `variants[${k}].sku`).fill(sku);
    await page.getByTestId("variant-bulk-stock").fill("4");
    await page.getByTestId("variant-bulk-stock-apply").click();
    await field(page, "variants[2].stockQuantity").fill("0");
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await Promise.all([
      page.waitForURL((url) => /^\/admin\/products\/p\d+$/.test(url.pathname) && url.searchParams.has("saved")),
      page.getByTestId("product-save").click(),
    ]);
    const editUrl = new URL(page.url()).pathname;
    saved = { editUrl, slug };

    // Reopened: the options, the three variants, their SKUs and stock; the product's stock is their sum.
    await page.goto(editUrl);
    await hydrated(page);
    expect(await page.getByTestId("variant-label").allTextContents()).toEqual(["أحمر / S", "أزرق / S", "أزرق / M"]);
    expect(await field(page, "variants[1].sku").inputValue()).toBe(`${slug}-BS`);
    expect(await field(page, "variants[0].stockQuantity").inputValue()).toBe("4");
    expect(await field(page, "variants[2].stockQuantity").inputValue()).toBe("0");
    expect(await field(page, "options[0].values[0].swatch").inputValue()).toBe("#ff0000");
    expect(await field(page, "stockQuantity").inputValue()).toBe("8");

    // A SKU repeated: refused with the translated message beside the field, nothing saved.
    await field(page, "variants[2].sku").fill(`${slug}-bs`);
    await page.getByTestId("product-save").click();
    const error = page.getByTestId("error-variants[2].sku");
    await error.waitFor();
    expect(await error.textContent()).toBe(texts.errors.duplicateSku);
    expect(await field(page, "variants[2].sku").getAttribute("aria-invalid")).toBe("true");
    await page.goto(editUrl);
    expect(await field(page, "variants[2].sku").inputValue()).toBe(`${slug}-BM`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("in French without JavaScript: the saved variants are shown and a save keeps them", async () => {
    expect(saved).not.toBeNull();
    const { editUrl, slug } = saved!;
    const { context, page } = await openContext(browser, { ...phone, javaScriptEnabled: false }, "fr");
    await signInAsAdmin(page);
    await page.goto(editUrl);
    expect(await page.getByTestId("product-variants").locator("legend").first().textContent()).toBe(fr.adminProducts.form.variants.title);
    expect(await page.getByTestId("variant-row").count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const ids = await page
      .locator('input[name$="].id"][name^="variants["]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await field(page, "variants[0].stockQuantity").fill("6");
    await Promise.all([page.waitForURL((url) => url.searchParams.has("saved")), page.getByTestId("product-save").click()]);
    expect(
      await page.locator('input[name$="].id"][name^="variants["]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    ).toEqual(ids);
    expect(await field(page, "variants[0].sku").inputValue()).toBe(`${slug}-RS`);
    expect(await field(page, "stockQuantity").inputValue()).toBe("10");
    await context.close();
  });
});
