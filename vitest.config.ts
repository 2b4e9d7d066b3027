import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

// What every project shares: Node, and a stray console.error fails the test.
const shared = {
  environment: "node",
  setupFiles: ["tests/support/fail-on-console-error.ts"],
};

// Tests that load the app's modules in this process: its logger stays quiet unless LOG_LEVEL says
// otherwise (`LOG_LEVEL=info npx vitest run --project integration` shows the lines), and so does
// the AWS SDK's notice about future Node versions.
const quietLogger = { LOG_LEVEL: process.env.LOG_LEVEL ?? "silent", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };

// Six projects. `npm test` runs the deterministic ones: fast pure unit tests beside the code,
// integration tests of server modules against a real database (in-memory SQLite, or PostgreSQL
// when TEST_DATABASE_URL is set), operations tests and end-to-end tests in Debian's Chromium
// against the production build, and the fleet test (two production servers on one PostgreSQL
// database and one bucket; only with TEST_DATABASE_URL=postgres://…). `npm run test:perf` runs
// perf: every test that measures time, throughput or memory, alone on the machine.
export default defineConfig({
  resolve: { alias },
  test: {
    // A passing test prints nothing: its console output is shown only when it fails
    // (scripts/test.js shows the perf project's figures with --silent=false).
    silent: "passed-only",
    projects: [
      {
        resolve: { alias },
        test: {
          ...shared,
          name: "unit",
          include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "tests/lint/**/*.test.ts"],
          env: quietLogger,
        },
      },
      {
        resolve: { alias },
        test: {
          ...shared,
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          env: quietLogger,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Operations: production servers of their own (SIGTERM during a burst of orders, backup
          // and restore, headers, compression, logs), each on a temp SQLite file and a free port.
          ...shared,
          name: "ops",
          include: ["tests/ops/**/*.test.ts"],
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        resolve: { alias },
        test: {
          ...shared,
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Two production servers on one PostgreSQL database and one bucket (TEST_DATABASE_URL=postgres://…).
          ...shared,
          name: "fleet",
          // Plus the ops tests that prove a promise on each engine: the same files on PostgreSQL here.
          include: [
            "tests/fleet/**/*.test.ts",
            "tests/ops/crash.test.ts",
            "tests/ops/cluster.test.ts",
            "tests/ops/properties-http.test.ts",
            "tests/ops/properties-admin.test.ts",
            "tests/ops/role-matrix.test.ts",
            "tests/ops/abuse/sign-in.test.ts",
            "tests/ops/abuse/referral.test.ts",
          ],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Thresholds of time, throughput and memory against the production build: Lighthouse
          // (mobile, simulated slow 4G, median of 3 runs per page), the load test (200 shoppers
          // and 20 orders/s for 60 s) and the resident memory and latency under hostile traffic.
          // They depend on the machine's load: `npm run test:perf` runs them one file at a time,
          // with nothing else running.
          ...shared,
          name: "perf",
          include: ["tests/perf/**/*.test.ts"],
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
