import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { parseStoredCart } from "~/lib/cart";
import { quoteCart } from "~/server/cart/index.server";
import { i18nFor } from "~/server/i18n.server";
import { getAdminOrder, getOrderConfirmation, loadPrintableOrder } from "~/server/orders/index.server";
import { changeOrderStatus, workflowErrorMessage } from "~/server/orders/order-workflow.server";
import { placeOrder, type OrderSettings, type PlaceOrderResult } from "~/server/orders/order.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { addVariants, setVariantStock, variantStock } from "../support/variants";

// Orders of products with variants (docs/decisions/0028-product-variants.md), on SQLite and on
// PostgreSQL (TEST_DATABASE_URL): the line snapshots the variant, is priced from it, takes and
// returns its stock, and concurrent confirmations never oversell it.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t?.destroy();
});

const stocked = demoProducts.filter((p) => !p.variants && p.inStock && p.sectionId !== null).sort((a, b) => b.stockQuantity - a.stockQuantity);
const open: OrderSettings = {
  webhookUrl: "http://127.0.0.1:9/webhook",
  perIp: { limit: 100_000, windowSeconds: 600 },
  perPhone: { limit: 100_000, windowSeconds: 3600 },
};
const admin = { adminId: null, email: "admin@example.com" };

let phoneCounter = 0;
function nextPhone(): string {
  phoneCounter += 1;
  return `0698${String(phoneCounter).padStart(6, "0")}`;
}

function orderBody(items: { productId: string; quantity: number; variantId?: number }[], phone = nextPhone()) {
  return { source: "cart_page", items, customer: { firstName: "أمين", lastName: "بن علي", phone, wilayaCode: "16" } };
}

async function orderId(result: PlaceOrderResult): Promise<number> {
  if (!result.ok) throw new Error(`order refused: ${JSON.stringify(result.error)}`);
  return (await t.db.selectFrom("orders").select("id").where("order_number", "=", result.order.orderNumber).executeTakeFirstOrThrow()).id;
}

async function productStock(productId: string): Promise<number> {
  return Number((await t.db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirstOrThrow()).stock_quantity);
}

/** A product of the demo catalogue, given a Colour option (red, blue) and a variant of each. */
async function carInColours(index: number, sku: string, stock = { red: 5, blue: 3 }) {
  const product = stocked[index]!;
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
      { values: [0], sku: `${sku}-RED`, stock: stock.red },
      { values: [1], sku: `${sku}-BLUE`, stock: stock.blue, price: product.price + 500 },
    ],
  );
  return { product, red: variantIds[0]!, blue: variantIds[1]! };
}

describe("orders of a product with variants", () => {
  it("stores the variant's snapshot (id, label in the shop's language, SKU) and its price; two variants are two lines", async () => {
    const { product, red, blue } = await carInColours(0, "CAR-A");
    const result = await placeOrder(
      t.db,
      orderBody([
        { productId: product.id, quantity: 1, variantId: blue },
        { productId: product.id, quantity: 2, variantId: red },
      ]),
      { ip: "192.0.2.40", language: "fr" },
      open,
    );
    const id = await orderId(result);
    expect(result.ok && result.order.itemsTotal).toBe(product.price + 500 + 2 * product.price);
    const lines = await t.db
      .selectFrom("order_items")
      .select(["product_id", "unit_price", "quantity", "variant_id", "variant_label", "variant_sku"])
      .where("order_id", "=", id)
      .orderBy("position")
      .execute();
    expect(lines).toEqual([
      { product_id: product.id, unit_price: product.price + 500, quantity: 1, variant_id: blue, variant_label: "أزرق", variant_sku: "CAR-A-BLUE" },
      { product_id: product.id, unit_price: product.price, quantity: 2, variant_id: red, variant_label: "أحمر", variant_sku: "CAR-A-RED" },
    ]);
    // The webhook names the variant in the product's name and carries its SKU.
    const outbox = await t.db
      .selectFrom("outbox")
      .select("payload")
      .where("topic", "=", "order.created")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const items = JSON.parse(JSON.parse(outbox.payload).items) as { title: string; variant_sku?: string }[];
    expect(items[0]).toMatchObject({ title: `${product.title} — أزرق`, variant_sku: "CAR-A-BLUE" });

    // The merchant's order page shows the label and SKU; the slip and CSV "title — label"; the shopper's confirmation the label.
    const detail = await getAdminOrder(t.db, id, "ar");
    expect(detail?.items.map((item) => [item.variantLabel, item.variantSku])).toEqual([
      ["أزرق", "CAR-A-BLUE"],
      ["أحمر", "CAR-A-RED"],
    ]);
    const printable = await loadPrintableOrder(t.db, id);
    expect(printable?.lines.map((line) => line.title)).toEqual([`${product.title} — أزرق`, `${product.title} — أحمر`]);
    if (!result.ok) throw new Error("refused");
    const confirmation = await getOrderConfirmation(t.db, result.confirmationToken, "ar");
    expect(confirmation?.items.map((item) => item.variant)).toEqual(["أزرق", "أحمر"]);
    // In French the variant is named in French while it exists as it was sold.
    const inFrench = await getOrderConfirmation(t.db, result.confirmationToken, "fr");
    expect(inFrench?.items.map((item) => item.variant)).toEqual(["Bleu", "Rouge"]);
  });

  it("refuses a product with variants ordered without one, naming the option to choose, and a variant of another product", async () => {
    const { product } = await carInColours(1, "CAR-B");
    const refused = await placeOrder(t.db, orderBody([{ productId: product.id, quantity: 1 }]), { ip: "192.0.2.41", language: "ar" }, open);
    expect(refused).toMatchObject({ ok: false, status: 422, error: { code: "invalid_order", fields: { "items.0.variantId": "اختر اللون." } } });
    const inFrench = await placeOrder(t.db, orderBody([{ productId: product.id, quantity: 1 }]), { ip: "192.0.2.41", language: "fr" }, open);
    expect(inFrench).toMatchObject({ ok: false, error: { message: "Choisissez : Couleur." } });

    const other = await carInColours(2, "CAR-C");
    const foreign = await placeOrder(
      t.db,
      orderBody([{ productId: product.id, quantity: 1, variantId: other.red }]),
      { ip: "192.0.2.41", language: "ar" },
      open,
    );
    expect(foreign).toMatchObject({ ok: false, error: { code: "invalid_order", fields: { "items.0.variantId": expect.any(String) } } });
    // A product without variants refuses a variant id too, and is ordered as before without one.
    const plain = stocked[10]!;
    const stray = await placeOrder(
      t.db,
      orderBody([{ productId: plain.id, quantity: 1, variantId: other.red }]),
      { ip: "192.0.2.41", language: "ar" },
      open,
    );
    expect(stray.ok).toBe(false);
    expect((await placeOrder(t.db, orderBody([{ productId: plain.id, quantity: 1 }]), { ip: "192.0.2.41", language: "ar" }, open)).ok).toBe(true);
  });

  it("refuses more than the variant's stock, naming the product and the variant", async () => {
    const { product, blue } = await carInColours(3, "CAR-D", { red: 10, blue: 1 });
    const refused = await placeOrder(
      t.db,
      orderBody([{ productId: product.id, quantity: 2, variantId: blue }]),
      { ip: "192.0.2.42", language: "ar" },
      open,
    );
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "out_of_stock", fields: { "items.0.quantity": expect.stringContaining(`${product.title} — أزرق`) } },
    });
  });

  it("20 concurrent confirmations for the last unit of one variant confirm exactly one; the other variant is untouched", async () => {
    const { product, red, blue } = await carInColours(4, "CAR-E", { red: 7, blue: 50 });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(
        await orderId(
          await placeOrder(t.db, orderBody([{ productId: product.id, quantity: 1, variantId: blue }]), { ip: "192.0.2.43", language: "ar" }, open),
        ),
      );
    }
    await setVariantStock(t.db, product.id, blue, 1);
    expect(await productStock(product.id)).toBe(8);

    const results = await Promise.all(ids.map((id) => changeOrderStatus(t.db, id, "confirmed", admin)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const refusals = results.filter((result) => !result.ok);
    expect(refusals).toHaveLength(19);
    const { t: tr } = await i18nFor("ar");
    for (const refusal of refusals) {
      expect(refusal).toEqual({ ok: false, code: "out_of_stock", product: `${product.title} — أزرق`, available: 0 });
      if (!refusal.ok) expect(workflowErrorMessage(tr, refusal)).toContain("أزرق");
    }
    expect(await variantStock(t.db, blue)).toBe(0);
    expect(await variantStock(t.db, red)).toBe(7);
    expect(await productStock(product.id)).toBe(7);
  });

  it("cancelling a confirmed order puts the variant's stock back, and the product's total", async () => {
    const { product, red, blue } = await carInColours(5, "CAR-F", { red: 4, blue: 2 });
    const id = await orderId(
      await placeOrder(
        t.db,
        orderBody([
          { productId: product.id, quantity: 2, variantId: blue },
          { productId: product.id, quantity: 1, variantId: red },
        ]),
        { ip: "192.0.2.44", language: "ar" },
        open,
      ),
    );
    expect(await changeOrderStatus(t.db, id, "confirmed", admin)).toEqual({ ok: true });
    expect([await variantStock(t.db, blue), await variantStock(t.db, red), await productStock(product.id)]).toEqual([0, 3, 3]);
    expect(await changeOrderStatus(t.db, id, "cancelled", admin)).toEqual({ ok: true });
    expect([await variantStock(t.db, blue), await variantStock(t.db, red), await productStock(product.id)]).toEqual([2, 4, 6]);
  });
});

describe("carts with variants", () => {
  it("reads a cart saved before variants, and one with two variants of a product as two lines", () => {
    const old = JSON.stringify([{ id: "p1", title: "Kettle", titleAr: "غلاية", price: 2500, image: "/k.webp", quantity: 2 }]);
    expect(parseStoredCart(old)).toEqual({
      items: [{ id: "p1", title: "Kettle", titleAr: "غلاية", description: "", descriptionAr: "", price: 2500, image: "/k.webp", quantity: 2 }],
    });
    const saved = JSON.stringify([
      { id: "p1", title: "Car", titleAr: "سيارة", price: 2500, image: "", quantity: 1, variantId: 4, variantLabel: "أزرق", sku: "CAR-BLUE" },
      { id: "p1", title: "Car", titleAr: "سيارة", price: 2500, image: "", quantity: 1, variantId: 3, variantLabel: "أحمر", sku: "CAR-RED" },
    ]);
    expect(parseStoredCart(saved).items.map((item) => [item.id, item.variantId, item.variantLabel, item.sku])).toEqual([
      ["p1", 4, "أزرق", "CAR-BLUE"],
      ["p1", 3, "أحمر", "CAR-RED"],
    ]);
  });

  it("the quote prices a variant line from the variant, checks its stock and names it", async () => {
    const { product, red, blue } = await carInColours(6, "CAR-G", { red: 0, blue: 2 });
    const quote = await quoteCart(
      t.db,
      [
        { productId: product.id, quantity: 3, variantId: blue },
        { productId: product.id, quantity: 1, variantId: red },
        { productId: product.id, quantity: 1 },
      ],
      "fr",
    );
    expect(quote.lines.map((line) => [line.variantId, line.status, line.price, line.stockQuantity, line.variantLabel, line.sku])).toEqual([
      [blue, "limited", product.price + 500, 2, "Bleu", "CAR-G-BLUE"],
      [red, "out_of_stock", product.price, 0, "Rouge", "CAR-G-RED"],
      [undefined, "unknown", product.price, 0, undefined, undefined],
    ]);
    expect(quote.itemsTotal).toBe(3 * (product.price + 500));
  });
});
