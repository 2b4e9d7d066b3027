import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import ar from "~/i18n/ar";
import { openDatabase } from "~/server/db/db.server";
import { insertVariants } from "../support/variants";
import { adminCookie, signInAsAdmin } from "./support/admin";
import { launchBrowser, openContext, phone, baseURL } from "./support/browser";

const texts = ar.adminInventory;
/** A product of this file's own, in red and blue: other test files never look at it. */
const product = { id: "p8100000000002", slug: "e2e-inventory-variants", title: "حقيبة مخزون المتغيرات" };

let browser: Browser;
let red: number;
let blue: number;
const withDb = async <T>(run: (db: ReturnType<typeof openDatabase>["db"]) => Promise<T>): Promise<T> => {
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  try {
    return await run(db);
  } finally {
    await close();
  }
};
const total = () => withDb((db) => db.selectFrom("products").select("stock_quantity").where("id", "=", product.id).executeTakeFirstOrThrow());

beforeAll(async () => {
  browser = await launchBrowser();
  await withDb(async (db) => {
    const now = new Date().toISOString();
    await db
      .insertInto("products")
      .values({ id: product.id, slug: product.slug, title: product.title, price: 2500, in_stock: true, sku: null, created_at: now, updated_at: now })
      .execute();
    const { variantIds } = await insertVariants(db, product.id, {
      options: [{ name: "اللون", values: ["أحمر", "أزرق"] }],
      skuPrefix: "E2E-INV-VAR",
      stock: () => 20,
    });
    [red, blue] = variantIds as [number, number];
  });
});
afterAll(async () => {
  await browser?.close();
  await withDb((db) => db.deleteFrom("products").where("id", "=", product.id).execute());
});

describe("the inventory of a product with variants, on a phone in Arabic", () => {
  it("lists each variant and sets one's stock inline: the product's total follows", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await signInAsAdmin(page);
    await page.goto("/admin/inventory");
    const row = page.locator(`tr[data-product-id="${product.id}"][data-variant-id="${blue}"]`);
    expect(await row.locator('[data-testid="variant-name"]').innerText()).toBe("أزرق");
    expect(await page.locator(`tr[data-product-id="${product.id}"]`).count()).toBe(2);

    await row.locator('[data-testid="stock-edit"]').click();
    await row.locator('input[name="quantity"]').fill("2");
    await row.getByRole("button", { name: texts.common.save }).click();
    await expect.poll(() => page.locator('[data-testid="inventory-notice"]').innerText()).toBe(texts.inventory.updated);
    await expect.poll(() => row.getAttribute("data-status")).toBe("low");
    expect(await row.locator('[data-testid="stock-quantity"]').innerText()).toBe("2");
    expect((await total()).stock_quantity).toBe(22);

    const alerts = page.locator('[data-testid="stock-alerts"]');
    const more = alerts.locator('[data-testid="stock-alerts-more"]');
    if (await more.count()) await more.locator("summary").click();
    await expect.poll(() => alerts.locator(`li[data-variant-id="${blue}"]`).innerText()).toContain(`${product.title} — أزرق`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("sets a variant's stock without JavaScript too, and exports both variants in the CSV", async () => {
    const { context, page } = await openContext(browser, { ...phone, javaScriptEnabled: false });
    await signInAsAdmin(page);
    await page.goto("/admin/inventory");
    const row = page.locator(`tr[data-product-id="${product.id}"][data-variant-id="${red}"]`);
    await Promise.all([page.waitForURL(/edit=/), row.locator('[data-testid="stock-edit"]').click()]);
    await row.locator('input[name="quantity"]').fill("0");
    await Promise.all([page.waitForLoadState("load"), row.getByRole("button", { name: texts.common.save }).click()]);
    await expect.poll(() => page.locator('[data-testid="inventory-notice"]').innerText()).toBe(texts.inventory.updated);
    expect(await row.getAttribute("data-status")).toBe("out");
    expect((await total()).stock_quantity).toBe(2);
    await context.close();

    const response = await fetch(`${baseURL()}/admin/inventory.csv`, { headers: { Cookie: await adminCookie() } });
    const lines = (await response.text()).split("\r\n");
    expect(lines).toContain(`${product.title},أحمر,E2E-INV-VAR-0,0,5,نفد`);
    expect(lines).toContain(`${product.title},أزرق,E2E-INV-VAR-1,2,5,منخفض`);
  });
});
