import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDashboard } from "~/server/dashboard/index.server";
import { DASHBOARD_PERIODS } from "~/lib/dashboard";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { seedOrderHistory } from "../support/order-history";

// The dashboard's data (every figure, breakdown and the chart's days) in under 200 ms over a
// history of 10,000 orders in 45 days, and of 100,000 orders in a year (the period's orders are
// read through the created_at index, so the older history costs nothing); in-memory SQLite, or
// PostgreSQL with TEST_DATABASE_URL. A time threshold, so it runs with `npm run test:perf`.

const NOW = new Date("2026-06-30T15:00:00.000Z");

/** The median of `runs` timed loads of the period's dashboard, after one warm-up. */
async function medianMs(t: TestDatabase, period: (typeof DASHBOARD_PERIODS)[number], runs = 7) {
  await getDashboard(t.db, { period, now: NOW });
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await getDashboard(t.db, { period, now: NOW });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

describe.each([
  { orders: 10_000, days: 45 },
  { orders: 100_000, days: 365 },
])("the dashboard over $orders orders in $days days", ({ orders, days }) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedOrderHistory(t.db, { count: orders, now: NOW, days });
  }, 600_000);

  afterAll(async () => {
    await t?.destroy();
  });

  it.each(DASHBOARD_PERIODS)("loads %s within 200 ms", async (period) => {
    const ms = await medianMs(t, period);
    console.log(`dashboard ${period} over ${orders} orders (${t.dialect}): ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(200);
  });
});
