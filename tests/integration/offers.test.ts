import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import { offerFieldName, offerRowsOf, type OfferFormRow } from "~/lib/admin-product";
import type { OrderFormAnswer } from "~/lib/order-form";
import { ordersCsv, type OrdersCsvLabels } from "~/lib/order-print";
import { productPath } from "~/lib/product";
import type { Database } from "~/server/db/database.server";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address.server";
import { LocalStorage } from "~/server/storage/storage.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/*
 * Quantity offers: the merchant gives a product offers in its admin form; the product page's
 * form posts the one chosen; the order service prices it from the product's price of the
 * moment (or the merchant's fixed total) and the order line records it.
 */

let db: Kysely<Database>;
vi.mock("~/server/db/connection.server", () => ({
  getDb: () => db,
  getDatabase: () => ({ db, dialect: "sqlite", close: async () => {} }),
  closeDatabase: async () => {},
}));

// The admin's session is checked elsewhere (tests/e2e/admin-auth.test.ts): here, a signed-in admin.
vi.mock("~/server/http/admin-session.server", async (original) =>
  (await import("../support/signed-in-owner")).signedInOwner(await original<object>()),
);

const product = await import("~/routes/shop/product");
const orderSlip = await import("~/routes/admin/order-slip");
const { getAdminProduct, saveProduct, productOffers } = await import("~/server/catalog/index.server");
const { getOrderConfirmation, loadPrintableOrders } = await import("~/server/orders/index.server");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  db = t.db;
});
afterAll(async () => {
  await t.destroy();
});

const plenty = demoProducts
  .filter((p) => !p.variants && p.inStock && p.stockQuantity >= 20 && p.slug)
  .sort((a, b) => b.stockQuantity - a.stockQuantity);
const lamp = plenty[0]!;
const other = plenty[1]!;
const few = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity > 0 && p.stockQuantity < 5 && p.slug)!;
const storage = new LocalStorage("/nonexistent-uploads");

let counter = 0;
function shopper() {
  counter += 1;
  return { phone: `0663${String(counter).padStart(6, "0")}`, ip: `198.51.100.${counter}` };
}

/** The admin form's offer rows as the browser posts them (blank rows to fill the form). */
function offerFields(rows: Partial<OfferFormRow>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  offerRowsOf(() => undefined).forEach((blank, index) => {
    const row = { ...blank, ...rows[index] };
    for (const [key, value] of Object.entries(row)) fields[offerFieldName(index, key as keyof OfferFormRow)] = value;
  });
  return fields;
}

/** Saves a product's admin form (its current values, the given offer rows) as the admin route does. */
async function saveOffers(productId: string, rows: Partial<OfferFormRow>[]) {
  const detail = (await getAdminProduct(db, productId))!;
  const { offers: _offers, ...values } = detail.values;
  const posted = offerFields(rows);
  return saveProduct(db, storage, {
    id: productId,
    fields: { ...values, inStock: values.inStock ? "on" : "", offers: offerRowsOf((name) => posted[name]) },
    files: [],
  });
}

function post(path: string, fields: Record<string, string>, ip: string, language = "ar") {
  return new Request(`http://shop.test${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", [PEER_ADDRESS_HEADER]: ip, Cookie: `lng=${language}` },
  });
}

type Action = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
async function order(productSlug: string, fields: Record<string, string>) {
  const { phone, ip } = shopper();
  const form = { firstName: "أمين", lastName: "بن علي", phone, wilaya: "16", commune: "1601", address: "حي النصر، عمارة 3", website: "", ...fields };
  const answer = await (product.action as Action)({
    request: post(productPath({ id: "x", slug: productSlug }), form, ip),
    params: { slug: productSlug },
    context: {},
  });
  const orderRow = await db.selectFrom("orders").selectAll().where("phone", "=", phone).executeTakeFirst();
  const lines = orderRow
    ? await db
        .selectFrom("order_items")
        .select(["product_id", "quantity", "unit_price", "line_total", "offer_id", "offer_label"])
        .where("order_id", "=", orderRow.id)
        .execute()
    : [];
  const refused = answer instanceof Response ? null : ((answer as { data: OrderFormAnswer }).data ?? null);
  return { order: orderRow, lines, refused };
}

describe("a product's quantity offers", () => {
  it("are saved from the admin form, read back in it, and a bad row is refused", async () => {
    const saved = await saveOffers(lamp.id, [
      { quantity: "1", kind: "percent", value: "0" },
      { quantity: "2", kind: "percent", value: "20", labelFr: "Duo" },
      { quantity: "3", kind: "fixed", value: "5000" },
    ]);
    expect(saved.ok).toBe(true);
    const offers = await productOffers(db, lamp.id);
    expect(offers.map((offer) => [offer.quantity, offer.percentOff, offer.fixedTotal, offer.labels.fr])).toEqual([
      [1, 0, null, null],
      [2, 20, null, "Duo"],
      [3, null, 5000, null],
    ]);
    const form = (await getAdminProduct(db, lamp.id))!.values.offers;
    expect(form.slice(0, 3).map((row) => [row.quantity, row.kind, row.value])).toEqual([
      ["1", "percent", "0"],
      ["2", "percent", "20"],
      ["3", "fixed", "5000"],
    ]);
    expect(form[3]).toMatchObject({ quantity: "", value: "" });

    const refused = await saveOffers(lamp.id, [{ quantity: "2", kind: "percent", value: "95" }]);
    expect(refused).toMatchObject({ ok: false, fieldErrors: { offers: "offerInvalid" } });
    expect(await productOffers(db, lamp.id)).toHaveLength(3);
  });

  it("are priced from the product's own price on the server, and the order line records the offer", async () => {
    const [, duo] = await productOffers(db, lamp.id);
    const price = (await db.selectFrom("products").select("price").where("id", "=", lamp.id).executeTakeFirstOrThrow()).price;
    const { order: placed, lines } = await order(lamp.slug!, { offer: String(duo!.id), quantity: "1" });
    const total = Math.floor((price * 2 * 80 + 50) / 100);
    expect(placed).toMatchObject({ source: "product_detail", items_total: total });
    expect(lines).toEqual([
      { product_id: lamp.id, quantity: 2, unit_price: Math.round(total / 2), line_total: total, offer_id: duo!.id, offer_label: `قطعتان −20 %` },
    ]);

    // The product's price changes: the offer's follows.
    await db.updateTable("products").set({ price: 3_333 }).where("id", "=", lamp.id).execute();
    try {
      const again = await order(lamp.slug!, { offer: String(duo!.id) });
      expect(again.order?.items_total).toBe(5_333); // 2 × 3,333 −20 % = 5,332.8, rounded half up
    } finally {
      await db.updateTable("products").set({ price }).where("id", "=", lamp.id).execute();
    }
  });

  it("a fixed total is the merchant's for that product", async () => {
    const fixed = (await productOffers(db, lamp.id))[2]!;
    const { order: placed, lines } = await order(lamp.slug!, { offer: String(fixed.id) });
    expect(placed?.items_total).toBe(5_000);
    expect(lines[0]).toMatchObject({ quantity: 3, line_total: 5_000, offer_id: fixed.id });
  });

  it("refuses another product's offer on the offer's field, and stores nothing", async () => {
    const foreign = (await productOffers(db, lamp.id))[1]!;
    const { order: placed, refused } = await order(other.slug!, { offer: String(foreign.id) });
    expect(placed).toBeUndefined();
    expect(refused?.result.error).toMatchObject({ offer: [ar.orders.fields.unknown_offer] });
  });
});

describe("the product form's quantity", () => {
  it("orders the quantity chosen", async () => {
    const { lines } = await order(other.slug!, { quantity: "3" });
    expect(lines).toMatchObject([{ product_id: other.id, quantity: 3, line_total: other.price * 3, offer_id: null, offer_label: null }]);
  });

  it("above the stock: refused on the quantity field and above the form, naming the product and how many are left", async () => {
    const { order: placed, refused } = await order(few.slug!, { quantity: String(few.stockQuantity + 1) });
    expect(placed).toBeUndefined();
    const named = expect.stringMatching(new RegExp(`${few.title}`));
    expect(refused?.result.error).toMatchObject({ "": [named], quantity: [named] });
    expect(refused?.result.error?.quantity?.[0]).not.toBe(ar.orders.errors.out_of_stock);
  });
});

describe("an order sold under an offer, as the shopper and the merchant read it", () => {
  it("the confirmation names each line and its offer in the page's language, the stored ones once the offer is gone", async () => {
    const [, duo] = await productOffers(db, lamp.id);
    const { order: placed } = await order(lamp.slug!, { offer: String(duo!.id) });
    const token = placed!.confirmation_token!;

    const french = await getOrderConfirmation(db, token, "fr");
    expect(french?.items).toEqual([expect.objectContaining({ title: lamp.titleFr, offer: "Duo", quantity: 2 })]);
    // No English label: the shop writes one in English.
    const english = await getOrderConfirmation(db, token, "en");
    expect(english?.items[0]).toMatchObject({ title: lamp.titleEn, offer: "2 pieces −20 %" });
    // An Arabic page keeps the title the order stored.
    expect((await getOrderConfirmation(db, token, "ar"))?.items[0]).toMatchObject({ title: lamp.title, offer: "قطعتان −20 %" });

    // The merchant removes the offer: the label stored with the order, as the shopper saw it.
    const kept = await productOffers(db, lamp.id);
    await saveOffers(lamp.id, [{ quantity: "1", kind: "percent", value: "0" }]);
    try {
      expect((await getOrderConfirmation(db, token, "fr"))?.items[0]).toMatchObject({ title: lamp.titleFr, offer: "قطعتان −20 %" });
    } finally {
      await saveOffers(
        lamp.id,
        kept.map((one) => ({
          quantity: String(one.quantity),
          kind: one.fixedTotal === null ? "percent" : "fixed",
          value: String(one.fixedTotal ?? one.percentOff),
          labelFr: one.labels.fr ?? "",
        })),
      );
    }
  });

  it("the orders export and the delivery slip show the offer beside the line", async () => {
    const duo = (await productOffers(db, lamp.id)).find((one) => one.quantity === 2)!;
    const { order: placed } = await order(lamp.slug!, { offer: String(duo.id) });

    const printable = await loadPrintableOrders(db, { q: placed!.phone });
    expect(printable.map((one) => one.orderNumber)).toEqual([placed!.order_number]);
    const labels = { header: {}, status: {}, source: {}, deliveryType: {}, locale: "fr-DZ", arabicNames: false } as unknown as OrdersCsvLabels;
    expect(ordersCsv(printable, labels)).toContain(`${lamp.title} × 2 (قطعتان −20 %)`);

    const slip = (await (orderSlip.loader as unknown as Action)({
      request: new Request(`http://shop.test/admin/orders/${placed!.order_number}/slip`),
      params: { id: placed!.order_number },
      context: {},
    })) as { data: { order: { lines: { title: string; offer: string | null; quantity: number }[] } } };
    expect(slip.data.order.lines).toEqual([{ title: lamp.title, offer: "قطعتان −20 %", quantity: 2 }]);
  });
});
