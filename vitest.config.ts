import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

// Seven projects: fast pure unit tests beside the code, integration tests of
// server modules against a real database (in-memory SQLite, or PostgreSQL when
// TEST_DATABASE_URL is set), operations tests and end-to-end tests in Debian's
// Chromium against the production build, and the fleet test (two production
// servers on one PostgreSQL database and one bucket; only with
// TEST_DATABASE_URL=postgres://…), the load test (`npm run test:load` only) and Lighthouse.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Operations: production servers of their own (SIGTERM during a burst of orders, backup
          // and restore, headers, compression, logs), each on a temp SQLite file and a free port.
          name: "ops",
          include: ["tests/ops/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Two production servers on one PostgreSQL database and one bucket (TEST_DATABASE_URL=postgres://…).
          name: "fleet",
          // Plus the ops tests that prove a promise on each engine: the same files on PostgreSQL here.
          include: ["tests/fleet/**/*.test.ts", "tests/ops/crash.test.ts", "tests/ops/properties-http.test.ts", "tests/ops/properties-admin.test.ts", "tests/ops/abuse/sign-in.test.ts", "tests/ops/abuse/referral.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The load test: 200 shoppers and 20 orders/s for 60 s on SQLite against the production
          // build (`npm run test:load`; CI runs it after the SQLite leg). Not in plain `npm test`.
          name: "load",
          include: ["tests/load/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          fileParallelism: false,
          testTimeout: 600_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Lighthouse (mobile, simulated slow 4G) on `/`, a category and a product page of the production
          // build, in Debian's Chromium: score >= 95, LCP < 2 s, CLS < 0.05, TBT < 150 ms, median of 3 runs
          // per page. `npm test` runs it alone after the other projects (scripts/test.js); `npm run
          // lighthouse` runs the same audit and prints a table.
          name: "lighthouse",
          include: ["tests/lighthouse/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
