import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { ORDER_STATUSES, parseOrderFilter, type OrderStatus } from "~/lib/order-filter";
import { canTransition } from "~/lib/order-workflow";
import {
  countOrders,
  countOrdersByStatus,
  selectOrders,
  selectOrderWithItems,
  selectDuplicateOrders,
} from "~/server/orders/admin-orders.repo.server";
import { blockPhone, changeOrderStatus, unblockPhone } from "~/server/orders/order-workflow.server";
import { placeOrder, type OrderSettings } from "~/server/orders/order.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const products = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 5);
const open: OrderSettings = { perIp: { limit: 100_000, windowSeconds: 600 }, perPhone: { limit: 100_000, windowSeconds: 3600 } };
const admin = { adminId: null, email: "admin@example.com" };

let phoneCounter = 0;
function nextPhone(): string {
  phoneCounter += 1;
  return `0770${String(phoneCounter).padStart(6, "0")}`;
}

async function order(productId: string, quantity = 1, customer: Record<string, string> = {}, settings: OrderSettings = open) {
  const result = await placeOrder(
    t.db,
    {
      source: "cart_page",
      items: [{ productId, quantity }],
      customer: { firstName: "أمين", lastName: "بن علي", phone: nextPhone(), wilayaCode: "16", ...customer },
    },
    { ip: "192.0.2.9", language: "ar" },
    settings,
  );
  if (!result.ok) throw new Error(`order refused: ${JSON.stringify(result.error)}`);
  const row = await t.db.selectFrom("orders").select(["id"]).where("order_number", "=", result.order.orderNumber).executeTakeFirstOrThrow();
  return row.id;
}

async function stockOf(productId: string): Promise<number> {
  const row = await t.db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirstOrThrow();
  return Number(row.stock_quantity);
}

async function setStock(productId: string, quantity: number) {
  await t.db.updateTable("products").set({ stock_quantity: quantity, in_stock: true }).where("id", "=", productId).execute();
}

async function statusOf(id: number): Promise<OrderStatus> {
  return (await t.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
}

/** Drives an order from new to `status` along the workflow. */
const path: Record<OrderStatus, OrderStatus[]> = {
  new: [],
  confirmed: ["confirmed"],
  shipped: ["confirmed", "shipped"],
  delivered: ["confirmed", "shipped", "delivered"],
  cancelled: ["cancelled"],
  returned: ["confirmed", "shipped", "returned"],
};

async function orderIn(status: OrderStatus, productId = products[0]!.id) {
  await setStock(productId, 1000);
  const id = await order(productId);
  for (const to of path[status]) expect(await changeOrderStatus(t.db, id, to, admin)).toEqual({ ok: true });
  expect(await statusOf(id)).toBe(status);
  return id;
}

describe("status workflow", () => {
  it("refuses every transition outside the workflow, and changes nothing", async () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (canTransition(from, to)) continue;
        const id = await orderIn(from);
        const events = await t.db.selectFrom("order_events").select("id").where("order_id", "=", id).execute();
        const result = await changeOrderStatus(t.db, id, to, admin);
        expect(result, `${from} → ${to}`).toMatchObject({ ok: false, code: "not_allowed", from, to });
        expect(await statusOf(id)).toBe(from);
        expect(await t.db.selectFrom("order_events").select("id").where("order_id", "=", id).execute()).toHaveLength(events.length);
      }
    }
  });

  it("refuses unknown statuses and orders", async () => {
    const id = await orderIn("new");
    expect(await changeOrderStatus(t.db, id, "lost", admin)).toMatchObject({ ok: false, code: "invalid_status" });
    expect(await changeOrderStatus(t.db, 999_999, "confirmed", admin)).toMatchObject({ ok: false, code: "not_found" });
  });

  it("confirm takes stock; cancel after confirmation puts it back; every change is an event with its actor and note", async () => {
    const product = products[1]!;
    await setStock(product.id, 10);
    const id = await order(product.id, 3);
    expect(await changeOrderStatus(t.db, id, "confirmed", admin, "called, OK")).toEqual({ ok: true });
    expect(await stockOf(product.id)).toBe(7);
    expect(await changeOrderStatus(t.db, id, "cancelled", admin)).toEqual({ ok: true });
    expect(await stockOf(product.id)).toBe(10);
    const events = await t.db.selectFrom("order_events").select(["status", "actor", "note"]).where("order_id", "=", id).orderBy("id").execute();
    expect(events).toEqual([
      { status: "new", actor: "shopper", note: null },
      { status: "confirmed", actor: "admin@example.com", note: "called, OK" },
      { status: "cancelled", actor: "admin@example.com", note: null },
    ]);
  });

  it("cancelling a new order leaves stock alone; a return puts it back; delivery keeps it taken", async () => {
    const product = products[2]!;
    await setStock(product.id, 10);
    const cancelled = await order(product.id, 2);
    expect(await changeOrderStatus(t.db, cancelled, "cancelled", admin)).toEqual({ ok: true });
    expect(await stockOf(product.id)).toBe(10);

    const returned = await order(product.id, 2);
    for (const to of ["confirmed", "shipped"] as const) await changeOrderStatus(t.db, returned, to, admin);
    expect(await stockOf(product.id)).toBe(8);
    expect(await changeOrderStatus(t.db, returned, "returned", admin)).toEqual({ ok: true });
    expect(await stockOf(product.id)).toBe(10);

    const delivered = await order(product.id, 4);
    for (const to of ["confirmed", "shipped", "delivered"] as const)
      expect(await changeOrderStatus(t.db, delivered, to, admin)).toEqual({ ok: true });
    expect(await stockOf(product.id)).toBe(6);
  });

  it("refuses to confirm when stock is short, naming the product, and keeps everything as it was", async () => {
    const product = products[3]!;
    await setStock(product.id, 5);
    const id = await order(product.id, 4);
    await setStock(product.id, 3);
    const result = await changeOrderStatus(t.db, id, "confirmed", admin);
    expect(result).toMatchObject({ ok: false, code: "out_of_stock", product: product.title, available: 3 });
    expect(await statusOf(id)).toBe("new");
    expect(await stockOf(product.id)).toBe(3);
  });

  it("20 concurrent confirmations for a product with 5 in stock confirm exactly 5", async () => {
    const product = products[4]!;
    await setStock(product.id, 5);
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(await order(product.id, 1));
    // Orders were accepted while stock lasted at placement; stock is taken only at confirmation.
    const results = await Promise.all(ids.map((id) => changeOrderStatus(t.db, id, "confirmed", admin)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.code === "out_of_stock")).toHaveLength(15);
    expect(await stockOf(product.id)).toBe(0);
    const statuses = await Promise.all(ids.map(statusOf));
    expect(statuses.filter((s) => s === "confirmed")).toHaveLength(5);
    expect(statuses.filter((s) => s === "new")).toHaveLength(15);
  });

  it("the same order confirmed twice at once is confirmed once", async () => {
    const product = products[5]!;
    await setStock(product.id, 10);
    const id = await order(product.id, 2);
    const results = await Promise.all([1, 2, 3].map(() => changeOrderStatus(t.db, id, "confirmed", admin)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(8);
  });
});

describe("blocklist", () => {
  it("refuses orders from a blocked phone with a neutral message, and stores nothing", async () => {
    const phone = "0555987654";
    expect(await blockPhone(t.db, phone, admin, "fake orders")).toEqual({ ok: true });
    const before = Number(
      (
        await t.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const result = await placeOrder(
      t.db,
      {
        source: "cart_page",
        items: [{ productId: products[0]!.id, quantity: 1 }],
        customer: { firstName: "س", lastName: "ع", phone: "+213 555 98 76 54", wilayaCode: "16" },
      },
      { ip: "192.0.2.10", language: "ar" },
      open,
    );
    expect(result).toMatchObject({ ok: false, status: 422, error: { code: "rejected" } });
    const after = Number(
      (
        await t.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);

    expect(await unblockPhone(t.db, phone)).toEqual({ ok: true });
    await setStock(products[0]!.id, 1000);
    await order(products[0]!.id, 1, { phone });
  });
});

describe("admin orders list", () => {
  it("filters by status, wilaya, source, dates and searches by phone, name or number", async () => {
    const product = products[6]!;
    await setStock(product.id, 1000);
    const a = await order(product.id, 1, { firstName: "Zineb", lastName: "Kaci", phone: "0699111222", wilayaCode: "31" });
    const b = await order(product.id, 2, { firstName: "Yacine", lastName: "Kaci", phone: "0699333444", wilayaCode: "31" });
    await changeOrderStatus(t.db, b, "confirmed", admin);
    const ids = async (query: string) => (await selectOrders(t.db, parseOrderFilter(new URLSearchParams(query)), { limit: 1000 })).map((o) => o.id);

    expect(await ids("q=0699111222")).toEqual([a]);
    expect(await ids("q=0699 111")).toEqual([a]);
    expect(await ids("q=zineb")).toEqual([a]);
    expect(await ids("q=Kaci")).toEqual([b, a]);
    expect(await ids("q=Kaci&status=confirmed")).toEqual([b]);
    const number = (await selectOrderWithItems(t.db, b))!.order.order_number;
    expect(await ids(`q=${number}`)).toEqual([b]);
    expect(await ids(`q=${b}`)).toContain(b);
    expect(await ids("wilaya=31&q=kaci")).toEqual([b, a]);
    expect(await ids("wilaya=16&q=kaci")).toEqual([]);
    expect(await ids("source=contact_form&q=kaci")).toEqual([]);
    expect(await ids("from=2000-01-01&to=2000-01-02&q=kaci")).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`from=${today}&q=kaci`)).toEqual([b, a]);
    expect(await ids("q=%25")).toEqual([]);

    const filter = parseOrderFilter(new URLSearchParams("q=kaci"));
    expect(await countOrders(t.db, filter)).toBe(2);
    expect(await countOrdersByStatus(t.db, { ...filter, status: "new" })).toEqual({ new: 1, confirmed: 1 });
    const listed = await selectOrders(t.db, filter);
    expect(listed[0]).toMatchObject({ id: b, items_count: 2, wilaya_code: "31", status: "confirmed" });
  });

  it("flags the same phone ordering the same product within 24 hours", async () => {
    const product = products[7]!;
    await setStock(product.id, 1000);
    const first = await order(product.id, 1, { phone: "0698000111" });
    const second = await order(product.id, 1, { phone: "0698000111" });
    const other = await order(products[0]!.id, 1, { phone: "0698000111" });
    const found = (await selectOrderWithItems(t.db, second))!;
    const duplicates = await selectDuplicateOrders(
      t.db,
      found.order,
      found.items.map((i) => i.product_id),
    );
    expect(duplicates.map((d) => d.id)).toEqual([first]);
    expect(duplicates.map((d) => d.id)).not.toContain(other);
  });
});
