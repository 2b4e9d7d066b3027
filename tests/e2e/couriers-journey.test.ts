import { PDFDocument } from "pdf-lib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { startFakeYalidine, type FakeYalidine } from "~/server/couriers/sandbox/fake-yalidine.server";
import { startFakeEcotrack, type FakeEcotrack } from "../support/fake-couriers/ecotrack";
import { signInAsAdmin } from "./support/admin";
import { baseURL, hydrated, launchBrowser, openContext, phone } from "./support/browser";
import { withDb } from "./support/db";
import { phoneSeries } from "./support/order";

// The merchant's day with couriers, on a phone in Arabic: two orders confirmed, shipped together
// with a Yalidine-family courier, both labels printed at once; the courier's signed webhooks bring
// one to delivered and the other back (its stock with it), while a forged webhook changes
// nothing; a third order goes with an Ecotrack-family courier, which calls no one back and is
// polled until delivered. The couriers are local fakes of their APIs; the shop talks to them with
// the adapters that would talk to the real ones.

const product = { id: "e2e-couriers-journey", slug: "e2e-couriers-journey", title: "سيارة الرحلة" };
const category = "e2e-couriers-journey";
const YALIDINE_LABEL = "Yalidine رحلة";
const ECOTRACK_LABEL = "DHD رحلة";
const WEBHOOK_SECRET = "journey-webhook-secret-0123456789";
const newPhone = phoneSeries("couriers-journey");

let browser: Browser;
let yalidine: FakeYalidine;
let ecotrack: FakeEcotrack;
const orders: { number: string; id: number; phone: string }[] = [];

async function stock(): Promise<number> {
  return withDb(async (db) =>
    Number((await db.selectFrom("products").select("stock_quantity").where("id", "=", product.id).executeTakeFirstOrThrow()).stock_quantity),
  );
}

async function orderStatus(id: number): Promise<string> {
  return withDb(async (db) => (await db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status);
}

async function parcelOf(orderId: number) {
  return withDb((db) =>
    db.selectFrom("parcels").selectAll().where("order_id", "=", orderId).where("state", "<>", "cancelled").executeTakeFirstOrThrow(),
  );
}

async function accountId(label: string): Promise<number> {
  return withDb(async (db) => (await db.selectFrom("courier_accounts").select("id").where("label", "=", label).executeTakeFirstOrThrow()).id);
}

/** A cash-on-delivery order as a shopper's form sends it, to the door in Alger's `communeCode`. */
async function placeOrder(communeCode: string, quantity: number): Promise<void> {
  const phoneNumber = newPhone("ar");
  const response = await fetch(`${baseURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL() },
    body: JSON.stringify({
      source: "cart_page",
      items: [{ productId: product.id, quantity }],
      customer: { firstName: "سليم", lastName: "حداد", phone: phoneNumber, wilayaCode: "16", communeCode, address: "حي 200 مسكن، عمارة 4" },
      deliveryType: "home",
    }),
  });
  expect(response.status).toBe(201);
  const number = ((await response.json()) as { orderNumber: string }).orderNumber;
  const id = await withDb(async (db) => (await db.selectFrom("orders").select("id").where("order_number", "=", number).executeTakeFirstOrThrow()).id);
  orders.push({ number, id, phone: phoneNumber });
}

/** Adds a courier account through the admin form, as the merchant does. */
async function addAccount(page: Page, family: "yalidine" | "ecotrack", fields: Record<string, string>): Promise<void> {
  await page.goto("/admin/couriers");
  await hydrated(page);
  await page.getByTestId("courier-family").selectOption(family);
  await page.getByTestId("courier-family-choose").click();
  await page.getByTestId("courier-add-form").waitFor();
  for (const [name, value] of Object.entries(fields)) {
    const field = page.locator(`[data-testid="courier-add-form"] [name="${name}"]`);
    if ((await field.evaluate((element) => element.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
  await page.getByTestId("courier-add-save").click();
  await page.waitForURL((url) => url.search === "?done=added");
}

/** Confirms an order from its page (the stock is taken then). */
async function confirm(page: Page, id: number): Promise<void> {
  await page.goto(`/admin/orders/${id}`);
  await hydrated(page);
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.locator('[data-transition="confirmed"]').click(),
  ]);
  await page.locator('[data-order-id][data-status="confirmed"]').waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  yalidine = await startFakeYalidine();
  ecotrack = await startFakeEcotrack();
  await withDb(async (db) => {
    const now = new Date().toISOString();
    await db.insertInto("categories").values({ slug: category, name: "رحلة الطرود", created_at: now }).execute();
    await db
      .insertInto("products")
      .values({ ...product, price: 3000, category, in_stock: true, stock_quantity: 10, low_stock_threshold: 2, created_at: now, updated_at: now })
      .execute();
  });
  await placeOrder("1630", 1); // Bordj El Kiffan: delivered
  await placeOrder("1630", 2); // Bordj El Kiffan: returned
  await placeOrder("1621", 1); // Bab Ezzouar: the Ecotrack parcel
});

afterAll(async () => {
  await browser?.close();
  await yalidine?.close();
  await ecotrack?.close();
  await withDb(async (db) => {
    const ids = orders.map((order) => order.id);
    if (ids.length > 0) {
      const parcels = (await db.selectFrom("parcels").select("id").where("order_id", "in", ids).execute()).map((row) => row.id);
      if (parcels.length > 0) await db.deleteFrom("parcel_events").where("parcel_id", "in", parcels).execute();
      await db.deleteFrom("parcels").where("order_id", "in", ids).execute();
      await db.deleteFrom("order_events").where("order_id", "in", ids).execute();
      await db.deleteFrom("order_items").where("order_id", "in", ids).execute();
      await db.deleteFrom("orders").where("id", "in", ids).execute();
    }
    const accounts = (await db.selectFrom("courier_accounts").select("id").where("label", "in", [YALIDINE_LABEL, ECOTRACK_LABEL]).execute()).map(
      (row) => row.id,
    );
    if (accounts.length > 0) {
      await db.deleteFrom("courier_stop_desks").where("account_id", "in", accounts).execute();
      await db.deleteFrom("courier_places").where("account_id", "in", accounts).execute();
      await db.deleteFrom("courier_accounts").where("id", "in", accounts).execute();
    }
    await db.deleteFrom("products").where("id", "=", product.id).execute();
    await db.deleteFrom("categories").where("slug", "=", category).execute();
  });
});

describe("parcels handed to couriers and their statuses back", () => {
  it("ships two orders with Yalidine at once, prints both labels, takes signed webhooks (delivered; returned with stock back; forged: 401); an Ecotrack parcel is polled to delivered", async () => {
    const { context, page, pageErrors } = await openContext(browser, { ...phone }, "ar");
    await signInAsAdmin(page);
    const [delivered, returned, polled] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]];

    // The two courier accounts, added in the admin; the form takes https hosts only, so they are
    // then pointed at the fakes' plain-http addresses on this machine. Their places are fetched
    // from the couriers' own lists with the "refresh places" button.
    await addAccount(page, "yalidine", {
      label: YALIDINE_LABEL,
      "credentials.apiId": yalidine.access.credentials.apiId!,
      "credentials.apiToken": yalidine.access.credentials.apiToken!,
      webhookSecret: WEBHOOK_SECRET,
      originWilaya: "16",
    });
    await addAccount(page, "ecotrack", { label: ECOTRACK_LABEL, baseUrl: "https://journey.ecotrack.invalid", "credentials.token": ecotrack.token });
    const yalidineId = await accountId(YALIDINE_LABEL);
    const ecotrackId = await accountId(ECOTRACK_LABEL);
    await withDb(async (db) => {
      await db.updateTable("courier_accounts").set({ base_url: yalidine.access.baseUrl }).where("id", "=", yalidineId).execute();
      await db.updateTable("courier_accounts").set({ base_url: ecotrack.baseUrl }).where("id", "=", ecotrackId).execute();
    });
    await page.goto("/admin/couriers");
    await hydrated(page);
    // The address to paste in the Yalidine dashboard; Ecotrack calls no one back.
    const webhook = `${baseURL()}/api/couriers/webhooks/${yalidineId}`;
    expect(await page.getByTestId(`courier-account-${yalidineId}`).getByTestId("courier-account-webhook-url").textContent()).toBe(webhook);
    expect(await page.getByTestId(`courier-account-${ecotrackId}`).getByTestId("courier-account-webhook-url").count()).toBe(0);
    for (const id of [yalidineId, ecotrackId]) {
      const card = page.getByTestId(`courier-account-${id}`);
      await card.getByTestId("courier-account-refresh").click();
      await card.getByTestId(`courier-account-${id}-notice`).waitFor();
    }
    expect(
      await withDb(async (db) =>
        Number(
          (
            await db
              .selectFrom("courier_places")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("account_id", "=", yalidineId)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    ).toBeGreaterThan(0);

    // Two orders confirmed: their stock is taken.
    expect(await stock()).toBe(10);
    await confirm(page, delivered.id);
    await confirm(page, returned.id);
    expect(await stock()).toBe(10 - 3);

    // Both shipped in one action from the list, with the Yalidine account.
    await page.goto("/admin/orders");
    await hydrated(page);
    for (const order of [delivered, returned]) await page.locator(`tr[data-order-number="${order.number}"] [data-testid="order-select"]`).check();
    await page.getByTestId("ship-account").selectOption(String(yalidineId));
    await page.getByTestId("ship-submit").click();
    const results = page.getByTestId("ship-results");
    await results.waitFor();
    expect(yalidine.parcels.size).toBe(2);
    const trackings = [...yalidine.parcels.values()].map((parcel) => parcel.tracking);
    for (const order of [delivered, returned]) {
      expect(await orderStatus(order.id)).toBe("shipped");
      const parcel = await parcelOf(order.id);
      expect(trackings).toContain(parcel.tracking);
      expect(await results.textContent()).toContain(order.number);
    }
    // The list shows each order's courier, tracking number and state.
    await page.goto("/admin/orders");
    await hydrated(page);
    const row = page.locator(`tr[data-order-number="${delivered.number}"]`);
    expect(await row.getByTestId("parcel-courier").textContent()).toBe(YALIDINE_LABEL);
    expect(await row.getByTestId("parcel-tracking").textContent()).toBe((await parcelOf(delivered.id)).tracking);

    // Both labels at once: one PDF of two pages.
    const labels = await page.request.get(`/admin/orders/labels?ids=${delivered.id},${returned.id}`);
    expect(labels.status()).toBe(200);
    expect(labels.headers()["content-type"]).toBe("application/pdf");
    expect((await PDFDocument.load(await labels.body())).getPageCount()).toBe(2);

    // The courier's webhooks. A forged one first: 401, nothing changes.
    const returnedParcel = await parcelOf(returned.id);
    const forged = await yalidine.sendWebhook(
      webhook,
      [{ type: "parcel_status_updated", data: { tracking: returnedParcel.tracking, status: "Livré" } }],
      {
        secret: WEBHOOK_SECRET,
        sign: "bad",
      },
    );
    expect(forged.status).toBe(401);
    expect(await orderStatus(returned.id)).toBe("shipped");
    expect(await withDb((db) => db.selectFrom("parcel_events").select("id").where("parcel_id", "=", returnedParcel.id).execute())).toEqual([]);

    const deliveredTracking = (await parcelOf(delivered.id)).tracking!;
    yalidine.setStatus(deliveredTracking, "Livré");
    const sentDelivered = await yalidine.sendWebhook(
      webhook,
      [{ type: "parcel_status_updated", data: { tracking: deliveredTracking, status: "Livré" } }],
      {
        secret: WEBHOOK_SECRET,
      },
    );
    expect(sentDelivered.status).toBe(200);
    expect(await orderStatus(delivered.id)).toBe("delivered");
    expect(await stock()).toBe(10 - 3);

    yalidine.setStatus(returnedParcel.tracking!, "Retourné au vendeur");
    const sentReturned = await yalidine.sendWebhook(
      webhook,
      [{ type: "parcel_status_updated", data: { tracking: returnedParcel.tracking, status: "Retourné au vendeur" } }],
      { secret: WEBHOOK_SECRET },
    );
    expect(sentReturned.status).toBe(200);
    expect(await orderStatus(returned.id)).toBe("returned");
    // The two returned pieces are back on the shelf.
    expect(await stock()).toBe(10 - 1);

    // The order page shows the parcel delivered, in the merchant's words, with its history.
    await page.goto(`/admin/orders/${delivered.id}`);
    await hydrated(page);
    expect(await page.locator("[data-parcel-state]").first().textContent()).toBe(ar.adminShipping.states.delivered);
    expect(await page.locator("[data-order-id]").getAttribute("data-status")).toBe("delivered");

    // The third order goes with the Ecotrack courier from its page: created, handed over.
    await confirm(page, polled.id);
    await page.locator('[data-testid="parcel-panel"] select[name="accountId"]').selectOption(String(ecotrackId));
    await page.getByTestId("ship-submit").click();
    await page.getByTestId("parcel-tracking").waitFor();
    const ecotrackParcel = await parcelOf(polled.id);
    expect(ecotrack.parcels.get(ecotrackParcel.tracking!)?.validated).toBe(true);
    expect(ecotrackParcel.next_poll_at).not.toBeNull();
    // The courier delivers; half an hour later (the parcel's first poll, brought forward here) the
    // shop's poller asks and moves the order.
    ecotrack.setStatus(ecotrackParcel.tracking!, "livred");
    await withDb((db) => db.updateTable("parcels").set({ next_poll_at: new Date().toISOString() }).where("id", "=", ecotrackParcel.id).execute());
    await expect.poll(() => orderStatus(polled.id), { timeout: 20_000, interval: 250 }).toBe("delivered");

    // Nothing wider than the phone; no credential in the pages; then French.
    await page.goto("/admin/orders");
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const path of ["/admin/orders", `/admin/orders/${delivered.id}`, "/admin/couriers"]) {
      await page.goto(path);
      const html = await page.content();
      for (const secret of [yalidine.access.credentials.apiToken!, ecotrack.token, WEBHOOK_SECRET]) expect(html, path).not.toContain(secret);
    }
    await context.addCookies([{ name: "lng", value: "fr", url: baseURL() }]);
    await page.goto(`/admin/orders/${returned.id}`);
    await hydrated(page);
    expect(await page.locator("[data-parcel-state]").first().textContent()).toBe(fr.adminShipping.states.returned);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
