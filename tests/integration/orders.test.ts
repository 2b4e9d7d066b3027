import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import type { OrderRequestBody } from "~/lib/order-request";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { blockPhone } from "~/server/orders/order-workflow.server";
import { FORM_DUPLICATE_WINDOW_SECONDS, placeOrder, type OrderSettings, type PlaceOrderContext } from "~/server/orders/order.service.server";
import { toBool } from "~/server/db/types.server";
import { selectOrders, selectOrderWithItems } from "~/server/orders/admin-orders.repo.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const plenty = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 20).sort((a, b) => b.stockQuantity - a.stockQuantity);
const toy = plenty[0]!;
const other = plenty[1]!;
const soldOut = demoProducts.find((p) => !p.inStock)!;
const few = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity > 0 && p.stockQuantity < 10)!;

/** Generous limits: most tests are not about them. */
const open: OrderSettings = { perIp: { limit: 10_000, windowSeconds: 600 }, perPhone: { limit: 10_000, windowSeconds: 3600 } };

let phoneCounter = 0;
/** A fresh valid mobile number per call, so per-phone limits never mix tests up. */
function nextPhone(): string {
  phoneCounter += 1;
  return `0661${String(phoneCounter).padStart(6, "0")}`;
}

function body(overrides: Partial<OrderRequestBody> = {}, customer: Partial<OrderRequestBody["customer"]> = {}) {
  return {
    source: "cart_page" as const,
    items: [{ productId: toy.id, quantity: 2 }],
    ...overrides,
    customer: { firstName: "أمين", lastName: "بن علي", phone: nextPhone(), wilayaCode: "16", ...customer },
  };
}

const context = (extra: Partial<PlaceOrderContext> = {}): PlaceOrderContext => ({ ip: "192.0.2.1", language: "ar", ...extra });

async function counts() {
  const count = async (table: "orders" | "order_items" | "order_events" | "outbox") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    orders: await count("orders"),
    order_items: await count("order_items"),
    order_events: await count("order_events"),
    outbox: await count("outbox"),
  };
}

describe("placing an order", () => {
  it("stores the order with database prices, whatever the body claims", async () => {
    const before = await counts();
    const result = await placeOrder(
      t.db,
      {
        ...body({ items: [{ productId: toy.id, quantity: 2, price: 1 } as never, { productId: other.id, quantity: 1 }] }),
        total: 1,
        itemsTotal: 1,
        deliveryPrice: 0,
      },
      context({ userAgent: "vitest" }),
      open,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const itemsTotal = toy.price * 2 + other.price;
    const alger = await t.db.selectFrom("wilayas").select("home_price").where("code", "=", "16").executeTakeFirstOrThrow();
    expect(result.status).toBe(201);
    expect(result.replayed).toBe(false);
    expect(result.order).toEqual({
      orderNumber: expect.stringMatching(/^SQ-\d{6}$/),
      itemsTotal,
      deliveryPrice: alger.home_price,
      total: itemsTotal + alger.home_price,
      status: "new",
    });

    const after = await counts();
    expect(after).toEqual({ ...before, orders: before.orders + 1, order_items: before.order_items + 2, order_events: before.order_events + 1 });

    const order = await t.db.selectFrom("orders").selectAll().where("order_number", "=", result.order.orderNumber).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      source: "cart_page",
      status: "new",
      wilaya_code: "16",
      total: itemsTotal + alger.home_price,
      ip: "192.0.2.1",
      user_agent: "vitest",
    });
    const lines = await t.db.selectFrom("order_items").selectAll().where("order_id", "=", order.id).orderBy("position").execute();
    expect(lines.map((l) => [l.product_id, l.title, l.unit_price, l.compare_at_price, l.quantity, l.line_total])).toEqual([
      [toy.id, toy.title, toy.price, toy.compareAtPrice, 2, toy.price * 2],
      [other.id, other.title, other.price, other.compareAtPrice, 1, other.price],
    ]);
    const events = await t.db.selectFrom("order_events").selectAll().where("order_id", "=", order.id).execute();
    expect(events).toMatchObject([{ status: "new", actor: "shopper" }]);
  });

  it("does not take stock (that happens at confirmation)", async () => {
    const stock = async () =>
      (await t.db.selectFrom("products").select("stock_quantity").where("id", "=", toy.id).executeTakeFirstOrThrow()).stock_quantity;
    const before = await stock();
    expect((await placeOrder(t.db, body(), context(), open)).ok).toBe(true);
    expect(await stock()).toBe(before);
  });

  it("writes an outbox message in the same transaction when a webhook is configured", async () => {
    const before = await counts();
    const result = await placeOrder(t.db, body(), context(), { ...open, webhookUrl: "http://127.0.0.1:9/hook" });
    expect(result.ok).toBe(true);
    expect((await counts()).outbox).toBe(before.outbox + 1);
  });
});

describe("refused orders store nothing", () => {
  const cases: [string, unknown, 422, string, string[]][] = [
    ["a bad phone", body({}, { phone: "0212345678" }), 422, "invalid_order", ["phone"]],
    ["an empty first name", body({}, { firstName: " " }), 422, "invalid_order", ["firstName"]],
    ["a 61-character last name", body({}, { lastName: "ب".repeat(61) }), 422, "invalid_order", ["lastName"]],
    ["an unknown wilaya", body({}, { wilayaCode: "99" }), 422, "unknown_wilaya", ["wilaya"]],
    ["a malformed wilaya", body({}, { wilayaCode: "alger" }), 422, "invalid_order", ["wilaya"]],
    [
      "an unknown product",
      body({
        items: [
          { productId: toy.id, quantity: 1 },
          { productId: "p-nope", quantity: 1 },
        ],
      }),
      422,
      "unknown_product",
      ["items.1.productId"],
    ],
    ["an out-of-stock product", body({ items: [{ productId: soldOut.id, quantity: 1 }] }), 422, "out_of_stock", ["items.0.quantity"]],
    ["more than the stock", body({ items: [{ productId: few.id, quantity: few.stockQuantity + 1 }] }), 422, "out_of_stock", ["items.0.quantity"]],
    ["quantity 0", body({ items: [{ productId: toy.id, quantity: 0 }] }), 422, "invalid_order", ["items.0.quantity"]],
    ["quantity 100", body({ items: [{ productId: toy.id, quantity: 100 }] }), 422, "invalid_order", ["items.0.quantity"]],
    ["quantity 1.5", body({ items: [{ productId: toy.id, quantity: 1.5 }] }), 422, "invalid_order", ["items.0.quantity"]],
    ["quantity -1", body({ items: [{ productId: toy.id, quantity: -1 }] }), 422, "invalid_order", ["items.0.quantity"]],
    ["no items", body({ items: [] }), 422, "invalid_order", ["items"]],
    ["a filled honeypot", { ...body(), website: "http://spam.example" }, 422, "rejected", []],
    ["no body at all", null, 422, "invalid_order", ["body"]],
  ];

  it.each(cases)("%s", async (_name, input, status, code, fields) => {
    const before = await counts();
    const result = await placeOrder(t.db, input, context(), { ...open, webhookUrl: "http://127.0.0.1:9/hook" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(status);
    expect(result.error.code).toBe(code);
    expect(Object.keys(result.error.fields).sort()).toEqual(fields.sort());
    // A refusal for stock names the product and what is left (below), never the generic text.
    if (code !== "out_of_stock") expect(result.error.message).toBe(ar.orders.errors[code as keyof typeof ar.orders.errors]);
    for (const message of Object.values(result.error.fields)) expect(message).not.toMatch(/^orders\./);
    expect(await counts()).toEqual(before);
  });

  it("a quantity above the stock is refused with the product's name and how many are left, in its field and the message", async () => {
    const result = await placeOrder(t.db, body({ items: [{ productId: few.id, quantity: few.stockQuantity + 1 }] }), context(), open);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const field = result.error.fields["items.0.quantity"]!;
    expect(field).toContain(few.title);
    expect(field).toContain(String(few.stockQuantity));
    expect(result.error.message).toBe(field);
    const french = await placeOrder(t.db, body({ items: [{ productId: soldOut.id, quantity: 1 }] }), context({ language: "fr" }), open);
    if (french.ok) throw new Error("accepted");
    expect(french.error.message).toContain(soldOut.titleFr);
    expect(french.error.message).toContain("rupture");
  });

  it("translates the messages into the shopper's language", async () => {
    const result = await placeOrder(t.db, body({}, { phone: "123" }), context({ language: "fr" }), open);
    expect(result).toMatchObject({
      ok: false,
      status: 422,
      error: { code: "invalid_order", message: fr.orders.errors.invalid_order, fields: { phone: fr.orders.fields.invalid_phone } },
    });
  });

  it("refuses a malformed Idempotency-Key with 400", async () => {
    const result = await placeOrder(t.db, body(), context({ idempotencyKey: "x".repeat(201) }), open);
    expect(result).toMatchObject({ ok: false, status: 400, error: { code: "invalid_idempotency_key" } });
  });
});

describe("under load", () => {
  it("stores 50 concurrent valid orders", async () => {
    const before = await counts();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        placeOrder(t.db, body({ items: [{ productId: other.id, quantity: 1 }] }), context({ ip: `198.51.100.${i}` }), open),
      ),
    );
    expect(results.filter((r) => r.ok && r.status === 201)).toHaveLength(50);
    const numbers = new Set(results.map((r) => (r.ok ? r.order.orderNumber : "")));
    expect(numbers.size).toBe(50);
    const after = await counts();
    expect(after.orders - before.orders).toBe(50);
    expect(after.order_items - before.order_items).toBe(50);
    expect(after.order_events - before.order_events).toBe(50);
  });

  it("stores one order for 10 concurrent requests with the same Idempotency-Key", async () => {
    const before = await counts();
    const request = body();
    const key = `key-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        placeOrder(t.db, request, context({ idempotencyKey: key }), { ...open, perPhone: { limit: 1, windowSeconds: 3600 } }),
      ),
    );
    expect(results.every((r) => r.ok && r.status === 201)).toBe(true);
    const orders = results.map((r) => (r.ok ? r.order : null));
    expect(new Set(orders.map((o) => o?.orderNumber)).size).toBe(1);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(results.filter((r) => r.ok && r.replayed)).toHaveLength(9);
    expect((await counts()).orders).toBe(before.orders + 1);

    // Retried later: the same first order, replayed.
    const again = await placeOrder(t.db, request, context({ idempotencyKey: key }), open);
    expect(again).toMatchObject({ ok: true, status: 201, replayed: true, order: orders[0] });
    expect((await counts()).orders).toBe(before.orders + 1);
  });

  it("does not disclose an order to another phone reusing its Idempotency-Key", async () => {
    const key = `shared-${Date.now()}`;
    expect((await placeOrder(t.db, body(), context({ idempotencyKey: key }), open)).ok).toBe(true);
    const result = await placeOrder(t.db, body(), context({ idempotencyKey: key }), open);
    expect(result).toMatchObject({ ok: false, status: 422, error: { code: "idempotency_key_reused" } });
  });

  it("refuses an Idempotency-Key reused with another body (same phone), storing nothing", async () => {
    const key = `reused-${Date.now()}`;
    const first = body();
    const phone = first.customer.phone;
    expect(await placeOrder(t.db, first, context({ idempotencyKey: key }), open)).toMatchObject({ ok: true, replayed: false });
    const before = await counts();
    for (const changed of [
      { ...first, items: [{ productId: toy.id, quantity: 3 }] },
      { ...first, items: [{ productId: other.id, quantity: 2 }] },
      body({}, { phone, address: "حي 1" }),
      body({ deliveryType: "stop_desk" }, { phone }),
    ]) {
      const result = await placeOrder(t.db, changed, context({ idempotencyKey: key }), open);
      expect(result).toMatchObject({
        ok: false,
        status: 422,
        error: { code: "idempotency_key_reused", message: ar.orders.errors.idempotency_key_reused },
      });
    }
    expect(await counts()).toEqual(before);
    // The same request, spelled differently (phone format, spaces, extra fields), is the same: a replay.
    const respelled = {
      ...first,
      customer: { ...first.customer, phone: `+213 ${phone.slice(1)}`, firstName: ` ${first.customer.firstName} ` },
      total: 1,
    };
    expect(await placeOrder(t.db, respelled, context({ idempotencyKey: key }), open)).toMatchObject({ ok: true, replayed: true });
    expect(await counts()).toEqual(before);
  });

  it("stores one order when one Idempotency-Key races with two bodies; the other body is refused", async () => {
    const key = `race-bodies-${Date.now()}`;
    const a = body();
    const b = { ...a, items: [{ productId: other.id, quantity: 1 }] };
    const before = await counts();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => placeOrder(t.db, i % 2 === 0 ? a : b, context({ idempotencyKey: key }), open)),
    );
    expect((await counts()).orders).toBe(before.orders + 1);
    const stored = await t.db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .select("product_id")
      .where("orders.idempotency_key", "=", key)
      .executeTakeFirstOrThrow();
    const winner = stored.product_id === toy.id ? 0 : 1;
    results.forEach((result, i) => {
      if (i % 2 === winner) expect(result, `request ${i}`).toMatchObject({ ok: true, status: 201 });
      else expect(result, `request ${i}`).toMatchObject({ ok: false, status: 422, error: { code: "idempotency_key_reused" } });
    });
  });
});

// The forms' own posts through their route actions: tests/integration/order-forms.test.ts.
describe("plain form posts (no key in the page)", () => {
  it("holds a post's duplicate for one to two windows, across a window's end", async () => {
    const window = FORM_DUPLICATE_WINDOW_SECONDS;
    const at = (seconds: number): OrderSettings => ({ ...open, now: () => new Date(Date.UTC(2031, 0, 1) + seconds * 1000) });
    const request = body();
    const formContext = context({ ip: "192.0.2.120", formPost: true });
    const first = await placeOrder(t.db, request, formContext, at(window - 1));
    expect(first).toMatchObject({ ok: true, replayed: false });
    // Just after the window's end, still the same post.
    expect(await placeOrder(t.db, request, formContext, at(window + 1))).toEqual({ ...first, replayed: true });
    // Another address with the same content is another shopper (carrier NAT aside).
    expect(await placeOrder(t.db, request, { ...formContext, ip: "192.0.2.121" }, at(window + 1))).toMatchObject({ ok: true, replayed: false });
    // Two windows later, a new order.
    const later = await placeOrder(t.db, request, formContext, at(2 * window + 1));
    expect(later).toMatchObject({ ok: true, replayed: false });
    if (first.ok && later.ok) expect(later.order.orderNumber).not.toBe(first.order.orderNumber);
  });

  it("stores one order for the same post sent five times at once", async () => {
    const before = await counts();
    const request = body();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(t.db, request, context({ ip: "192.0.2.125", formPost: true }), open)),
    );
    expect((await counts()).orders).toBe(before.orders + 1);
    expect(new Set(results.map((r) => (r.ok ? r.order.orderNumber : r.error.code))).size).toBe(1);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
  });

  it("never matches a client's Idempotency-Key with a derived one", async () => {
    const request = body();
    const viaForm = await placeOrder(t.db, request, context({ ip: "192.0.2.130", formPost: true }), open);
    const stored = await t.db.selectFrom("orders").select("idempotency_key").where("phone", "=", request.customer.phone).executeTakeFirstOrThrow();
    expect(stored.idempotency_key).toMatch(/^form [0-9a-f]{64}$/);
    const viaApi = await placeOrder(t.db, request, context({ ip: "192.0.2.130", idempotencyKey: stored.idempotency_key }), open);
    expect(viaApi).toMatchObject({ ok: false, status: 400, error: { code: "invalid_idempotency_key" } });
    expect(viaForm).toMatchObject({ ok: true });
  });
});

describe("rate limits", () => {
  it("answers 429, translated, past the orders allowed per address", async () => {
    const settings: OrderSettings = { ...open, perIp: { limit: 3, windowSeconds: 600 } };
    const ip = "203.0.113.7";
    for (let i = 0; i < 3; i++) expect((await placeOrder(t.db, body(), context({ ip }), settings)).status).toBe(201);
    const before = await counts();
    const refused = await placeOrder(t.db, body(), context({ ip, language: "fr" }), settings);
    expect(refused).toMatchObject({ ok: false, status: 429, error: { code: "rate_limited", message: fr.orders.errors.rate_limited } });
    const arabic = await placeOrder(t.db, body(), context({ ip }), settings);
    expect(arabic).toMatchObject({ status: 429, error: { message: ar.orders.errors.rate_limited } });
    expect(await counts()).toEqual(before);
    // Another address is not affected.
    expect((await placeOrder(t.db, body(), context({ ip: "203.0.113.8" }), settings)).status).toBe(201);
  });

  const flaggedOf = async (result: Awaited<ReturnType<typeof placeOrder>>) => {
    if (!result.ok) throw new Error(`refused: ${result.error.code}`);
    const row = await t.db
      .selectFrom("orders")
      .select("phone_flagged")
      .where("order_number", "=", result.order.orderNumber)
      .executeTakeFirstOrThrow();
    return toBool(row.phone_flagged);
  };

  it("takes and flags, never refuses, a phone's orders past its limit from other addresses", async () => {
    const settings: OrderSettings = { ...open, perPhone: { limit: 2, windowSeconds: 3600 } };
    const phone = nextPhone();
    // A stranger uses the number from two addresses (written two ways: it is normalised first).
    const first = await placeOrder(t.db, body({}, { phone }), context({ ip: "203.0.113.20" }), settings);
    const second = await placeOrder(t.db, body({}, { phone: `+213 ${phone.slice(1)}` }), context({ ip: "203.0.113.21" }), settings);
    expect([await flaggedOf(first), await flaggedOf(second)]).toEqual([false, false]);
    // The number's owner orders from home: taken, flagged for the merchant.
    const own = await placeOrder(t.db, body({}, { phone }), context({ ip: "203.0.113.22", language: "fr" }), settings);
    expect(own).toMatchObject({ ok: true, status: 201, replayed: false });
    expect(await flaggedOf(own)).toBe(true);
    // And again, from yet other addresses: still taken.
    for (const ip of ["203.0.113.23", "203.0.113.24", "203.0.113.25"]) {
      expect(await flaggedOf(await placeOrder(t.db, body({}, { phone }), context({ ip }), settings))).toBe(true);
    }
    // The merchant sees it in the list and on the order.
    const listed = await selectOrders(t.db, { q: phone });
    expect(listed.map((row) => row.phone_flagged)).toEqual([true, true, true, true, false, false]);
    if (!own.ok) return;
    const id = listed.find((row) => row.order_number === own.order.orderNumber)!.id;
    expect(toBool((await selectOrderWithItems(t.db, id))!.order.phone_flagged)).toBe(true);
  });

  it("refuses (429) a phone's orders past its limit from the same address, storing nothing", async () => {
    const settings: OrderSettings = { ...open, perPhone: { limit: 2, windowSeconds: 3600 } };
    const phone = nextPhone();
    const ip = "203.0.113.40";
    for (let i = 0; i < 2; i++) expect((await placeOrder(t.db, body({}, { phone }), context({ ip }), settings)).status).toBe(201);
    const before = await counts();
    const refused = await placeOrder(t.db, body({}, { phone }), context({ ip }), settings);
    expect(refused).toMatchObject({ ok: false, status: 429, error: { code: "rate_limited", message: ar.orders.errors.rate_limited } });
    expect(await counts()).toEqual(before);
    // The refusal moved no counter: the phone's owner elsewhere is taken and flagged (2 + 1 > 2).
    const elsewhere = await placeOrder(t.db, body({}, { phone }), context({ ip: "203.0.113.41" }), settings);
    expect(await flaggedOf(elsewhere)).toBe(true);
    // Another phone from that address is not affected.
    expect(await flaggedOf(await placeOrder(t.db, body(), context({ ip }), settings))).toBe(false);
  });

  it("keeps refusing a blocked phone from any address, under or over the limit", async () => {
    const settings: OrderSettings = { ...open, perPhone: { limit: 1, windowSeconds: 3600 } };
    const phone = nextPhone();
    expect((await placeOrder(t.db, body({}, { phone }), context({ ip: "203.0.113.50" }), settings)).status).toBe(201);
    expect(await blockPhone(t.db, phone, { adminId: null, email: "merchant@shop.test" })).toEqual({ ok: true });
    const before = await counts();
    for (const ip of ["203.0.113.50", "203.0.113.51"]) {
      expect(await placeOrder(t.db, body({}, { phone }), context({ ip }), settings)).toMatchObject({
        ok: false,
        status: 422,
        error: { code: "rejected" },
      });
    }
    expect(await counts()).toEqual(before);
  });

  it("opens a new window once the old one is over", async () => {
    const ip = "203.0.113.30";
    const at = (iso: string): OrderSettings => ({ ...open, perIp: { limit: 1, windowSeconds: 600 }, now: () => new Date(iso) });
    expect((await placeOrder(t.db, body(), context({ ip }), at("2030-01-01T10:00:00Z"))).status).toBe(201);
    expect((await placeOrder(t.db, body(), context({ ip }), at("2030-01-01T10:09:59Z"))).status).toBe(429);
    expect((await placeOrder(t.db, body(), context({ ip }), at("2030-01-01T10:10:00Z"))).status).toBe(201);
  });
});
