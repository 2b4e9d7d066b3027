// `npm run lighthouse`: Lighthouse (mobile, simulated slow 4G) on `/`, a category page and a
// product page of the production build, started on a fresh SQLite file and a free port. Prints the
// median figures per page (score, LCP, CLS, TBT, FCP), what Lighthouse blames on a failing page,
// and exits non-zero when a page misses the thresholds (scripts/lib/lighthouse.ts).
//
//   npm run lighthouse                         3 runs per page (median)
//   LIGHTHOUSE_RUNS=1 npm run lighthouse       a quick look
//   CHROMIUM_PATH=/path/to/chrome npm run lighthouse
//
// Builds first when the build is missing or older than its sources. Reports go to reports/lighthouse/.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../tests/support/production-server";
import { buildIsStale } from "./lib/build.js";
import { ensureChromium } from "./lib/chromium.js";
import { auditPages, formatFindings, formatLighthouseTable, LIGHTHOUSE_THRESHOLDS, REPORT_DIR, runsFromEnv } from "./lib/lighthouse";

if (buildIsStale()) {
  console.log("Building the production bundle…");
  if (spawnSync("npx", ["react-router", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}
const chromePath = ensureChromium();
const dataDir = mkdtempSync(join(tmpdir(), "souq-lighthouse-"));
const started = Date.now();
let status = 0;
const server = await startServer(join(dataDir, "shop.db"), { UPLOADS_DIR: join(dataDir, "uploads"), LOG_LEVEL: "warn" });
try {
  const runs = runsFromEnv();
  console.log(`Lighthouse (mobile, simulated slow 4G), ${runs} run(s) per page, median figures; ${chromePath}`);
  const results = await auditPages({ baseURL: server.baseURL, chromePath, runs, log: console.log });
  const t = LIGHTHOUSE_THRESHOLDS;
  console.log(`\nThresholds: score >= ${t.minScore * 100}, LCP < ${t.maxLcpMs} ms, CLS < ${t.maxCls}, TBT < ${t.maxTbtMs} ms\n`);
  console.log(formatLighthouseTable(results));
  for (const result of results) {
    if (result.failures.length === 0) continue;
    status = 1;
    console.log(`\n${formatFindings(result)}`);
  }
  console.log(
    `\nReports: ${REPORT_DIR}/<page>.report.html|json (median run), ${REPORT_DIR}/summary.json; ${Math.round((Date.now() - started) / 1000)} s`,
  );
} catch (error) {
  console.error(error);
  status = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
