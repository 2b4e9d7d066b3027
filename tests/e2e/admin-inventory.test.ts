import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import ar from "~/i18n/ar";
import { openDatabase } from "~/server/db/db.server";
import { adminCookie, signInAsAdmin } from "./support/admin";
import { baseURL, desktop, launchBrowser, openContext, phone } from "./support/browser";

const texts = ar.adminInventory;
/** A product and a category of this file's own: other test files never look at them. */
const product = { id: "p8100000000001", slug: "e2e-inventory-item", title: "منتج مخزون الاختبار", sku: "E2E-INV-1" };
const category = "e2e-inventory";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  const now = new Date().toISOString();
  await db.insertInto("categories").values({ slug: category, name: "مخزون الاختبار", created_at: now }).execute();
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
      low_stock_threshold: 5,
      sku: product.sku,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await close();
});
afterAll(async () => {
  await browser?.close();
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  await db.deleteFrom("products").where("id", "=", product.id).execute();
  await db.deleteFrom("categories").where("slug", "in", [category, "e2e-garden"]).execute();
  await close();
});

const statValue = async (page: import("playwright-core").Page, key: string) =>
  Number(await page.locator(`[data-testid="stat-${key}"] dd`).innerText());

describe("the inventory dashboard", () => {
  it("sets a product's stock to 3 inline: it shows as low stock and in the alerts", async () => {
    const { context, page, pageErrors } = await openContext(browser, desktop);
    await signInAsAdmin(page);
    await page.goto("/admin/inventory");
    await expect.poll(() => page.locator("h1").innerText()).toBe(texts.inventory.title);
    const lowBefore = await statValue(page, "lowStock");

    const row = page.locator(`tr[data-product-id="${product.id}"]`);
    expect(await row.getAttribute("data-status")).toBe("available");
    await row.locator('[data-testid="stock-edit"]').click();
    const input = row.locator('input[name="quantity"]');
    await input.fill("3");
    await row.getByRole("button", { name: texts.common.save }).click();

    await expect.poll(() => page.locator('[data-testid="inventory-notice"]').innerText()).toBe("تم تحديث المخزون بنجاح");
    await expect.poll(() => row.getAttribute("data-status")).toBe("low");
    expect(await row.locator('[data-testid="stock-quantity"]').innerText()).toBe("3");
    expect(await row.locator("[data-status=low]").first().innerText()).toBe(texts.inventory.status.low);
    expect(await statValue(page, "lowStock")).toBe(lowBefore + 1);

    const alerts = page.locator('[data-testid="stock-alerts"]');
    const more = alerts.locator('[data-testid="stock-alerts-more"]');
    if (await more.count()) await more.locator("summary").click();
    const alert = alerts.locator(`li[data-product-id="${product.id}"]`);
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.innerText()).toContain(product.title);

    // A negative quantity is refused with a message, and nothing changes.
    await row.locator('[data-testid="stock-edit"]').click();
    await input.evaluate((element: HTMLInputElement) => element.removeAttribute("min"));
    await input.fill("-2");
    await row.getByRole("button", { name: texts.common.save }).click();
    await expect.poll(() => page.locator('[data-testid="inventory-notice"]').innerText()).toBe(texts.inventory.negative);
    expect(await input.isVisible()).toBe(true); // the row stays open to correct the number
    await row.getByRole("link", { name: texts.common.cancel }).click();
    await page.getByRole("link", { name: texts.inventory.refresh }).click();
    await expect.poll(() => row.locator('[data-testid="stock-quantity"]').innerText()).toBe("3");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("exports the CSV: UTF-8 with BOM, the inventory columns and the product's row", async () => {
    const { context, page } = await openContext(browser, desktop);
    await signInAsAdmin(page);
    await page.goto("/admin/inventory");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByText(texts.inventory.exportCsv).click()]);
    expect(download.suggestedFilename()).toMatch(/^inventory-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe("المنتج,المتغير,SKU,الكمية,الحد الأدنى,الحالة");
    expect(lines).toContain(`${product.title},,${product.sku},3,5,منخفض`);
    await context.close();

    const response = await fetch(`${baseURL()}/admin/inventory.csv`, { headers: { Cookie: await adminCookie() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
  });

  it("sets the stock without JavaScript too", async () => {
    const { context, page } = await openContext(browser, { ...desktop, javaScriptEnabled: false });
    await signInAsAdmin(page);
    await page.goto("/admin/inventory");
    const row = page.locator(`tr[data-product-id="${product.id}"]`);
    await Promise.all([page.waitForURL(/edit=/), row.locator('[data-testid="stock-edit"]').click()]);
    await row.locator('input[name="quantity"]').fill("50");
    await Promise.all([page.waitForLoadState("load"), row.getByRole("button", { name: texts.common.save }).click()]);
    await expect.poll(() => page.locator('[data-testid="inventory-notice"]').innerText()).toBe("تم تحديث المخزون بنجاح");
    expect(await row.getAttribute("data-status")).toBe("available");
    await context.close();
  });

  it("fits a phone in Arabic", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await signInAsAdmin(page);
    await page.goto("/admin/inventory");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("admin categories", () => {
  it("adds a category (slug as typed), refuses the same slug again, and deletes it after confirmation", async () => {
    const { context, page, pageErrors } = await openContext(browser, desktop);
    await signInAsAdmin(page);
    await page.goto("/admin/categories");
    const form = page.locator('[data-testid="taxonomy-add-form"]');

    await form.locator('input[name="key"]').pressSequentially("E2E Garden");
    expect(await form.locator('input[name="key"]').inputValue()).toBe("e2e-garden");
    await form.getByRole("button", { name: texts.categories.add }).click();
    await expect.poll(() => page.locator('[data-testid="taxonomy-error"]').innerText()).toBe("يرجى ملء جميع الحقول");

    await form.locator('input[name="name"]').fill("حديقة الاختبار");
    await form.getByRole("button", { name: texts.categories.add }).click();
    await expect.poll(() => page.locator('[data-testid="taxonomy-notice"]').innerText()).toBe(texts.categories.created);
    const entry = page.locator('li[data-key="e2e-garden"]');
    await expect.poll(() => entry.isVisible()).toBe(true);

    await form.locator('input[name="key"]').fill("e2e-garden");
    await form.locator('input[name="name"]').fill("أخرى");
    await form.getByRole("button", { name: texts.categories.add }).click();
    await expect.poll(() => page.locator('[data-testid="taxonomy-error"]').innerText()).toContain("e2e-garden");

    // A category in use asks where its products go.
    await page.locator(`li[data-key="${category}"] [data-testid="taxonomy-delete"]`).click();
    await expect.poll(() => page.locator(`li[data-key="${category}"] select[name="reassignTo"]`).isVisible()).toBe(true);

    await entry.locator('[data-testid="taxonomy-delete"]').click();
    const confirm = entry.locator('[data-testid="taxonomy-delete-confirm"]');
    await expect.poll(() => confirm.innerText()).toContain(texts.categories.deleteUnused);
    await confirm.locator('[data-testid="taxonomy-confirm-delete"]').click();
    await expect.poll(() => page.locator('[data-testid="taxonomy-notice"]').innerText()).toBe(texts.categories.deleted);
    expect(await entry.count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
