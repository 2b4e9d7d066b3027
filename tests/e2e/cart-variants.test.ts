import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import { formatDinars } from "~/lib/money";
import { addVariants } from "../support/variants";
import { baseURL, hydrated, launchBrowser, openContext, phone } from "./support/browser";
import { storedOrders, withDb } from "./support/db";
import { chooseCommune, fillNames, phoneSeries } from "./support/order";

// A product of our own (a copy of a demo toy, so no other suite's product gains variants) in red
// and blue: two variants of it are two lines of the cart, with their labels, each changed on its
// own, and the order stores each line's variant.
const PRODUCT_ID = "p-e2e-variants";
const source = demoProducts.find((p) => !p.variants && p.category === "toys" && p.inStock && p.images.length > 0)!;
const BLUE_PRICE = source.price + 700;
const dinars = (amount: number) => formatDinars(amount, "ar");
const nextPhone = phoneSeries("cart-variants");

let browser: Browser;
let red = 0;
let blue = 0;
beforeAll(async () => {
  await withDb(async (db) => {
    const row = await db.selectFrom("products").selectAll().where("id", "=", source.id).executeTakeFirstOrThrow();
    await db.deleteFrom("products").where("id", "=", PRODUCT_ID).execute();
    await db
      .insertInto("products")
      .values({
        ...row,
        id: PRODUCT_ID,
        slug: `${row.slug}-e2e-variants`,
        title: "سيارة بالألوان",
        sku: null,
        in_stock: Boolean(row.in_stock),
        has_variants: false,
      })
      .execute();
    const { variantIds } = await addVariants(
      db,
      PRODUCT_ID,
      [
        {
          ar: "اللون",
          fr: "Couleur",
          values: [
            { ar: "أحمر", fr: "Rouge" },
            { ar: "أزرق", fr: "Bleu" },
          ],
        },
      ],
      [
        { values: [0], sku: "E2E-CAR-RED", stock: 5 },
        { values: [1], sku: "E2E-CAR-BLUE", stock: 3, price: BLUE_PRICE },
      ],
    );
    [red, blue] = variantIds as [number, number];
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pageLine = (page: Page, variantId: number) =>
  page.locator(`[data-testid=cart-lines] [data-testid=cart-line][data-product-id="${PRODUCT_ID}"][data-variant-id="${variantId}"]`);

async function cartCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === "cart")?.value;
}

/** The product page's add form without JavaScript: a plain post of the product and its variant. */
async function addWithoutJavaScript(context: BrowserContext, variantId: number) {
  const response = await context.request.post(`${baseURL()}/cart`, {
    form: { intent: "add", productId: PRODUCT_ID, variant: String(variantId), returnTo: "/cart" },
    headers: { Origin: baseURL() },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

describe("variants in the cart, in Arabic on a 390×844 phone", () => {
  it("the blue and the red car are two lines, each with its label, price and own quantity; the order stores both variants", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await addWithoutJavaScript(context, blue);
    await addWithoutJavaScript(context, red);
    await addWithoutJavaScript(context, blue);
    expect(await cartCookie(context)).toBe(`${PRODUCT_ID}.${blue}:2,${PRODUCT_ID}.${red}:1`);

    // With JavaScript, the cart context takes the cookie's lines and fetches their details.
    await page.goto("/cart");
    await hydrated(page);
    await expect.poll(() => page.getByTestId("cart-lines").getByTestId("cart-line").count()).toBe(2);
    await expect.poll(() => pageLine(page, blue).getByTestId("line-variant").textContent()).toBe("أزرق");
    expect(await pageLine(page, red).getByTestId("line-variant").textContent()).toBe("أحمر");
    expect(await pageLine(page, blue).getByTestId("line-unit-price").textContent()).toBe(dinars(BLUE_PRICE));
    expect(await pageLine(page, red).getByTestId("line-unit-price").textContent()).toBe(dinars(source.price));
    expect(await pageLine(page, blue).getByTestId("line-quantity").textContent()).toBe("2");

    // + on the red changes the red line only; the saved cart keeps each line's variant.
    await pageLine(page, red).getByTestId("line-increase").click();
    await expect.poll(() => pageLine(page, red).getByTestId("line-quantity").textContent()).toBe("2");
    expect(await pageLine(page, blue).getByTestId("line-quantity").textContent()).toBe("2");
    await expect.poll(() => cartCookie(context)).toBe(`${PRODUCT_ID}.${blue}:2,${PRODUCT_ID}.${red}:2`);
    const saved = JSON.parse((await page.evaluate(() => localStorage.getItem("twins-shop-cart")))!) as { variantId?: number; sku?: string }[];
    expect(saved.map((line) => [line.variantId, line.sku])).toEqual([
      [blue, "E2E-CAR-BLUE"],
      [red, "E2E-CAR-RED"],
    ]);
    expect(await page.getByTestId("items-total").textContent()).toBe(dinars(BLUE_PRICE * 2 + source.price * 2));

    // Order from /cart (Blida, home delivery).
    const form = page.getByTestId("cart-checkout-form");
    await fillNames(form, nextPhone("ar"), { firstName: "أمينة", lastName: "بن علي" });
    await page.getByTestId("wilaya-search").fill("البليدة");
    await expect.poll(() => page.getByTestId("delivery-price").textContent()).toBe(dinars(200));
    await chooseCommune(form, "حي 20 أوت، البليدة");
    await page.getByTestId("order-submit").click();
    const success = page.getByTestId("order-confirmation");
    await success.waitFor();
    expect(await success.textContent()).toContain(ar.order.confirmation.title);
    expect(await success.getByTestId("order-confirmation-variant").allTextContents()).toEqual(["أزرق", "أحمر"]);
    const orderNumber = (await page.getByTestId("order-number").textContent())!.match(/SQ-\d+/)![0];
    const { orders, lines } = await storedOrders({ orderNumber });
    expect(orders[0]).toMatchObject({ items_total: BLUE_PRICE * 2 + source.price * 2 });
    expect(lines.map((line) => [line.product_id, line.variant_id, line.variant_label, line.variant_sku, line.quantity, line.unit_price])).toEqual([
      [PRODUCT_ID, blue, "أزرق", "E2E-CAR-BLUE", 2, BLUE_PRICE],
      [PRODUCT_ID, red, "أحمر", "E2E-CAR-RED", 2, source.price],
    ]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
