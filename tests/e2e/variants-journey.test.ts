import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import { formatDinars } from "~/lib/money";
import { adminCookie, signInAsAdmin } from "./support/admin";
import { baseURL, hydrated, launchBrowser, openContext, openPage, phone } from "./support/browser";
import { storedOrders, withDb } from "./support/db";
import { chooseStopDesk, chooseStopDeskWithoutJavaScript, fillNames, phoneSeries } from "./support/order";

// A shopper on a 390×844 phone in Arabic chooses the blue RC car, sees its picture and price,
// adds it and the red one: the cart shows two lines; orders; the merchant confirms in the
// admin: each variant's stock drops by one; the inventory CSV lists both variants. Then the
// same choice without JavaScript, the variant's share link, and a plain order without a choice.

const car = demoProducts.find((p) => p.slug === "sport-remote-control-car")!;
const red = car.variants!.variants.find((v) => v.values[0] === "Red")!;
const blue = car.variants!.variants.find((v) => v.values[0] === "Blue")!;
const nextPhone = phoneSeries("variants-journey");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A picker's value by its Arabic name (its aria-label is the name, or "name (unavailable)"). */
const value = (page: Page, name: string) => page.getByTestId("option-value").and(page.locator(`[aria-label="${name}"]`));

async function variantStocks(): Promise<{ red: number; blue: number }> {
  return withDb(async (db) => {
    const rows = await db.selectFrom("product_variants").select(["sku", "stock_quantity"]).where("product_id", "=", car.id).execute();
    const of = (sku: string) => Number(rows.find((row) => row.sku === sku)!.stock_quantity);
    return { red: of(red.sku), blue: of(blue.sku) };
  });
}

/** The merchant confirms the order in the admin, on a phone. */
async function confirmInAdmin(orderId: number) {
  const { context, page } = await openContext(browser, phone, "ar");
  await signInAsAdmin(page);
  await page.goto(`/admin/orders/${orderId}`);
  await hydrated(page);
  const body = (await page.locator("main").textContent()) ?? "";
  expect(body).toContain(blue.sku);
  expect(body).toContain(red.sku);
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.locator('[data-transition="confirmed"]').click(),
  ]);
  await page.locator('[data-order-id][data-status="confirmed"]').waitFor();
  await context.close();
}

describe("variants from the product page to the courier's stock (Arabic, 390×844)", () => {
  it("blue and red RC cars: two cart lines, one order, each variant's stock down by one at confirmation, both in the inventory CSV", async () => {
    const before = await variantStocks();
    const { context, page, pageErrors } = await openPage(browser, `/products/${car.slug}`, "ar");
    await page.locator("[data-testid=variant-picker][data-hydrated=true]").waitFor();
    await value(page, "أزرق").click();
    await expect.poll(() => page.url()).toMatch(/\?variant=\d+$/);
    expect(await page.getByTestId("price").first().textContent()).toContain(formatDinars(blue.price!, "ar"));
    expect(await page.locator("[data-testid=gallery-main] img").first().getAttribute("src")).toContain("toys-rc-car-blue");
    await page.getByTestId("add-to-cart").click();
    await value(page, "أحمر").click();
    expect(await page.getByTestId("price").first().textContent()).toContain(formatDinars(car.price, "ar"));
    await page.getByTestId("add-to-cart").click();
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("2");

    await page.goto("/cart");
    await hydrated(page);
    const lines = page.getByTestId("cart-line");
    expect(await lines.count()).toBe(2);
    const text = (await page.getByTestId("cart-lines").textContent()) ?? "";
    expect(text).toContain("أزرق");
    expect(text).toContain("أحمر");

    const form = page.getByTestId("cart-checkout-form");
    const number = nextPhone("ar");
    await fillNames(form, number);
    await chooseStopDesk(form, "ar");
    await form.getByTestId("order-submit").click();
    await page.getByTestId("order-confirmation").waitFor();
    const {
      orders: [order],
      lines: stored,
    } = await storedOrders({ phone: number });
    expect(stored.map((line) => [line.variant_sku, line.unit_price]).sort()).toEqual(
      [
        [blue.sku, blue.price],
        [red.sku, car.price],
      ].sort(),
    );
    expect(pageErrors).toEqual([]);
    await context.close();

    // Stock is taken at confirmation, from each variant.
    expect(await variantStocks()).toEqual(before);
    await confirmInAdmin(order!.id);
    expect(await variantStocks()).toEqual({ red: before.red - 1, blue: before.blue - 1 });

    const csv = await (await fetch(`${baseURL()}/admin/inventory.csv`, { headers: { Cookie: await adminCookie() } })).text();
    const rows = csv.split("\n");
    expect(rows.find((row) => row.includes(blue.sku))).toContain(String(before.blue - 1));
    expect(rows.find((row) => row.includes(red.sku))).toContain(String(before.red - 1));
  });

  it("the same choice without JavaScript: the pickers' links, the plain add forms, then the order", async () => {
    const { context, page } = await openPage(browser, `/products/${car.slug}`, "ar", { javaScript: false });
    await value(page, "أزرق").click();
    await page.waitForURL(/\?variant=\d+$/);
    expect(await page.locator("[data-testid=gallery-main] img").first().getAttribute("src")).toContain("toys-rc-car-blue");
    await Promise.all([page.waitForLoadState("load"), page.locator('form[action="/cart"] button[type="submit"]').first().click()]);
    await page.goto(`/products/${car.slug}`);
    await value(page, "أحمر").click();
    await page.waitForURL(/\?variant=\d+$/);
    await Promise.all([page.waitForLoadState("load"), page.locator('form[action="/cart"] button[type="submit"]').first().click()]);

    await page.goto("/cart");
    expect(await page.getByTestId("cart-line").count()).toBe(2);
    const number = nextPhone("ar");
    await fillNames(page.getByTestId("cart-checkout-form"), number);
    await chooseStopDeskWithoutJavaScript(page, () => page.getByTestId("cart-checkout-form"));
    await Promise.all([page.waitForURL(/\/orders\/confirmation\//), page.getByTestId("cart-checkout-form").getByTestId("order-submit").click()]);
    const { lines } = await storedOrders({ phone: number });
    expect(lines.map((line) => line.variant_sku).sort()).toEqual([blue.sku, red.sku].sort());
    await context.close();
  });

  it("the product's order form without a choice, without JavaScript: refused, naming the option to choose", async () => {
    const { context, page } = await openPage(browser, `/products/${car.slug}#order`, "ar", { javaScript: false });
    const slot = page.getByTestId("order-slot");
    const number = nextPhone("ar");
    await fillNames(slot, number);
    await chooseStopDeskWithoutJavaScript(page, () => page.getByTestId("order-slot"));
    await Promise.all([page.waitForLoadState("load"), page.getByTestId("order-slot").getByTestId("order-submit").click()]);
    expect(await page.getByTestId("order-variant-error").textContent()).toBe(ar.orders.fields.choose_option.replace("{{option}}", "اللون"));
    expect((await storedOrders({ phone: number })).orders).toEqual([]);
    await context.close();
  });

  it("a share link made on a chosen variant opens the product page on it", async () => {
    const { context, page, pageErrors } = await openPage(browser, `/products/${car.slug}`, "ar");
    await page.locator("[data-testid=variant-picker][data-hydrated=true]").waitFor();
    await value(page, "أزرق").click();
    await expect.poll(() => page.url()).toMatch(/\?variant=\d+$/);
    const variantId = Number(new URL(page.url()).searchParams.get("variant"));
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/share-links") && response.request().method() === "POST");
    await page.getByTestId("share-copy").click();
    const response = await answer;
    expect(JSON.parse(response.request().postData() ?? "{}")).toMatchObject({ targetType: "product", targetId: car.id, variantId });
    const link = (await response.json()) as { fullUrl: string };
    const shared = new URL(link.fullUrl);
    expect(shared.pathname).toBe(`/products/${car.slug}`);
    expect(shared.searchParams.get("variant")).toBe(String(variantId));
    const visitor = await openPage(browser, `${shared.pathname}${shared.search}`, "ar");
    expect(await value(visitor.page, "أزرق").getAttribute("aria-pressed")).toBe("true");
    await visitor.context.close();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
