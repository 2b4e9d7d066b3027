import { describe, expect, it } from "vitest";
import { adminHomeFor, tabsFor } from "./admin-tabs";
import { ADMIN_AREAS, mayOpenOrder, mayUse, mayUseAny, orderStatusesFor } from "./admin-roles";

describe("admin roles", () => {
  it("gives the owner every area, and staff, settings and courier accounts to the owner alone", () => {
    for (const area of ADMIN_AREAS) expect(mayUse("owner", area)).toBe(true);
    for (const area of ["staff", "settings", "couriers"] as const) {
      for (const role of ["manager", "confirmer", "packer"] as const) expect(mayUse(role, area)).toBe(false);
    }
  });

  it("keeps a confirmer to the call queue and a packer to fulfilment and stock", () => {
    expect(ADMIN_AREAS.filter((area) => mayUse("confirmer", area))).toEqual(["queue"]);
    expect(ADMIN_AREAS.filter((area) => mayUse("packer", area))).toEqual(["inventory", "fulfilment"]);
    expect(mayUseAny("packer", ["orders", "fulfilment"])).toBe(true);
    expect(mayUseAny("confirmer", ["orders", "fulfilment"])).toBe(false);
  });
});

describe("mayOpenOrder", () => {
  const order = (status: string, assignedTo: number | null = null, queueLockedBy: number | null = null) => ({ status, assignedTo, queueLockedBy });
  it("lets owner and manager open any order", () => {
    for (const role of ["owner", "manager"] as const) expect(mayOpenOrder(role, 1, order("new"))).toBe(true);
  });
  it("keeps a confirmer to the orders given to them or locked by them", () => {
    expect(mayOpenOrder("confirmer", 7, order("new"))).toBe(false);
    expect(mayOpenOrder("confirmer", 7, order("new", 8, 9))).toBe(false);
    expect(mayOpenOrder("confirmer", 7, order("new", 7))).toBe(true);
    expect(mayOpenOrder("confirmer", 7, order("confirmed", null, 7))).toBe(true);
  });
  it("keeps a packer to confirmed, shipped, delivered and returned orders", () => {
    for (const status of ["confirmed", "shipped", "delivered", "returned"]) expect(mayOpenOrder("packer", 1, order(status))).toBe(true);
    for (const status of ["new", "cancelled"]) expect(mayOpenOrder("packer", 1, order(status, 1, 1))).toBe(false);
    expect(orderStatusesFor("packer")).toEqual(["confirmed", "shipped", "delivered", "returned"]);
    expect(orderStatusesFor("manager")).toBeUndefined();
  });
});

describe("admin tabs", () => {
  it("shows each role its areas' tabs, and starts it on the first", () => {
    expect(tabsFor("confirmer")).toEqual(["queue", "drafts"]);
    expect(tabsFor("packer")).toEqual(["orders", "inventory"]);
    expect(tabsFor("manager")).not.toContain("staff");
    expect(tabsFor("manager")).not.toContain("settings");
    expect(tabsFor("owner")).toContain("staff");
    expect(adminHomeFor("confirmer")).toBe("/admin/queue");
    expect(adminHomeFor("packer")).toBe("/admin/orders");
    expect(adminHomeFor("owner")).toBe("/admin");
  });
});
