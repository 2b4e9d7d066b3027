import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import { formatDinars } from "~/lib/money";
import { signInAsAdmin } from "./support/admin";
import { hydrated, launchBrowser, openContext, phone } from "./support/browser";
import { withDb } from "./support/db";

// A collection that points at the blue RC car: the merchant chooses the colour beside the picked
// product; the shopper's card shows the blue car's price and opens its page with blue chosen.

const car = demoProducts.find((p) => p.slug === "sport-remote-control-car")!;
const blue = car.variants!.variants.find((v) => v.values[0] === "Blue")!;

let browser: Browser;
let slug = "";
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (slug) await withDb((db) => db.deleteFrom("collections").where("slug", "=", slug).execute());
});

const optionValue = (page: Page, name: string) =>
  page.getByTestId("option-value").and(page.locator(`[aria-label="${name}"], [aria-label*="${name} "]`));

describe("a collection pointing at a variant, on a 390×844 phone in Arabic", () => {
  it("the merchant picks the blue RC car; the collection's card opens the product page with blue chosen", async () => {
    const admin = await openContext(browser, phone, "ar");
    await signInAsAdmin(admin.page);
    slug = `e2e-blue-${Date.now()}`;
    await admin.page.goto("/admin/collections/new");
    await hydrated(admin.page);
    await admin.page.locator('input[name="title"]').fill("السيارة الزرقاء");
    await admin.page.locator('input[name="slug"]').fill(slug);
    await admin.page.getByTestId("picker-search").fill(car.title);
    const result = admin.page.locator(`[data-testid="picker-result"][data-product-id="${car.id}"]`);
    await result.waitFor();
    await result.getByTestId("picker-add").click();
    const picked = admin.page.locator(`[data-testid="picker-selected-item"][data-product-id="${car.id}"]`);
    const variantSelect = picked.getByTestId("picker-variant");
    // Any variant at first; the colours by their Arabic names.
    expect(await variantSelect.inputValue()).toBe("");
    expect(await variantSelect.locator("option").allTextContents()).toEqual([ar.adminMerchandising.picker.anyVariant, "أحمر", "أزرق"]);
    await variantSelect.selectOption({ label: "أزرق" });
    await Promise.all([
      admin.page.waitForURL((url) => /^\/admin\/collections\/\d+$/.test(url.pathname) && url.searchParams.has("saved")),
      admin.page.getByTestId("merch-save").click(),
    ]);
    // The form reads the choice back.
    await hydrated(admin.page);
    expect(await admin.page.getByTestId("picker-variant").locator("option:checked").textContent()).toBe("أزرق");
    expect(admin.pageErrors).toEqual([]);
    await admin.context.close();

    const { context, page, pageErrors } = await openContext(browser, phone, "ar");
    await page.goto(`/collections/${slug}`);
    await hydrated(page);
    const card = page.getByTestId("product-card").first();
    expect(await card.getByTestId("price").first().textContent()).toContain(formatDinars(blue.price!, "ar"));
    const link = card.locator("h3 a");
    expect(new URL((await link.getAttribute("href"))!, "https://souq.test").searchParams.get("variant")).toMatch(/^\d+$/);
    await Promise.all([page.waitForURL((url) => url.pathname.startsWith("/products/")), link.click()]);
    expect(new URL(page.url()).searchParams.get("variant")).toMatch(/^\d+$/);
    await hydrated(page);
    expect(await optionValue(page, "أزرق").getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByTestId("price").first().textContent()).toContain(formatDinars(blue.price!, "ar"));
    expect(await page.locator("[data-testid=gallery-main] img").first().getAttribute("src")).toContain("toys-rc-car-blue");
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
