import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { jewelleryCatalogue } from "~/data/jewellery-catalogue";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { formatDinars } from "~/lib/money";
import { signInAsAdmin } from "./support/admin";
import { hydrated, launchBrowser, openContext, openPage, phone } from "./support/browser";
import { priceOf, storedOrder } from "./support/db";
import { CONSTANTINE, chooseStopDesk, chooseStopDeskWithoutJavaScript, EL_KHROUB, fillNames, phoneSeries, type OrderLanguage } from "./support/order";

// The delivery block of every order form on a 390×844 phone, in Arabic and in French: choose
// Constantine, the commune El Khroub and the stop-desk, see the stop-desk fee and the total
// before sending, order, then find the order in the admin with the commune's name, the mode and
// the address. The cart page and the product form also without JavaScript ("update the fee").

const dictionaries = { ar, fr } as const;
const ADDRESS = "حي 500 مسكن، عمارة 12";

const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 40 && p.slug)!;
const jewel = jewelleryCatalogue.find((item) => item.stockQuantity >= 10)!;

/** A fresh phone per order (the per-phone limit). */
const nextPhone = phoneSeries("delivery-block");

/** The fee and the total shown above the submit button. */
async function expectFee(scope: Locator, language: OrderLanguage, itemsTotal: number, testIds = { fee: "delivery-price", total: "grand-total" }) {
  await expect.poll(() => scope.getByTestId(testIds.fee).first().textContent()).toContain(formatDinars(CONSTANTINE.stopDesk, language));
  expect(await scope.getByTestId(testIds.total).first().textContent()).toBe(formatDinars(itemsTotal + CONSTANTINE.stopDesk, language));
}

/** The stored order, then its admin page: commune name, mode and address in the admin's language. */
async function expectStoredAndShown(phoneNumber: string, language: OrderLanguage, itemsTotal: number, confirmation: Locator) {
  const order = await storedOrder({ phone: phoneNumber });
  // The shopper's confirmation: the order's number and the amount to pay on delivery.
  expect(await confirmation.getByTestId("order-number").textContent()).toBe(order!.order_number);
  expect(await confirmation.getByTestId("order-total").textContent()).toBe(formatDinars(itemsTotal + CONSTANTINE.stopDesk, language));
  expect(order).toMatchObject({
    wilaya_code: CONSTANTINE.code,
    commune_code: EL_KHROUB.code,
    delivery_type: "stop_desk",
    delivery_price: CONSTANTINE.stopDesk,
    address: ADDRESS,
    total: itemsTotal + CONSTANTINE.stopDesk,
  });
  const { context, page } = await openContext(browser, phone, language);
  await signInAsAdmin(page);
  await page.goto(`/admin/orders/${order!.id}`);
  const texts = dictionaries[language];
  expect(await page.getByTestId("order-commune").textContent()).toBe(EL_KHROUB.name[language]);
  const body = (await page.locator("main").textContent()) ?? "";
  expect(body).toContain(texts.adminOrders.order.deliveryTypes.stop_desk);
  expect(body).toContain(ADDRESS);
  await context.close();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function addToCartFromProductPage(page: Page) {
  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  await page.getByTestId("add-to-cart").first().click();
}

describe.each(["ar", "fr"] as const)("the delivery block in every order form (%s, 390×844)", (language) => {
  it("the cart page", async () => {
    const { context, page, pageErrors } = await openPage(browser, "/", language);
    await addToCartFromProductPage(page);
    await page.goto("/cart");
    await hydrated(page);
    const form = page.getByTestId("cart-checkout-form");
    const number = nextPhone(language);
    await fillNames(form, number);
    await chooseStopDesk(form, language, ADDRESS);
    const price = await priceOf(product.id);
    await expectFee(form, language, price);
    await form.getByTestId("order-submit").click();
    await page.getByTestId("order-confirmation").waitFor();
    await expectStoredAndShown(number, language, price, page.getByTestId("order-confirmation"));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the cart drawer's quick-buy", async () => {
    const { context, page, pageErrors } = await openPage(browser, "/", language);
    await addToCartFromProductPage(page);
    await page.getByTestId("cart-button").first().click();
    await page.getByTestId("cart-drawer-quick-buy").click();
    const modal = page.locator('dialog[data-testid="quick-buy-modal"][open]');
    await modal.waitFor();
    const number = nextPhone(language);
    await fillNames(modal, number);
    await chooseStopDesk(modal, language, ADDRESS);
    const price = await priceOf(product.id);
    await expectFee(modal, language, price);
    await modal.getByTestId("order-submit").click();
    await modal.getByTestId("order-confirmation").waitFor();
    await expectStoredAndShown(number, language, price, modal.getByTestId("order-confirmation"));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("a product card's quick-buy", async () => {
    const { context, page, pageErrors } = await openPage(browser, "/", language);
    const card = page
      .locator('[data-testid="product-card"]')
      .filter({ has: page.locator('a[data-testid="quick-buy"]') })
      .first();
    const href = (await card.locator("h3 a").getAttribute("href"))!;
    await card.getByTestId("quick-buy").click();
    const modal = page.locator('dialog[data-testid="quick-buy-modal"][open]');
    await modal.waitFor();
    const number = nextPhone(language);
    await fillNames(modal, number);
    await chooseStopDesk(modal, language, ADDRESS);
    const slug = decodeURIComponent(href.replace("/products/", ""));
    const cardProduct = demoProducts.find((p) => p.slug === slug);
    const price = cardProduct ? await priceOf(cardProduct.id) : null;
    if (price !== null) await expectFee(modal, language, price);
    await modal.getByTestId("order-submit").click();
    await modal.getByTestId("order-confirmation").waitFor();
    const order = await storedOrder({ phone: number });
    await expectStoredAndShown(number, language, order!.items_total, modal.getByTestId("order-confirmation"));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the contact page's quick order", async () => {
    const { context, page, pageErrors } = await openPage(browser, "/contact", language);
    const form = page.getByTestId("quick-order-form");
    const number = nextPhone(language);
    await fillNames(form, number);
    const productId = (await form.locator('select[name="product"] option:not([value=""])').first().getAttribute("value"))!;
    await form.locator('select[name="product"]').selectOption(productId);
    await chooseStopDesk(form, language, ADDRESS);
    const price = await priceOf(productId);
    await expectFee(form, language, price);
    await form.getByTestId("order-submit").click();
    await page.locator('#quick-order [data-testid="order-confirmation"]').waitFor();
    await expectStoredAndShown(number, language, price, page.locator('#quick-order [data-testid="order-confirmation"]'));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the product page's buy-now", async () => {
    const { context, page, pageErrors } = await openPage(browser, `/products/${product.slug}`, language);
    await page.getByTestId("buy-now").first().click();
    const slot = page.getByTestId("order-slot");
    const number = nextPhone(language);
    await fillNames(slot, number);
    await chooseStopDesk(slot, language, ADDRESS);
    const price = await priceOf(product.id);
    await expectFee(slot, language, price);
    await slot.getByTestId("order-submit").click();
    await slot.getByTestId("order-confirmation").waitFor();
    await expectStoredAndShown(number, language, price, slot.getByTestId("order-confirmation"));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the jewellery page", async () => {
    const { context, page, pageErrors } = await openPage(browser, `/jewellery/${jewel.id}`, language);
    const form = page.getByTestId("jewellery-form");
    const number = nextPhone(language);
    await form.locator('input[name="name"]').fill("Nadia Belkacem");
    await form.locator('input[name="phone"]').fill(number);
    await form.locator('input[name="email"]').fill("nadia@example.dz");
    await chooseStopDesk(form, language, ADDRESS);
    await expect.poll(() => form.getByTestId("jewellery-summary-delivery").textContent()).toContain(formatDinars(CONSTANTINE.stopDesk, language));
    await form.getByTestId("jewellery-submit").click();
    await page.getByTestId("order-confirmation").waitFor();
    const order = await storedOrder({ phone: number });
    expect(await form.getByTestId("jewellery-summary-total").count()).toBe(1);
    await expectStoredAndShown(number, language, order!.items_total, page.getByTestId("order-confirmation"));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the cart page without JavaScript: the fee before sending, then the order", async () => {
    const { context, page } = await openPage(browser, `/products/${product.slug}`, language, { javaScript: false });
    await page.locator('form:has(input[name="intent"][value="add"]) button[type="submit"]').first().click();
    await page.goto("/cart");
    const form = page.getByTestId("cart-checkout-form");
    // Before a wilaya: no fee yet.
    expect(await form.getByTestId("delivery-price").textContent()).toBe(dictionaries[language].cart.page.deliveryPending);
    const number = nextPhone(language);
    await fillNames(form, number);
    // Back from the server with the wilaya's communes and its stop-desk, the form as typed.
    await chooseStopDeskWithoutJavaScript(page, () => page.getByTestId("cart-checkout-form"), ADDRESS);
    const again = page.getByTestId("cart-checkout-form");
    expect(await again.locator('input[name="firstName"]').inputValue()).toBe("أمينة");
    await Promise.all([page.waitForLoadState("load"), again.getByTestId("update-fee").click()]);
    const price = await priceOf(product.id);
    await expectFee(page.getByTestId("cart-checkout-form"), language, price);
    expect(await storedOrder({ phone: number })).toBeUndefined();
    await Promise.all([
      page.waitForURL(/\/orders\/confirmation\/[\w-]{22}(#[\w-]+)?$/),
      page.getByTestId("cart-checkout-form").getByTestId("order-submit").click(),
    ]);
    await expectStoredAndShown(number, language, price, page.getByTestId("order-confirmation"));
    await context.close();
  });

  it("the product form without JavaScript: the fee before sending, then the order", async () => {
    const { context, page } = await openPage(browser, `/products/${product.slug}#order`, language, { javaScript: false });
    const slot = page.getByTestId("order-slot");
    const number = nextPhone(language);
    await fillNames(slot, number);
    await chooseStopDeskWithoutJavaScript(page, () => page.getByTestId("order-slot"), ADDRESS);
    await Promise.all([page.waitForLoadState("load"), page.getByTestId("order-slot").getByTestId("update-fee").click()]);
    const price = await priceOf(product.id);
    await expectFee(page.getByTestId("order-slot"), language, price);
    await Promise.all([
      page.waitForURL(/\/orders\/confirmation\/[\w-]{22}(#[\w-]+)?$/),
      page.getByTestId("order-slot").getByTestId("order-submit").click(),
    ]);
    await expectStoredAndShown(number, language, price, page.getByTestId("order-confirmation"));
    await context.close();
  });
});
