import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderStatusesFor } from "~/lib/admin-roles";
import type { OrderStatus } from "~/lib/order-filter";
import { listAdminOrders, loadPrintableOrders, mayAdminOpenOrders } from "~/server/orders/index.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { testOrderRow } from "../support/order-row";

/**
 * What each role sees of the orders: a packer's list and CSV hold only orders past confirmation,
 * whatever the filter asks; one order opens as mayOpenOrder (app/lib/admin-roles.ts) says.
 */

let t: TestDatabase;
const ids = new Map<OrderStatus, number>();

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  const now = new Date().toISOString();
  for (const [index, status] of (["new", "confirmed", "shipped", "delivered", "cancelled", "returned"] as const).entries()) {
    const row = await t.db
      .insertInto("orders")
      .values(testOrderRow({ order_number: `T-ROLE-${index}`, status, phone: `05500000${String(index).padStart(2, "0")}` }, now))
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(status, row.id);
  }
});
afterAll(async () => {
  await t.destroy();
});

describe("orders by role", () => {
  it("restricts a packer's list, its status counts and its export to confirmed, shipped, delivered and returned", async () => {
    const restrictTo = orderStatusesFor("packer");
    const list = await listAdminOrders(t.db, { restrictTo }, 1);
    expect(list.orders.map((order) => order.status).sort()).toEqual(["confirmed", "delivered", "returned", "shipped"]);
    expect(list.total).toBe(4);
    expect(list.byStatus).toEqual({ confirmed: 1, shipped: 1, delivered: 1, returned: 1 });
    expect((await listAdminOrders(t.db, { status: "new", restrictTo }, 1)).total).toBe(0);
    expect((await loadPrintableOrders(t.db, { restrictTo })).map((order) => order.status).sort()).toEqual([
      "confirmed",
      "delivered",
      "returned",
      "shipped",
    ]);
    // Owner and manager: every order.
    expect((await listAdminOrders(t.db, { restrictTo: orderStatusesFor("manager") }, 1)).total).toBe(6);
  });

  it("opens an order as the row rule says", async () => {
    const fresh = ids.get("new")!;
    const confirmed = ids.get("confirmed")!;
    expect(await mayAdminOpenOrders(t.db, { role: "manager", adminId: 1 }, [fresh, confirmed])).toBe(true);
    expect(await mayAdminOpenOrders(t.db, { role: "packer", adminId: 2 }, [confirmed])).toBe(true);
    expect(await mayAdminOpenOrders(t.db, { role: "packer", adminId: 2 }, [confirmed, fresh])).toBe(false);
    expect(await mayAdminOpenOrders(t.db, { role: "confirmer", adminId: 3 }, [fresh])).toBe(false);
    await t.db.updateTable("orders").set({ queue_locked_by: 3 }).where("id", "=", fresh).execute();
    expect(await mayAdminOpenOrders(t.db, { role: "confirmer", adminId: 3 }, [fresh])).toBe(true);
    // An order that does not exist is the caller's 404, not a refusal.
    expect(await mayAdminOpenOrders(t.db, { role: "confirmer", adminId: 3 }, [999_999])).toBe(true);
  });
});
