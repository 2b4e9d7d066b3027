import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "~/lib/order-filter";
import type { ParcelRowState } from "~/lib/couriers";
import { listAdminOrders, ORDERS_PER_PAGE } from "~/server/orders/index.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { testOrderRow } from "../support/order-row";

/**
 * The admin orders list with each order's live parcel: its columns, the needs-attention filter
 * and its count, pagination. Parcels are inserted directly (the shipping domain writes them).
 */

let t: TestDatabase;
const now = new Date("2026-11-26T12:00:00.000Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
let counter = 0;

async function insertOrder(status: OrderStatus, createdAt = hoursAgo(24 * 3)): Promise<number> {
  counter += 1;
  const row = await t.db
    .insertInto("orders")
    .values(testOrderRow({ order_number: `T-LIST-${counter}`, status, phone: `0550${String(counter).padStart(6, "0")}` }, createdAt))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertParcel(
  orderId: number,
  state: ParcelRowState,
  { changedHoursAgo = 1, failedAttempts = 0, needsHandover = false, tracking = `YAL-${orderId}-${state}` as string | null } = {},
) {
  await t.db
    .insertInto("parcels")
    .values({
      order_id: orderId,
      account_id: null,
      family: "yalidine",
      courier_label: "Yalidine",
      reference: `T-LIST-${orderId}`,
      tracking,
      state,
      needs_handover: needsHandover,
      failed_attempts: failedAttempts,
      state_changed_at: hoursAgo(changedHoursAgo),
      created_by: "admin@example.com",
      created_at: hoursAgo(24 * 10),
      updated_at: hoursAgo(changedHoursAgo),
    })
    .execute();
}

type Name = "plain" | "fresh" | "stuck" | "failed" | "stopDesk" | "delivered" | "recreated" | "unknown" | "handover" | "failedBefore";
const ids = {} as Record<Name, number>;
const attentionNames: Name[] = ["stuck", "failed", "stopDesk", "unknown", "handover", "failedBefore"];

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db
    .insertInto("wilayas")
    .values({
      code: "16",
      name: "Alger",
      name_ar: "الجزائر",
      home_price: 400,
      delivery_time: "1-2",
      zone: "A",
      parent_code: null,
      active: true,
      stop_desk_price: 300,
    })
    .execute();
  ids.plain = await insertOrder("confirmed");
  ids.fresh = await insertOrder("shipped");
  await insertParcel(ids.fresh, "in_transit", { changedHoursAgo: 2 });
  ids.stuck = await insertOrder("shipped");
  await insertParcel(ids.stuck, "in_transit", { changedHoursAgo: 24 * 6 });
  ids.failed = await insertOrder("shipped");
  await insertParcel(ids.failed, "attempt_failed", { failedAttempts: 1 });
  ids.stopDesk = await insertOrder("shipped");
  await insertParcel(ids.stopDesk, "at_stop_desk");
  ids.delivered = await insertOrder("delivered");
  await insertParcel(ids.delivered, "delivered", { failedAttempts: 1, changedHoursAgo: 24 * 30 });
  // A cancelled parcel, then a live one: the list shows the live one, once.
  ids.recreated = await insertOrder("shipped");
  await insertParcel(ids.recreated, "cancelled", { changedHoursAgo: 24 * 9, tracking: "YAL-OLD" });
  await insertParcel(ids.recreated, "ready", { changedHoursAgo: 3 });
  ids.unknown = await insertOrder("confirmed");
  await insertParcel(ids.unknown, "unknown", { tracking: null });
  ids.handover = await insertOrder("shipped");
  await insertParcel(ids.handover, "draft", { needsHandover: true });
  ids.failedBefore = await insertOrder("shipped");
  await insertParcel(ids.failedBefore, "in_transit", { failedAttempts: 1 });
});
afterAll(async () => {
  await t.destroy();
});

describe("admin orders list with parcels", () => {
  it("shows each order's live parcel: courier, tracking number, state, since when, and why it needs attention", async () => {
    const list = await listAdminOrders(t.db, {}, 1, now);
    expect(list.total).toBe(Object.keys(ids).length);
    expect(list.orders).toHaveLength(Object.keys(ids).length);
    const byId = new Map(list.orders.map((order) => [order.id, order]));
    expect(byId.get(ids.plain)?.parcel).toBeNull();
    expect(byId.get(ids.fresh)?.parcel).toEqual({
      courierLabel: "Yalidine",
      tracking: `YAL-${ids.fresh}-in_transit`,
      state: "in_transit",
      stateChangedAt: hoursAgo(2),
      attention: null,
    });
    expect(byId.get(ids.recreated)?.parcel).toMatchObject({ state: "ready", tracking: `YAL-${ids.recreated}-ready`, attention: null });
    expect(byId.get(ids.stuck)?.parcel?.attention).toBe("stuck");
    expect(byId.get(ids.failed)?.parcel?.attention).toBe("failed_attempt");
    expect(byId.get(ids.failedBefore)?.parcel?.attention).toBe("failed_attempt");
    expect(byId.get(ids.stopDesk)?.parcel?.attention).toBe("at_stop_desk");
    expect(byId.get(ids.unknown)?.parcel).toMatchObject({ state: "unknown", tracking: null, attention: "unknown" });
    expect(byId.get(ids.handover)?.parcel?.attention).toBe("handover");
    expect(byId.get(ids.delivered)?.parcel?.attention).toBeNull();
  });

  it("filters the orders needing attention, the same ones the rows flag, and counts them on the chip", async () => {
    const all = await listAdminOrders(t.db, {}, 1, now);
    const expected = attentionNames.map((name) => ids[name]).sort();
    expect(all.attentionCount).toBe(expected.length);
    expect(
      all.orders
        .filter((order) => order.parcel?.attention)
        .map((order) => order.id)
        .sort(),
    ).toEqual(expected);

    const filtered = await listAdminOrders(t.db, { attention: true }, 1, now);
    expect(filtered.orders.map((order) => order.id).sort()).toEqual(expected);
    expect(filtered.total).toBe(expected.length);
    expect(filtered.attentionCount).toBe(expected.length);
    expect(filtered.byStatus).toEqual({ shipped: 5, confirmed: 1 });

    const confirmed = await listAdminOrders(t.db, { attention: true, status: "confirmed" }, 1, now);
    expect(confirmed.orders.map((order) => order.id)).toEqual([ids.unknown]);
    // A day later the fresh parcel in transit is still within its courier's usual time; five days later it is not.
    expect((await listAdminOrders(t.db, { attention: true }, 1, new Date(now.getTime() + 24 * 3_600_000))).total).toBe(expected.length);
    const later = await listAdminOrders(t.db, { attention: true }, 1, new Date(now.getTime() + 5 * 24 * 3_600_000));
    expect(later.orders.map((order) => order.id)).toContain(ids.fresh);
    expect(later.orders.map((order) => order.id)).toContain(ids.recreated);
  });

  it("pages the filtered list", async () => {
    const extra = ORDERS_PER_PAGE;
    for (let i = 0; i < extra; i += 1) {
      const id = await insertOrder("shipped", hoursAgo(24 * 8 + i));
      await insertParcel(id, "ready", { changedHoursAgo: 24 * 7 });
    }
    const expectedTotal = attentionNames.length + extra;
    const first = await listAdminOrders(t.db, { attention: true }, 1, now);
    const second = await listAdminOrders(t.db, { attention: true }, 2, now);
    expect(first.total).toBe(expectedTotal);
    expect(first.pageCount).toBe(2);
    expect(first.orders).toHaveLength(ORDERS_PER_PAGE);
    expect(second.page).toBe(2);
    expect(second.orders).toHaveLength(expectedTotal - ORDERS_PER_PAGE);
    const seen = new Set([...first.orders, ...second.orders].map((order) => order.id));
    expect(seen.size).toBe(expectedTotal);
    expect([...first.orders, ...second.orders].every((order) => order.parcel?.attention)).toBe(true);
    // Newest first: the attention orders of beforeAll (3 days old) before the extra ones (8 days and more).
    expect(
      first.orders
        .slice(0, attentionNames.length)
        .map((order) => order.id)
        .sort(),
    ).toEqual(attentionNames.map((name) => ids[name]).sort());
  });
});
