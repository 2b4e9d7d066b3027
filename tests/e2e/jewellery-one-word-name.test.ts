import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin } from "./support/admin";
import { desktop, launchBrowser, openContext, openPage } from "./support/browser";
import { storedOrder, withDb } from "./support/db";
import { chooseCommune } from "./support/order";

// A shopper who types only a first name in the jewellery form's one name field: the order is
// taken, stored with an empty last name, and the merchant sees the name as given.
// This file places 1 order, from a phone number of its own prefix (053).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a one-word name on the jewellery form", () => {
  it("places the order on a phone in Arabic, and the merchant's order page shows the name as typed", async () => {
    const item = await withDb((db) =>
      db
        .selectFrom("products")
        .select(["slug"])
        .where("category", "=", "jewellery")
        .where("in_stock", "=", true)
        .where("stock_quantity", ">=", 5)
        .orderBy("id")
        .executeTakeFirstOrThrow(),
    );
    const phoneNumber = `0531${String(Date.now() % 1_000_000).padStart(6, "0")}`;

    const { context, page, pageErrors } = await openPage(browser, `/jewellery/${item.slug}`, "ar");
    const form = page.getByTestId("jewellery-form");
    await form.locator('input[name="name"]').fill("نادية");
    await form.locator('input[name="phone"]').fill(phoneNumber);
    await form.locator('input[name="email"]').fill("nadia@example.dz");
    await form.locator('select[name="wilaya"]').selectOption("16");
    await chooseCommune(form, "حي النصر، الجزائر");
    await form.getByTestId("jewellery-submit").click();
    await page.getByTestId("order-confirmation").waitFor();
    expect(await page.getByTestId("order-confirmation").textContent()).toContain("شكرا! تم تسجيل طلبك");
    expect(pageErrors).toEqual([]);
    await context.close();

    const order = await storedOrder({ phone: phoneNumber });
    expect(order).toMatchObject({ source: "jewellery", first_name: "نادية", last_name: "" });

    const merchant = await openContext(browser, desktop);
    await signInAsAdmin(merchant.page);
    await merchant.page.goto(`/admin/orders/${order!.id}`);
    // The name as given: no trailing space, nothing for the empty last name.
    expect(await merchant.page.locator('section[aria-labelledby="order-customer"] dd').first().textContent()).toBe("نادية");
    await merchant.context.close();
  });
});
