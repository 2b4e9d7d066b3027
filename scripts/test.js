// `npm test`: the whole suite.
// - Without TEST_DATABASE_URL: unit, integration (in-memory SQLite) and end-to-end
//   (Debian's Chromium against a fresh production build), and operations (tests/ops: production
//   servers started and stopped by the tests: SIGTERM, backup/restore, headers, logs); then,
//   alone on the machine, Lighthouse on three pages of the production build (tests/lighthouse).
// - With TEST_DATABASE_URL=postgres://…: the integration suite against that PostgreSQL server,
//   then the fleet project: two production servers on a fresh database there and one local
//   bucket, and the ops tests that prove a promise on each engine (kill -9 during orders, the
//   HTTP and admin property tests), each on a fresh database of its own.
// Extra arguments go to Vitest (e.g. `npm test -- --project unit`).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildIsStale } from "./lib/build.js";
import { ensureChromium } from "./lib/chromium.js";

const extra = process.argv.slice(2);
const postgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? "");
const projects = postgres ? ["integration", "fleet"] : ["unit", "integration", "e2e", "ops"];
const selected = extra.includes("--project") ? [] : projects.flatMap((p) => ["--project", p]);
// Lighthouse measures time: it runs after the other projects, not beside them on the same CPUs.
const lighthouseAfter = !postgres && !extra.includes("--project");

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  return result.status ?? 1;
}

// Types are part of the suite: a type error fails `npm test` like a failing test.
if (!postgres && extra.length === 0) {
  console.log("Type-checking…");
  if (run("npx", ["react-router", "typegen"]) !== 0 || run("npx", ["tsc"]) !== 0) process.exit(1);
}

// The e2e and ops projects both run the production build.
const runsE2e = !postgres && ["e2e", "ops", "lighthouse"].some((p) => selected.includes(p) || extra.join(" ").includes(p));
const runsFleet = postgres && (selected.includes("fleet") || extra.join(" ").includes("fleet"));
// `npm run test:load` (`--project load`): the load test starts `node server.js` too.
const runsLoad = !runsE2e && extra.join(" ").includes("load");
const env = { ...process.env };
if (runsE2e) {
  env.CHROMIUM_PATH = ensureChromium();
  console.log("Building the production bundle for the end-to-end tests…");
  if (run("npx", ["react-router", "build"]) !== 0) process.exit(1);
} else if ((runsFleet || runsLoad) && buildIsStale()) {
  // The fleet and load tests start `node server.js`: the production bundle must match the sources.
  console.log(`Building the production bundle for the ${runsFleet ? "fleet" : "load"} test…`);
  if (run("npx", ["react-router", "build"]) !== 0) process.exit(1);
}

const reportDir = mkdtempSync(join(tmpdir(), "souq-test-"));
/** One Vitest run; its JSON report lands in reportDir/<name>.json. */
function vitest(name, args) {
  return run("npx", ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${join(reportDir, `${name}.json`)}`], env);
}

console.log(postgres ? "Integration suite and fleet test on PostgreSQL" : "Unit, integration (SQLite) and end-to-end suites");
let status = vitest("suite", [...selected, ...extra]);
const reports = ["suite"];
if (lighthouseAfter) {
  console.log("\nLighthouse (mobile, simulated slow 4G) on the production build; reports in reports/lighthouse/");
  status = vitest("lighthouse", ["--project", "lighthouse"]) || status;
  reports.push("lighthouse");
}

// One plain closing line that any CI can read.
try {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let total = 0;
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
