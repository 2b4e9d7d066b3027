// Lighthouse against the production build: the mobile form factor with Lighthouse's default
// simulated slow-4G throttling (Lantern: 150 ms RTT, 1.6 Mbit/s, 4× CPU slowdown), in Debian's
// Chromium. Used by `npm run lighthouse` (scripts/lighthouse.ts) and the `perf` Vitest
// project (tests/perf/lighthouse.test.ts).
//
// Each page is audited RUNS times (default 3, LIGHTHOUSE_RUNS to change) in a fresh Chromium, one
// after the other; each figure checked is the median of its runs (per metric), so one run slowed
// by another process on this shared 2-core machine neither fails nor passes a page on its own.
// The reports of the median run (by performance score) are written to
// reports/lighthouse/<page>.report.html and .json (gitignored; CI keeps them as artifacts), with
// reports/lighthouse/summary.json holding every run's figures.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";

export interface LighthousePage {
  /** File name stem of the reports. */
  name: string;
  path: string;
}

/** The pages audited: the home page, a category and a demo-catalogue product (seeded on a fresh database). */
export const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { name: "home", path: "/" },
  { name: "category-kitchen", path: "/categories/kitchen" },
  { name: "product-smartphone", path: "/products/smartphone-6-7-inch-128gb" },
];

/** The Lighthouse budget. Never loosen these to make a run pass. */
export const LIGHTHOUSE_THRESHOLDS = {
  /** Performance score, 0..1: at least. */
  minScore: 0.95,
  /** Largest Contentful Paint: below, ms. */
  maxLcpMs: 2000,
  /** Cumulative Layout Shift: below. */
  maxCls: 0.05,
  /** Total Blocking Time: below, ms. */
  maxTbtMs: 150,
} as const;

export const DEFAULT_RUNS = 3;
/** Attempts per run when Lighthouse returns no figures (a runtime error), before giving up. */
const MAX_ATTEMPTS = 3;
export const REPORT_DIR = "reports/lighthouse";

export interface RunFigures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  siMs: number;
}

export interface Finding {
  id: string;
  title: string;
  displayValue?: string;
  score: number | null;
  /** Estimated savings per metric (LCP/FCP/TBT in ms, CLS unitless), as Lighthouse reports them. */
  savings: Record<string, number>;
  /** A few offending items (URLs, elements), when the audit lists them. */
  items: string[];
}

export interface PageResult {
  page: LighthousePage;
  url: string;
  runs: RunFigures[];
  /** Per-metric median over the runs. */
  median: RunFigures;
  /** Opportunities and diagnostics of the median run, largest estimated savings first. */
  findings: Finding[];
  /** The LCP element of the median run, as Lighthouse names it. */
  lcpElement?: string;
  failures: string[];
  reportFiles: string[];
  elapsedMs: number;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function medianFigures(runs: RunFigures[]): RunFigures {
  const of = (key: keyof RunFigures) => median(runs.map((run) => run[key]));
  return { score: of("score"), lcpMs: of("lcpMs"), cls: of("cls"), tbtMs: of("tbtMs"), fcpMs: of("fcpMs"), siMs: of("siMs") };
}

/** The thresholds a set of figures misses, as readable lines (empty when it meets them all). */
export function thresholdFailures(figures: RunFigures, thresholds = LIGHTHOUSE_THRESHOLDS): string[] {
  const failures: string[] = [];
  if (!(figures.score >= thresholds.minScore))
    failures.push(`performance score ${Math.round(figures.score * 100)} < ${Math.round(thresholds.minScore * 100)}`);
  if (!(figures.lcpMs < thresholds.maxLcpMs)) failures.push(`LCP ${formatMs(figures.lcpMs)} >= ${formatMs(thresholds.maxLcpMs)}`);
  if (!(figures.cls < thresholds.maxCls)) failures.push(`CLS ${figures.cls.toFixed(3)} >= ${thresholds.maxCls}`);
  if (!(figures.tbtMs < thresholds.maxTbtMs)) failures.push(`TBT ${Math.round(figures.tbtMs)} ms >= ${thresholds.maxTbtMs} ms`);
  return failures;
}

export function figuresOf(lhr: LighthouseResult): RunFigures {
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse returned no ${id} for ${lhr.finalDisplayedUrl}`);
    return value;
  };
  const score = lhr.categories.performance?.score;
  if (typeof score !== "number") {
    const errors = Object.values(lhr.audits)
      .filter((audit) => audit.errorMessage)
      .map((audit) => `${audit.id}: ${audit.errorMessage}`);
    throw new Error(
      `Lighthouse gave no performance score for ${lhr.finalDisplayedUrl}${lhr.runtimeError ? ` (${lhr.runtimeError.message})` : ""}\n${errors.slice(0, 5).join("\n")}`,
    );
  }
  return {
    score,
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbtMs: numeric("total-blocking-time"),
    fcpMs: numeric("first-contentful-paint"),
    siMs: numeric("speed-index"),
  };
}

const METRIC_AUDITS = new Set([
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
  "interactive",
  "max-potential-fid",
]);

function itemLabel(item: Record<string, unknown>): string | undefined {
  const node = item.node as { selector?: string; snippet?: string; nodeLabel?: string } | undefined;
  const candidates = [item.url, item.source && (item.source as { url?: string }).url, node?.snippet, node?.selector, item.label, item.entity];
  const label = candidates.find((value): value is string => typeof value === "string" && value.length > 0);
  if (!label) return undefined;
  const extra = [
    typeof item.wastedMs === "number" ? `${Math.round(item.wastedMs)} ms` : "",
    typeof item.wastedBytes === "number" ? `${Math.round(item.wastedBytes / 1024)} KiB` : "",
    typeof item.score === "number" && !item.url ? `shift ${item.score.toFixed(3)}` : "",
  ].filter(Boolean);
  return extra.length > 0 ? `${label} (${extra.join(", ")})` : label;
}

/** Audits of the performance category that cost something: estimated savings, or a failing score. */
export function findingsOf(lhr: LighthouseResult): Finding[] {
  const findings: Finding[] = [];
  for (const audit of Object.values(lhr.audits)) {
    if (METRIC_AUDITS.has(audit.id)) continue;
    if (audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual") continue;
    const savings = Object.fromEntries(
      Object.entries(audit.metricSavings ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === "number" && entry[1] > 0),
    );
    const failing = typeof audit.score === "number" && audit.score < 0.9;
    if (Object.keys(savings).length === 0 && !failing) continue;
    // Only audits that bear on performance: they carry metric savings (insights, opportunities, diagnostics).
    if (audit.metricSavings === undefined && !isPerformanceAudit(lhr, audit.id)) continue;
    const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
    const items = (Array.isArray(details?.items) ? details.items : [])
      .map(itemLabel)
      .filter((label): label is string => label !== undefined)
      .slice(0, 4);
    findings.push({ id: audit.id, title: audit.title, displayValue: audit.displayValue, score: audit.score, savings, items });
  }
  const weight = (finding: Finding) =>
    (finding.savings.LCP ?? 0) + (finding.savings.TBT ?? 0) + (finding.savings.FCP ?? 0) + (finding.savings.CLS ?? 0) * 10_000;
  return findings.sort((a, b) => weight(b) - weight(a));
}

function isPerformanceAudit(lhr: LighthouseResult, id: string): boolean {
  return lhr.categories.performance?.auditRefs.some((ref) => ref.id === id) ?? false;
}

function lcpElementOf(lhr: LighthouseResult): string | undefined {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    { items?: { items?: { node?: { snippet?: string; selector?: string } }[] }[] } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node?.snippet ?? node?.selector;
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/** Arguments for Debian's Chromium: headless, and without the sandbox when running as root (CI). */
export function chromeFlags(): string[] {
  const flags = ["--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check"];
  if (typeof process.getuid === "function" && process.getuid() === 0) flags.push("--no-sandbox");
  return flags;
}

/** One Lighthouse run in a fresh Chromium, killed (and its temp profile removed) whatever happens. */
export async function auditOnce(
  url: string,
  chromePath: string,
  extraFlags: Record<string, unknown> = {},
): Promise<{ lhr: LighthouseResult; html: string; json: string }> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: chromeFlags(), logLevel: "silent" });
  try {
    // No config: Lighthouse's defaults, i.e. mobile form factor and simulated slow-4G throttling.
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      output: ["html", "json"],
      onlyCategories: ["performance"],
      ...extraFlags,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const [html, json] = result.report as string[];
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return { lhr: result.lhr, html: html!, json: json! };
  } finally {
    chrome.kill();
  }
}

export interface AuditOptions {
  baseURL: string;
  chromePath?: string;
  runs?: number;
  reportDir?: string;
  log?: (line: string) => void;
}

export function runsFromEnv(): number {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? DEFAULT_RUNS);
  return Number.isInteger(runs) && runs >= 1 ? runs : DEFAULT_RUNS;
}

/** Audits one page `runs` times, one run after the other; writes the median run's reports. */
export async function auditPage(page: LighthousePage, options: AuditOptions): Promise<PageResult> {
  const chromePath = options.chromePath ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const runs = options.runs ?? runsFromEnv();
  const reportDir = options.reportDir ?? REPORT_DIR;
  const log = options.log ?? (() => {});
  mkdirSync(reportDir, { recursive: true });
  const started = Date.now();
  const url = new URL(page.path, options.baseURL).href;
  // Warm-up: the first render of a route (module loading, caches) is not what a visitor gets.
  for (let i = 0; i < 2; i++) {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200`);
  }
  const done: { figures: RunFigures; lhr: LighthouseResult; html: string; json: string }[] = [];
  for (let run = 1; run <= runs; run++) {
    // A run that yields no figures at all (Lighthouse's own error, e.g. no screenshot taken on a
    // starved machine) is retried: that is the harness failing, not a verdict on the page.
    for (let attempt = 1; ; attempt++) {
      try {
        const audit = await auditOnce(url, chromePath);
        const figures = figuresOf(audit.lhr);
        done.push({ figures, ...audit });
        log(`  ${page.path} run ${run}/${runs}: ${formatRow(figures)} (load average ${loadavg()[0]!.toFixed(1)})`);
        break;
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS) throw error;
        log(`  ${page.path} run ${run}/${runs}: no result (${String(error).split("\n").slice(0, 2).join(": ")}), retrying`);
      }
    }
  }
  const figures = done.map((run) => run.figures);
  const mid = medianFigures(figures);
  // The run whose score is the median stands for the page in the reports.
  const representative = [...done].sort((a, b) => a.figures.score - b.figures.score)[Math.floor((done.length - 1) / 2)]!;
  const htmlFile = join(reportDir, `${page.name}.report.html`);
  const jsonFile = join(reportDir, `${page.name}.report.json`);
  writeFileSync(htmlFile, representative.html);
  writeFileSync(jsonFile, representative.json);
  return {
    page,
    url,
    runs: figures,
    median: mid,
    findings: findingsOf(representative.lhr),
    lcpElement: lcpElementOf(representative.lhr),
    failures: thresholdFailures(mid),
    reportFiles: [htmlFile, jsonFile],
    elapsedMs: Date.now() - started,
  };
}

/** reports/lighthouse/summary.json: every run's figures, the medians, failures and top findings per page. */
export function writeSummary(results: PageResult[], reportDir = REPORT_DIR): void {
  mkdirSync(reportDir, { recursive: true });
  const summary = {
    thresholds: LIGHTHOUSE_THRESHOLDS,
    /** 1-minute load average when written: the figures are read with it (a shared machine slows Chromium). */
    loadAverage: loadavg()[0],
    pages: results.map(({ page, url, runs, median, failures, findings, lcpElement, elapsedMs }) => ({
      name: page.name,
      url,
      median,
      runs,
      failures,
      lcpElement,
      findings: findings.slice(0, 10),
      elapsedMs,
    })),
  };
  writeFileSync(join(reportDir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
}

/** Audits the pages one after the other and writes the summary. */
export async function auditPages(options: AuditOptions & { pages?: LighthousePage[] }): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const page of options.pages ?? LIGHTHOUSE_PAGES) results.push(await auditPage(page, options));
  writeSummary(results, options.reportDir);
  return results;
}

/** Kills every Chromium this process launched and has not killed yet (a run cut short by a timeout). */
export function killAllChromium(): void {
  chromeLauncher.killAll();
}

function formatRow(figures: RunFigures): string {
  return `score ${Math.round(figures.score * 100)}, LCP ${formatMs(figures.lcpMs)}, CLS ${figures.cls.toFixed(3)}, TBT ${Math.round(figures.tbtMs)} ms, FCP ${formatMs(figures.fcpMs)}`;
}

/** The table `npm run lighthouse` prints: median figures per page. */
export function formatLighthouseTable(results: PageResult[]): string {
  const header = ["page", "score", "LCP", "CLS", "TBT", "FCP", "result"];
  const rows = results.map((result) => [
    result.page.path,
    String(Math.round(result.median.score * 100)),
    formatMs(result.median.lcpMs),
    result.median.cls.toFixed(3),
    `${Math.round(result.median.tbtMs)} ms`,
    formatMs(result.median.fcpMs),
    result.failures.length === 0 ? "pass" : "FAIL",
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

/** What Lighthouse blames, for a failing page: its top findings with estimated savings. */
export function formatFindings(result: PageResult, limit = 8): string {
  const lines = [`${result.page.path}: ${result.failures.join("; ") || "meets every threshold"}`];
  if (result.lcpElement) lines.push(`  LCP element: ${result.lcpElement}`);
  for (const finding of result.findings.slice(0, limit)) {
    const savings = Object.entries(finding.savings)
      .map(([metric, value]) => (metric === "CLS" ? `CLS −${value.toFixed(3)}` : `${metric} −${Math.round(value)} ms`))
      .join(", ");
    lines.push(`  - ${finding.title}${finding.displayValue ? ` (${finding.displayValue})` : ""}${savings ? ` [${savings}]` : ""}`);
    for (const item of finding.items) lines.push(`      ${item}`);
  }
  return lines.join("\n");
}
