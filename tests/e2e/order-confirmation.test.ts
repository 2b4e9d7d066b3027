import { mkdir } from "node:fs/promises";
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { formatDinars } from "~/lib/money";
import { launchBrowser, openPage, phone } from "./support/browser";
import { storedOrder } from "./support/db";
import { chooseStopDesk, chooseStopDeskWithoutJavaScript, CONSTANTINE, EL_KHROUB, fillNames, phoneSeries, type OrderLanguage } from "./support/order";

// The confirmation a shopper sees after ordering, on a 390×844 phone, in Arabic and then in
// French: with JavaScript in place of the product form (in the viewport below the sticky header,
// focused, staying), without JavaScript on the order's own page (303), private and noindex.

const dictionaries = { ar, fr } as const;
const VIEWPORT_HEIGHT = phone.viewport.height;

const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 40 && p.slug)!;

const nextPhone = phoneSeries("order-confirmation");
const names = { firstName: "Amina", lastName: "Benali" };

/** What every confirmation shows: the number, the line, the delivery, the amount to pay, the masked phone. */
async function expectConfirmation(confirmation: Locator, language: OrderLanguage, phoneNumber: string) {
  const order = await storedOrder({ phone: phoneNumber });
  if (!order) throw new Error(`no order stored for ${phoneNumber}`);
  const texts = dictionaries[language];
  expect(await confirmation.getByTestId("order-number").textContent()).toBe(order.order_number);
  expect(await confirmation.getByTestId("order-total").textContent()).toBe(formatDinars(order.total, language));
  expect(order.total).toBe(order.items_total + CONSTANTINE.stopDesk);
  const delivery = (await confirmation.getByTestId("order-confirmation-delivery").textContent()) ?? "";
  expect(delivery).toContain(texts.shopDelivery.stopDesk);
  expect(delivery).toContain(EL_KHROUB.name[language]);
  const text = (await confirmation.textContent()) ?? "";
  expect(text).toContain(`${phoneNumber.slice(0, 4)}****${phoneNumber.slice(-2)}`);
  // Left to right inside the Arabic sentence too (it would read 72****0771 otherwise).
  const masked = confirmation.getByTestId("order-confirmation-phone");
  expect(await masked.textContent()).toBe(`${phoneNumber.slice(0, 4)}****${phoneNumber.slice(-2)}`);
  expect(await masked.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
  expect(text).not.toContain(phoneNumber);
  expect(await confirmation.getByTestId("order-confirmation-items").locator("li").count()).toBe(1);
  return order;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir("reports", { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe.each(["ar", "fr"] as const)("the order confirmation on a phone (%s)", (language) => {
  it("with JavaScript: in place of the product form, in the viewport below the header, focused, until dismissed", async () => {
    const { context, page, pageErrors } = await openPage(browser, `/products/${product.slug}`, language);
    await page.getByTestId("buy-now").first().click();
    const slot = page.getByTestId("order-slot");
    const phoneNumber = nextPhone(language);
    await fillNames(slot, phoneNumber, names);
    await chooseStopDesk(slot, language);
    await slot.getByTestId("order-submit").click();

    const confirmation = slot.getByTestId("order-confirmation");
    await confirmation.waitFor();
    const order = await expectConfirmation(confirmation, language, phoneNumber);
    // The heading has the focus; the number is on the screen, below the sticky header.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toBe(dictionaries[language].order.confirmation.title);
    const header = (await page.locator("header").first().boundingBox())!;
    const title = (await confirmation.getByRole("heading", { level: 2 }).first().boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(header.y + header.height);
    const number = (await confirmation.getByTestId("order-number").boundingBox())!;
    expect(number.y + number.height).toBeLessThanOrEqual(VIEWPORT_HEIGHT);
    const shot = `reports/order-confirmation-${language}.png`;
    await page.screenshot({ path: shot });

    // No timer: still there a few seconds later.
    await page.waitForTimeout(3500);
    expect(await confirmation.isVisible()).toBe(true);
    const inView = (await confirmation.getByTestId("order-number").boundingBox())!;
    expect(inView.y).toBeGreaterThanOrEqual(0);
    expect(inView.y + inView.height).toBeLessThanOrEqual(VIEWPORT_HEIGHT);

    // Its link opens the same confirmation on its own page.
    const href = (await confirmation.getByTestId("order-confirmation-link").getAttribute("href"))!;
    expect(href).toBe(`/orders/confirmation/${order.confirmation_token}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("without JavaScript: 303 to the order's own page, private and noindex", async () => {
    const { context, page } = await openPage(browser, `/products/${product.slug}#order`, language, { javaScript: false });
    const slot = page.getByTestId("order-slot");
    const phoneNumber = nextPhone(language);
    await fillNames(slot, phoneNumber, names);
    await chooseStopDeskWithoutJavaScript(page, () => page.getByTestId("order-slot"));
    await Promise.all([
      page.waitForURL(/\/orders\/confirmation\/[\w-]{22}(#[\w-]+)?$/),
      page.getByTestId("order-slot").getByTestId("order-submit").click(),
    ]);
    // The form's #order stays on the address (a redirect keeps the post's fragment).
    const response = await page.request.get(page.url());
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    const confirmation = page.getByTestId("order-confirmation");
    const order = await expectConfirmation(confirmation, language, phoneNumber);
    expect(new URL(page.url()).pathname).toBe(`/orders/confirmation/${order.confirmation_token}`);
    const number = (await confirmation.getByTestId("order-number").boundingBox())!;
    expect(number.y).toBeGreaterThanOrEqual(0);
    expect(number.y + number.height).toBeLessThanOrEqual(VIEWPORT_HEIGHT);
    // Nothing beyond the confirmation: no address line, no name.
    expect(await page.locator("main").textContent()).not.toContain("Benali");

    const unknown = await page.goto("/orders/confirmation/AAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown?.status()).toBe(404);
    expect(unknown?.headers()["cache-control"]).toBe("private, no-store");
    await context.close();
  });
});
