import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { launchBrowser, openPage } from "./support/browser";
import { storedOrder, withDb } from "./support/db";
import { CONSTANTINE, chooseStopDesk, chooseStopDeskWithoutJavaScript, EL_KHROUB, fillNames, phoneSeries } from "./support/order";

// Stop-desk at checkout with the merchant's default courier's desks, on a 390×844 phone, in
// Arabic then French: the delivery block offers the courier's desks of Constantine (the one in
// the shopper's commune, El Khroub, first), a desk must be chosen, and the order stores it and
// shows it on the confirmation; without JavaScript too. The desks are stored rows (as a refresh
// of the courier's places leaves them); the account is deleted afterwards (the shared shop has
// no courier account for the other tests).

const dictionaries = { ar, fr } as const;
const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 40 && p.slug)!;
const nextPhone = phoneSeries("checkout-stop-desk");

const DESKS = [
  { code: "250101", name: "Agence Constantine Centre", commune_name: "Constantine", address: "Rue Abane Ramdane" },
  { code: "250601", name: "Agence El Khroub", commune_name: "El Khroub", address: "Cité 1000 logements" },
];

let browser: Browser;
let accountId: number;
beforeAll(async () => {
  browser = await launchBrowser();
  accountId = await withDb(async (db) => {
    const at = new Date().toISOString();
    const { id } = await db
      .insertInto("courier_accounts")
      .values({
        family: "yalidine",
        label: "Yalidine",
        base_url: "https://api.yalidine.app/v1",
        credentials: "sealed-elsewhere",
        webhook_secret: null,
        is_default: true,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("courier_places")
      .values(
        [
          ["2501", "Constantine"],
          ["2506", "El Khroub"],
        ].map(([commune, name]) => ({
          account_id: id,
          commune_code: commune!,
          wilaya_code: "25",
          courier_wilaya_code: 25,
          courier_wilaya_name: "Constantine",
          courier_commune_name: name!,
          has_stop_desk: true,
          refreshed_at: at,
        })),
      )
      .execute();
    await db
      .insertInto("courier_stop_desks")
      .values(DESKS.map((desk) => ({ ...desk, account_id: id, courier_wilaya_code: 25, refreshed_at: at })))
      .execute();
    return id;
  });
});
afterAll(async () => {
  await withDb((db) => db.deleteFrom("courier_accounts").where("id", "=", accountId).execute());
  await browser?.close();
});

describe.each(["ar", "fr"] as const)("stop-desk at checkout with the default courier's desks (%s, 390×844)", (language) => {
  const texts = dictionaries[language];

  it("the product form offers the desks, the shopper's commune's first, requires one, and the order stores it", async () => {
    const { context, page, pageErrors } = await openPage(browser, `/products/${product.slug}`, language);
    await page.getByTestId("buy-now").first().click();
    const slot = page.getByTestId("order-slot");
    const number = nextPhone(language);
    await fillNames(slot, number);
    await chooseStopDesk(slot, language);
    const select = slot.getByTestId("stop-desk");
    await expect.poll(() => select.locator("option").count()).toBe(3);
    const options = await select.locator("option").allTextContents();
    expect(options[0]).toBe(texts.shopDelivery.chooseStopDesk);
    expect(options[1]).toContain("Agence El Khroub");
    expect(options[1]).toContain("Cité 1000 logements");
    expect(options[2]).toContain("Agence Constantine Centre");
    expect(await slot.getByTestId("stop-desk-select").locator("label").textContent()).toBe(texts.shopDelivery.stopDeskChoice);
    expect(await select.getAttribute("required")).not.toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await select.selectOption("250601");
    await slot.getByTestId("order-submit").click();
    const confirmation = slot.getByTestId("order-confirmation");
    await confirmation.waitFor();
    expect(await confirmation.getByTestId("order-confirmation-stop-desk").textContent()).toBe(
      texts.order.confirmation.stopDesk.replace("{{name}}", "Agence El Khroub"),
    );
    expect(await storedOrder({ phone: number })).toMatchObject({
      wilaya_code: CONSTANTINE.code,
      commune_code: EL_KHROUB.code,
      delivery_type: "stop_desk",
      stop_desk_account_id: accountId,
      stop_desk_code: "250601",
      stop_desk_name: "Agence El Khroub",
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("without JavaScript: the desks come back with the form, a missing one is refused, then the order stores the chosen one", async () => {
    const { context, page } = await openPage(browser, `/products/${product.slug}#order`, language, { javaScript: false });
    const slot = () => page.getByTestId("order-slot");
    const number = nextPhone(language);
    await fillNames(slot(), number);
    await chooseStopDeskWithoutJavaScript(page, slot, "");
    // Sent without a desk: refused beside the desks' choice, nothing stored.
    await Promise.all([page.waitForLoadState("load"), slot().getByTestId("order-submit").click()]);
    expect(await slot().getByTestId("stop-desk-select").textContent()).toContain(texts.shopDelivery.fields.stop_desk_required);
    expect(await storedOrder({ phone: number })).toBeUndefined();
    await slot().getByTestId("stop-desk").selectOption("250101");
    await Promise.all([page.waitForURL(/\/orders\/confirmation\/[\w-]{22}(#[\w-]+)?$/), slot().getByTestId("order-submit").click()]);
    expect(await page.getByTestId("order-confirmation-stop-desk").textContent()).toContain("Agence Constantine Centre");
    expect(await storedOrder({ phone: number })).toMatchObject({ stop_desk_code: "250101", stop_desk_name: "Agence Constantine Centre" });
    await context.close();
  });
});
