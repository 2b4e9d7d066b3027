import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { jewelleryCatalogue } from "~/data/jewellery-catalogue";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { formatDinars } from "~/lib/money";
import { openDatabase } from "~/server/db/db.server";
import { signInAsAdmin } from "./support/admin";
import { baseURL, launchBrowser, openContext, phone } from "./support/browser";

// The delivery block of every order form on a 390×844 phone, in Arabic and in French: choose
// Constantine, the commune El Khroub and the stop-desk, see the stop-desk fee and the total
// before sending, order, then find the order in the admin with the commune's name, the mode and
// the address. The cart page and the product form also without JavaScript ("update the fee").

type Language = "ar" | "fr";
const dictionaries = { ar, fr } as const;
/** Constantine: 600 DA to the door, 400 DA at its stop-desk; El Khroub is one of its communes. */
const WILAYA = { code: "25", search: { ar: "قسنطينة", fr: "Constantine" }, stopDesk: 400 } as const;
const COMMUNE = { code: "2506", search: { ar: "الخروب", fr: "El Khroub" } } as const;
const ADDRESS = "حي 500 مسكن، عمارة 12";

const product = demoProducts.find((p) => p.inStock && p.stockQuantity >= 40 && p.slug)!;
const jewel = jewelleryCatalogue.find((item) => item.stockQuantity >= 10)!;

let phoneCounter = 0;
/** A fresh phone per order (the per-phone limit). */
function nextPhone(language: Language): string {
  phoneCounter += 1;
  return `07${language === "ar" ? "7" : "8"}${String(Date.now() % 1000).padStart(3, "0")}${String(phoneCounter).padStart(4, "0")}`;
}

async function storedOrder(phoneNumber: string) {
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  try {
    return await db.selectFrom("orders").selectAll().where("phone", "=", phoneNumber).executeTakeFirst();
  } finally {
    await close();
  }
}

async function priceOf(productId: string): Promise<number> {
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  try {
    return (await db.selectFrom("products").select("price").where("id", "=", productId).executeTakeFirstOrThrow()).price;
  } finally {
    await close();
  }
}

async function open(path: string, language: Language, javaScript = true) {
  const opened = await openContext(browser, { ...phone, javaScriptEnabled: javaScript });
  await opened.context.addCookies([{ name: "lng", value: language, url: baseURL() }]);
  await opened.page.goto(path);
  if (javaScript) await opened.page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return opened;
}

async function fillNames(scope: Locator, phoneNumber: string) {
  await scope.locator('input[name="firstName"]').fill("أمينة");
  await scope.locator('input[name="lastName"]').fill("Benali");
  await scope.locator('input[name="phone"]').fill(phoneNumber);
}

/** With JavaScript: the wilaya and the commune found by typing, the stop-desk chosen, the address typed. */
async function fillDelivery(scope: Locator, language: Language) {
  await scope.locator('[data-testid="wilaya-search"]').fill(WILAYA.search[language]);
  expect(await scope.locator('select[name="wilaya"]').inputValue()).toBe(WILAYA.code);
  await scope.locator('[data-testid="commune-search"]').fill(COMMUNE.search[language]);
  await expect.poll(() => scope.locator('select[name="commune"]').inputValue()).toBe(COMMUNE.code);
  await scope.locator('[data-testid="delivery-type-stop_desk"]').check();
  await scope.locator('textarea[name="address"]').fill(ADDRESS);
}

/** The fee and the total shown above the submit button. */
async function expectFee(scope: Locator, language: Language, itemsTotal: number, testIds = { fee: "delivery-price", total: "grand-total" }) {
  await expect.poll(() => scope.getByTestId(testIds.fee).first().textContent()).toContain(formatDinars(WILAYA.stopDesk, language));
  expect(await scope.getByTestId(testIds.total).first().textContent()).toBe(formatDinars(itemsTotal + WILAYA.stopDesk, language));
}

/** The stored order, then its admin page: commune name, mode and address in the admin's language. */
async function expectStoredAndShown(phoneNumber: string, language: Language, itemsTotal: number, confirmation: Locator) {
  const order = await storedOrder(phoneNumber);
  // The shopper's confirmation: the order's number and the amount to pay on delivery.
  expect(await confirmation.getByTestId("order-number").textContent()).toBe(order!.order_number);
  expect(await confirmation.getByTestId("order-total").textContent()).toBe(formatDinars(itemsTotal + WILAYA.stopDesk, language));
  expect(order).toMatchObject({
    wilaya_code: WILAYA.code,
    commune_code: COMMUNE.code,
    delivery_type: "stop_desk",
    delivery_price: WILAYA.stopDesk,
    address: ADDRESS,
    total: itemsTotal + WILAYA.stopDesk,
  });
  const { context, page } = await openContext(browser, phone);
  await context.addCookies([{ name: "lng", value: language, url: baseURL() }]);
  await signInAsAdmin(page);
  await page.goto(`/admin/orders/${order!.id}`);
  const texts = dictionaries[language];
  expect(await page.getByTestId("order-commune").textContent()).toBe(COMMUNE.search[language]);
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
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByTestId("add-to-cart").first().click();
}

describe.each(["ar", "fr"] as const)("the delivery block in every order form (%s, 390×844)", (language) => {
  it("the cart page", async () => {
    const { context, page, pageErrors } = await open("/", language);
    await addToCartFromProductPage(page);
    await page.goto("/cart");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const form = page.getByTestId("cart-checkout-form");
    const number = nextPhone(language);
    await fillNames(form, number);
    await fillDelivery(form, language);
    const price = await priceOf(product.id);
    await expectFee(form, language, price);
    await form.getByTestId("order-submit").click();
    await page.getByTestId("order-confirmation").waitFor();
    await expectStoredAndShown(number, language, price, page.getByTestId("order-confirmation"));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the cart drawer's quick-buy", async () => {
    const { context, page, pageErrors } = await open("/", language);
    await addToCartFromProductPage(page);
    await page.getByTestId("cart-button").first().click();
    await page.getByTestId("cart-drawer-quick-buy").click();
    const modal = page.locator('dialog[data-testid="quick-buy-modal"][open]');
    await modal.waitFor();
    const number = nextPhone(language);
    await fillNames(modal, number);
    await fillDelivery(modal, language);
    const price = await priceOf(product.id);
    await expectFee(modal, language, price);
    await modal.getByTestId("order-submit").click();
    await modal.getByTestId("order-confirmation").waitFor();
    await expectStoredAndShown(number, language, price, modal.getByTestId("order-confirmation"));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("a product card's quick-buy", async () => {
    const { context, page, pageErrors } = await open("/", language);
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
    await fillDelivery(modal, language);
    const slug = decodeURIComponent(href.replace("/products/", ""));
    const cardProduct = demoProducts.find((p) => p.slug === slug);
    const price = cardProduct ? await priceOf(cardProduct.id) : null;
    if (price !== null) await expectFee(modal, language, price);
    await modal.getByTestId("order-submit").click();
    await modal.getByTestId("order-confirmation").waitFor();
    const order = await storedOrder(number);
    await expectStoredAndShown(number, language, order!.items_total, modal.getByTestId("order-confirmation"));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the contact page's quick order", async () => {
    const { context, page, pageErrors } = await open("/contact", language);
    const form = page.getByTestId("quick-order-form");
    const number = nextPhone(language);
    await fillNames(form, number);
    const productId = (await form.locator('select[name="product"] option:not([value=""])').first().getAttribute("value"))!;
    await form.locator('select[name="product"]').selectOption(productId);
    await fillDelivery(form, language);
    const price = await priceOf(productId);
    await expectFee(form, language, price);
    await form.getByTestId("order-submit").click();
    await page.locator('#quick-order [data-testid="order-confirmation"]').waitFor();
    await expectStoredAndShown(number, language, price, page.locator('#quick-order [data-testid="order-confirmation"]'));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the product page's buy-now", async () => {
    const { context, page, pageErrors } = await open(`/products/${product.slug}`, language);
    await page.getByTestId("buy-now").first().click();
    const slot = page.getByTestId("order-slot");
    const number = nextPhone(language);
    await fillNames(slot, number);
    await fillDelivery(slot, language);
    const price = await priceOf(product.id);
    await expectFee(slot, language, price);
    await slot.getByTestId("order-submit").click();
    await slot.getByTestId("order-confirmation").waitFor();
    await expectStoredAndShown(number, language, price, slot.getByTestId("order-confirmation"));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the jewellery page", async () => {
    const { context, page, pageErrors } = await open(`/jewellery/${jewel.id}`, language);
    const form = page.getByTestId("jewellery-form");
    const number = nextPhone(language);
    await form.locator('input[name="name"]').fill("Nadia Belkacem");
    await form.locator('input[name="phone"]').fill(number);
    await form.locator('input[name="email"]').fill("nadia@example.dz");
    await fillDelivery(form, language);
    await expect.poll(() => form.getByTestId("jewellery-summary-delivery").textContent()).toContain(formatDinars(WILAYA.stopDesk, language));
    await form.getByTestId("jewellery-submit").click();
    await page.getByTestId("order-confirmation").waitFor();
    const order = await storedOrder(number);
    expect(await form.getByTestId("jewellery-summary-total").count()).toBe(1);
    await expectStoredAndShown(number, language, order!.items_total, page.getByTestId("order-confirmation"));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the cart page without JavaScript: the fee before sending, then the order", async () => {
    const { context, page } = await open(`/products/${product.slug}`, language, false);
    await page.locator('form:has(input[name="intent"][value="add"]) button[type="submit"]').first().click();
    await page.goto("/cart");
    const form = page.getByTestId("cart-checkout-form");
    // Before a wilaya: no fee yet.
    expect(await form.getByTestId("delivery-price").textContent()).toBe(dictionaries[language].cart.page.deliveryPending);
    const number = nextPhone(language);
    await fillNames(form, number);
    await form.locator('select[name="wilaya"]').selectOption(WILAYA.code);
    await form.locator('textarea[name="address"]').fill(ADDRESS);
    await Promise.all([page.waitForLoadState("load"), form.getByTestId("update-fee").click()]);
    const again = page.getByTestId("cart-checkout-form");
    // The form as typed, with the wilaya's communes and its stop-desk.
    expect(await again.locator('input[name="firstName"]').inputValue()).toBe("أمينة");
    await again.locator('select[name="commune"]').selectOption(COMMUNE.code);
    await again.getByTestId("delivery-type-stop_desk").check();
    await Promise.all([page.waitForLoadState("load"), again.getByTestId("update-fee").click()]);
    const price = await priceOf(product.id);
    await expectFee(page.getByTestId("cart-checkout-form"), language, price);
    expect(await storedOrder(number)).toBeUndefined();
    await Promise.all([
      page.waitForURL(/\/orders\/confirmation\/[\w-]{22}(#[\w-]+)?$/),
      page.getByTestId("cart-checkout-form").getByTestId("order-submit").click(),
    ]);
    await expectStoredAndShown(number, language, price, page.getByTestId("order-confirmation"));
    await context.close();
  });

  it("the product form without JavaScript: the fee before sending, then the order", async () => {
    const { context, page } = await open(`/products/${product.slug}#order`, language, false);
    const slot = page.getByTestId("order-slot");
    const number = nextPhone(language);
    await fillNames(slot, number);
    await slot.locator('select[name="wilaya"]').selectOption(WILAYA.code);
    await slot.locator('textarea[name="address"]').fill(ADDRESS);
    await Promise.all([page.waitForLoadState("load"), slot.getByTestId("update-fee").click()]);
    const again = page.getByTestId("order-slot");
    await again.locator('select[name="commune"]').selectOption(COMMUNE.code);
    await again.getByTestId("delivery-type-stop_desk").check();
    await Promise.all([page.waitForLoadState("load"), again.getByTestId("update-fee").click()]);
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
