import { chartGeometry, type ChartDirection, type ChartGeometry } from "./analytics-chart";

/**
 * Geometry of the dashboard's orders-and-deliveries chart: the analytics chart's scale, ticks,
 * day slots and labels (app/lib/analytics-chart.ts: time flows from the start side, positions
 * for the physical page), with two bars per day, orders on the start side of the slot and
 * deliveries beside them. Horizontal positions in % of the width, vertical ones in px.
 */

export interface DashboardChartDay {
  day: string;
  orders: number;
  deliveries: number;
}

export interface DashboardChartBar {
  day: string;
  series: "orders" | "deliveries";
  value: number;
  x: number;
  width: number;
  y: number;
  height: number;
}

export interface DashboardChartGeometry extends Omit<ChartGeometry, "bars" | "total" | "peak"> {
  bars: DashboardChartBar[];
  totals: { orders: number; deliveries: number };
}

const round = (value: number) => Math.round(value * 1e4) / 1e4;
const positive = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

export function dashboardChartGeometry(days: readonly DashboardChartDay[], direction: ChartDirection): DashboardChartGeometry {
  // The scale fits the higher of the two series on every day; a week labels each day, a month every seventh.
  const base = chartGeometry(
    days.map((day) => ({ day: day.day, clicks: Math.max(positive(day.orders), positive(day.deliveries)) })),
    { direction, barRatio: 0.8, labelEvery: days.length <= 7 ? 1 : 7 },
  );
  const plotHeight = base.plot.bottom - base.plot.top;
  const heightOf = (value: number) => (value > 0 ? Math.max(1, (value / base.max) * plotHeight) : 0);
  const rtl = direction === "rtl";
  const bars = base.bars.flatMap((slot, index): DashboardChartBar[] => {
    const day = days[index]!;
    const half = slot.width / 2;
    const startX = rtl ? slot.x + half : slot.x;
    const endX = rtl ? slot.x : slot.x + half;
    return (
      [
        ["orders", positive(day.orders), startX],
        ["deliveries", positive(day.deliveries), endX],
      ] as const
    ).map(([series, value, x]) => {
      const height = heightOf(value);
      return { day: day.day, series, value, x: round(x), width: round(half), y: round(base.plot.bottom - height), height: round(height) };
    });
  });
  const { bars: _slots, total: _total, peak: _peak, ...rest } = base;
  return {
    ...rest,
    bars,
    totals: {
      orders: days.reduce((sum, day) => sum + positive(day.orders), 0),
      deliveries: days.reduce((sum, day) => sum + positive(day.deliveries), 0),
    },
  };
}
