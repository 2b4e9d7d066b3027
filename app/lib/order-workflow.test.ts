import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./order-filter";
import { allowedTransitions, canTransition, isOrderStatus, stockEffect } from "./order-workflow";

const allowed = new Set(["new>confirmed", "new>cancelled", "confirmed>shipped", "confirmed>cancelled", "shipped>delivered", "shipped>returned"]);

describe("order workflow", () => {
  it("allows exactly the six transitions of the workflow", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed.has(`${from}>${to}`));
      }
    }
  });

  it("lists the allowed transitions of each status; final statuses have none", () => {
    expect(allowedTransitions("new")).toEqual(["confirmed", "cancelled"]);
    expect(allowedTransitions("shipped")).toEqual(["delivered", "returned"]);
    for (const final of ["delivered", "cancelled", "returned"] as const) expect(allowedTransitions(final)).toEqual([]);
  });

  it("takes stock at confirmation and puts it back on cancel after confirmation or on return", () => {
    expect(stockEffect("new", "confirmed")).toBe("take");
    expect(stockEffect("new", "cancelled")).toBe("none");
    expect(stockEffect("confirmed", "cancelled")).toBe("return");
    expect(stockEffect("confirmed", "shipped")).toBe("none");
    expect(stockEffect("shipped", "returned")).toBe("return");
    expect(stockEffect("shipped", "delivered")).toBe("none");
    // Refused transitions never touch stock.
    expect(stockEffect("delivered", "returned")).toBe("none");
    expect(stockEffect("shipped", "cancelled")).toBe("none");
  });

  it("recognises statuses", () => {
    expect(isOrderStatus("new")).toBe(true);
    expect(isOrderStatus("lost")).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });
});
