import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { formatDinars } from "~/lib/money";
import { SHOP_SETTINGS_FIELDS } from "~/lib/shop-settings";
import { adminCookie, signInAsAdmin } from "./support/admin";
import { baseURL, launchBrowser, openContext, openPage, phone } from "./support/browser";
import { chooseStopDesk, CONSTANTINE, fillNames, phoneSeries } from "./support/order";
import { withDb } from "./support/db";

// Quantities and offers on a 390×844 phone, in Arabic then in French: the merchant gives a
// product a "2 pieces −20 %" offer in its admin form; a shopper picks it in the product's
// order form, sees its total, and orders; the drawer's quick-buy changes a quantity; adding
// past the stock shown names the product and how many are left.

type Language = "ar" | "fr";
const dictionaries = { ar, fr } as const;

// Not the product the other order-form suites use (its form must keep its quantity picker).
const plenty = demoProducts
  .filter((p) => !p.variants && p.inStock && p.stockQuantity >= 20 && p.slug)
  .sort((a, b) => b.stockQuantity - a.stockQuantity);
const offered = plenty[plenty.length - 1]!;
const scarce = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity === 2 && p.slug)!;
const nextPhone = phoneSeries("offers");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const open = (path: string, language: Language) => openPage(browser, path, language);

/** Sets the shop's settings through the admin form (HTTP): `whatsapp` given, every other one empty. */
async function setShopSettings(values: Record<string, string>) {
  const response = await fetch(`${baseURL()}/admin/settings`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: await adminCookie(), Origin: baseURL() },
    body: new URLSearchParams(SHOP_SETTINGS_FIELDS.map((field) => [field, values[field] ?? ""])),
  });
  expect(response.status).toBe(303);
}

async function fillCustomer(scope: Locator, language: Language, phoneNumber: string) {
  await fillNames(scope, phoneNumber);
  await chooseStopDesk(scope, language);
}

describe("quantity offers", () => {
  it("the merchant adds offers to a product in its admin form", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await signInAsAdmin(page);
    await page.goto(`/admin/products/${encodeURIComponent(offered.id)}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const rows = page.getByTestId("offer-row");
    await rows.nth(0).locator('input[name="offers[0].quantity"]').fill("1");
    await rows.nth(0).locator('input[name="offers[0].value"]').fill("0");
    await rows.nth(1).locator('input[name="offers[1].quantity"]').fill("2");
    await rows.nth(1).locator('input[name="offers[1].value"]').fill("20");
    await rows.nth(1).locator('input[name="offers[1].labelFr"]').fill("Duo −20 %");
    await Promise.all([page.waitForURL((url) => url.searchParams.has("saved")), page.getByTestId("product-save").click()]);
    expect(await page.locator('input[name="offers[1].quantity"]').inputValue()).toBe("2");
    const stored = await withDb((db) =>
      db.selectFrom("product_offers").selectAll().where("product_id", "=", offered.id).orderBy("position").execute(),
    );
    expect(stored.map((offer) => [offer.quantity, offer.percent_off, offer.fixed_total, offer.label_fr])).toEqual([
      [1, 0, null, null],
      [2, 20, null, "Duo −20 %"],
    ]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  describe.each(["ar", "fr"] as const)("the shopper (%s, 390×844)", (language) => {
    it("picks the offer in the product's form, sees its total with the fee, and orders it", async () => {
      const { context, page, pageErrors } = await open(`/products/${offered.slug}`, language);
      const price = await withDb(
        async (db) => (await db.selectFrom("products").select("price").where("id", "=", offered.id).executeTakeFirstOrThrow()).price,
      );
      const duo = Math.floor((price * 2 * 80 + 50) / 100);
      await page.getByTestId("buy-now").first().click();
      const slot = page.getByTestId("order-slot");
      const options = slot.getByTestId("offer-option");
      // The order section's code loads on demand: wait for its choices.
      await expect.poll(() => options.count()).toBe(2);
      const label = language === "fr" ? "Duo −20 %" : "قطعتان −20 %";
      expect(await options.nth(1).textContent()).toContain(label);
      expect(await options.nth(1).textContent()).toContain(formatDinars(duo, language));
      await options.nth(1).locator('input[type="radio"]').check();
      const number = nextPhone(language);
      await fillCustomer(slot, language, number);
      await expect.poll(() => slot.getByTestId("grand-total").textContent()).toBe(formatDinars(duo + CONSTANTINE.stopDesk, language));
      await slot.getByTestId("order-submit").click();
      await slot.getByTestId("order-confirmation").waitFor();
      const { order, lines } = await withDb(async (db) => {
        const order = await db.selectFrom("orders").selectAll().where("phone", "=", number).executeTakeFirstOrThrow();
        const lines = await db.selectFrom("order_items").selectAll().where("order_id", "=", order.id).execute();
        return { order, lines };
      });
      expect(order).toMatchObject({ items_total: duo, delivery_price: CONSTANTINE.stopDesk, total: duo + CONSTANTINE.stopDesk });
      expect(lines).toMatchObject([{ product_id: offered.id, quantity: 2, line_total: duo, offer_label: "قطعتان −20 %" }]);
      expect(pageErrors).toEqual([]);
      await context.close();

      // The merchant sees which offer the line was sold under.
      const admin = await openContext(browser, phone);
      await signInAsAdmin(admin.page);
      await admin.page.goto(`/admin/orders/${order.id}`);
      expect(await admin.page.getByTestId("order-line-offer").textContent()).toBe("قطعتان −20 %");
      await admin.context.close();
    });

    it("the WhatsApp order names the offer the form holds, the one picked once the shopper picks", async () => {
      await setShopSettings({ whatsapp: "0661998877" });
      try {
        const { context, page, pageErrors } = await open(`/products/${offered.slug}`, language);
        const message = async () => decodeURIComponent((await page.getByTestId("order-whatsapp").getAttribute("href")) ?? "");
        await page.getByTestId("buy-now").first().click();
        const options = page.getByTestId("order-slot").getByTestId("offer-option");
        await expect.poll(() => options.count()).toBe(2);
        // Before a pick: the form's default, the first offer.
        expect(await message()).toContain((await options.nth(0).locator("span").first().textContent())!);
        await options.nth(1).locator('input[type="radio"]').check();
        const label = language === "fr" ? "Duo −20 %" : "قطعتان −20 %";
        await expect.poll(message).toContain(`\n${label} — `);
        expect(pageErrors).toEqual([]);
        await context.close();
      } finally {
        await setShopSettings({});
      }
    });

    it("changes the quantity in the drawer's quick-buy, within the stock", async () => {
      const other = plenty[0]!;
      const { context, page, pageErrors } = await open(`/products/${other.slug}`, language);
      await page.getByTestId("add-to-cart").first().click();
      await page.getByTestId("cart-button").first().click();
      await page.getByTestId("cart-drawer-quick-buy").click();
      const modal = page.locator('dialog[data-testid="quick-buy-modal"][open]');
      await modal.waitFor();
      const quantity = modal.getByTestId("quick-buy-quantity");
      await expect.poll(() => quantity.locator("option").allTextContents()).toEqual(["1", "2", "3", "4", "5"]);
      await quantity.selectOption("3");
      const number = nextPhone(language);
      await fillCustomer(modal, language, number);
      await modal.locator('textarea[name="address"]').fill("حي 500 مسكن");
      await expect.poll(() => modal.getByTestId("grand-total").textContent()).toBe(formatDinars(other.price * 3 + CONSTANTINE.stopDesk, language));
      await modal.getByTestId("order-submit").click();
      await modal.getByTestId("order-confirmation").waitFor();
      const total = await withDb(
        async (db) => (await db.selectFrom("orders").select("items_total").where("phone", "=", number).executeTakeFirstOrThrow()).items_total,
      );
      expect(total).toBe(other.price * 3);
      expect(pageErrors).toEqual([]);
      await context.close();
    });

    it("adding to cart past the stock shown says so at once, naming the product and how many are left", async () => {
      const { context, page, pageErrors } = await open(`/products/${scarce.slug}`, language);
      const title = (await page.locator("h1").first().textContent())!.trim();
      const add = page.getByTestId("add-to-cart").first();
      await add.click();
      await add.click();
      expect(await page.getByTestId("stock-notice").count()).toBe(0);
      await add.click();
      const notice = page.getByTestId("stock-notice");
      await notice.waitFor();
      const expected = dictionaries[language].orders.fields.stock_left_two.replace("{{count}}", "2").replace("{{title}}", title);
      expect((await notice.textContent())?.trim()).toBe(expected);
      expect(await page.getByTestId("cart-count").first().textContent()).toBe("2");
      // The drawer's + stops at the stock and says why.
      await page.getByTestId("cart-button").first().click();
      const line = page.locator(`[data-testid=cart-drawer] [data-testid=cart-line][data-product-id="${scarce.id}"]`);
      expect(await line.getByTestId("line-increase").isDisabled()).toBe(true);
      expect((await line.getByTestId("line-stock-note").textContent())?.trim()).toBe(expected);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  });
});
