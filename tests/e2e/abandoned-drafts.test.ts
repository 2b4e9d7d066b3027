import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { formatDinars } from "~/lib/money";
import { signInAsAdmin } from "./support/admin";
import { baseURL, hydrated, launchBrowser, openContext, phone } from "./support/browser";
import { storedOrders, withDb } from "./support/db";
import { chooseCommune, fillNames } from "./support/order";

// In-stock products of one category, with stock enough for the orders below.
const category = "toys";
const [first, second] = demoProducts.filter((p) => !p.variants && p.category === category && p.inStock && p.stockQuantity >= 5);

let counter = 0;
/** This suite's own phones (prefix 054, which no other suite uses), fresh on each run. */
function nextPhone(): string {
  counter += 1;
  return `054${String(Date.now() % 1000).padStart(3, "0")}${String(counter).padStart(4, "0")}`;
}

const draftsOf = (phoneNumber: string) => withDb((db) => db.selectFrom("order_drafts").selectAll().where("phone", "=", phoneNumber).execute());

let browser: Browser;
beforeAll(async () => {
  if (!first || !second) throw new Error(`the demo catalogue needs two products in stock in ${category}`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function addToCart(page: Page, title: string) {
  await page.goto(`/categories/${category}`);
  await hydrated(page);
  const card = page.getByTestId("product-card").filter({ hasText: title });
  await card.getByTestId("add-to-cart").click();
  await expect.poll(() => card.getByTestId("add-to-cart").textContent()).toBe(ar.catalog.card.added);
}

describe("abandoned orders in Arabic on a 390×844 phone", () => {
  it("keeps one draft when the shopper types a phone in the cart form and leaves; their order later removes it", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    const shopper = nextPhone();
    await addToCart(page, first!.title);
    await page.goto("/cart");
    await hydrated(page);
    const form = page.getByTestId("cart-checkout-form");
    // The privacy note under the phone field.
    expect(await form.textContent()).toContain(ar.order.fields.phoneNote);
    // The capture code loads at the first keystroke in the phone field, not with the page.
    const captureLoaded = page.waitForResponse((response) => response.url().includes("draftCapture"));
    await fillNames(form, shopper.replace(/^0/, "+213 "), { firstName: "أمينة", lastName: "بن علي" });
    await captureLoaded;
    await page.waitForTimeout(300);
    // Closed before the pause after the last change: the beacon on leaving saves it.
    await page.close({ runBeforeUnload: true });
    await expect.poll(async () => (await draftsOf(shopper)).length, { timeout: 5000 }).toBe(1);
    const [stored] = await draftsOf(shopper);
    expect(stored).toMatchObject({ source: "cart_page" });
    expect(JSON.parse(stored!.payload)).toMatchObject({
      customer: { phone: shopper, firstName: "أمينة", lastName: "بن علي" },
      items: [{ productId: first!.id, quantity: 1 }],
    });

    // Later, the same shopper orders with that phone: the draft is gone.
    const later = await context.newPage();
    later.on("pageerror", (error) => pageErrors.push(error.message));
    await later.goto("/cart");
    await hydrated(later);
    const again = later.getByTestId("cart-checkout-form");
    await fillNames(again, shopper, { firstName: "أمينة", lastName: "بن علي" });
    await later.getByTestId("wilaya-search").fill("البليدة");
    await chooseCommune(again, "حي 20 أوت، البليدة");
    await later.getByTestId("order-submit").click();
    await later.getByTestId("order-confirmation").waitFor();
    expect((await storedOrders({ phone: shopper })).orders).toHaveLength(1);
    await expect.poll(async () => (await draftsOf(shopper)).length).toBe(0);
    // And nothing brings it back once the page is left.
    await later.goto("/");
    await later.waitForTimeout(500);
    expect(await draftsOf(shopper)).toHaveLength(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("lets the admin turn another draft into an order in one step", async () => {
    const shopper = nextPhone();
    const saved = await fetch(`${baseURL()}/api/order-drafts`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL() },
      body: JSON.stringify({
        source: "quick_buy_cart",
        customer: { phone: shopper, firstName: "كريم", lastName: "Zerrouki-Abdelmoumene-Benyahia", wilayaCode: "09", address: "حي 20 أوت، البليدة" },
        items: [{ productId: second!.id, quantity: 2 }],
        deliveryType: "home",
      }),
    });
    expect(saved.status).toBe(204);
    const [draft] = await draftsOf(shopper);

    const { context, page, pageErrors } = await openContext(browser, phone);
    await signInAsAdmin(page);
    await page.goto("/admin/drafts");
    await hydrated(page);
    expect(await page.locator("h1").textContent()).toBe(ar.adminDrafts.title);
    const row = page.locator(`[data-testid=draft-row][data-id="${draft!.id}"]`);
    expect(await row.getByTestId("draft-phone").getAttribute("href")).toBe(`tel:${shopper}`);
    expect(await row.getByTestId("draft-total").textContent()).toBe(formatDinars(second!.price * 2, "ar"));
    // Usable on the phone: no horizontal scroll, buttons at least 44 px tall.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect((await row.getByTestId("draft-convert").boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await row.getByTestId("draft-convert").click();
    await page.waitForURL(/\/admin\/drafts\?converted=/);
    const { orders } = await storedOrders({ phone: shopper });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ source: "quick_buy_cart", items_total: second!.price * 2 });
    expect(await page.getByRole("status").textContent()).toContain(orders[0]!.order_number);
    expect(await page.locator(`[data-testid=draft-row][data-id="${draft!.id}"]`).count()).toBe(0);
    expect(await draftsOf(shopper)).toHaveLength(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("abandoned orders in French", () => {
  it("shows the privacy note and the admin's list in French", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone, "fr");
    // The product page's order form carries the same note.
    await page.goto(`/products/${first!.slug}`);
    expect(await page.locator("body").textContent()).toContain(fr.order.fields.phoneNote);
    await signInAsAdmin(page);
    await page.goto("/admin/drafts");
    expect(await page.locator("h1").textContent()).toBe(fr.adminDrafts.title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
