import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { startFakeYalidine, type FakeYalidine } from "~/server/couriers/sandbox/fake-yalidine.server";
import { signInAsAdmin } from "./support/admin";
import { hydrated, launchBrowser, openContext, phone } from "./support/browser";
import { withDb } from "./support/db";

// A merchant on a phone, in Arabic, ships a confirmed order with a Yalidine-family account (the
// fake courier on this machine): the order page shows the courier, the tracking number and the
// label link, which leads to the courier's PDF. The account, the order and its parcel are
// removed afterwards (the shared shop has no courier account for the other tests).

const ORDER_NUMBER = "SQ-E2E-SHIP-1";
let browser: Browser;
let yalidine: FakeYalidine;
let orderId: number;
let communeCode: string;

beforeAll(async () => {
  browser = await launchBrowser();
  yalidine = await startFakeYalidine();
  orderId = await withDb(async (db) => {
    communeCode = (await db.selectFrom("communes").select("code").where("wilaya_code", "=", "16").orderBy("code").executeTakeFirstOrThrow()).code;
    const at = new Date().toISOString();
    const order = await db
      .insertInto("orders")
      .values({
        order_number: ORDER_NUMBER,
        source: "cart_page",
        status: "confirmed",
        first_name: "أمين",
        last_name: "بن علي",
        phone: "0559900001",
        wilaya_code: "16",
        commune_code: communeCode,
        delivery_type: "home",
        address: "Cité Kaidi, bâtiment 4",
        email: null,
        bundle: null,
        items_total: 5000,
        delivery_price: 400,
        total: 5400,
        ref: null,
        ip: "192.0.2.1",
        user_agent: null,
        idempotency_key: null,
        phone_flagged: false,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("order_items")
      .values({
        order_id: order.id,
        position: 0,
        product_id: "e2e-ship",
        title: "سيارة حمراء",
        unit_price: 2500,
        compare_at_price: 0,
        quantity: 2,
        line_total: 5000,
        offer_id: null,
        offer_label: null,
        variant_id: null,
        variant_label: null,
        variant_sku: null,
      })
      .execute();
    return order.id;
  });
});
afterAll(async () => {
  await browser?.close();
  await yalidine?.close();
  await withDb(async (db) => {
    if (orderId !== undefined) {
      await db.deleteFrom("parcels").where("order_id", "=", orderId).execute();
      await db.deleteFrom("order_events").where("order_id", "=", orderId).execute();
      await db.deleteFrom("order_items").where("order_id", "=", orderId).execute();
      await db.deleteFrom("orders").where("id", "=", orderId).execute();
    }
    await db.deleteFrom("courier_accounts").where("label", "=", "Yalidine E2E").execute();
  });
});

describe("shipping an order from the admin", () => {
  it("admin on a phone in Arabic ships a confirmed order with Yalidine: tracking and label link shown; then French", async () => {
    const { context, page, pageErrors } = await openContext(browser, { ...phone }, "ar");
    await signInAsAdmin(page);

    // The courier account, added as a merchant does; then pointed at the fake courier, with its places.
    await page.goto("/admin/couriers");
    await hydrated(page);
    await page.getByTestId("courier-family").selectOption("yalidine");
    await page.getByTestId("courier-family-choose").click();
    await page.getByTestId("courier-add-form").waitFor();
    await page.getByTestId("courier-add-label").fill("Yalidine E2E");
    await page.getByTestId("courier-add-credentials-apiId").fill(yalidine.access.credentials.apiId!);
    await page.getByTestId("courier-add-credentials-apiToken").fill(yalidine.access.credentials.apiToken!);
    await page.getByTestId("courier-add-save").click();
    await page.waitForURL((url) => url.search === "?done=added");
    await withDb(async (db) => {
      const account = await db.selectFrom("courier_accounts").select("id").where("label", "=", "Yalidine E2E").executeTakeFirstOrThrow();
      await db
        .updateTable("courier_accounts")
        .set({ base_url: yalidine.access.baseUrl, origin_wilaya_code: "16" })
        .where("id", "=", account.id)
        .execute();
      await db
        .insertInto("courier_places")
        .values({
          account_id: account.id,
          commune_code: communeCode,
          wilaya_code: "16",
          courier_wilaya_code: 16,
          courier_wilaya_name: "Alger",
          courier_commune_name: "Bordj El Kiffan",
          wilaya_place_id: null,
          commune_place_id: null,
          has_stop_desk: true,
          refreshed_at: new Date().toISOString(),
        })
        .execute();
    });

    await page.goto(`/admin/orders/${orderId}`);
    await hydrated(page);
    const panel = page.getByTestId("parcel-panel");
    expect(await panel.locator("h2").textContent()).toBe(ar.adminShipping.panel.title);
    expect(await panel.locator('select[name="accountId"] option:checked').textContent()).toBe("Yalidine E2E (الافتراضية)");
    await page.getByTestId("ship-submit").click();
    await page.getByTestId("parcel-tracking").waitFor();

    const [created] = [...yalidine.parcels.values()].filter((parcel) => parcel.order_id === ORDER_NUMBER);
    expect(created).toBeDefined();
    expect(await page.getByTestId("parcel-tracking").textContent()).toBe(created!.tracking);
    expect(await page.getByTestId("parcel-courier").textContent()).toBe("Yalidine E2E");
    expect(await page.getByTestId("order-notice").textContent()).toBe(
      ar.adminShipping.outcomes.shipped
        .replace("{{number}}", ORDER_NUMBER)
        .replace("{{courier}}", "Yalidine E2E")
        .replace("{{tracking}}", created!.tracking),
    );
    expect(await page.locator("[data-parcel-state]").first().textContent()).toBe(ar.adminShipping.states.ready);
    expect(await page.locator("[data-order-id]").getAttribute("data-status")).toBe("shipped");
    expect(await page.getByTestId("ship-form").count()).toBe(0);
    const label = page.getByTestId("parcel-label");
    expect(await label.textContent()).toBe(ar.adminShipping.panel.label);
    expect(await label.getAttribute("href")).toBe(`/admin/orders/${orderId}/label`);
    // The label: a redirect to the courier's PDF, never stored.
    const answer = await page.request.get(`/admin/orders/${orderId}/label`, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers()["location"]).toBe(created!.label);
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    const pdf = await page.request.get(`/admin/orders/${orderId}/label`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    // All of a selection at once: one PDF.
    const merged = await page.request.get(`/admin/orders/labels?ids=${orderId}`);
    expect(merged.headers()["content-type"]).toBe("application/pdf");
    expect((await merged.body()).subarray(0, 5).toString()).toBe("%PDF-");
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await context.addCookies([{ name: "lng", value: "fr", url: page.url() }]);
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId("parcel-label").textContent()).toBe(fr.adminShipping.panel.label);
    expect(await page.locator("[data-parcel-state]").first().textContent()).toBe(fr.adminShipping.states.ready);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
