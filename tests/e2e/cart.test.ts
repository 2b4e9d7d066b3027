import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import { formatDinars } from "~/lib/money";
import { baseURL, hydrated, launchBrowser, openContext, phone } from "./support/browser";
import { storedOrders } from "./support/db";
import { chooseCommune, fillNames, quoteThenChooseCommune } from "./support/order";

// Two in-stock products of one category, with stock enough for the quantities below.
const category = "toys";
const [first, second] = demoProducts.filter((p) => !p.variants && p.category === category && p.inStock && p.stockQuantity >= 5);
const soldOut = demoProducts.find((p) => !p.inStock)!;
const dinars = (amount: number) => formatDinars(amount, "ar");

let browser: Browser;
beforeAll(async () => {
  if (!first || !second) throw new Error(`the demo catalogue needs two products in stock in ${category}`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, title: string) => page.getByTestId("product-card").filter({ hasText: title });
const drawerLine = (page: Page, id: string) => page.locator(`[data-testid=cart-drawer] [data-testid=cart-line][data-product-id="${id}"]`);
const pageLine = (page: Page, id: string) => page.locator(`[data-testid=cart-lines] [data-testid=cart-line][data-product-id="${id}"]`);

async function cartCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === "cart")?.value;
}

const customer = { firstName: "أمينة", lastName: "بن علي" };

describe("the cart in Arabic on a 390×844 phone", () => {
  it("adds from cards, edits in the drawer and orders from /cart", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await page.goto(`/categories/${category}`);
    await hydrated(page);

    await card(page, first!.title).getByTestId("add-to-cart").click();
    await expect.poll(() => card(page, first!.title).getByTestId("add-to-cart").textContent()).toBe(ar.catalog.card.added);
    await card(page, second!.title).getByTestId("add-to-cart").click();
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("2");

    // The top bar's cart button opens the drawer; focus moves into it.
    const cartButton = page.getByTestId("cart-button");
    expect(await cartButton.getAttribute("href")).toBe("/cart");
    await cartButton.click();
    const drawer = page.getByTestId("cart-drawer");
    await expect.poll(() => drawer.getAttribute("data-open")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("cart-drawer-close");
    expect(await drawer.getByTestId("cart-line").count()).toBe(2);
    expect(await drawerLine(page, first!.id).getByTestId("line-title").textContent()).toBe(first!.title);
    expect(await drawerLine(page, first!.id).getByTestId("line-unit-price").textContent()).toBe(dinars(first!.price));

    // + twice on the first, + then − on the second.
    await drawerLine(page, first!.id).getByTestId("line-increase").click();
    await drawerLine(page, first!.id).getByTestId("line-increase").click();
    await drawerLine(page, second!.id).getByTestId("line-increase").click();
    await drawerLine(page, second!.id).getByTestId("line-decrease").click();
    await expect.poll(() => drawerLine(page, first!.id).getByTestId("line-quantity").textContent()).toBe("3");
    expect(await drawerLine(page, second!.id).getByTestId("line-quantity").textContent()).toBe("1");
    expect(await drawerLine(page, first!.id).getByTestId("line-total").textContent()).toBe(dinars(first!.price * 3));
    expect(await drawerLine(page, second!.id).getByTestId("line-total").textContent()).toBe(dinars(second!.price));
    expect(await page.getByTestId("cart-drawer-total").textContent()).toBe(dinars(first!.price * 3 + second!.price));
    expect(await page.getByTestId("cart-drawer-quick-buy").textContent()).toContain(dinars(first!.price * 3 + second!.price));
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("4");

    // − on the first back to 2, then remove the second.
    await drawerLine(page, first!.id).getByTestId("line-decrease").click();
    await drawerLine(page, second!.id).getByTestId("line-remove").click();
    await expect.poll(() => drawer.getByTestId("cart-line").count()).toBe(1);
    expect(await drawerLine(page, first!.id).getByTestId("line-quantity").textContent()).toBe("2");
    expect(await page.getByTestId("cart-drawer-total").textContent()).toBe(dinars(first!.price * 2));
    await expect.poll(() => cartCookie(context)).toBe(`${first!.id}:2`);

    // Escape closes it and gives the focus back to the cart button; the backdrop closes it too.
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer.getAttribute("data-open")).toBe("false");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("cart-button");
    await cartButton.click();
    await expect.poll(() => drawer.getAttribute("data-open")).toBe("true");
    await page.getByTestId("cart-drawer-backdrop").click({ position: { x: 385, y: 400 } });
    await expect.poll(() => drawer.getAttribute("data-open")).toBe("false");

    // Checkout: the cart page with the server's prices.
    await cartButton.click();
    await page.getByTestId("cart-drawer-checkout").click();
    await page.waitForURL("**/cart");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expect.poll(() => pageLine(page, first!.id).getByTestId("line-quantity").textContent()).toBe("2");
    expect(await page.getByTestId("cart-lines").getByTestId("cart-line").count()).toBe(1);
    expect(await page.getByTestId("items-total").textContent()).toBe(dinars(first!.price * 2));
    const submit = page.getByTestId("order-submit");
    // Never disabled for empty fields: sending tells what is missing beside each field.
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    const form = page.getByTestId("cart-checkout-form");
    await expect.poll(() => form.locator("select[name=wilaya]").getAttribute("aria-invalid")).toBe("true");
    expect(await form.locator("input[name=firstName]").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("order-invalid").textContent()).toContain(ar.order.invalidTitle);

    // Blida by typing its name: 200 DA, 1-2 days.
    await fillNames(page.getByTestId("cart-checkout-form"), "0550 11 22 33", customer);
    await page.getByTestId("wilaya-search").fill("البليدة");
    await expect.poll(() => page.getByTestId("delivery-price").textContent()).toBe(dinars(200));
    expect(await page.getByTestId("cart-checkout-form").locator("select[name=wilaya]").inputValue()).toBe("09");
    expect(await page.getByTestId("delivery-time").textContent()).toBe("1-2 أيام");
    expect(await page.getByTestId("grand-total").textContent()).toBe(dinars(first!.price * 2 + 200));
    await chooseCommune(form, "حي 20 أوت، البليدة");

    await submit.click();
    const success = page.getByTestId("order-confirmation");
    await success.waitFor();
    expect(await success.textContent()).toContain(ar.order.confirmation.title);
    const orderNumber = (await page.getByTestId("order-number").textContent())!.match(/SQ-\d+/)![0];
    expect(await success.getByTestId("order-total").textContent()).toBe(dinars(first!.price * 2 + 200));

    // The cart is emptied everywhere.
    expect(await page.getByTestId("cart-count").count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("twins-shop-cart"))).toBe("[]");
    await expect.poll(() => cartCookie(context)).toBe("");

    // The order is stored with the server's totals.
    const { orders, lines } = await storedOrders({ orderNumber });
    expect(orders[0]).toMatchObject({
      source: "cart_page",
      wilaya_code: "09",
      phone: "0550112233",
      items_total: first!.price * 2,
      delivery_price: 200,
      total: first!.price * 2 + 200,
    });
    expect(lines.map((l) => [l.product_id, l.quantity, l.unit_price])).toEqual([[first!.id, 2, first!.price]]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("quick-buys the whole cart from the drawer: the cart is emptied and the drawer closes", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await page.goto(`/categories/${category}`);
    await hydrated(page);
    await card(page, first!.title).getByTestId("add-to-cart").click();
    await card(page, second!.title).getByTestId("add-to-cart").click();
    await page.getByTestId("cart-button").click();
    await drawerLine(page, second!.id).getByTestId("line-increase").click();
    await page.getByTestId("cart-drawer-quick-buy").click();

    const modal = page.locator('dialog[data-testid="quick-buy-modal"][open]');
    await modal.waitFor();
    await fillNames(modal, "0770 33 44 55", { firstName: "سمير", lastName: "حداد" });
    await modal.locator('[data-testid="wilaya-search"]').fill("البليدة");
    expect(await modal.locator('[data-testid="grand-total"]').textContent()).toBe(dinars(first!.price + second!.price * 2 + 200));
    await chooseCommune(modal, "حي 20 أوت، البليدة");
    await modal.locator('[data-testid="order-submit"]').click();
    await modal.locator('[data-testid="order-confirmation"]').waitFor();
    const orderNumber = (await modal.getByTestId("order-number").textContent())!.match(/SQ-\d+/)![0];
    expect(await modal.getByTestId("order-total").textContent()).toBe(dinars(first!.price + second!.price * 2 + 200));

    // Placed: the drawer closes and the cart empties at once; the confirmation stays until the modal is closed.
    await expect.poll(() => page.getByTestId("cart-drawer").getAttribute("data-open")).toBe("false");
    expect(await modal.locator('[data-testid="order-confirmation"]').isVisible()).toBe(true);
    await modal.getByTestId("order-confirmation-dismiss").click();
    await page.locator('dialog[data-testid="quick-buy-modal"]:not([open])').waitFor({ state: "attached" });
    expect(await page.getByTestId("cart-count").count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("twins-shop-cart"))).toBe("[]");
    await expect.poll(() => cartCookie(context)).toBe("");

    const { orders, lines } = await storedOrders({ orderNumber });
    expect(orders[0]).toMatchObject({ source: "quick_buy_cart", total: first!.price + second!.price * 2 + 200 });
    expect(lines.map((l) => [l.product_id, l.quantity])).toEqual([
      [first!.id, 1],
      [second!.id, 2],
    ]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("shows a price that changed since the product was added and takes the server's", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await context.addCookies([{ name: "cart", value: `${first!.id}:1,p999999999:1,${soldOut.id}:1`, url: baseURL() }]);
    await context.addInitScript(
      ([id, title]) => {
        if (localStorage.getItem("twins-shop-cart") === null) {
          const stale = { id, title, titleAr: title, description: "", descriptionAr: "", price: 1, image: "", quantity: 1 };
          localStorage.setItem("twins-shop-cart", JSON.stringify([stale]));
        }
      },
      [first!.id, first!.title] as const,
    );
    await page.goto("/cart");
    await hydrated(page);
    const line = pageLine(page, first!.id);
    await expect.poll(() => line.getByTestId("line-price-changed").count()).toBe(1);
    expect(await line.getByTestId("line-unit-price").textContent()).toBe(dinars(first!.price));
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("twins-shop-cart") ?? "[]")[0]?.price)).toBe(first!.price);
    // An out-of-stock line is flagged and keeps the order button disabled until it is removed.
    const soldOutLine = pageLine(page, soldOut.id);
    await expect.poll(() => soldOutLine.getAttribute("data-status")).toBe("out_of_stock");
    expect(await soldOutLine.getByTestId("line-notice").textContent()).toBe(ar.cart.line.outOfStock);
    expect(await page.getByTestId("items-total").textContent()).toBe(dinars(first!.price));
    expect(await page.getByTestId("order-submit").isDisabled()).toBe(true);
    await soldOutLine.getByTestId("line-remove").click();
    await expect.poll(() => page.getByTestId("cart-lines").getByTestId("cart-line").count()).toBe(1);
    await page.getByTestId("wilaya-search").fill("الجزائر");
    await expect.poll(() => page.getByTestId("delivery-price").textContent()).toBe(ar.common.free);
    expect(await page.getByTestId("order-submit").isDisabled()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("the cart without JavaScript", () => {
  it("adds from a card, changes the quantity and orders from /cart", async () => {
    const context = await browser.newContext({ ...phone, javaScriptEnabled: false, baseURL: baseURL() });
    const page = await context.newPage();
    await page.goto(`/categories/${category}`);
    await card(page, first!.title).getByTestId("add-to-cart").click();
    await page.waitForURL(`**/categories/${category}`);
    expect(await page.getByTestId("cart-count").textContent()).toBe("1");
    expect(await cartCookie(context)).toBe(`${first!.id}:1`);

    await page.getByTestId("cart-button").click();
    await page.waitForURL("**/cart");
    const line = pageLine(page, first!.id);
    expect(await line.getByTestId("line-title").textContent()).toBe(first!.title);
    await line.getByTestId("line-increase").click();
    await page.waitForURL("**/cart");
    expect(await pageLine(page, first!.id).getByTestId("line-quantity").textContent()).toBe("2");
    expect(await page.getByTestId("items-total").textContent()).toBe(dinars(first!.price * 2));

    await fillNames(page.getByTestId("cart-checkout-form"), "0661 22 33 44", customer);
    await page.getByTestId("cart-checkout-form").locator("select[name=wilaya]").selectOption("09");
    await page.getByTestId("cart-checkout-form").locator("textarea[name=address]").fill("حي 20 أوت، البليدة");
    await quoteThenChooseCommune(page, () => page.getByTestId("cart-checkout-form"));
    // The fee and the total before sending.
    expect(await page.getByTestId("delivery-price").textContent()).toBe(dinars(200));
    expect(await page.getByTestId("grand-total").textContent()).toBe(dinars(first!.price * 2 + 200));
    await page.getByTestId("order-submit").click();
    await page.waitForURL(/\/orders\/confirmation\/[\w-]{22}(#[\w-]+)?$/);
    const success = page.getByTestId("order-confirmation");
    expect(await success.textContent()).toContain(ar.order.confirmation.title);
    expect(await success.getByTestId("order-total").textContent()).toBe(dinars(first!.price * 2 + 200));
    const orderNumber = (await success.getByTestId("order-number").textContent())!;
    expect(await cartCookie(context)).toBe("");
    expect(await page.getByTestId("cart-count").count()).toBe(0);

    const { orders, lines } = await storedOrders({ orderNumber });
    expect(orders[0]).toMatchObject({ source: "cart_page", items_total: first!.price * 2, delivery_price: 200, total: first!.price * 2 + 200 });
    expect(lines.map((l) => [l.product_id, l.quantity])).toEqual([[first!.id, 2]]);
    await context.close();
  });

  it("shows the refused fields with what was typed", async () => {
    const context = await browser.newContext({ ...phone, javaScriptEnabled: false, baseURL: baseURL() });
    await context.addCookies([{ name: "cart", value: `${second!.id}:1`, url: baseURL() }]);
    const page = await context.newPage();
    await page.goto("/cart");
    const form = page.getByTestId("cart-checkout-form");
    await fillNames(form, "12345", { firstName: "كريم", lastName: "سعيدي" });
    await form.locator("select[name=wilaya]").selectOption("16");
    await page.getByTestId("order-submit").click();
    // Refused for its fields: a banner asking to correct them, never the server-failure text.
    await page.getByTestId("order-invalid").waitFor();
    expect(await page.getByTestId("order-invalid").textContent()).toContain(ar.order.invalidTitle);
    expect(await page.getByTestId("order-invalid").textContent()).not.toContain(ar.cart.error.message);
    expect(await form.locator("input[name=firstName]").inputValue()).toBe("كريم");
    expect(await form.locator("input[name=phone]").inputValue()).toBe("12345");
    expect(await form.locator("select[name=wilaya]").inputValue()).toBe("16");
    expect(await form.textContent()).toContain(ar.orders.fields.invalid_phone);
    expect(await cartCookie(context)).toBe(`${second!.id}:1`);
    await context.close();
  });
});

describe("POST /api/cart/quote", () => {
  it("prices lines from the database and refuses a body that is not a cart", async () => {
    const post = (body: string) => fetch(`${baseURL()}/api/cart/quote`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    const good = await post(
      JSON.stringify({
        items: [
          { productId: first!.id, quantity: 2, price: 1 },
          { productId: "p0", quantity: 1 },
        ],
      }),
    );
    expect(good.status).toBe(200);
    expect(good.headers.get("cache-control")).toBe("private, no-store");
    const quote = await good.json();
    expect(quote.itemsTotal).toBe(first!.price * 2);
    expect(quote.lines.map((l: { status: string }) => l.status)).toEqual(["ok", "unknown"]);
    const bad = await post("{not json");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe(ar.cart.api.invalidCart);
  });
});
