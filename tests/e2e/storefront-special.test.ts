import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import { formatDinars } from "~/lib/money";
import { signInAsAdmin } from "./support/admin";
import { baseURL, desktop, launchBrowser, openContext, phone } from "./support/browser";
import { withDb } from "./support/db";
import { chooseCommune } from "./support/order";

// The special storefront pages: the home appliances filter without JavaScript, a wholesale enquiry seen by the
// merchant, a jewellery order with the "double" bundle, and the unknown-id and template redirects.
// This file places 1 order and 1 enquiry (from 127.0.0.1).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("home appliances", () => {
  it("filters by cooling with JavaScript disabled, keeping the choice in the URL", async () => {
    // The navigation's link leads there (the phone menu needs a tap; the desktop bar shows it).
    const html = await (await fetch(`${baseURL()}/`)).text();
    expect(html).toContain('href="/home-appliances"');
    const { context, page } = await openContext(browser, { ...phone, javaScriptEnabled: false });
    await page.goto("/home-appliances");
    await page.locator('[data-testid="appliances-filter"] a[data-category="cooling"]').click();
    await page.waitForURL((url) => url.searchParams.get("category") === "cooling");
    expect(await page.locator('[data-testid="appliances-filter"] a[aria-current="page"]').getAttribute("data-category")).toBe("cooling");

    const slugs = await page
      .locator('[data-testid="appliances-grid"] [data-testid="product-card"] h3 a')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname.replace("/products/", "")));
    expect(slugs.length).toBeGreaterThan(0);
    expect(slugs.length).toBeLessThanOrEqual(12);
    // Every card is an in-stock product of the cooling category, newest first.
    const rows = await withDb((db) =>
      db.selectFrom("products").select(["slug", "category", "in_stock", "created_at"]).where("slug", "in", slugs).execute(),
    );
    expect(rows.every((row) => row.category === "cooling" && (row.in_stock === true || row.in_stock === 1))).toBe(true);
    const created = slugs.map((slug) => rows.find((row) => row.slug === slug)!.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(await page.getByTestId("appliances-help").locator('a[href="/contact"]').count()).toBe(1);
    expect(await page.getByTestId("appliances-call").getAttribute("href")).toMatch(/^tel:/);
    await context.close();
  });
});

describe("wholesale", () => {
  it("takes a trade buyer's enquiry that the merchant finds among the wholesale enquiries", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await page.goto("/product-gros");
    expect(await page.getByTestId("wholesale-category").count()).toBe(10);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const business = `Sarl Test ${Date.now()}`;
    const form = page.getByTestId("wholesale-form");
    await form.locator('input[name="businessName"]').fill(business);
    await form.locator('input[name="contactName"]').fill("Karim Mansouri");
    await form.locator('input[name="phone"]').fill("0770 12 34 99");
    await form.locator('select[name="wilaya"]').selectOption("31");
    await form.locator('input[name="categories"]').first().check();
    await form.locator('input[name="estimatedQuantity"]').fill("500");
    await form.locator('textarea[name="message"]').fill("نريد عرض سعر للجملة");
    await form.getByTestId("wholesale-submit").click();
    await page.getByTestId("wholesale-success").waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();

    const merchant = await openContext(browser, desktop);
    await signInAsAdmin(merchant.page);
    await merchant.page.goto("/admin/orders");
    await merchant.page.locator('a[href="/admin/orders/wholesale"]').first().click();
    await merchant.page.waitForURL((url) => url.pathname === "/admin/orders/wholesale");
    const row = merchant.page.getByTestId("wholesale-enquiry-row").filter({ hasText: business });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain("Karim Mansouri");
    await merchant.context.close();
  });
});

describe("jewellery", () => {
  it("orders an item with the double bundle: two pieces at 20 % off its price, plus the wilaya's delivery fee, and the form resets to single", async () => {
    const item = await withDb((db) =>
      db
        .selectFrom("products")
        .select(["id", "slug", "title", "price"])
        .where("category", "=", "jewellery")
        .where("in_stock", "=", true)
        .where("stock_quantity", ">=", 5)
        .orderBy("id")
        .executeTakeFirstOrThrow(),
    );
    const fee = await withDb(
      async (db) => (await db.selectFrom("wilayas").select("home_price").where("code", "=", "16").executeTakeFirstOrThrow()).home_price,
    );
    // The double bundle is computed from the piece's own price.
    const double = Math.floor((item.price * 2 * 80 + 50) / 100);

    const { context, page, pageErrors } = await openContext(browser, phone);
    await page.goto("/jewellery");
    await page.locator(`a[href="/jewellery/${item.slug}"]`).first().click();
    await page.waitForURL((url) => url.pathname === `/jewellery/${item.slug}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await page.locator('[data-testid="bundle-option"][data-bundle="single"] input').isChecked()).toBe(true);
    await page.locator('[data-testid="bundle-option"][data-bundle="double"] input').check();
    expect(await page.locator('[data-testid="bundle-option"][data-bundle="double"]').textContent()).toContain(formatDinars(double, "ar"));

    const form = page.getByTestId("jewellery-form");
    // Missing fields: the one missing-field message, nothing sent.
    await form.getByTestId("jewellery-submit").click();
    await expect.poll(() => page.getByTestId("jewellery-error").textContent()).toContain(ar.jewellery.form.required);

    await form.locator('input[name="name"]').fill("Nadia Belkacem Amrani");
    await form.locator('input[name="phone"]').fill("0661 55 44 33");
    await form.locator('input[name="email"]').fill("nadia@example.dz");
    await form.locator('select[name="wilaya"]').selectOption("16");
    await chooseCommune(form, "حي النصر، الجزائر");
    await form.getByTestId("jewellery-submit").click();
    await page.getByTestId("order-confirmation").waitFor();
    expect(await page.getByTestId("order-confirmation").textContent()).toContain("شكرا! تم تسجيل طلبك");
    expect(await page.locator('[data-testid="bundle-option"][data-bundle="single"] input').isChecked()).toBe(true);
    expect(await form.locator('input[name="name"]').inputValue()).toBe("");
    expect(pageErrors).toEqual([]);
    await context.close();

    const order = await withDb((db) =>
      db
        .selectFrom("orders")
        .select(["id", "source", "items_total", "delivery_price", "total", "first_name", "last_name", "bundle", "email"])
        .where("phone", "=", "0661554433")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow(),
    );
    expect(order).toMatchObject({
      source: "jewellery",
      bundle: "double",
      items_total: double,
      delivery_price: fee,
      total: double + fee,
      first_name: "Nadia",
      last_name: "Belkacem Amrani",
      email: "nadia@example.dz",
    });
    const lines = await withDb((db) =>
      db.selectFrom("order_items").select(["product_id", "quantity", "line_total"]).where("order_id", "=", order.id).execute(),
    );
    expect(lines).toEqual([{ product_id: item.id, quantity: 2, line_total: double }]);
  });

  it("sends an unknown item to the home page", async () => {
    const { context, page } = await openContext(browser, phone);
    await page.goto("/jewellery/no-such-jewel");
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });
});

describe("template routes", () => {
  it("answer 301 to the home page", async () => {
    for (const path of ["/ecommerce-template", "/template/42"]) {
      const response = await fetch(`${baseURL()}${path}`, { redirect: "manual" });
      expect(response.status).toBe(301);
      expect(new URL(response.headers.get("Location")!, baseURL()).pathname).toBe("/");
    }
  });
});
