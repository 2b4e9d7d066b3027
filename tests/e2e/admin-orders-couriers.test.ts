import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { openDatabase } from "~/server/db/db.server";
import { testOrderRow } from "../support/order-row";
import { adminCookie, signInAsAdmin } from "./support/admin";
import { baseURL, hydrated, launchBrowser, openContext, phone } from "./support/browser";

// The orders list on a phone shows each order's courier, tracking number, courier state and
// age; "needs attention" narrows it to the parcels the merchant should look at. Arabic, then
// French. Orders and parcels of this file's own are inserted directly (phones 05512300…).

const phonePrefix = "05512300";
const courier = "Yalidine E2E";
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const numbers = { waiting: "E2E-CR-1", moving: "E2E-CR-2", failed: "E2E-CR-3" };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  const insert = async (orderNumber: string, status: "confirmed" | "shipped", n: number) => {
    const at = hoursAgo(30 - n);
    const row = await db
      .insertInto("orders")
      .values(
        testOrderRow(
          { order_number: orderNumber, status, phone: `${phonePrefix}0${n}`, first_name: "سليم", last_name: "حداد", items_total: 2000, total: 2400 },
          at,
        ),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const parcel = (orderId: number, state: "in_transit" | "attempt_failed", tracking: string, changedHoursAgo: number) =>
    db
      .insertInto("parcels")
      .values({
        order_id: orderId,
        account_id: null,
        family: "yalidine",
        courier_label: courier,
        reference: `ref-${orderId}`,
        tracking,
        state,
        needs_handover: false,
        failed_attempts: state === "attempt_failed" ? 1 : 0,
        state_changed_at: hoursAgo(changedHoursAgo),
        created_by: "e2e",
        created_at: hoursAgo(20),
        updated_at: hoursAgo(changedHoursAgo),
      })
      .execute();
  await insert(numbers.waiting, "confirmed", 1);
  await parcel(await insert(numbers.moving, "shipped", 2), "in_transit", "YAL-E2E-MOVING", 5);
  await parcel(await insert(numbers.failed, "shipped", 3), "attempt_failed", "YAL-E2E-FAILED", 2);
  await close();
});
afterAll(async () => {
  await browser?.close();
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  const ids = (await db.selectFrom("orders").select("id").where("phone", "like", `${phonePrefix}%`).execute()).map((row) => row.id);
  if (ids.length > 0) {
    await db.deleteFrom("parcels").where("order_id", "in", ids).execute();
    await db.deleteFrom("order_events").where("order_id", "in", ids).execute();
    await db.deleteFrom("orders").where("id", "in", ids).execute();
  }
  await close();
});

const row = (page: Page, orderNumber: string) => page.locator(`[data-testid="orders-table"] tr[data-order-number="${orderNumber}"]`);
const listedNumbers = (page: Page) =>
  page.locator('[data-testid="orders-table"] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-order-number")).sort());
const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("admin orders list: couriers", () => {
  for (const [language, texts, states] of [
    ["ar", ar.adminOrders.parcels, ar.adminShipping.states],
    ["fr", fr.adminOrders.parcels, fr.adminShipping.states],
  ] as const) {
    it(`on a phone in ${language}: courier columns show, "needs attention" narrows the list, nothing overflows`, async () => {
      const { context, page, pageErrors } = await openContext(browser, { ...phone }, language);
      try {
        await signInAsAdmin(page);
        await page.goto(`/admin/orders?q=${phonePrefix}`);
        await hydrated(page);
        expect(await listedNumbers(page)).toEqual(Object.values(numbers).sort());

        const moving = row(page, numbers.moving);
        await expect.poll(() => moving.getByTestId("parcel-courier").textContent()).toBe(courier);
        expect(await moving.getByTestId("parcel-tracking").textContent()).toBe("YAL-E2E-MOVING");
        expect(await moving.getByTestId("parcel-state").textContent()).toBe(states.in_transit);
        expect(await moving.getByTestId("parcel-age").textContent()).toContain(texts.age.hours.replace("{{count}}", "5"));
        expect(await moving.getByTestId("parcel-attention").count()).toBe(0);
        expect(await row(page, numbers.failed).getByTestId("parcel-state").textContent()).toBe(states.attempt_failed);
        expect(await row(page, numbers.failed).getByTestId("parcel-attention").textContent()).toBe(texts.attention.failed_attempt);
        expect(await row(page, numbers.waiting).getByTestId("parcel-none").textContent()).toBe(texts.notShipped);
        expect(await row(page, numbers.waiting).getByTestId("order-age").textContent()).toBe(texts.age.hours.replace("{{count}}", "29"));
        // Confirmed orders can be selected to ship; the column headers are the cards' labels on a phone.
        expect(await row(page, numbers.waiting).getByTestId("order-select").count()).toBe(1);
        expect(await row(page, numbers.moving).getByTestId("order-parcel").getAttribute("data-label")).toBe(texts.courierColumn);
        expect(await page.getByTestId("attention-count").textContent()).toBe("1");
        expect(await noHorizontalOverflow(page)).toBe(true);

        await page.getByTestId("attention-filter").click();
        await page.waitForURL((url) => url.searchParams.get("attention") === "1" && url.searchParams.get("q") === phonePrefix);
        await expect.poll(() => listedNumbers(page)).toEqual([numbers.failed]);
        expect(await page.getByTestId("attention-filter").getAttribute("aria-current")).toBe("true");
        expect(await noHorizontalOverflow(page)).toBe(true);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("refuses to ship an empty selection or with an account that does not exist, saying why", async () => {
    const cookie = await adminCookie();
    const ship = (fields: [string, string][]) =>
      fetch(`${baseURL()}/admin/orders`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: baseURL(), "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "ar" },
        body: new URLSearchParams([["intent", "ship"], ...fields]),
      });
    const empty = await ship([["accountId", "1"]]);
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain(ar.adminOrders.parcels.errors.noSelection);
    const noAccount = await ship([
      ["orderId", "1"],
      ["accountId", "999999"],
    ]);
    expect(noAccount.status).toBe(422);
    expect(await noAccount.text()).toContain(ar.adminOrders.parcels.errors.noAccount);
  });
});
