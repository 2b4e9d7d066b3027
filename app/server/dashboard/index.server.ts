/**
 * The admin dashboard (docs/decisions/0034-dashboard.md): the shop's figures over today, 7 or 30
 * days, read-only, each from one aggregate query. The one way into app/server/dashboard/. It
 * reads the orders' tables, the parcels and the call attempts without writing any of them: a
 * report over several domains' tables, whose owners stay the only writers.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import { wilayaNamesByCode } from "../delivery/index.server";
import { dashboardRange, ratesOf, type DashboardCounts, type DashboardPeriod, type DashboardRange, type DashboardRates } from "~/lib/dashboard";
import {
  selectAgents,
  selectByCourier,
  selectByProduct,
  selectByRef,
  selectBySource,
  selectByWilaya,
  selectDeliveriesPerDay,
  selectOrdersPerDay,
  selectReportedCash,
  selectTotals,
  type CountsRow,
} from "./dashboard.repo.server";

export interface DashboardRow extends DashboardCounts, DashboardRates {
  /** The group's key: wilaya code, product id, order form, share link code, courier label; null: orders without a share link. */
  key: string | null;
}

export interface DashboardTotals extends DashboardCounts, DashboardRates {
  /** Average total of the orders not cancelled, whole dinars; null without any. */
  averageOrderValue: number | null;
  /** Cash the couriers reported on the period's parcels; null when no courier reported any. */
  reportedCash: number | null;
}

export interface DashboardAgent {
  adminId: number | null;
  agent: string;
  calls: number;
  confirmations: number;
  cancellations: number;
}

export interface DashboardDay {
  day: string;
  orders: number;
  deliveries: number;
}

export interface Dashboard {
  period: DashboardPeriod;
  range: DashboardRange;
  totals: DashboardTotals;
  perDay: DashboardDay[];
  byWilaya: (DashboardRow & { nameAr: string | null; name: string | null })[];
  byProduct: (DashboardRow & { title: string; units: number })[];
  bySource: DashboardRow[];
  byRef: DashboardRow[];
  byCourier: (DashboardRow & { reportedCash: number | null })[];
  agents: DashboardAgent[];
}

const num = (value: number | string | null | undefined) => (value === null || value === undefined ? 0 : Number(value));
const numOrNull = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));

function countsOf(row: CountsRow): DashboardCounts {
  return {
    orders: num(row.orders),
    confirmed: num(row.confirmed),
    cancelled: num(row.cancelled),
    shipped: num(row.shipped),
    delivered: num(row.delivered),
    returned: num(row.returned),
    cash: num(row.cash),
  };
}

function rowOf(row: CountsRow & { key: string | null }): DashboardRow {
  const counts = countsOf(row);
  return { key: row.key, ...counts, ...ratesOf(counts) };
}

/** How many products and share links the breakdowns list (the busiest first). */
export const DASHBOARD_TOP = 20;

/** The dashboard of `period`, as of `now` (UTC days). */
export async function getDashboard(db: Kysely<Database>, options: { period: DashboardPeriod; now?: Date; top?: number }): Promise<Dashboard> {
  const range = dashboardRange(options.period, options.now ?? new Date());
  const top = options.top ?? DASHBOARD_TOP;
  const [totals, reported, wilayas, products, sources, refs, couriers, agents, ordersPerDay, deliveriesPerDay, wilayaNames] = await Promise.all([
    selectTotals(db, range),
    selectReportedCash(db, range),
    selectByWilaya(db, range),
    selectByProduct(db, range, top),
    selectBySource(db, range),
    selectByRef(db, range, top),
    selectByCourier(db, range),
    selectAgents(db, range),
    selectOrdersPerDay(db, range),
    selectDeliveriesPerDay(db, range),
    wilayaNamesByCode(db),
  ]);

  const counts = countsOf(totals);
  const kept = num(totals.kept);
  const ordersByDay = new Map(ordersPerDay.map((row) => [row.day, num(row.count)]));
  const deliveriesByDay = new Map(deliveriesPerDay.map((row) => [row.day, num(row.count)]));

  return {
    period: options.period,
    range,
    totals: {
      ...counts,
      ...ratesOf(counts),
      averageOrderValue: kept > 0 ? Math.round(num(totals.kept_total) / kept) : null,
      reportedCash: num(reported.parcels) > 0 ? num(reported.reported) : null,
    },
    perDay: range.days.map((day) => ({ day, orders: ordersByDay.get(day) ?? 0, deliveries: deliveriesByDay.get(day) ?? 0 })),
    byWilaya: wilayas.map((row) => {
      const names = wilayaNames.get(row.key);
      return { ...rowOf(row), nameAr: names?.name_ar ?? null, name: names?.name ?? null };
    }),
    byProduct: products.map((row) => ({ ...rowOf(row), title: row.title, units: num(row.units) })),
    bySource: sources.map(rowOf),
    byRef: refs.map(rowOf),
    byCourier: couriers.map((row) => ({ ...rowOf(row), reportedCash: numOrNull(row.reported) })),
    agents: agents.map((row) => ({
      adminId: row.admin_id,
      agent: row.agent,
      calls: num(row.calls),
      confirmations: num(row.confirmations),
      cancellations: num(row.cancellations),
    })),
  };
}
