// The load test: 200 shoppers browsing and 20 orders per second for 60 seconds on SQLite, against
// the production build on a fresh database, with zero errors and zero lost orders. Runs under
// `npm run test:perf` (or alone: `npm run test:load`), not in plain `npm test`.
// LOAD_DURATION_S shortens it for quick iterations (LOAD_DURATION_S=15 npm run test:load).
// The scenario itself is scripts/lib/load-scenario.ts, shared with `npm run bench -- --scenario mixed`.
import { expect, it } from "vitest";
import { formatMixedReport, runMixedScenario } from "../../scripts/lib/load-scenario";

const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 60);

it(`holds 200 shoppers and 20 orders/s for ${DURATION_S} s with zero errors and zero lost orders`, async () => {
  const result = await runMixedScenario({
    durationS: DURATION_S,
    shoppers: 200,
    ordersPerSecond: 20,
    log: (line) => console.log(line),
  });
  console.log(`\n${formatMixedReport(result)}\n`);

  expect(result.failures).toEqual([]);
  expect(result.browse.errors).toBe(0);
  expect(result.orders.errors).toBe(0);
  expect(result.check.lost).toBe(0);
  expect(result.check.extra).toBe(0);
  expect(result.check.incomplete).toBe(0);
  // Every order sent was answered 201 and stored: the rate was really held.
  expect(result.check.created).toBe(result.ordersSent);
  expect(result.ordersSent).toBeGreaterThanOrEqual(Math.floor(20 * DURATION_S * 0.98));
  expect(result.browse.responses).toBeGreaterThan(0);
});
