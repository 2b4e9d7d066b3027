import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { hydrated, launchBrowser, openContext, openPage, phone } from "./support/browser";
import { storedOrders, withDb } from "./support/db";
import { chooseCommune, chooseStopDesk, fillNames, quoteThenChooseCommune } from "./support/order";

// The order forms in Arabic on a phone (390×844), each followed by a look at the order the
// server stored. The server runs with the default rate limits (per address, per phone):
// every test uses its own phone number and places one order at most (the wholesale test
// places one enquiry).

const texts = ar.order;

/** An in-stock demo product with plenty left, for the product-page forms. */
const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 20 && p.slug)!;

/** What the shop itself says a product and a wilaya cost (the database, not the page). */
async function prices(productKey: { id?: string; slug?: string }, wilayaCode: string) {
  return withDb(async (db) => {
    let query = db.selectFrom("products").select(["id", "price"]);
    query = productKey.id ? query.where("id", "=", productKey.id) : query.where("slug", "=", productKey.slug!);
    const row = await query.executeTakeFirstOrThrow();
    const wilaya = await db.selectFrom("wilayas").select("home_price").where("code", "=", wilayaCode).executeTakeFirstOrThrow();
    return { productId: row.id, price: row.price, delivery: wilaya.home_price };
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("order forms (Arabic, 390×844)", () => {
  it("quick-buy from a product card: wilaya found by typing, the confirmation in the modal until it is closed", async () => {
    const { context, page, pageErrors } = await openPage(browser, "/", "ar");
    const card = page
      .locator('[data-testid="product-card"]')
      .filter({ has: page.locator('a[data-testid="quick-buy"]') })
      .first();
    const href = (await card.locator("h3 a").getAttribute("href"))!;
    await card.locator('[data-testid="quick-buy"]').click();

    const modal = page.locator('dialog[data-testid="quick-buy-modal"][open]');
    await modal.waitFor();
    await fillNames(modal, "0550 10 00 01", { firstName: "أمين", lastName: "بن علي" });
    await modal.locator('[data-testid="wilaya-search"]').fill("البليده");
    expect(await modal.locator('select[name="wilaya"]').inputValue()).toBe("09");
    expect(await modal.locator('[data-testid="delivery-price"]').textContent()).toContain("200");
    await chooseCommune(modal, "حي 20 أوت، البليدة");

    await modal.locator('[data-testid="order-submit"]').click();
    const success = modal.locator('[data-testid="order-confirmation"]');
    await success.waitFor();
    expect(await success.textContent()).toContain(texts.confirmation.title);
    expect(await success.getByTestId("order-confirmation-link").getAttribute("href")).toMatch(/^\/orders\/confirmation\/[\w-]{22}$/);
    // No timer closes it: still there 2.5 s later, until the shopper closes it.
    await page.waitForTimeout(2500);
    expect(await success.isVisible(), "still shown 2.5 s later").toBe(true);
    await success.getByTestId("order-confirmation-dismiss").click();
    await page.locator('dialog[data-testid="quick-buy-modal"]:not([open])').waitFor({ state: "attached" });

    const expected = await prices({ slug: decodeURIComponent(href.replace("/products/", "")) }, "09");
    const { orders, lines } = await storedOrders({ phone: "0550100001" });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      source: "quick_buy_product_card",
      wilaya_code: "09",
      items_total: expected.price,
      delivery_price: expected.delivery,
      total: expected.price + expected.delivery,
    });
    expect(lines).toMatchObject([{ product_id: expected.productId, quantity: 1 }]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("contact page quick order: product, quantity 2, a Latin wilaya search; success clears the form", async () => {
    const { context, page, pageErrors } = await openPage(browser, "/contact", "ar");
    const form = page.locator('[data-testid="quick-order-form"]');
    await fillNames(form, "0660100002", { firstName: "سارة", lastName: "قاسمي" });
    const productId = await form.locator('select[name="product"] option:not([value=""])').first().getAttribute("value");
    await form.locator('select[name="product"]').selectOption(productId!);
    await form.locator('select[name="quantity"]').selectOption("2");
    await form.locator('[data-testid="wilaya-search"]').fill("bejaia");
    expect(await form.locator('select[name="wilaya"]').inputValue()).toBe("06");
    await form.locator('[data-testid="delivery-price"]').waitFor();
    expect(await form.locator('[data-testid="delivery-price"]').textContent()).toContain("700");
    await chooseCommune(form, "شارع الحرية، بجاية");

    await form.locator('[data-testid="order-submit"]').click();
    const success = page.locator('#quick-order [data-testid="order-confirmation"]');
    await success.waitFor();
    expect(await success.textContent()).toContain(texts.confirmation.title);
    // Cleared: fields, wilaya and its search.
    expect(await form.locator('input[name="firstName"]').inputValue()).toBe("");
    expect(await form.locator('input[name="phone"]').inputValue()).toBe("");
    expect(await form.locator('select[name="wilaya"]').inputValue()).toBe("");
    expect(await form.locator('[data-testid="wilaya-search"]').inputValue()).toBe("");
    expect(await form.locator('select[name="product"]').inputValue()).toBe("");

    const expected = await prices({ id: productId! }, "06");
    const { orders, lines } = await storedOrders({ phone: "0660100002" });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      source: "contact_form",
      items_total: expected.price * 2,
      delivery_price: expected.delivery,
      total: expected.price * 2 + expected.delivery,
    });
    expect(lines).toMatchObject([{ product_id: productId, quantity: 2 }]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("contact page delivery calculator answers without JavaScript (GET ?wilaya=16)", async () => {
    const { context, page } = await openPage(browser, "/contact?wilaya=16", "ar", { javaScript: false });
    const result = page.locator('[data-testid="delivery-result"]');
    expect(await result.locator('[data-testid="calculator-price"]').textContent()).toBe(ar.common.free);
    expect(await result.locator('[data-testid="calculator-zone"]').getAttribute("data-zone")).toBe("A");
    await page.locator('#delivery-calculator select[name="wilaya"]').selectOption("06");
    await page.locator('#delivery-calculator button[type="submit"]').click();
    await page.waitForURL(/wilaya=06/);
    expect(await page.locator('[data-testid="calculator-price"]').textContent()).toContain("700");
    await context.close();
  });

  it("product page form: buy-now, address, the confirmation until dismissed, then an empty form", async () => {
    const { context, page, pageErrors } = await openPage(browser, `/products/${product.slug}`, "ar");
    await page.locator('[data-testid="buy-now"]').click();
    const slot = page.locator('[data-testid="order-slot"]');
    await slot.waitFor();
    await fillNames(slot, "+213 770 10 00 03", { firstName: "كريم", lastName: "حداد" });
    await slot.locator('[data-testid="wilaya-search"]').fill("16");
    expect(await slot.locator('select[name="wilaya"]').inputValue()).toBe("16");
    expect(await slot.locator('[data-testid="delivery-price"]').textContent()).toBe(ar.common.free);
    await chooseCommune(slot, "حي 100 مسكن، عمارة 3، باب الزوار");
    await slot.locator('[data-testid="order-submit"]').click();

    const success = slot.locator('[data-testid="order-confirmation"]');
    await success.waitFor();
    expect(await success.textContent()).toContain(texts.confirmation.title);
    // No timer closes it: still there 3.5 s later, until the shopper dismisses it.
    await page.waitForTimeout(3500);
    expect(await success.isVisible()).toBe(true);
    await success.getByTestId("order-confirmation-dismiss").click();
    await slot.waitFor({ state: "hidden" });
    // Opened again: an empty form.
    await page.locator('[data-testid="buy-now"]').click();
    expect(await slot.locator('input[name="firstName"]').inputValue()).toBe("");

    const expected = await prices({ slug: product.slug }, "16");
    const { orders, lines } = await storedOrders({ phone: "0770100003" });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      source: "product_detail",
      address: "حي 100 مسكن، عمارة 3، باب الزوار",
      items_total: expected.price,
      delivery_price: 0,
      total: expected.price,
    });
    expect(lines).toMatchObject([{ product_id: expected.productId, quantity: 1 }]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("product page form without JavaScript: a plain POST, typed values kept on error, then the order", async () => {
    // A card's quick-buy link lands on #order: the form shows without JavaScript (:target).
    const { context, page } = await openPage(browser, `/products/${product.slug}#order`, "ar", { javaScript: false });
    const slot = page.locator('[data-testid="order-slot"]');
    expect(await slot.isVisible()).toBe(true);
    expect(await slot.locator('[data-testid="wilaya-search"]').count(), "no search box without JS").toBe(0);
    await fillNames(slot, "12345", { firstName: "ليلى", lastName: "مرابط" });
    await slot.locator('select[name="wilaya"]').selectOption("09");
    await slot.locator('textarea[name="address"]').fill("شارع الاستقلال، البليدة");
    await quoteThenChooseCommune(page, () => page.locator('[data-testid="order-slot"]'));
    await slot.locator('[data-testid="order-submit"]').click();
    await page.waitForLoadState();

    // Refused (bad phone): the banner asking to correct the fields, the field's error, the typed values kept.
    const failure = page.locator('[data-testid="order-slot"] [data-testid="order-invalid"]');
    await failure.waitFor();
    expect(await failure.textContent()).toContain(texts.invalidTitle);
    expect(await failure.textContent()).not.toContain(texts.product.error);
    expect(await slot.locator('input[name="firstName"]').inputValue()).toBe("ليلى");
    expect(await slot.locator('select[name="wilaya"]').inputValue()).toBe("09");
    expect(await slot.locator('textarea[name="address"]').inputValue()).toBe("شارع الاستقلال، البليدة");
    expect(await slot.locator('input[name="phone"]').getAttribute("aria-invalid")).toBe("true");

    await slot.locator('input[name="phone"]').fill("0550100004");
    await slot.locator('[data-testid="order-submit"]').click();
    await page.waitForLoadState();
    // The order's own confirmation page (303).
    await page.waitForURL(/\/orders\/confirmation\/[\w-]{22}(#[\w-]+)?$/);
    const success = page.locator('[data-testid="order-confirmation"]');
    await success.waitFor();
    expect(await success.textContent()).toContain(texts.confirmation.title);

    const expected = await prices({ slug: product.slug }, "09");
    const { orders } = await storedOrders({ phone: "0550100004" });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ source: "product_detail", total: expected.price + expected.delivery });
    await context.close();
  });
});

describe("one schema on both sides: a field's error beside the field, translated", () => {
  /** The text the page shows for a field's error: the element its aria-describedby names. */
  async function errorBeside(page: Page, field: string) {
    const input = page.locator(field);
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await input.getAttribute("aria-describedby"))!;
    return page.locator(`[id="${describedBy}"]`).textContent();
  }

  it("with JavaScript, the browser checks first (contact form): the phone's error under the phone, nothing sent", async () => {
    const { context, page, pageErrors } = await openPage(browser, "/contact", "ar");
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    const form = page.locator('[data-testid="quick-order-form"]');
    await fillNames(form, "12345", { firstName: "سارة", lastName: "قاسمي" });
    await form.locator('select[name="product"]').selectOption({ index: 1 });
    await form.locator('select[name="wilaya"]').selectOption("06");
    await chooseCommune(form, "شارع الحرية، بجاية");
    await form.locator('[data-testid="order-submit"]').click();
    await expect.poll(() => errorBeside(page, '[data-testid="quick-order-form"] input[name="phone"]')).toBe(ar.orders.fields.invalid_phone);
    // A refusal for fields asks to correct them: never the server-failure text.
    const failure = page.locator('#quick-order [data-testid="order-invalid"]');
    expect(await failure.textContent()).toContain(texts.invalidTitle);
    expect(await failure.textContent()).not.toContain(texts.contact.errorText);
    expect(posts, "the schema refused it in the browser").toEqual([]);
    // Typed values stay.
    expect(await form.locator('input[name="firstName"]').inputValue()).toBe("سارة");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("once refused, each error goes as its field is fixed (a search choosing the wilaya and the commune too), then the banner", async () => {
    const { context, page, pageErrors } = await openPage(browser, `/products/${product.slug}`, "ar");
    await page.getByTestId("buy-now").first().click();
    const slot = page.getByTestId("order-slot");
    await slot.getByTestId("order-submit").click();
    const errors = slot.locator('[aria-invalid="true"]');
    await expect.poll(() => errors.count()).toBeGreaterThanOrEqual(4);
    expect(await slot.getByTestId("order-invalid").count()).toBe(1);
    await fillNames(slot, "0771000123");
    await expect.poll(() => slot.locator('input[aria-invalid="true"]').count()).toBe(0);
    // The wilaya and the commune chosen by typing in their search boxes (no event on the selects themselves).
    await chooseStopDesk(slot, "ar");
    await expect.poll(() => errors.count()).toBe(0);
    // Stop-desk: the address is optional, its error gone too; nothing left to correct.
    expect(await slot.getByTestId("order-invalid").count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("without JavaScript, the route action's (product form, in French): the same schema's texts beside the fields", async () => {
    const { context, page } = await openPage(browser, `/products/${product.slug}#order`, "fr", { javaScript: false });
    const slot = page.locator('[data-testid="order-slot"]');
    await fillNames(slot, "0450", { firstName: "Leila", lastName: "Merabet" });
    await slot.locator('select[name="wilaya"]').selectOption("09");
    await slot.locator('textarea[name="address"]').fill("Rue de l'Indépendance, Blida");
    await slot.locator('[data-testid="order-submit"]').click();
    await page.waitForLoadState();
    expect(await errorBeside(page, '[data-testid="order-slot"] input[name="phone"]')).toBe(fr.orders.fields.invalid_phone);
    expect(await errorBeside(page, '[data-testid="order-slot"] select[name="commune"]')).toBe(fr.shopDelivery.fields.commune_required);
    expect(await page.locator('[data-testid="order-slot"] [data-testid="order-invalid"]').textContent()).toContain(fr.order.invalidTitle);
    await context.close();
  });
});

describe("plain posts (without JavaScript) land on the order's confirmation page (303)", () => {
  it("the contact page's quick order", async () => {
    const { context, page } = await openPage(browser, "/contact", "ar", { javaScript: false });
    const form = page.locator('[data-testid="quick-order-form"]');
    await fillNames(form, "0551000011", { firstName: "سارة", lastName: "قاسمي" });
    const productId = (await form.locator('select[name="product"] option:not([value=""])').first().getAttribute("value"))!;
    await form.locator('select[name="product"]').selectOption(productId);
    await form.locator('select[name="wilaya"]').selectOption("06");
    await form.locator('textarea[name="address"]').fill("شارع الحرية، بجاية");
    await quoteThenChooseCommune(page, () => page.locator('[data-testid="quick-order-form"]'));
    await form.locator('[data-testid="order-submit"]').click();
    await page.waitForURL(/\/orders\/confirmation\/[\w-]{22}(#[\w-]+)?$/);
    const success = page.locator('[data-testid="order-confirmation"]');
    expect(await success.textContent()).toContain(texts.confirmation.title);
    const number = (await success.getByTestId("order-number").textContent())!;
    const { orders, lines } = await storedOrders({ phone: "0551000011" });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ order_number: number, source: "contact_form" });
    expect(lines).toMatchObject([{ product_id: productId, quantity: 1 }]);
    await context.close();
  });

  it("the jewellery form", async () => {
    const { context, page } = await openPage(browser, "/jewellery", "ar", { javaScript: false });
    await page.locator('a[href^="/jewellery/"]').first().click();
    await page.waitForURL(/\/jewellery\/[^/?]+$/);
    const form = page.getByTestId("jewellery-form");
    await form.locator('input[name="name"]').fill("Nadia Belkacem");
    await form.locator('input[name="phone"]').fill("0551000012");
    await form.locator('input[name="email"]').fill("nadia@example.dz");
    await form.locator('select[name="wilaya"]').selectOption("16");
    await form.locator('textarea[name="address"]').fill("حي النصر، الجزائر");
    await quoteThenChooseCommune(page, () => page.getByTestId("jewellery-form"));
    await form.getByTestId("jewellery-submit").click();
    await page.waitForURL(/\/orders\/confirmation\/[\w-]{22}(#[\w-]+)?$/);
    const number = (await page.getByTestId("order-confirmation").getByTestId("order-number").textContent())!;
    const { orders } = await storedOrders({ phone: "0551000012" });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ order_number: number, source: "jewellery", bundle: "single", first_name: "Nadia", last_name: "Belkacem" });
    await context.close();
  });

  it("the wholesale enquiry", async () => {
    const { context, page } = await openPage(browser, "/product-gros", "ar", { javaScript: false });
    const form = page.getByTestId("wholesale-form");
    await form.locator('input[name="businessName"]').fill("Sarl Sans Script");
    await form.locator('input[name="contactName"]').fill("Karim Mansouri");
    await form.locator('input[name="phone"]').fill("0551000013");
    await form.locator('select[name="wilaya"]').selectOption("16");
    await form.locator('input[name="categories"]').first().check();
    await form.getByTestId("wholesale-submit").click();
    await page.waitForURL(/\/product-gros\?enquiry=sent#wholesale-enquiry$/);
    expect(await page.getByTestId("wholesale-success").textContent()).toContain(ar.wholesale.form.successTitle);
    await context.close();
  });
});

describe("Meta Pixel unset", () => {
  it("no request leaves 127.0.0.1 on the home and product pages", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone, "ar");
    const hosts = new Set<string>();
    page.on("request", (request) => hosts.add(new URL(request.url()).hostname));
    for (const path of ["/", `/products/${product.slug}`]) {
      await page.goto(path, { waitUntil: "networkidle" });
      await hydrated(page);
    }
    // A client-side navigation too (PageView would fire here).
    await page.locator('footer a[href="/contact"]').first().click();
    await page.waitForURL(/\/contact$/);
    await page.waitForLoadState("networkidle");
    expect([...hosts]).toEqual(["127.0.0.1"]);
    expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe("undefined");
    expect(await page.locator('script[src*="facebook"]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
