import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDashboard } from "~/server/dashboard/index.server";
import { DASHBOARD_PERIODS, dashboardRange } from "~/lib/dashboard";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { seedOrderHistory } from "../support/order-history";
import { countQueries, sqlitePlan } from "../support/query-counter";

// The dashboard's figures against direct SQL counts written here, apart from the module, over a
// seeded history of 10,000 orders (in-memory SQLite, or PostgreSQL with TEST_DATABASE_URL).

const NOW = new Date("2026-06-30T15:00:00.000Z");
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedOrderHistory(t.db, { count: 10_000, now: NOW });
}, 120_000);

afterAll(async () => {
  await t?.destroy();
});

type Bucket = { orders: number; confirmed: number; cancelled: number; shipped: number; delivered: number; returned: number; cash: number };
const empty = (): Bucket => ({ orders: 0, confirmed: 0, cancelled: 0, shipped: 0, delivered: 0, returned: 0, cash: 0 });

/** Folds (key, status, count, delivered cash) rows into each key's counts, in JavaScript. */
function fold(rows: { key: string | null; status: string; n: number | string; cash: number | string | null }[]) {
  const byKey = new Map<string | null, Bucket>();
  for (const row of rows) {
    const bucket = byKey.get(row.key) ?? empty();
    const n = Number(row.n);
    bucket.orders += n;
    if (["confirmed", "shipped", "delivered", "returned"].includes(row.status)) bucket.confirmed += n;
    if (["shipped", "delivered", "returned"].includes(row.status)) bucket.shipped += n;
    if (row.status === "cancelled") bucket.cancelled += n;
    if (row.status === "delivered") {
      bucket.delivered += n;
      bucket.cash += Number(row.cash ?? 0);
    }
    if (row.status === "returned") bucket.returned += n;
    byKey.set(row.key, bucket);
  }
  return byKey;
}

const countsOf = (row: Bucket) => ({
  orders: row.orders,
  confirmed: row.confirmed,
  cancelled: row.cancelled,
  shipped: row.shipped,
  delivered: row.delivered,
  returned: row.returned,
  cash: row.cash,
});

describe.each(DASHBOARD_PERIODS)("the dashboard of %s", (period) => {
  const range = dashboardRange(period, NOW);

  it("counts the period's orders, rates, cash and average as direct SQL does", async () => {
    const dashboard = await getDashboard(t.db, { period, now: NOW, top: 1000 });
    const { rows } = await sql<{ status: string; n: number | string; total: number | string }>`
      select status, count(*) as n, sum(total) as total from orders
      where created_at >= ${range.from} and created_at < ${range.to} group by status`.execute(t.db);
    const by = Object.fromEntries(rows.map((row) => [row.status, { n: Number(row.n), total: Number(row.total) }]));
    const n = (status: string) => by[status]?.n ?? 0;
    const orders = rows.reduce((sum, row) => sum + Number(row.n), 0);
    const confirmed = n("confirmed") + n("shipped") + n("delivered") + n("returned");
    const kept = orders - n("cancelled");
    const keptTotal = rows.filter((row) => row.status !== "cancelled").reduce((sum, row) => sum + Number(row.total), 0);
    const reported = await sql<{ cash: number | string | null }>`
      select sum(p.cash_collected) as cash from parcels p join orders o on o.id = p.order_id
      where o.created_at >= ${range.from} and o.created_at < ${range.to} and p.state <> 'cancelled'`.execute(t.db);

    expect(orders).toBeGreaterThan(0);
    expect(dashboard.totals).toMatchObject({
      orders,
      confirmed,
      cancelled: n("cancelled"),
      delivered: n("delivered"),
      returned: n("returned"),
      cash: by.delivered?.total ?? 0,
      averageOrderValue: kept > 0 ? Math.round(keptTotal / kept) : null,
      reportedCash: reported.rows[0]?.cash === null ? null : Number(reported.rows[0]?.cash),
    });
    expect(dashboard.totals.confirmationRate).toBeCloseTo(confirmed / (confirmed + n("cancelled")), 10);
    if (n("delivered") + n("returned") > 0) expect(dashboard.totals.deliveredRate).toBeCloseTo(n("delivered") / (n("delivered") + n("returned")), 10);
    if (n("shipped") + n("delivered") + n("returned") > 0)
      expect(dashboard.totals.returnRate).toBeCloseTo(n("returned") / (n("shipped") + n("delivered") + n("returned")), 10);
  });

  it("breaks the orders down by wilaya, order form and share link as direct SQL does", async () => {
    const dashboard = await getDashboard(t.db, { period, now: NOW, top: 1000 });
    for (const [column, rows] of [
      ["wilaya_code", dashboard.byWilaya],
      ["source", dashboard.bySource],
      ["ref", dashboard.byRef],
    ] as const) {
      const { rows: direct } = await sql<{ key: string | null; status: string; n: number; cash: number }>`
        select ${sql.ref(column)} as key, status, count(*) as n, sum(total) as cash from orders
        where created_at >= ${range.from} and created_at < ${range.to} group by ${sql.ref(column)}, status`.execute(t.db);
      const expected = fold(direct);
      expect(rows.map((row) => row.key).sort()).toEqual([...expected.keys()].sort());
      for (const row of rows) expect(countsOf(row), `${column} ${row.key}`).toEqual(expected.get(row.key));
    }
  });

  it("breaks the orders down by product and courier as direct SQL does", async () => {
    const dashboard = await getDashboard(t.db, { period, now: NOW, top: 1000 });
    const { rows: items } = await sql<{ key: string; status: string; n: number; cash: number; units: number }>`
      select i.product_id as key, o.status, count(distinct o.id) as n, sum(i.line_total) as cash, sum(i.quantity) as units
      from order_items i join orders o on o.id = i.order_id
      where o.created_at >= ${range.from} and o.created_at < ${range.to} group by i.product_id, o.status`.execute(t.db);
    const products = fold(items);
    expect(dashboard.byProduct.length).toBe(products.size);
    for (const row of dashboard.byProduct) {
      expect(countsOf(row), row.key ?? "").toEqual(products.get(row.key));
      expect(row.units).toBe(items.filter((item) => item.key === row.key).reduce((sum, item) => sum + Number(item.units), 0));
    }

    const { rows: parcels } = await sql<{ key: string; status: string; n: number; cash: number; reported: number | null }>`
      select p.courier_label as key, o.status, count(*) as n, sum(o.total) as cash, sum(p.cash_collected) as reported
      from parcels p join orders o on o.id = p.order_id
      where o.created_at >= ${range.from} and o.created_at < ${range.to} and p.state <> 'cancelled'
      group by p.courier_label, o.status`.execute(t.db);
    const couriers = fold(parcels);
    expect(dashboard.byCourier.map((row) => row.key).sort()).toEqual([...couriers.keys()].sort());
    expect(dashboard.byCourier.map((row) => row.key)).not.toContain("Cancelled courier");
    for (const row of dashboard.byCourier) {
      expect(countsOf(row)).toEqual(couriers.get(row.key));
      const reported = parcels.filter((parcel) => parcel.key === row.key && parcel.reported !== null);
      expect(row.reportedCash).toBe(reported.length ? reported.reduce((sum, parcel) => sum + Number(parcel.reported), 0) : null);
    }
  });

  it("counts each agent's calls, confirmations and cancellations, and the orders and deliveries per day", async () => {
    const dashboard = await getDashboard(t.db, { period, now: NOW });
    const { rows: calls } = await sql<{ agent: string; outcome: string; n: number }>`
      select agent, outcome, count(*) as n from call_attempts
      where created_at >= ${range.from} and created_at < ${range.to} group by agent, outcome`.execute(t.db);
    const agents = new Map<string, { calls: number; confirmations: number; cancellations: number }>();
    for (const row of calls) {
      const agent = agents.get(row.agent) ?? { calls: 0, confirmations: 0, cancellations: 0 };
      agent.calls += Number(row.n);
      if (row.outcome === "confirmed") agent.confirmations += Number(row.n);
      if (row.outcome === "cancelled") agent.cancellations += Number(row.n);
      agents.set(row.agent, agent);
    }
    expect(
      Object.fromEntries(dashboard.agents.map(({ agent, calls, confirmations, cancellations }) => [agent, { calls, confirmations, cancellations }])),
    ).toEqual(Object.fromEntries(agents));

    expect(dashboard.perDay.map((day) => day.day)).toEqual(range.days);
    for (const day of dashboard.perDay) {
      const next = new Date(Date.parse(`${day.day}T00:00:00.000Z`) + 86_400_000).toISOString();
      const start = `${day.day}T00:00:00.000Z`;
      const created = await sql<{ n: number }>`select count(*) as n from orders where created_at >= ${start} and created_at < ${next}`.execute(t.db);
      const delivered = await sql<{ n: number }>`
        select count(distinct order_id) as n from order_events where status = 'delivered' and created_at >= ${start} and created_at < ${next}`.execute(
        t.db,
      );
      expect(day.orders, day.day).toBe(Number(created.rows[0]!.n));
      expect(day.deliveries, day.day).toBe(Number(delivered.rows[0]!.n));
    }
  });
});

describe("the dashboard at its edges", () => {
  it("shows zeros and no rate rather than dividing by zero", async () => {
    const dashboard = await getDashboard(t.db, { period: "today", now: new Date("2020-01-01T10:00:00.000Z") });
    expect(dashboard.totals).toMatchObject({
      orders: 0,
      cash: 0,
      confirmationRate: null,
      deliveredRate: null,
      returnRate: null,
      averageOrderValue: null,
      reportedCash: null,
    });
    expect(dashboard.perDay).toEqual([{ day: "2020-01-01", orders: 0, deliveries: 0 }]);
  });

  it("lists the busiest products and share links first, at most the top asked", async () => {
    const dashboard = await getDashboard(t.db, { period: "30d", now: NOW, top: 3 });
    expect(dashboard.byProduct).toHaveLength(3);
    expect(dashboard.byProduct[0]!.orders).toBeGreaterThanOrEqual(dashboard.byProduct[2]!.orders);
  });
});

describe("the dashboard's queries", () => {
  it("are one round trip of aggregate queries, each starting from an index, none scanning a table (SQLite's plans)", async () => {
    const { db, counter } = countQueries(t.db);
    await getDashboard(db, { period: "30d", now: NOW });
    expect(counter.roundTrips).toBe(1);
    if (t.dialect !== "sqlite") return;
    const plans = await Promise.all(
      counter.log.filter((query) => query.tables.some((table) => table !== "wilayas")).map((query) => sqlitePlan(t.db, query)),
    );
    expect(plans).toHaveLength(10);
    for (const plan of plans) {
      expect(plan[0]).toMatch(/^SEARCH (orders|call_attempts|order_events) USING (COVERING )?INDEX /);
      expect(plan.join("\n")).not.toMatch(/\bSCAN /);
    }
  });
});
