import { describe, expect, it } from "vitest";
import { dashboardChartGeometry } from "./dashboard-chart";

const days = [
  { day: "2026-06-01", orders: 10, deliveries: 2 },
  { day: "2026-06-02", orders: 0, deliveries: 12 },
  { day: "2026-06-03", orders: 4, deliveries: 0 },
];

describe("the dashboard chart", () => {
  it("draws two bars per day on one scale that fits the higher series", () => {
    const chart = dashboardChartGeometry(days, "ltr");
    expect(chart.max).toBeGreaterThanOrEqual(12);
    expect(chart.bars).toHaveLength(6);
    const [orders, deliveries] = chart.bars;
    expect(orders).toMatchObject({ day: "2026-06-01", series: "orders", value: 10 });
    expect(deliveries).toMatchObject({ day: "2026-06-01", series: "deliveries", value: 2 });
    expect(orders!.height).toBeGreaterThan(deliveries!.height);
    expect(chart.bars.find((bar) => bar.day === "2026-06-02" && bar.series === "orders")!.height).toBe(0);
    expect(chart.totals).toEqual({ orders: 14, deliveries: 14 });
  });

  it("lets time flow from the right in Arabic, orders on the start side of each day", () => {
    const ltr = dashboardChartGeometry(days, "ltr");
    const rtl = dashboardChartGeometry(days, "rtl");
    const x = (chart: typeof ltr, day: string, series: string) => chart.bars.find((bar) => bar.day === day && bar.series === series)!.x;
    expect(x(ltr, "2026-06-01", "orders")).toBeLessThan(x(ltr, "2026-06-03", "orders"));
    expect(x(rtl, "2026-06-01", "orders")).toBeGreaterThan(x(rtl, "2026-06-03", "orders"));
    expect(x(ltr, "2026-06-01", "orders")).toBeLessThan(x(ltr, "2026-06-01", "deliveries"));
    expect(x(rtl, "2026-06-01", "orders")).toBeGreaterThan(x(rtl, "2026-06-01", "deliveries"));
    for (const bar of rtl.bars) expect(bar.x + bar.width).toBeLessThanOrEqual(100);
  });
});
