import { describe, expect, it } from "vitest";
import { CHART_DEFAULTS, chartGeometry, dayToDate, labelIndexes, niceScale, type ChartDay } from "./analytics-chart";

/** 30 UTC days ending 2026-11-22, oldest first, with the given clicks (zeros elsewhere). */
function month(clicks: Record<number, number> = {}): ChartDay[] {
  const end = Date.UTC(2026, 10, 22);
  return Array.from({ length: 30 }, (_, index) => ({
    day: new Date(end - (29 - index) * 86_400_000).toISOString().slice(0, 10),
    clicks: clicks[index] ?? 0,
  }));
}

describe("niceScale", () => {
  it("gives an axis of at least 1 when every day is zero", () => {
    expect(niceScale(0)).toEqual({ top: 1, step: 1 });
    expect(niceScale(Number.NaN)).toEqual({ top: 1, step: 1 });
  });

  it("keeps integer steps for small counts", () => {
    expect(niceScale(1)).toEqual({ top: 1, step: 1 });
    expect(niceScale(3)).toEqual({ top: 3, step: 1 });
    expect(niceScale(4)).toEqual({ top: 4, step: 1 });
    expect(niceScale(5)).toEqual({ top: 6, step: 2 });
  });

  it("rounds up to 1, 2 or 5 × 10^k steps", () => {
    expect(niceScale(9)).toEqual({ top: 10, step: 5 });
    expect(niceScale(37)).toEqual({ top: 40, step: 10 });
    expect(niceScale(180)).toEqual({ top: 200, step: 50 });
    expect(niceScale(1234)).toEqual({ top: 1500, step: 500 });
  });
});

describe("labelIndexes", () => {
  it("labels the newest day, then every 7 days back", () => {
    expect(labelIndexes(30)).toEqual([1, 8, 15, 22, 29]);
    expect(labelIndexes(3)).toEqual([2]);
    expect(labelIndexes(0)).toEqual([]);
  });
});

describe("chartGeometry", () => {
  it("has one bar per day, oldest first, scaled to the nice maximum", () => {
    const chart = chartGeometry(month({ 0: 2, 29: 7 }), { direction: "ltr" });
    expect(chart.bars).toHaveLength(30);
    expect(chart.max).toBe(8);
    expect(chart.ticks.map((tick) => tick.value)).toEqual([0, 2, 4, 6, 8]);
    const plotHeight = CHART_DEFAULTS.height - CHART_DEFAULTS.padTop - CHART_DEFAULTS.padBottom;
    const newest = chart.bars[29]!;
    expect(newest.height).toBeCloseTo((plotHeight * 7) / 8, 3);
    expect(newest.y + newest.height).toBeCloseTo(chart.plot.bottom, 3);
    expect(chart.bars[5]!.height).toBe(0);
    expect(chart.ticks[0]!.y).toBe(chart.plot.bottom);
    expect(chart.ticks.at(-1)!.y).toBe(chart.plot.top);
  });

  it("left to right: the oldest day at the left, the value axis at the left", () => {
    const chart = chartGeometry(month(), { direction: "ltr" });
    expect(chart.bars[0]!.x).toBeLessThan(chart.bars[29]!.x);
    expect(chart.plot.left).toBe(CHART_DEFAULTS.gutter);
    expect(chart.plot.right).toBe(100);
    expect(chart.axis).toEqual({ x: CHART_DEFAULTS.gutter, align: "right" });
    expect(chart.bars[0]!.x).toBeGreaterThan(chart.plot.left);
    expect(chart.bars[29]!.x + chart.bars[29]!.width).toBeLessThan(100);
  });

  it("right to left: the newest day at the left, the value axis at the right, a mirror of ltr", () => {
    const ltr = chartGeometry(month({ 3: 4 }), { direction: "ltr" });
    const rtl = chartGeometry(month({ 3: 4 }), { direction: "rtl" });
    expect(rtl.bars[29]!.x).toBeLessThan(rtl.bars[0]!.x);
    expect(rtl.plot).toEqual({ ...ltr.plot, left: 0, right: 100 - CHART_DEFAULTS.gutter });
    expect(rtl.axis).toEqual({ x: 100 - CHART_DEFAULTS.gutter, align: "left" });
    for (const [index, bar] of rtl.bars.entries()) {
      const mirrored = ltr.bars[index]!;
      expect(bar.x + bar.width).toBeCloseTo(100 - mirrored.x, 3);
      expect(bar.height).toBe(mirrored.height);
      expect(bar.y).toBe(mirrored.y);
    }
  });

  it("keeps bars inside the plot and apart from each other", () => {
    for (const direction of ["ltr", "rtl"] as const) {
      const chart = chartGeometry(month(), { direction });
      const sorted = [...chart.bars].sort((a, b) => a.x - b.x);
      expect(sorted[0]!.x).toBeGreaterThanOrEqual(chart.plot.left);
      expect(sorted.at(-1)!.x + sorted.at(-1)!.width).toBeLessThanOrEqual(chart.plot.right + 1e-9);
      for (let i = 1; i < sorted.length; i += 1) expect(sorted[i]!.x).toBeGreaterThan(sorted[i - 1]!.x + sorted[i - 1]!.width);
    }
  });

  it("labels a few days, the outermost ones hugging the chart's physical ends", () => {
    const ltr = chartGeometry(month(), { direction: "ltr" });
    expect(ltr.labels.map((label) => [label.index, label.align])).toEqual([
      [1, "center"],
      [8, "center"],
      [15, "center"],
      [22, "center"],
      [29, "right"],
    ]);
    const newest = ltr.bars[29]!;
    expect(ltr.labels.at(-1)!.x).toBeCloseTo(newest.x + newest.width, 3);

    const rtl = chartGeometry(month(), { direction: "rtl" });
    const newestRtl = rtl.labels.find((label) => label.index === 29)!;
    expect(newestRtl.align).toBe("left");
    expect(newestRtl.x).toBeCloseTo(rtl.bars[29]!.x, 3);
    expect(rtl.labels.find((label) => label.index === 15)!.x).toBeCloseTo(100 - ltr.labels.find((label) => label.index === 15)!.x, 3);
  });

  it("keeps a day with one click visible next to a busy day", () => {
    const chart = chartGeometry(month({ 0: 1, 1: 10_000 }), { direction: "ltr" });
    expect(chart.bars[0]!.height).toBeGreaterThanOrEqual(1);
  });

  it("treats negative or missing counts as zero and sums the month", () => {
    const days = month({ 2: 3, 7: 5, 9: 5 });
    days[4] = { day: days[4]!.day, clicks: -2 };
    const chart = chartGeometry(days, { direction: "ltr" });
    expect(chart.bars[4]!.height).toBe(0);
    expect(chart.total).toBe(13);
    expect(chart.peak).toEqual({ day: days[9]!.day, clicks: 5 });
  });

  it("has no peak, an axis of 0..1 and no bar height when every day is zero", () => {
    const chart = chartGeometry(month(), { direction: "rtl" });
    expect(chart.peak).toBeNull();
    expect(chart.total).toBe(0);
    expect(chart.ticks.map((tick) => tick.value)).toEqual([0, 1]);
    expect(chart.bars.every((bar) => bar.height === 0)).toBe(true);
  });

  it("draws nothing for no days", () => {
    const chart = chartGeometry([], { direction: "ltr" });
    expect(chart.bars).toEqual([]);
    expect(chart.labels).toEqual([]);
  });
});

describe("dayToDate", () => {
  it("reads a UTC day and refuses anything else", () => {
    expect(dayToDate("2026-11-22")?.toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(dayToDate("22/11/2026")).toBeNull();
    expect(dayToDate("2026-13-45")).toBeNull();
  });
});
