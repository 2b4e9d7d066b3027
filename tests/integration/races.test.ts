import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import {
  deleteProductImage,
  getAdminProduct,
  moveProductImage,
  saveProduct,
  type AdminProductDetail,
} from "~/server/catalog/admin-product.service.server";
import { i18nFor } from "~/server/i18n.server";
import { changeOrderStatus, workflowErrorMessage } from "~/server/orders/order-workflow.server";
import { placeOrder, type OrderSettings, type PlaceOrderResult } from "~/server/orders/order.service.server";
import { LocalStorage } from "~/server/storage/storage.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Races, on SQLite and on PostgreSQL (TEST_DATABASE_URL): everything below starts its
// competitors together (Promise.all) and checks that the database ends in the one state the
// rules allow. On PostgreSQL the pool has 5 connections, so the transactions really overlap
// (READ COMMITTED); on SQLite they queue on the one connection, in arbitrary order.

let t: TestDatabase;
let dir: string;
let storage: LocalStorage;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  dir = await mkdtemp(join(tmpdir(), "souq-races-"));
  storage = new LocalStorage(dir);
});
afterAll(async () => {
  await t?.destroy();
  await rm(dir, { recursive: true, force: true });
});

async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(join(dir, "products"))).sort();
  } catch {
    return [];
  }
}

const stocked = demoProducts.filter((p) => !p.variants && p.inStock).sort((a, b) => b.stockQuantity - a.stockQuantity);
const open: OrderSettings = {
  webhookUrl: "http://127.0.0.1:9/webhook",
  perIp: { limit: 100_000, windowSeconds: 600 },
  perPhone: { limit: 100_000, windowSeconds: 3600 },
};
const admin = { adminId: null, email: "admin@example.com" };
/** Products the admin form can save as they are (the form requires a section). */
const editable = demoProducts.filter((p) => p.sectionId !== null && !stocked.slice(0, 6).includes(p));

let phoneCounter = 0;
function nextPhone(): string {
  phoneCounter += 1;
  return `0699${String(phoneCounter).padStart(6, "0")}`;
}

function orderBody(productId: string, phone = nextPhone(), quantity = 1) {
  return {
    source: "cart_page",
    items: [{ productId, quantity }],
    customer: { firstName: "أمين", lastName: "بن علي", phone, wilayaCode: "16" },
  };
}

async function setStock(productId: string, quantity: number) {
  await t.db.updateTable("products").set({ stock_quantity: quantity, in_stock: true }).where("id", "=", productId).execute();
}

async function stockOf(productId: string): Promise<number> {
  return Number((await t.db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirstOrThrow()).stock_quantity);
}

async function orderId(result: PlaceOrderResult): Promise<number> {
  if (!result.ok) throw new Error(`order refused: ${JSON.stringify(result.error)}`);
  return (await t.db.selectFrom("orders").select("id").where("order_number", "=", result.order.orderNumber).executeTakeFirstOrThrow()).id;
}

async function countOf(table: "orders" | "order_items" | "order_events" | "outbox"): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("stock races", () => {
  it("20 simultaneous confirmations of orders for the last unit: exactly one confirmed, 19 clear refusals, stock 0", async () => {
    const product = stocked[0]!;
    await setStock(product.id, 100);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await orderId(await placeOrder(t.db, orderBody(product.id), { ip: "192.0.2.20", language: "ar" }, open)));
    // Stock is taken at confirmation, not at placement: one unit left for twenty orders.
    await setStock(product.id, 1);

    const results = await Promise.all(ids.map((id) => changeOrderStatus(t.db, id, "confirmed", admin)));

    const confirmed = ids.filter((_, i) => results[i]!.ok);
    expect(confirmed).toHaveLength(1);
    const refusals = results.filter((result) => !result.ok);
    expect(refusals).toHaveLength(19);
    const { t: tr } = await i18nFor("ar");
    for (const refusal of refusals) {
      expect(refusal).toEqual({ ok: false, code: "out_of_stock", product: product.title, available: 0 });
      if (refusal.ok) continue;
      expect(workflowErrorMessage(tr, refusal)).toBe(`المخزون غير كافٍ للمنتج «${product.title}» (المتوفر: 0).`);
    }
    expect(await stockOf(product.id)).toBe(0);

    const rows = await t.db.selectFrom("orders").select(["id", "status"]).where("id", "in", ids).execute();
    expect(rows.filter((row) => row.status === "confirmed").map((row) => row.id)).toEqual(confirmed);
    expect(rows.filter((row) => row.status === "new")).toHaveLength(19);
    // Only the confirmed order has a 'confirmed' event; the refused ones kept only their first event.
    const events = await t.db.selectFrom("order_events").select(["order_id", "status"]).where("order_id", "in", ids).execute();
    expect(events.filter((event) => event.status === "confirmed").map((event) => event.order_id)).toEqual(confirmed);
    expect(events.filter((event) => event.status === "new")).toHaveLength(20);

    // A second wave (another admin retrying every refused order) changes nothing and never goes negative.
    const retried = await Promise.all(ids.map((id) => changeOrderStatus(t.db, id, "confirmed", admin)));
    expect(retried.filter((result) => result.ok)).toHaveLength(0);
    expect(await stockOf(product.id)).toBe(0);
  });

  it("confirmations racing a cancellation of a confirmed order: stock never below 0 and always balanced", async () => {
    const product = stocked[1]!;
    await setStock(product.id, 100);
    const ids: number[] = [];
    for (let i = 0; i < 11; i++)
      ids.push(await orderId(await placeOrder(t.db, orderBody(product.id, nextPhone(), 2), { ip: "192.0.2.21", language: "ar" }, open)));
    await setStock(product.id, 2);
    expect(await changeOrderStatus(t.db, ids[0]!, "confirmed", admin)).toEqual({ ok: true });
    expect(await stockOf(product.id)).toBe(0);

    // The cancellation gives 2 back while ten confirmations of 2 compete: at most one gets them.
    const [cancelled, ...results] = await Promise.all([
      changeOrderStatus(t.db, ids[0]!, "cancelled", admin),
      ...ids.slice(1).map((id) => changeOrderStatus(t.db, id, "confirmed", admin)),
    ]);
    expect(cancelled).toEqual({ ok: true });
    const winners = results.filter((result) => result.ok).length;
    expect(winners).toBeLessThanOrEqual(1);
    expect(results.filter((result) => !result.ok && result.code === "out_of_stock")).toHaveLength(10 - winners);
    expect(await stockOf(product.id)).toBe(2 - 2 * winners);
  });
});

describe("order placement races", () => {
  it("100 concurrent orders, valid and invalid mixed: exactly the valid ones stored, each complete", async () => {
    const [a, b, c] = [stocked[2]!, stocked[3]!, stocked[4]!];
    for (const product of [a, b, c]) await setStock(product.id, 10_000);
    const soldOut = demoProducts.find((p) => !p.inStock)!;
    const before = {
      orders: await countOf("orders"),
      items: await countOf("order_items"),
      events: await countOf("order_events"),
      outbox: await countOf("outbox"),
    };

    type Case = { body: unknown; valid: boolean; phone: string; lines: number; idempotencyKey?: string };
    const invalid: ((phone: string) => unknown)[] = [
      (phone) => ({ ...orderBody(a.id, phone), items: [] }),
      (phone) => orderBody("no-such-product", phone),
      (phone) => orderBody(a.id, phone, 0),
      (phone) => orderBody(a.id, phone, -3),
      (phone) => orderBody(a.id, phone, 1.5),
      (phone) => ({ ...orderBody(a.id, phone), customer: { firstName: "", lastName: "x", phone, wilayaCode: "16" } }),
      (phone) => ({ ...orderBody(a.id, phone), customer: { firstName: "أمين", lastName: "بن علي", phone, wilayaCode: "99" } }),
      (phone) => ({ ...orderBody(a.id, phone), customer: { firstName: "أمين", lastName: "بن علي", phone: "12345", wilayaCode: "16" } }),
      (phone) => ({ ...orderBody(a.id, phone), website: "http://spam.example" }),
      (phone) => orderBody(soldOut.id, phone),
      (phone) => ({ ...orderBody(a.id, phone), source: "telepathy" }),
      () => null,
      () => "not an order",
      () => ({ __proto__: { admin: true }, constructor: { prototype: { polluted: true } } }),
    ];
    const cases: Case[] = Array.from({ length: 100 }, (_, i) => {
      const phone = nextPhone();
      if (i % 5 === 0 || i % 7 === 3) {
        return { body: invalid[i % invalid.length]!(phone), valid: false, phone, lines: 0 };
      }
      const items =
        i % 3 === 0
          ? [
              { productId: a.id, quantity: 1 },
              { productId: b.id, quantity: 2 },
            ]
          : [{ productId: [a, b, c][i % 3]!.id, quantity: 1 + (i % 4) }];
      return {
        body: { source: "cart_page", items, customer: { firstName: "أمين", lastName: "بن علي", phone, wilayaCode: "16" } },
        valid: true,
        phone,
        lines: items.length,
        idempotencyKey: i % 2 === 0 ? `race-100-${i}` : undefined,
      };
    });
    const valid = cases.filter((entry) => entry.valid);
    expect(valid.length).toBeGreaterThan(50);
    expect(valid.length).toBeLessThan(100);

    const results = await Promise.all(
      cases.map((entry, i) =>
        placeOrder(t.db, entry.body, { ip: `198.51.100.${i % 4}`, language: "fr", idempotencyKey: entry.idempotencyKey }, open),
      ),
    );

    results.forEach((result, i) => {
      if (cases[i]!.valid) expect(result, JSON.stringify(cases[i]!.body)).toMatchObject({ ok: true, status: 201, replayed: false });
      else expect(result.ok ? 201 : result.status, JSON.stringify(cases[i]!.body)).toBeOneOf([400, 422]);
    });
    expect((await countOf("orders")) - before.orders).toBe(valid.length);
    expect((await countOf("order_items")) - before.items).toBe(valid.reduce((sum, entry) => sum + entry.lines, 0));
    expect((await countOf("order_events")) - before.events).toBe(valid.length);
    expect((await countOf("outbox")) - before.outbox).toBe(valid.length);

    const numbers = results.flatMap((result) => (result.ok ? [result.order.orderNumber] : []));
    expect(new Set(numbers).size).toBe(valid.length);
    const stored = await t.db
      .selectFrom("orders")
      .select(["id", "order_number", "phone", "items_total", "delivery_price", "total"])
      .where("order_number", "in", numbers)
      .execute();
    expect(stored).toHaveLength(valid.length);
    for (const order of stored) {
      const entry = valid.find((candidate) => candidate.phone === order.phone)!;
      expect(entry, order.phone).toBeDefined();
      const items = await t.db.selectFrom("order_items").select(["line_total"]).where("order_id", "=", order.id).execute();
      expect(items).toHaveLength(entry.lines);
      expect(items.reduce((sum, item) => sum + item.line_total, 0)).toBe(order.items_total);
      expect(order.total).toBe(order.items_total + order.delivery_price);
      const events = await t.db.selectFrom("order_events").select(["status", "actor"]).where("order_id", "=", order.id).execute();
      expect(events).toEqual([{ status: "new", actor: "shopper" }]);
    }
    // No refused request left anything behind.
    const refusedPhones = cases.filter((entry) => !entry.valid).map((entry) => entry.phone);
    expect(await t.db.selectFrom("orders").select("id").where("phone", "in", refusedPhones).execute()).toEqual([]);
  });

  it("the same Idempotency-Key sent 10 times at once: one order, ten identical 201 answers", async () => {
    const product = stocked[5]!;
    await setStock(product.id, 1000);
    const phone = nextPhone();
    const key = `idem-race-${Date.now()}`;
    const before = await countOf("orders");
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        placeOrder(t.db, orderBody(product.id, phone, 2), { ip: "203.0.113.7", language: "ar", idempotencyKey: key }, open),
      ),
    );
    for (const result of results) expect(result).toMatchObject({ ok: true, status: 201 });
    const answers = results.map((result) => (result.ok ? result.order : null));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(results.filter((result) => result.ok && !result.replayed)).toHaveLength(1);
    expect((await countOf("orders")) - before).toBe(1);
    const order = await t.db.selectFrom("orders").select(["id", "order_number"]).where("idempotency_key", "=", key).executeTakeFirstOrThrow();
    expect(order.order_number).toBe(answers[0]!.orderNumber);
    expect(await t.db.selectFrom("order_items").select("quantity").where("order_id", "=", order.id).execute()).toEqual([{ quantity: 2 }]);
    expect(await t.db.selectFrom("order_events").select("status").where("order_id", "=", order.id).execute()).toEqual([{ status: "new" }]);
    // The per-phone counter moved once: the nine replays are not orders.
    const limited: OrderSettings = { ...open, perPhone: { limit: 1, windowSeconds: 3600 } };
    const again = await placeOrder(t.db, orderBody(product.id, phone, 2), { ip: "203.0.113.7", language: "ar", idempotencyKey: key }, limited);
    expect(again).toMatchObject({ ok: true, status: 201, replayed: true, order: answers[0] });
  });
});

describe("two admins editing the same product", () => {
  const png = (r: number, g: number, b: number) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();

  /** What the edit form submits for `product` (its values, as the page showed them), with changes. */
  function formOf(product: AdminProductDetail, changes: Record<string, string> = {}) {
    const { inStock, ...text } = product.values;
    return { ...text, ...(inStock ? { inStock: "on" } : {}), ...changes };
  }

  async function load(id: string): Promise<AdminProductDetail> {
    const product = await getAdminProduct(t.db, id);
    if (!product) throw new Error(`no product ${id}`);
    return product;
  }

  it("B adds an image; A saves a price change from the older page: 409 stale, B's image kept; after a reload A's save goes through", async () => {
    const id = editable[0]!.id;
    const pageA = await load(id);
    const pageB = await load(id);
    expect(pageA.updatedAt).toBe(pageB.updatedAt);
    const imagesBefore = pageA.images.length;

    const savedB = await saveProduct(t.db, storage, {
      id,
      fields: formOf(pageB),
      files: [{ name: "new-angle.png", bytes: await png(10, 120, 200) }],
      expectedUpdatedAt: pageB.updatedAt,
    });
    expect(savedB).toEqual({ ok: true, id, created: false });
    const afterB = await load(id);
    expect(afterB.images).toHaveLength(imagesBefore + 1);
    expect(afterB.updatedAt > pageA.updatedAt).toBe(true);

    const savedA = await saveProduct(t.db, storage, {
      id,
      fields: formOf(pageA, { price: "777" }),
      files: [],
      expectedUpdatedAt: pageA.updatedAt,
    });
    expect(savedA).toEqual({ ok: false, status: 409, formError: "stale", fieldErrors: {}, imageError: null });
    const afterA = await load(id);
    expect(afterA.values.price).toBe(pageB.values.price);
    expect(afterA.images).toEqual(afterB.images);
    expect(afterA.updatedAt).toBe(afterB.updatedAt);
    const { t: tr } = await i18nFor("ar");
    expect(tr("adminProducts.messages.stale")).toBe("عدّل مشرف آخر هذا المنتج بعد فتحك له. أعد تحميل الصفحة لرؤية آخر نسخة ثم أعد تعديلك.");

    // A reloads (the latest version) and saves again.
    const reloaded = await load(id);
    const retried = await saveProduct(t.db, storage, {
      id,
      fields: formOf(reloaded, { price: "777" }),
      files: [],
      expectedUpdatedAt: reloaded.updatedAt,
    });
    expect(retried).toEqual({ ok: true, id, created: false });
    const final = await load(id);
    expect(final.values.price).toBe("777");
    expect(final.images).toEqual(afterB.images);
  });

  it("two saves from the same version at once: exactly one goes through, the other is refused as stale", async () => {
    const id = editable[1]!.id;
    const page = await load(id);
    const results = await Promise.all(
      ["1111", "2222", "3333", "4444"].map((price) =>
        saveProduct(t.db, storage, { id, fields: formOf(page, { price }), files: [], expectedUpdatedAt: page.updatedAt }),
      ),
    );
    const winners = results.flatMap((result, i) => (result.ok ? [["1111", "2222", "3333", "4444"][i]!] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.status === 409 && result.formError === "stale")).toHaveLength(3);
    expect((await load(id)).values.price).toBe(winners[0]);
  });

  it("moving or deleting an image, and an order confirmation taking stock, each make an open form stale", async () => {
    const product = editable[2]!;
    const id = product.id;
    const seeded = await load(id);
    // Two images to move and delete.
    expect(
      await saveProduct(t.db, storage, {
        id,
        fields: formOf(seeded),
        files: [
          { name: "one.png", bytes: await png(200, 10, 10) },
          { name: "two.png", bytes: await png(10, 200, 10) },
        ],
        expectedUpdatedAt: seeded.updatedAt,
      }),
    ).toMatchObject({ ok: true });

    let page = await load(id);
    const [first, second] = page.images.slice(-2);
    expect(await moveProductImage(t.db, id, second!.id, "up")).toEqual({ ok: true });
    const afterMove = await load(id);
    expect(afterMove.updatedAt > page.updatedAt).toBe(true);
    expect(await saveProduct(t.db, storage, { id, fields: formOf(page), files: [], expectedUpdatedAt: page.updatedAt })).toMatchObject({
      status: 409,
      formError: "stale",
    });
    expect((await load(id)).images).toEqual(afterMove.images);

    page = afterMove;
    expect(await deleteProductImage(t.db, storage, id, first!.id)).toEqual({ ok: true });
    const afterDelete = await load(id);
    expect(afterDelete.updatedAt > page.updatedAt).toBe(true);
    expect(await saveProduct(t.db, storage, { id, fields: formOf(page), files: [], expectedUpdatedAt: page.updatedAt })).toMatchObject({
      status: 409,
      formError: "stale",
    });

    // The form shows the stock quantity: saving it over a confirmation would undo the stock taken.
    await setStock(id, 10);
    page = await load(id);
    const order = await orderId(await placeOrder(t.db, orderBody(id, nextPhone(), 3), { ip: "192.0.2.30", language: "ar" }, open));
    expect(await changeOrderStatus(t.db, order, "confirmed", admin)).toEqual({ ok: true });
    expect(await saveProduct(t.db, storage, { id, fields: formOf(page), files: [], expectedUpdatedAt: page.updatedAt })).toMatchObject({
      status: 409,
      formError: "stale",
    });
    expect(await stockOf(id)).toBe(7);

    // A save without a version (a script, an older client) is not checked, as before.
    expect(await saveProduct(t.db, storage, { id, fields: formOf(await load(id), { price: "999" }), files: [] })).toMatchObject({ ok: true });
  });

  it("a stale save with new images stores none of them, rows or files", async () => {
    const id = editable[3]!.id;
    const pageA = await load(id);
    const pageB = await load(id);
    expect(
      await saveProduct(t.db, storage, { id, fields: formOf(pageB, { sku: "B-1" }), files: [], expectedUpdatedAt: pageB.updatedAt }),
    ).toMatchObject({
      ok: true,
    });
    const current = await load(id);
    const filesBefore = await storedFiles();
    const refused = await saveProduct(t.db, storage, {
      id,
      fields: formOf(pageA, { price: "5" }),
      files: [{ name: "late.png", bytes: await png(1, 2, 3) }],
      expectedUpdatedAt: pageA.updatedAt,
    });
    expect(refused).toMatchObject({ ok: false, status: 409, formError: "stale" });
    expect(await load(id)).toEqual(current);
    expect(await storedFiles()).toEqual(filesBefore);
  });
});
