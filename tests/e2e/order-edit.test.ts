import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { adminCredentials, signInAsAdmin } from "./support/admin";
import { baseURL, hydrated, launchBrowser, openContext, phone } from "./support/browser";
import { withDb } from "./support/db";

// Orders editable until shipped (docs/decisions/0033-order-edits.md), on a 390×844 phone in
// Arabic then French: the admin changes the commune and a quantity, reads the new total
// (recomputed on the server) and the edit history with its author.

const texts = { ar: ar.adminOrderEdit, fr: fr.adminOrderEdit };
const product = { id: "p8240000000001", slug: "e2e-order-edit-item", title: "منتج تعديل الطلبات" };
const category = "e2e-order-edit";
const phones = { ar: "0551240001", fr: "0551240002" };
/** Two communes of Algiers (16), whose delivery fee is the same: only the lines change the total. */
const communes = { from: "1601", to: "1644" };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const now = new Date().toISOString();
  await withDb(async (db) => {
    await db.insertInto("categories").values({ slug: category, name: "تعديل الطلبات", created_at: now }).execute();
    await db
      .insertInto("products")
      .values({
        id: product.id,
        slug: product.slug,
        title: product.title,
        price: 1500,
        category,
        in_stock: true,
        stock_quantity: 50,
        low_stock_threshold: 2,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
});
afterAll(async () => {
  await browser?.close();
  await withDb(async (db) => {
    const ids = (await db.selectFrom("orders").select("id").where("phone", "in", Object.values(phones)).execute()).map((row) => row.id);
    if (ids.length > 0) {
      for (const table of ["order_edits", "order_events", "order_notes", "order_items"] as const)
        await db.deleteFrom(table).where("order_id", "in", ids).execute();
      await db.deleteFrom("orders").where("id", "in", ids).execute();
    }
    await db.deleteFrom("products").where("id", "=", product.id).execute();
    await db.deleteFrom("categories").where("slug", "=", category).execute();
  });
});

async function placeOrder(phoneNumber: string): Promise<number> {
  const response = await fetch(`${baseURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL() },
    body: JSON.stringify({
      source: "cart_page",
      items: [{ productId: product.id, quantity: 1 }],
      customer: { firstName: "سليم", lastName: "حداد", phone: phoneNumber, wilayaCode: "16", communeCode: communes.from },
    }),
  });
  expect(response.status).toBe(201);
  const { orderNumber } = (await response.json()) as { orderNumber: string };
  return withDb(async (db) => (await db.selectFrom("orders").select("id").where("order_number", "=", orderNumber).executeTakeFirstOrThrow()).id);
}

describe("editing an order on a phone", () => {
  for (const language of ["ar", "fr"] as const) {
    it(`changes the commune and a quantity, then shows the new total and the edit history with its author (${language})`, async () => {
      const id = await placeOrder(phones[language]);
      const { context, page, pageErrors } = await openContext(browser, phone, language);
      try {
        await signInAsAdmin(page);
        await page.goto(`/admin/orders/${id}`);
        await hydrated(page);
        await page.getByTestId("order-edit").click();
        const form = page.getByTestId("order-edit-form");
        await form.waitFor();

        await form.getByTestId("edit-commune").selectOption(communes.to);
        await form.getByTestId("edit-line-quantity").fill("3");
        // The form fits the phone: no horizontal scroll.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await Promise.all([page.waitForURL(/edited=1/), form.getByTestId("edit-save").click()]);

        await expect.poll(() => page.getByTestId("order-notice").innerText()).toBe(texts[language].notices.saved);
        const stored = await withDb((db) =>
          db.selectFrom("orders").select(["commune_code", "items_total", "delivery_price", "total"]).where("id", "=", id).executeTakeFirstOrThrow(),
        );
        expect(stored).toMatchObject({ commune_code: communes.to, items_total: 4500, total: 4500 + stored.delivery_price });
        const total = await page.getByTestId("order-total").innerText();
        expect(total.replace(/\D/g, "")).toBe(String(4500 + stored.delivery_price));

        const history = page.getByTestId("order-edits");
        const fieldsShown = await history.locator("li").evaluateAll((items) => items.map((item) => item.getAttribute("data-field")));
        expect(fieldsShown).toEqual(expect.arrayContaining(["customer.communeCode", "lines", "total"]));
        const commune = history.locator('li[data-field="customer.communeCode"]');
        expect(await commune.innerText()).toContain(texts[language].history.fieldNames.communeCode);
        expect(await commune.getByTestId("edit-author").innerText()).toContain(adminCredentials().email);
        expect(await history.locator('li[data-field="lines"]').getByTestId("edit-after").innerText()).toContain("× 3");
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
