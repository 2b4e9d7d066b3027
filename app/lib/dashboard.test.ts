import { describe, expect, it } from "vitest";
import { dashboardRange, parseDashboardPeriod, ratesOf } from "./dashboard";

describe("dashboard periods", () => {
  it("reads the period from the URL, 7 days otherwise", () => {
    expect(parseDashboardPeriod("today")).toBe("today");
    expect(parseDashboardPeriod("30d")).toBe("30d");
    expect(parseDashboardPeriod("365d")).toBe("7d");
    expect(parseDashboardPeriod(null)).toBe("7d");
  });

  it("covers whole UTC days ending with today", () => {
    const now = new Date("2026-03-02T23:59:00.000Z");
    expect(dashboardRange("today", now)).toEqual({ days: ["2026-03-02"], from: "2026-03-02T00:00:00.000Z", to: "2026-03-03T00:00:00.000Z" });
    const week = dashboardRange("7d", now);
    expect(week.days).toEqual(["2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(week.from).toBe("2026-02-24T00:00:00.000Z");
    expect(dashboardRange("30d", now).days).toHaveLength(30);
  });
});

describe("dashboard rates", () => {
  it("divides by what was decided, and answers null rather than 0 when nothing was", () => {
    const rates = ratesOf({ orders: 10, confirmed: 6, cancelled: 2, shipped: 4, delivered: 3, returned: 1, cash: 0 });
    expect(rates).toEqual({ confirmationRate: 0.75, deliveredRate: 0.75, returnRate: 0.25 });
    expect(ratesOf({ orders: 1, confirmed: 0, cancelled: 0, shipped: 0, delivered: 0, returned: 0, cash: 0 })).toEqual({
      confirmationRate: null,
      deliveredRate: null,
      returnRate: null,
    });
  });
});
