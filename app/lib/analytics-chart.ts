/**
 * Geometry of the admin clicks-per-day chart (/admin/analytics): a pure function from
 * the days and the reading direction to the bars, the value ticks and the few day labels, so the
 * SVG is drawn on the server without a charting library.
 *
 * Units: horizontal positions are PERCENTAGES of the chart's width (the SVG is as wide as its card,
 * from a 390 px phone to a desktop, and its text keeps its size), vertical ones are PIXELS.
 *
 * Direction: time flows from the START side. Left to right the oldest day is at the left and the
 * value axis at the left; right to left (Arabic) the oldest day is at the right, the newest at the
 * left, and the value axis at the right. Positions are computed here for the physical page, so
 * nothing is mirrored with a transform (which would mirror the text too).
 */

export type ChartDirection = "ltr" | "rtl";

export interface ChartDay {
  /** UTC date, YYYY-MM-DD. */
  day: string;
  clicks: number;
}

export interface ChartOptions {
  direction: ChartDirection;
  /** Total height in px. */
  height?: number;
  /** Space above the plot, px (room for the top tick's label). */
  padTop?: number;
  /** Space under the plot for the day labels, px. */
  padBottom?: number;
  /** Width of the value axis' gutter, % of the chart's width. */
  gutter?: number;
  /** Share of a day's slot the bar fills (0..1). */
  barRatio?: number;
  /** About how many value ticks above zero. */
  tickCount?: number;
  /** Days between two day labels (counted back from the newest, which always has one). */
  labelEvery?: number;
}

export interface ChartBar extends ChartDay {
  index: number;
  /** Physical left edge and width, % of the chart's width. */
  x: number;
  width: number;
  /** Top edge and height, px. */
  y: number;
  height: number;
}

export interface ChartTick {
  value: number;
  /** px */
  y: number;
}

/** Where a label's text sits relative to its x: physical, for text drawn left to right. */
export type LabelAlign = "left" | "center" | "right";

export interface ChartLabel {
  index: number;
  day: string;
  /** % of the chart's width. */
  x: number;
  align: LabelAlign;
}

export interface ChartGeometry {
  direction: ChartDirection;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  /** The highest value of the axis (a "nice" number at or above the busiest day). */
  max: number;
  ticks: ChartTick[];
  bars: ChartBar[];
  labels: ChartLabel[];
  /** Where the value labels go: x (%) on the plot's edge, and the side of it they sit on. */
  axis: { x: number; align: "left" | "right" };
  total: number;
  /** The busiest day (the newest of equals), or null when no day has a click. */
  peak: ChartDay | null;
}

export const CHART_DEFAULTS = {
  height: 220,
  padTop: 14,
  padBottom: 26,
  gutter: 9,
  barRatio: 0.7,
  tickCount: 4,
  labelEvery: 7,
} as const satisfies Required<Omit<ChartOptions, "direction">>;

/** Rounds to 4 decimals, so the markup carries short numbers. */
const round = (value: number) => Math.round(value * 1e4) / 1e4;

/**
 * A readable integer scale for counts: a step of 1, 2 or 5 × 10^k giving about `tickCount` steps,
 * and the first multiple of it at or above `max` (at least 1, so an all-zero chart has an axis).
 */
export function niceScale(max: number, tickCount: number = CHART_DEFAULTS.tickCount): { top: number; step: number } {
  const highest = Math.max(1, Number.isFinite(max) ? Math.ceil(max) : 1);
  const raw = highest / Math.max(1, tickCount);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= raw) ?? 10 * magnitude);
  return { top: Math.ceil(highest / step) * step, step };
}

/** The day labels: the newest day, then every `every` days back; oldest first. */
export function labelIndexes(count: number, every: number = CHART_DEFAULTS.labelEvery): number[] {
  const indexes: number[] = [];
  for (let index = count - 1; index >= 0; index -= Math.max(1, every)) indexes.unshift(index);
  return indexes;
}

export function chartGeometry(days: readonly ChartDay[], options: ChartOptions): ChartGeometry {
  const settings = { ...CHART_DEFAULTS, ...options };
  const { direction, height, padTop, padBottom, gutter, barRatio, tickCount, labelEvery } = settings;
  const rtl = direction === "rtl";
  const plot = {
    left: rtl ? 0 : gutter,
    right: rtl ? 100 - gutter : 100,
    top: padTop,
    bottom: height - padBottom,
  };
  const plotHeight = plot.bottom - plot.top;
  const count = days.length;
  const slot = count > 0 ? (plot.right - plot.left) / count : 0;
  const barWidth = slot * barRatio;

  const clicksOf = (day: ChartDay) => (Number.isFinite(day.clicks) && day.clicks > 0 ? day.clicks : 0);
  const busiest = days.reduce((max, day) => Math.max(max, clicksOf(day)), 0);
  const { top: max, step } = niceScale(busiest, tickCount);
  const yOf = (value: number) => plot.bottom - (value / max) * plotHeight;

  /** The physical left edge of a day's slot: from the start side. */
  const slotLeft = (index: number) => plot.left + (rtl ? count - 1 - index : index) * slot;

  const bars = days.map((day, index): ChartBar => {
    const clicks = clicksOf(day);
    // A day with clicks stays visible (at least 1 px) however busy the busiest day was.
    const barHeight = clicks > 0 ? Math.max(1, (clicks / max) * plotHeight) : 0;
    return {
      day: day.day,
      clicks,
      index,
      x: round(slotLeft(index) + (slot - barWidth) / 2),
      width: round(barWidth),
      y: round(plot.bottom - barHeight),
      height: round(barHeight),
    };
  });

  const ticks: ChartTick[] = [];
  for (let value = 0; value <= max; value += step) ticks.push({ value, y: round(yOf(value)) });

  const labels = labelIndexes(count, labelEvery).map((index): ChartLabel => {
    const left = slotLeft(index);
    // The labels at the chart's two physical ends hug their bar's outer edge instead of spilling out.
    const leftmost = rtl ? index === count - 1 : index === 0;
    const rightmost = rtl ? index === 0 : index === count - 1;
    if (leftmost && !rightmost) return { index, day: days[index]!.day, x: round(left + (slot - barWidth) / 2), align: "left" };
    if (rightmost && !leftmost) return { index, day: days[index]!.day, x: round(left + (slot + barWidth) / 2), align: "right" };
    return { index, day: days[index]!.day, x: round(left + slot / 2), align: "center" };
  });

  let peak: ChartDay | null = null;
  for (const day of days) if (clicksOf(day) > 0 && (!peak || clicksOf(day) >= peak.clicks)) peak = { day: day.day, clicks: clicksOf(day) };

  return {
    direction,
    height,
    plot: { left: round(plot.left), right: round(plot.right), top: plot.top, bottom: plot.bottom },
    max,
    ticks,
    bars,
    labels,
    // The value labels sit in the gutter, against the plot's start edge.
    axis: rtl ? { x: round(plot.right), align: "left" } : { x: round(plot.left), align: "right" },
    total: days.reduce((sum, day) => sum + clicksOf(day), 0),
    peak,
  };
}

/** A UTC day (YYYY-MM-DD) as a Date at its midnight UTC; null when malformed. */
export function dayToDate(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
