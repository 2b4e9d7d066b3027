import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import { signInAsAdmin } from "./support/admin";
import { priceOf, storedOrders, withDb } from "./support/db";
import { baseURL, desktop, hydrated, launchBrowser, openContext, openPage } from "./support/browser";
import { fillNames } from "./support/order";

// Delivery settings (/admin/delivery) and the commune / stop-desk choice of the product form.
// Wilayas 31 (Oran) and 38 (Tissemsilt) are this file's: no other file orders to them, and
// their settings are put back afterwards.

const texts = ar.adminDelivery;
const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 20 && p.slug)!;

const wilayaRow = (code: string) =>
  withDb((db) =>
    db
      .selectFrom("wilayas")
      .select(["home_price", "stop_desk_price", "delivery_time", "zone", "active"])
      .where("code", "=", code)
      .executeTakeFirstOrThrow(),
  );

let browser: Browser;
let saved: Record<string, Awaited<ReturnType<typeof wilayaRow>>> = {};
beforeAll(async () => {
  browser = await launchBrowser();
  saved = { "31": await wilayaRow("31"), "38": await wilayaRow("38"), "25": await wilayaRow("25") };
});
afterAll(async () => {
  await browser?.close();
  await withDb(async (db) => {
    for (const [code, row] of Object.entries(saved))
      await db
        .updateTable("wilayas")
        .set({ ...row, active: row.active === 1 || row.active === true })
        .where("code", "=", code)
        .execute();
  });
});

describe("delivery settings and options", () => {
  it("admin: edits a wilaya's stop-desk price, deactivates another, a bad value is refused with its message", async () => {
    const { context, page, pageErrors } = await openContext(browser, desktop, "ar");
    await signInAsAdmin(page);
    await page.goto("/admin/delivery");
    await hydrated(page);
    expect(await page.locator('[data-testid="delivery-table"] tbody tr').count()).toBe(69);

    const oran = page.locator('[data-testid="delivery-row-31"]');
    await oran.locator('input[name="stopDeskPrice"]').fill("350");
    await oran.locator('button[type="submit"]').click();
    await oran.locator('[data-testid="delivery-notice"]', { hasText: "31" }).waitFor();
    expect(await oran.locator('[data-testid="delivery-notice"]').textContent()).toBe(texts.saved.replace("{{code}}", "31"));

    const tissemsilt = page.locator('[data-testid="delivery-row-38"]');
    await tissemsilt.locator('input[name="active"]').uncheck();
    await tissemsilt.locator('button[type="submit"]').click();
    await tissemsilt.locator('[data-testid="delivery-notice"]').waitFor();

    const constantine = page.locator('[data-testid="delivery-row-25"]');
    await constantine.locator('input[name="deliveryTime"]').fill("soon");
    await constantine.locator('button[type="submit"]').click();
    await constantine.locator('[data-testid="delivery-notice"]').waitFor();
    expect(await constantine.textContent()).toContain(texts.errors.time);

    expect(await wilayaRow("31")).toMatchObject({ stop_desk_price: 350, home_price: 600 });
    expect(Boolean((await wilayaRow("38")).active)).toBe(false);
    expect((await wilayaRow("25")).delivery_time).toBe(saved["25"]!.delivery_time);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("API: stop-desk prices, a wilaya's communes, 404 for an unknown wilaya", async () => {
    const rates = (await (await fetch(`${baseURL()}/api/delivery`)).json()) as { code: string; stopDeskPrice: number | null }[];
    expect(rates.find((r) => r.code === "31")?.stopDeskPrice).toBe(350);
    expect(rates.find((r) => r.code === "16")?.stopDeskPrice).toBeNull();
    expect(rates.map((r) => r.code)).not.toContain("38");

    const response = await fetch(`${baseURL()}/api/delivery/31/communes`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("public");
    const communes = (await response.json()) as unknown[];
    expect(communes).toHaveLength(26);
    expect(communes).toContainEqual({ code: "3103", name: "Bir El Djir", nameAr: "بئر الجير" });
    expect((await fetch(`${baseURL()}/api/delivery/99/communes`)).status).toBe(404);
  });

  it("shopper: commune search and stop-desk choice on the product form; the price follows; the order is stored", async () => {
    const { context, page, pageErrors } = await openPage(browser, `/products/${product.slug}`, "ar");
    await page.locator('[data-testid="buy-now"]').click();
    const slot = page.locator('[data-testid="order-slot"]');
    await slot.waitFor();
    // The deactivated wilaya is not offered.
    expect(await slot.locator('select[name="wilaya"] option[value="38"]').count()).toBe(0);

    await fillNames(slot, "0550 31 00 31", { firstName: "ياسين", lastName: "مراد" });
    await slot.locator('[data-testid="wilaya-search"]').fill("وهران");
    expect(await slot.locator('select[name="wilaya"]').inputValue()).toBe("31");
    expect(await slot.locator('[data-testid="delivery-price"]').textContent()).toContain("600");

    // Communes load from the API; an Arabic search without the hamza finds «بئر الجير».
    const search = slot.locator('[data-testid="commune-search"]');
    await search.waitFor();
    await search.fill("بير الجير");
    expect(await slot.locator('select[name="commune"]').inputValue()).toBe("3103");
    await search.fill("senia");
    expect(await slot.locator('select[name="commune"]').inputValue()).toBe("3105");

    await slot.locator('[data-testid="delivery-type-stop_desk"]').check();
    expect(await slot.locator('[data-testid="delivery-price"]').textContent()).toContain("350");
    await slot.locator('[data-testid="delivery-type-home"]').check();
    expect(await slot.locator('[data-testid="delivery-price"]').textContent()).toContain("600");
    await slot.locator('[data-testid="delivery-type-stop_desk"]').check();

    await slot.locator('textarea[name="address"]').fill("حي السلام، السانية");
    await slot.locator('[data-testid="order-submit"]').click();
    await slot.locator('[data-testid="order-confirmation"]').waitFor();

    const { orders } = await storedOrders({ phone: "0550310031" });
    const price = await priceOf(product.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      source: "product_detail",
      wilaya_code: "31",
      commune_code: "3105",
      delivery_type: "stop_desk",
      delivery_price: 350,
      total: price + 350,
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("without JavaScript, a refused post shows the communes of the wilaya in a plain select", async () => {
    const { context, page } = await openPage(browser, `/products/${product.slug}#order`, "ar", { javaScript: false });
    const slot = page.locator('[data-testid="order-slot"]');
    await slot.locator('select[name="wilaya"]').selectOption("31");
    await fillNames(slot, "123", { firstName: "ياسين", lastName: "مراد" });
    await slot.locator('textarea[name="address"]').fill("وهران");
    await Promise.all([page.waitForLoadState("load"), slot.locator('[data-testid="order-submit"]').click()]);
    await page.locator('[data-testid="order-slot"] [data-testid="order-invalid"]').waitFor();
    expect(await page.locator('[data-testid="order-slot"] select[name="commune"] option').count()).toBe(27);
    expect(await page.locator('[data-testid="order-slot"] [data-testid="delivery-type-stop_desk"]').count()).toBe(1);
    await context.close();
  });
});
