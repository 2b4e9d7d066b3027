import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { blockPhone, changeOrderStatus, editOrder, orderEditPage, placeOrder, type OrderSettings } from "~/server/orders/index.server";
import { saveProductOffers } from "~/server/catalog/index.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { addVariants, setVariantStock, variantStock } from "../support/variants";

// Orders edited by the team until shipped (docs/decisions/0033-order-edits.md), on SQLite and on
// PostgreSQL (TEST_DATABASE_URL): each kind of edit, totals and fee from the server, the stock
// difference of a confirmed order's lines (variants too), refused when short with nothing
// changed, a shipped order refused, each changed field recorded with its author.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t?.destroy();
});

const stocked = demoProducts.filter((p) => !p.variants && p.inStock && p.sectionId !== null).sort((a, b) => b.stockQuantity - a.stockQuantity);
const [first, second, third] = [stocked[0]!, stocked[1]!, stocked[2]!];
const open: OrderSettings = { perIp: { limit: 100_000, windowSeconds: 600 }, perPhone: { limit: 100_000, windowSeconds: 3600 } };
const admin = { adminId: null, email: "owner@example.com" };
const editor = { adminId: null, name: "Samira" };

let phoneCounter = 0;
function nextPhone(): string {
  phoneCounter += 1;
  return `0661${String(phoneCounter).padStart(6, "0")}`;
}

async function place(items: { productId: string; quantity: number; variantId?: number }[], extra: Record<string, unknown> = {}) {
  const result = await placeOrder(
    t.db,
    { source: "cart_page", items, customer: { firstName: "أمين", lastName: "بن علي", phone: nextPhone(), wilayaCode: "16" }, ...extra },
    { ip: "192.0.2.77", language: "ar" },
    open,
  );
  if (!result.ok) throw new Error(`order refused: ${JSON.stringify(result.error)}`);
  return (await t.db.selectFrom("orders").select("id").where("order_number", "=", result.order.orderNumber).executeTakeFirstOrThrow()).id;
}

const orderRow = (id: number) => t.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const linesOf = (id: number) =>
  t.db
    .selectFrom("order_items")
    .select(["product_id", "variant_id", "quantity", "unit_price", "line_total", "offer_id"])
    .where("order_id", "=", id)
    .orderBy("position")
    .execute();
const editsOf = (id: number) =>
  t.db.selectFrom("order_edits").select(["field", "before", "after", "actor", "reason"]).where("order_id", "=", id).orderBy("id").execute();
async function productStock(productId: string): Promise<number> {
  return Number((await t.db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirstOrThrow()).stock_quantity);
}
async function setStock(productId: string, quantity: number) {
  await t.db.updateTable("products").set({ stock_quantity: quantity, in_stock: true }).where("id", "=", productId).execute();
}
async function setPrice(productId: string, price: number) {
  await t.db.updateTable("products").set({ price }).where("id", "=", productId).execute();
}

describe("editing an order", () => {
  it("changes the customer's names, phone (normalised) and commune, recording each field with its author", async () => {
    const id = await place([{ productId: first.id, quantity: 1 }]);
    const result = await editOrder(
      t.db,
      id,
      { customer: { firstName: "Karim", lastName: "Haddad", phone: "+213 550 12 34 56", communeCode: "1644", address: "Rue 1" } },
      editor,
    );
    expect(result).toEqual({
      ok: true,
      changed: ["customer.firstName", "customer.lastName", "customer.phone", "customer.communeCode", "customer.address"],
    });
    const row = await orderRow(id);
    expect([row.first_name, row.last_name, row.phone, row.commune_code, row.address]).toEqual(["Karim", "Haddad", "0550123456", "1644", "Rue 1"]);
    const edits = await editsOf(id);
    expect(edits[2]).toMatchObject({
      field: "customer.phone",
      before: expect.stringMatching(/^"0661\d{6}"$/),
      after: '"0550123456"',
      actor: "Samira",
    });
    expect(edits.every((edit) => edit.actor === "Samira")).toBe(true);
    // Nothing changed: nothing recorded.
    expect(await editOrder(t.db, id, { customer: { firstName: "Karim" } }, editor)).toEqual({ ok: true, changed: [] });
    expect(await editsOf(id)).toHaveLength(5);
    const page = await orderEditPage(t.db, id, "fr");
    expect(page?.edits.map((edit) => edit.field)).toContain("customer.communeCode");
    expect(page?.communes.some((commune) => commune.code === "1644")).toBe(true);
  });

  it("refuses what placing the order refuses: a bad phone, a blocked phone, a commune of another wilaya, a blank name", async () => {
    const id = await place([{ productId: first.id, quantity: 1 }]);
    expect(await editOrder(t.db, id, { customer: { phone: "12345" } }, editor)).toMatchObject({
      ok: false,
      code: "invalid",
      fields: { phone: expect.any(String) },
    });
    expect(await editOrder(t.db, id, { customer: { firstName: " " } }, editor)).toMatchObject({
      ok: false,
      code: "invalid",
      fields: { firstName: expect.any(String) },
    });
    expect(await editOrder(t.db, id, { customer: { communeCode: "3106" } }, editor)).toMatchObject({
      ok: false,
      code: "invalid",
      fields: { communeCode: expect.any(String) },
    });
    await blockPhone(t.db, "0771999999", admin, "fake");
    expect(await editOrder(t.db, id, { customer: { phone: "0771999999" } }, editor)).toMatchObject({ ok: false, code: "blocked_phone" });
    expect(await editsOf(id)).toHaveLength(0);
  });

  it("changes the lines (quantity, add, remove) priced from the catalogue now, and recomputes the totals", async () => {
    const id = await place([
      { productId: first.id, quantity: 1 },
      { productId: second.id, quantity: 2 },
    ]);
    await setPrice(first.id, 1234);
    await setPrice(third.id, 700);
    const result = await editOrder(
      t.db,
      id,
      {
        items: [
          { productId: first.id, quantity: 3 },
          { productId: third.id, quantity: 1 },
        ],
      },
      editor,
    );
    expect(result).toEqual({ ok: true, changed: ["lines", "total"] });
    expect(await linesOf(id)).toEqual([
      { product_id: first.id, variant_id: null, quantity: 3, unit_price: 1234, line_total: 3702, offer_id: null },
      { product_id: third.id, variant_id: null, quantity: 1, unit_price: 700, line_total: 700, offer_id: null },
    ]);
    const row = await orderRow(id);
    expect([row.items_total, row.total]).toEqual([4402, 4402 + row.delivery_price]);
    const lines = (await editsOf(id)).find((edit) => edit.field === "lines")!;
    expect(JSON.parse(lines.before!)).toHaveLength(2);
    expect(JSON.parse(lines.after!)[0]).toMatchObject({ productId: first.id, quantity: 3, unitPrice: 1234 });
    // Bounds: a quantity of 0, above the maximum, or no line at all.
    expect(await editOrder(t.db, id, { items: [{ productId: first.id, quantity: 0 }] }, editor)).toMatchObject({ ok: false, code: "invalid" });
    expect(await editOrder(t.db, id, { items: [{ productId: first.id, quantity: 100 }] }, editor)).toMatchObject({ ok: false, code: "invalid" });
    expect(await editOrder(t.db, id, { items: [] }, editor)).toMatchObject({ ok: false, code: "invalid" });
    expect(await editOrder(t.db, id, { items: [{ productId: "no-such", quantity: 1 }] }, editor)).toMatchObject({ ok: false, code: "invalid" });
  });

  it("puts a line under one of the product's offers, priced as at placement", async () => {
    await setPrice(second.id, 1000);
    await saveProductOffers(t.db, second.id, [{ quantity: 2, percentOff: 20, fixedTotal: null, labels: { ar: null, en: null, fr: null } }]);
    const offer = await t.db.selectFrom("product_offers").select("id").where("product_id", "=", second.id).executeTakeFirstOrThrow();
    const id = await place([{ productId: second.id, quantity: 1 }]);
    expect((await editOrder(t.db, id, { items: [{ productId: second.id, quantity: 1, offerId: offer.id }] }, editor)).ok).toBe(true);
    expect(await linesOf(id)).toEqual([
      { product_id: second.id, variant_id: null, quantity: 2, unit_price: 800, line_total: 1600, offer_id: offer.id },
    ]);
    expect(await editOrder(t.db, id, { items: [{ productId: first.id, quantity: 1, offerId: offer.id }] }, editor)).toMatchObject({
      ok: false,
      fields: { offer: expect.any(String) },
    });
  });

  it("recomputes the fee from the table for the wilaya and mode, or takes one set by hand with its reason", async () => {
    const id = await place([{ productId: first.id, quantity: 1 }]);
    const itemsTotal = (await orderRow(id)).items_total;
    expect((await editOrder(t.db, id, { customer: { wilayaCode: "31", communeCode: "3106" } }, editor)).ok).toBe(true);
    expect(await orderRow(id)).toMatchObject({
      wilaya_code: "31",
      commune_code: "3106",
      delivery_price: 600,
      total: itemsTotal + 600,
      delivery_price_reason: null,
    });
    expect((await editOrder(t.db, id, { deliveryType: "stop_desk" }, editor)).ok).toBe(true);
    expect(await orderRow(id)).toMatchObject({ delivery_type: "stop_desk", delivery_price: 400, total: itemsTotal + 400 });
    expect(await editOrder(t.db, id, { delivery: { price: 250, reason: " " } }, editor)).toMatchObject({
      ok: false,
      fields: { feeReason: expect.any(String) },
    });
    expect(await editOrder(t.db, id, { delivery: { price: -1, reason: "x" } }, editor)).toMatchObject({
      ok: false,
      fields: { feePrice: expect.any(String) },
    });
    expect((await editOrder(t.db, id, { delivery: { price: 250, reason: "Client fidèle" } }, editor)).ok).toBe(true);
    expect(await orderRow(id)).toMatchObject({ delivery_price: 250, delivery_price_reason: "Client fidèle", total: itemsTotal + 250 });
    const fee = (await editsOf(id)).filter((edit) => edit.field === "deliveryPrice").at(-1);
    expect(fee).toMatchObject({ before: "400", after: "250", reason: "Client fidèle", actor: "Samira" });
    // Back to the table.
    expect((await editOrder(t.db, id, { delivery: "table" }, editor)).ok).toBe(true);
    expect(await orderRow(id)).toMatchObject({ delivery_price: 400, delivery_price_reason: null });
    // A wilaya without a stop-desk refuses it.
    expect(await editOrder(t.db, id, { customer: { wilayaCode: "09", communeCode: "" } }, editor)).toMatchObject({
      ok: false,
      fields: { deliveryType: expect.any(String) },
    });
  });

  it("asks the address of a home delivery where the order's form does", async () => {
    const id = await place([{ productId: first.id, quantity: 1 }], {
      source: "product_detail",
      customer: { firstName: "أمين", lastName: "بن علي", phone: nextPhone(), wilayaCode: "16", address: "حي 1" },
    });
    expect(await editOrder(t.db, id, { customer: { address: "" } }, editor)).toMatchObject({ ok: false, fields: { address: expect.any(String) } });
  });

  it("refuses a shipped order", async () => {
    await setStock(first.id, 500);
    const id = await place([{ productId: first.id, quantity: 1 }]);
    expect(await changeOrderStatus(t.db, id, "confirmed", admin)).toEqual({ ok: true });
    expect(await changeOrderStatus(t.db, id, "shipped", admin)).toEqual({ ok: true });
    expect(await editOrder(t.db, id, { customer: { firstName: "Karim" } }, editor)).toMatchObject({ ok: false, code: "not_editable" });
    expect(await editOrder(t.db, 999_999, { customer: { firstName: "Karim" } }, editor)).toMatchObject({ ok: false, code: "not_found" });
  });
});

describe("editing a confirmed order's lines", () => {
  it("takes or returns the stock difference, and refuses (nothing changed) when short", async () => {
    await setStock(first.id, 10);
    await setStock(second.id, 10);
    const id = await place([{ productId: first.id, quantity: 2 }]);
    expect(await changeOrderStatus(t.db, id, "confirmed", admin)).toEqual({ ok: true });
    expect(await productStock(first.id)).toBe(8);

    expect((await editOrder(t.db, id, { items: [{ productId: first.id, quantity: 5 }] }, editor)).ok).toBe(true);
    expect(await productStock(first.id)).toBe(5);
    expect((await editOrder(t.db, id, { items: [{ productId: second.id, quantity: 3 }] }, editor)).ok).toBe(true);
    expect([await productStock(first.id), await productStock(second.id)]).toEqual([10, 7]);

    const before = { order: await orderRow(id), lines: await linesOf(id), edits: (await editsOf(id)).length };
    const refused = await editOrder(
      t.db,
      id,
      {
        customer: { firstName: "Karim" },
        items: [
          { productId: first.id, quantity: 2 },
          { productId: second.id, quantity: 20 },
        ],
      },
      editor,
    );
    expect(refused).toMatchObject({ ok: false, code: "out_of_stock" });
    expect(!refused.ok && refused.message).toContain(second.title);
    expect([await productStock(first.id), await productStock(second.id)]).toEqual([10, 7]);
    expect(await orderRow(id)).toEqual(before.order);
    expect(await linesOf(id)).toEqual(before.lines);
    expect(await editsOf(id)).toHaveLength(before.edits);

    // Cancelling returns what the order holds now.
    expect(await changeOrderStatus(t.db, id, "cancelled", admin)).toEqual({ ok: true });
    expect(await productStock(second.id)).toBe(10);
  });

  it("never oversells when two confirmed orders take the last pieces at once", async () => {
    const product = stocked[4]!;
    await setStock(product.id, 4);
    const ids = [await place([{ productId: product.id, quantity: 1 }]), await place([{ productId: product.id, quantity: 1 }])];
    for (const id of ids) expect(await changeOrderStatus(t.db, id, "confirmed", admin)).toEqual({ ok: true });
    expect(await productStock(product.id)).toBe(2);
    const results = await Promise.all(ids.map((id) => editOrder(t.db, id, { items: [{ productId: product.id, quantity: 3 }] }, editor)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.code === "out_of_stock")).toHaveLength(1);
    expect(await productStock(product.id)).toBe(0);
  });

  it("moves a variant's stock when the line changes variant", async () => {
    const product = stocked[3]!;
    const { variantIds } = await addVariants(
      t.db,
      product.id,
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
        { values: [0], sku: "EDIT-RED", stock: 5 },
        { values: [1], sku: "EDIT-BLUE", stock: 2, price: product.price + 300 },
      ],
    );
    const [red, blue] = [variantIds[0]!, variantIds[1]!];
    const id = await place([{ productId: product.id, quantity: 2, variantId: red }]);
    expect(await changeOrderStatus(t.db, id, "confirmed", admin)).toEqual({ ok: true });
    expect(await variantStock(t.db, red)).toBe(3);

    expect((await editOrder(t.db, id, { items: [{ productId: product.id, quantity: 2, variantId: blue }] }, editor)).ok).toBe(true);
    expect([await variantStock(t.db, red), await variantStock(t.db, blue)]).toEqual([5, 0]);
    expect(await linesOf(id)).toEqual([
      {
        product_id: product.id,
        variant_id: blue,
        quantity: 2,
        unit_price: product.price + 300,
        line_total: 2 * (product.price + 300),
        offer_id: null,
      },
    ]);

    await setVariantStock(t.db, product.id, blue, 0);
    const refused = await editOrder(t.db, id, { items: [{ productId: product.id, quantity: 3, variantId: blue }] }, editor);
    expect(refused).toMatchObject({ ok: false, code: "out_of_stock" });
    expect([await variantStock(t.db, red), await variantStock(t.db, blue)]).toEqual([5, 0]);
  });
});
