/**
 * The admin dashboard's periods and rates (docs/decisions/0034-dashboard.md). Pure: the server
 * computes the figures with them, the page reads the period from its URL.
 *
 * Days are UTC dates (YYYY-MM-DD), the first ten characters of the ISO timestamps every table
 * stores, so SQLite and PostgreSQL group by the same text.
 */

export const DASHBOARD_PERIODS = ["today", "7d", "30d"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = "7d";

const PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, "7d": 7, "30d": 30 };

/** The period named by the URL's `?period=`; anything else is the default. */
export function parseDashboardPeriod(value: string | null | undefined): DashboardPeriod {
  return (DASHBOARD_PERIODS as readonly string[]).includes(value ?? "") ? (value as DashboardPeriod) : DEFAULT_DASHBOARD_PERIOD;
}

export interface DashboardRange {
  /** The period's days, oldest first (today is the last). */
  days: string[];
  /** Inclusive start, exclusive end: ISO timestamps compared as text. */
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The period's whole UTC days ending with today's. */
export function dashboardRange(period: DashboardPeriod, now: Date): DashboardRange {
  const today = Date.parse(`${dayOf(now.getTime())}T00:00:00.000Z`);
  const count = PERIOD_DAYS[period];
  const days = Array.from({ length: count }, (_, index) => dayOf(today - (count - 1 - index) * DAY_MS));
  return { days, from: `${days[0]}T00:00:00.000Z`, to: `${dayOf(today + DAY_MS)}T00:00:00.000Z` };
}

/** part / whole, or null when nothing was counted (shown as a dash rather than 0 %). */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** Statuses an order reaches only once the customer confirmed it. */
export const CONFIRMED_OR_LATER = ["confirmed", "shipped", "delivered", "returned"] as const;
/** Statuses of an order that left the shop with a courier. */
export const SHIPPED_OR_LATER = ["shipped", "delivered", "returned"] as const;

/** The counts every figure and breakdown row is computed from. */
export interface DashboardCounts {
  orders: number;
  /** Confirmed or later (confirmed, shipped, delivered, returned). */
  confirmed: number;
  cancelled: number;
  shipped: number;
  delivered: number;
  returned: number;
  /** Sum of the delivered orders' totals, dinars. */
  cash: number;
}

export interface DashboardRates {
  /** Confirmed or later / (confirmed or later + cancelled). */
  confirmationRate: number | null;
  /** Delivered / (delivered + returned). */
  deliveredRate: number | null;
  /** Returned / shipped or later. */
  returnRate: number | null;
}

export function ratesOf(counts: DashboardCounts): DashboardRates {
  return {
    confirmationRate: rate(counts.confirmed, counts.confirmed + counts.cancelled),
    deliveredRate: rate(counts.delivered, counts.delivered + counts.returned),
    returnRate: rate(counts.returned, counts.shipped),
  };
}
