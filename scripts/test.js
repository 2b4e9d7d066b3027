// `npm test`: the whole deterministic suite; `npm run test:perf` (`--perf`): the measured one.
// - `npm test` without TEST_DATABASE_URL: type-check, lint, format check, then unit, integration
//   (in-memory SQLite), end-to-end (Debian's Chromium against a fresh production build) and
//   operations (tests/ops: production servers started and stopped by the tests: SIGTERM,
//   backup/restore, headers, logs). No test there asserts a time, a throughput or a memory size.
// - `npm test` with TEST_DATABASE_URL=postgres://…: the integration suite against that PostgreSQL
//   server, then the fleet project: two production servers on a fresh database there and one local
//   bucket, and the ops tests that prove a promise on each engine (kill -9 during orders, the
//   HTTP and admin property tests), each on a fresh database of its own.
// - `npm run test:perf`: the perf project (tests/perf: Lighthouse, the load test, memory and
//   latency under hostile traffic), then the bench's budgets on 10,000 products. Run it with
//   nothing else on the machine: its thresholds measure time and memory.
// Extra arguments go to Vitest (e.g. `npm test -- --project unit`, `npm run test:perf --
// tests/perf/load.test.ts`); with them, the static checks (and the bench) are skipped.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildIsStale } from "./lib/build.js";
import { ensureChromium } from "./lib/chromium.js";

const args = process.argv.slice(2);
const perf = args.includes("--perf");
const extra = args.filter((arg) => arg !== "--perf");
const postgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? "");
const defaults = perf ? ["perf"] : postgres ? ["integration", "fleet"] : ["unit", "integration", "e2e", "ops"];

/** The projects named by `--project X` or `--project=X` in the extra arguments. */
function namedProjects(list) {
  const names = [];
  list.forEach((arg, i) => {
    if (arg === "--project" && list[i + 1]) names.push(list[i + 1]);
    else if (arg.startsWith("--project=")) names.push(arg.slice("--project=".length));
  });
  return names;
}
const named = namedProjects(extra);
const projects = named.length > 0 ? named : defaults;
const selected = named.length > 0 ? [] : projects.flatMap((p) => ["--project", p]);
const full = extra.length === 0;

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  return result.status ?? 1;
}

/** The production build, its output shown only when it fails (a passing suite stays quiet). */
function build() {
  const result = spawnSync("npx", ["react-router", "build"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
  return result.status ?? 1;
}

// Types, lint and format are part of the suite: an error there fails `npm test` like a failing test.
if (!perf && !postgres && full) {
  const checks = [
    ["Type-checking…", ["react-router", "typegen"], ["tsc"]],
    ["Linting…", ["eslint", "."]],
    ["Checking the format…", ["prettier", "--check", "--log-level", "warn", "."]],
  ];
  for (const [title, ...commands] of checks) {
    console.log(title);
    for (const command of commands) if (run("npx", command) !== 0) process.exit(1);
  }
}

// The e2e, ops and perf projects run the production build, and the fleet test starts it too.
const env = { ...process.env };
const runsE2e = !postgres && projects.some((p) => p === "e2e" || p === "ops");
const runsBuilt = runsE2e || projects.some((p) => p === "perf" || p === "fleet");
if (!postgres && projects.some((p) => p === "e2e" || p === "ops" || p === "perf")) env.CHROMIUM_PATH = ensureChromium();
if (runsE2e) {
  console.log("Building the production bundle for the end-to-end tests…");
  if (build() !== 0) process.exit(1);
} else if (runsBuilt && buildIsStale()) {
  // The production bundle must match the sources.
  console.log("Building the production bundle…");
  if (build() !== 0) process.exit(1);
}

const reportDir = mkdtempSync(join(tmpdir(), "souq-test-"));
/** One Vitest run; its JSON report lands in reportDir/<name>.json. */
function vitest(name, args) {
  return run("npx", ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${join(reportDir, `${name}.json`)}`], env);
}

console.log(
  perf
    ? "Performance: Lighthouse, the load test, memory and latency under hostile traffic"
    : postgres
      ? "Integration suite and fleet test on PostgreSQL"
      : `Projects: ${projects.join(", ")}`,
);
// The perf project's figures (Lighthouse's table, the load report) are worth reading when they pass.
let status = vitest("suite", [...selected, ...(perf ? ["--silent=false"] : []), ...extra]);
const reports = ["suite"];

// The bench's budgets: the server's peak resident memory on a 10,000-product catalogue under
// 50 connections, and no error on any route.
let bench = null;
if (perf && full) {
  console.log("\nBench: 10,000 products, 50 connections; fails on an error or a server peak RSS above 300 MB");
  bench = run("npx", ["tsx", "scripts/bench.ts", "--products", "10000", "--connections", "50", "--max-rss-mb", "300"]);
  console.log(`bench: ${bench === 0 ? "passed" : "failed"}`);
  status = bench || status;
}

// One plain closing line that any CI can read.
try {
  let passed = bench === 0 ? 1 : 0;
  let failed = bench !== null && bench !== 0 ? 1 : 0;
  let skipped = 0;
  let total = bench === null ? 0 : 1;
  for (const name of reports) {
    let report;
    try {
      report = JSON.parse(readFileSync(join(reportDir, `${name}.json`), "utf8"));
    } catch {
      failed += 1; // no report: that runner did not finish
      console.log(`(${name}: no report, the runner did not finish)`);
      continue;
    }
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0);
    skipped += report.numPendingTests;
    total += report.numTotalTests;
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  if (total === 0) {
    console.error("No test ran.");
    process.exit(1);
  }
  if (failed > 0 && status === 0) status = 1;
} finally {
  rmSync(reportDir, { recursive: true, force: true });
}
process.exit(status);
