import { request as httpRequest } from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import ar from "~/i18n/ar";
import { openDatabase } from "~/server/db/db.server";
import { signInAsAdmin } from "./support/admin";
import { baseURL, desktop, launchBrowser, openContext } from "./support/browser";

const texts = ar.adminOrders;
/** A product and a category of this file's own: other test files never look at them. */
const product = { id: "p8200000000001", slug: "e2e-orders-item", title: "منتج طلبات الاختبار" };
const category = "e2e-orders";
const phones = ["0551200001", "0551200002", "0551200003"];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  const now = new Date().toISOString();
  await db.insertInto("categories").values({ slug: category, name: "طلبات الاختبار", created_at: now }).execute();
  await db
    .insertInto("products")
    .values({
      id: product.id,
      slug: product.slug,
      title: product.title,
      price: 2000,
      category,
      in_stock: true,
      stock_quantity: 10,
      low_stock_threshold: 2,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await close();
});
afterAll(async () => {
  await browser?.close();
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  const ids = (await db.selectFrom("orders").select("id").where("phone", "in", phones).execute()).map((row) => row.id);
  if (ids.length > 0) {
    await db.deleteFrom("order_events").where("order_id", "in", ids).execute();
    await db.deleteFrom("order_notes").where("order_id", "in", ids).execute();
    await db.deleteFrom("order_items").where("order_id", "in", ids).execute();
    await db.deleteFrom("orders").where("id", "in", ids).execute();
  }
  await db.deleteFrom("products").where("id", "=", product.id).execute();
  await db.deleteFrom("categories").where("slug", "=", category).execute();
  await close();
});

async function stock(): Promise<number> {
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  try {
    const row = await db.selectFrom("products").select("stock_quantity").where("id", "=", product.id).executeTakeFirstOrThrow();
    return Number(row.stock_quantity);
  } finally {
    await close();
  }
}

async function placeOrder(phone: string, quantity: number): Promise<string> {
  const response = await fetch(`${baseURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL() },
    body: JSON.stringify({
      source: "cart_page",
      items: [{ productId: product.id, quantity }],
      customer: { firstName: "سليم", lastName: "حداد", phone, wilayaCode: "16" },
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { orderNumber: string }).orderNumber;
}

/** An order placed from `from`, a loopback source address of its own (the server sees another client). */
function placeOrderFrom(from: string, phone: string, firstName: string): Promise<number> {
  const body = JSON.stringify({
    source: "cart_page",
    items: [{ productId: product.id, quantity: 1 }],
    customer: { firstName, lastName: "حداد", phone, wilayaCode: "16" },
  });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseURL()}/api/orders`,
      {
        method: "POST",
        localAddress: from,
        agent: false,
        headers: { "Content-Type": "application/json", Origin: baseURL(), "Content-Length": String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function transition(page: Page, to: string, status: string) {
  await Promise.all([page.waitForResponse((response) => response.request().method() === "POST"), page.locator(`[data-transition="${to}"]`).click()]);
  await page.locator(`[data-order-id][data-status="${status}"]`).waitFor();
  await expect.poll(() => page.locator('[data-testid="order-notice"]').innerText()).toContain(texts.status[status as "new"]);
}

describe("the admin orders pages", () => {
  it("lists a new order, then confirms (stock goes down), ships and delivers it", async () => {
    const number = await placeOrder(phones[0]!, 3);
    const { context, page } = await openContext(browser, desktop);
    await signInAsAdmin(page);
    await page.goto(`/admin/orders?q=${phones[0]}`);
    const row = page.locator(`tr[data-order-number="${number}"]`);
    await row.waitFor();
    expect(await row.getAttribute("data-status")).toBe("new");
    expect(await row.locator('a[href^="tel:"]').getAttribute("href")).toBe(`tel:${phones[0]}`);
    // The CSV export keeps the list's filter; each order links to its printable slip.
    expect(await page.getByTestId("orders-csv").getAttribute("href")).toBe(`/admin/orders.csv?q=${phones[0]}`);

    await row.locator(`a[href^="/admin/orders/"]`).first().click();
    await page.locator('[data-order-id][data-status="new"]').waitFor();
    const orderId = await page.locator("[data-order-id]").getAttribute("data-order-id");
    expect(await page.getByTestId("print-slip").getAttribute("href")).toBe(`/admin/orders/${orderId}/slip`);
    expect(await stock()).toBe(10);
    await transition(page, "confirmed", "confirmed");
    expect(await stock()).toBe(7);
    await transition(page, "shipped", "shipped");
    await transition(page, "delivered", "delivered");
    expect(await stock()).toBe(7);
    expect(await page.locator("[data-transition]").count()).toBe(0);
    expect(await page.locator('[data-testid="order-history"] li').count()).toBe(4);
    await context.close();
  });

  it("flags, in the list and on the order, a phone's order past its limit from a new address", async () => {
    const phone = phones[2]!;
    // Five orders with the number from five addresses (the per-phone limit), then its owner's.
    for (let i = 0; i < 5; i++) expect(await placeOrderFrom(`127.0.4.${10 + i}`, phone, `غريب${i}`)).toBe(201);
    expect(await placeOrderFrom("127.0.4.50", phone, "نادية")).toBe(201);
    const { context, page } = await openContext(browser, desktop);
    await signInAsAdmin(page);
    await page.goto(`/admin/orders?q=${phone}`);
    await page.locator("tr[data-order-number]").first().waitFor();
    expect(await page.locator("tr[data-order-number]").count()).toBe(6);
    const flags = page.locator('tr[data-order-number] [data-testid="phone-flag"]');
    expect(await flags.count()).toBe(1);
    expect(await flags.innerText()).toBe(texts.list.phoneFlag);
    // Newest first: the owner's order is the flagged one; its page says why.
    const flagged = page.locator("tr[data-order-number]").first();
    expect(await flagged.innerText()).toContain("نادية");
    // The list shows a phone-flag too: wait for the order's own page before reading it.
    await Promise.all([
      page.waitForURL((url) => /^\/admin\/orders\/\d+$/.test(url.pathname)),
      flagged.locator('a[href^="/admin/orders/"]').first().click(),
    ]);
    // The order page's own flag (a section): the list's flags may still be on screen while the page changes.
    const orderFlag = page.locator('section[data-testid="phone-flag"]');
    await orderFlag.waitFor();
    expect(await orderFlag.innerText()).toContain(texts.order.phoneFlagTitle);
    await context.close();
  });

  it("cancelling a confirmed order puts its stock back", async () => {
    const number = await placeOrder(phones[1]!, 2);
    const { context, page } = await openContext(browser, desktop);
    await signInAsAdmin(page);
    await page.goto(`/admin/orders?q=${encodeURIComponent(number)}`);
    await page.locator(`tr[data-order-number="${number}"] a[href^="/admin/orders/"]`).click();
    await page.locator('[data-order-id][data-status="new"]').waitFor();
    const before = await stock();
    await transition(page, "confirmed", "confirmed");
    expect(await stock()).toBe(before - 2);
    await transition(page, "cancelled", "cancelled");
    expect(await stock()).toBe(before);
    await context.close();
  });
});
