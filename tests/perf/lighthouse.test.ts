// Lighthouse in CI (`npm run test:perf`). The production build on a fresh SQLite file, audited
// by the `lighthouse` package in Debian's Chromium: mobile form factor, Lighthouse's default
// simulated slow-4G throttling. Each page runs LIGHTHOUSE_RUNS times (default 3) one after the
// other and must meet the thresholds with the median of its runs: performance score >= 95,
// LCP < 2.0 s, CLS < 0.05, TBT < 150 ms. Reports: reports/lighthouse/ (CI artifacts).
// `npm run lighthouse` runs the same audit alone and prints a table.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  auditPage,
  formatFindings,
  formatLighthouseTable,
  killAllChromium,
  LIGHTHOUSE_PAGES,
  LIGHTHOUSE_THRESHOLDS,
  writeSummary,
  type PageResult,
} from "../../scripts/lib/lighthouse";
import { startServer, type RunningServer } from "../support/production-server";

let server: RunningServer | undefined;
let dataDir: string | undefined;
const results: PageResult[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "souq-lighthouse-"));
  server = await startServer(join(dataDir, "shop.db"), { UPLOADS_DIR: join(dataDir, "uploads"), LOG_LEVEL: "warn" });
});

afterAll(async () => {
  // A run cut short (a timeout) leaves its Chromium behind: kill it before anything else.
  killAllChromium();
  if (results.length > 0) {
    writeSummary(results);
    console.log(`\nLighthouse, median of each page's runs:\n${formatLighthouseTable(results)}`);
  }
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("Lighthouse (mobile, simulated slow 4G) on the production build", () => {
  test.each(LIGHTHOUSE_PAGES)("$path: score >= 95, LCP < 2 s, CLS < 0.05, TBT < 150 ms (median)", async (page) => {
    const result = await auditPage(page, { baseURL: server!.baseURL, log: (line) => console.log(line) });
    results.push(result);
    // On failure the message carries what Lighthouse blames (top opportunities and diagnostics).
    const why = formatFindings(result);
    expect(result.median.score, why).toBeGreaterThanOrEqual(LIGHTHOUSE_THRESHOLDS.minScore);
    expect(result.median.lcpMs, why).toBeLessThan(LIGHTHOUSE_THRESHOLDS.maxLcpMs);
    expect(result.median.cls, why).toBeLessThan(LIGHTHOUSE_THRESHOLDS.maxCls);
    expect(result.median.tbtMs, why).toBeLessThan(LIGHTHOUSE_THRESHOLDS.maxTbtMs);
  });
});
