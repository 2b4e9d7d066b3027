// Pure helpers for `npm run bench` (scripts/bench.ts): turning autocannon
// results into table rows, formatting the table, finding the JavaScript a
// first visit downloads, and gzip sizes. No I/O here, so it is unit-tested
// in scripts/bench-lib.test.ts.

import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { DEFERRED_MODULE_TYPE, deferredPreloadsOf } from "../app/server/http/deferred-scripts.server";

/** One benchmarked route: the path and the status every response must have. */
export interface RouteSpec {
  path: string;
  expectStatus: number;
  /** GET when absent. */
  method?: "GET" | "POST";
  /** The request body (e.g. JSON text), sent with every request. */
  body?: string;
  /** Sent on top of the browser's headers (e.g. content-type). */
  headers?: Record<string, string>;
}

/**
 * The part of autocannon 8's result object that the bench reads (see
 * node_modules/autocannon/lib/aggregateResult.js). Latencies are in ms,
 * `requests.average` is the mean of the per-second samples (req/s).
 */
export interface AutocannonResult {
  duration: number;
  /** Connection errors plus timeouts: autocannon counts a timeout in both. */
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number } | undefined>;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
}

export interface BenchRow {
  /** Route path, with the expected status appended when it isn't 200. */
  route: string;
  path: string;
  expectStatus: number;
  /** Responses received, whatever their status. */
  responses: number;
  rps: number;
  p50: number;
  p99: number;
  /** autocannon errors (connection errors and timeouts; timeouts are a subset). */
  transportErrors: number;
  timeouts: number;
  /** Responses whose status differs from `expectStatus`, by status code. */
  unexpected: Record<string, number>;
  /**
   * 503s when another status was expected: the server shedding load as designed
   * (docs/decisions/0037-load-shedding.md). Listed with the unexpected statuses, left out of
   * `errors` and of `rps`.
   */
  shed?: number;
  /** transportErrors + every unexpected response but the shed ones: what fails the bench. */
  errors: number;
  /** req/s as a multiple of /healthz's in the same run (withHealthzRatio); absent when unknown. */
  ratio?: number;
}

/** Turn one autocannon result into a table row. Uses autocannon's own percentiles. */
export function toRow(route: RouteSpec, result: AutocannonResult): BenchRow {
  const unexpected: Record<string, number> = {};
  let responses = 0;
  let unexpectedCount = 0;
  for (const [status, stats] of Object.entries(result.statusCodeStats)) {
    const count = stats?.count ?? 0;
    responses += count;
    if (Number(status) !== route.expectStatus && count > 0) {
      unexpected[status] = count;
      unexpectedCount += count;
    }
  }
  // autocannon 8 increments `errors` for every timeout too, so `errors`
  // already includes `timeouts`; adding both would count timeouts twice.
  // Math.max keeps this right should a future version stop doing that.
  const transportErrors = Math.max(result.errors, result.timeouts);
  const shed = route.expectStatus === 503 ? 0 : (unexpected["503"] ?? 0);
  return {
    route: `${route.method && route.method !== "GET" ? `${route.method} ` : ""}${route.path}${route.expectStatus === 200 ? "" : ` (${route.expectStatus})`}`,
    path: route.path,
    expectStatus: route.expectStatus,
    responses,
    // The answers a visitor wanted: a shed request's quick 503 is no page served.
    rps: shed > 0 && responses > 0 ? (result.requests.average * (responses - shed)) / responses : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    transportErrors,
    timeouts: result.timeouts,
    unexpected,
    shed,
    errors: transportErrors + unexpectedCount - shed,
  };
}

/** "500×3 302×1", or "-" when every response had the expected status. */
export function formatUnexpected(unexpected: Record<string, number>): string {
  const parts = Object.entries(unexpected)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status}×${n}`);
  return parts.length > 0 ? parts.join(" ") : "-";
}

function formatRps(rps: number): string {
  return rps >= 100 ? rps.toFixed(0) : rps.toFixed(1);
}

function formatMs(ms: number): string {
  return Number.isInteger(ms) ? String(ms) : ms.toFixed(2);
}

function formatRatio(ratio: number | undefined): string {
  return ratio === undefined || !Number.isFinite(ratio) ? "-" : ratio.toFixed(2);
}

/** The route every other is compared with: a bare database round trip. */
export const BASELINE_PATH = "/healthz";

/**
 * The rows with `ratio` set: each route's req/s divided by the req/s of the GET `baseline`
 * row of the same run (1 for that row). Without a baseline row, or when it served nothing,
 * the ratio stays unknown.
 */
export function withHealthzRatio(rows: readonly BenchRow[], baseline = BASELINE_PATH): BenchRow[] {
  const base = rows.find((r) => r.path === baseline && r.route === baseline)?.rps;
  return rows.map((row) => {
    const { ratio: _, ...rest } = row;
    return base !== undefined && base > 0 ? { ...rest, ratio: row.rps / base } : rest;
  });
}

/** The median of some numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * One row per route over several runs of the same routes: the median req/s, p50, p99 and
 * ratio to /healthz (the median of each run's ratio, not the ratio of the medians), and the
 * responses, errors and unexpected statuses of all runs added up. Routes in first-seen order.
 */
export function medianRows(runs: readonly (readonly BenchRow[])[]): BenchRow[] {
  const byRoute = new Map<string, BenchRow[]>();
  for (const rows of runs) for (const row of rows) byRoute.set(row.route, [...(byRoute.get(row.route) ?? []), row]);
  return [...byRoute.values()].map((rows) => {
    const first = rows[0]!;
    const unexpected: Record<string, number> = {};
    for (const row of rows) {
      for (const [status, n] of Object.entries(row.unexpected)) unexpected[status] = (unexpected[status] ?? 0) + n;
    }
    const sum = (pick: (r: BenchRow) => number) => rows.reduce((total, r) => total + pick(r), 0);
    const ratios = rows.map((r) => r.ratio).filter((r): r is number => r !== undefined);
    const merged: BenchRow = {
      route: first.route,
      path: first.path,
      expectStatus: first.expectStatus,
      responses: sum((r) => r.responses),
      rps: median(rows.map((r) => r.rps)),
      p50: median(rows.map((r) => r.p50)),
      p99: median(rows.map((r) => r.p99)),
      transportErrors: sum((r) => r.transportErrors),
      timeouts: sum((r) => r.timeouts),
      unexpected,
      errors: sum((r) => r.errors),
    };
    return ratios.length > 0 ? { ...merged, ratio: median(ratios) } : merged;
  });
}

const COLUMNS: { title: string; align: "left" | "right"; cell: (row: BenchRow) => string }[] = [
  { title: "route", align: "left", cell: (r) => r.route },
  { title: "req/s", align: "right", cell: (r) => formatRps(r.rps) },
  { title: "p50 ms", align: "right", cell: (r) => formatMs(r.p50) },
  { title: "p99 ms", align: "right", cell: (r) => formatMs(r.p99) },
  { title: "× healthz", align: "right", cell: (r) => formatRatio(r.ratio) },
  { title: "errors", align: "right", cell: (r) => String(r.errors) },
  { title: "unexpected status", align: "left", cell: (r) => formatUnexpected(r.unexpected) },
];

/**
 * Plain-text table, columns separated by two spaces, text left-aligned and
 * numbers right-aligned, a dashed rule under the header. Trailing spaces are
 * trimmed. Every line of the result has the same column offsets.
 */
export function formatTable(rows: readonly BenchRow[]): string {
  const cells = rows.map((row) => COLUMNS.map((c) => c.cell(row)));
  const widths = COLUMNS.map((c, i) => Math.max(c.title.length, ...cells.map((line) => (line[i] ?? "").length)));
  const render = (values: readonly string[]): string =>
    values
      .map((value, i) => {
        const width = widths[i] ?? value.length;
        return COLUMNS[i]?.align === "right" ? value.padStart(width) : value.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  return [render(COLUMNS.map((c) => c.title)), render(widths.map((w) => "-".repeat(w))), ...cells.map(render)].join("\n");
}

// ---------------------------------------------------------------------------
// JavaScript a first visit downloads

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  quot: '"',
  apos: "'",
  lt: "<",
  gt: ">",
};

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The attributes of one tag's source (`a="1" b`), names lower-cased, values entity-decoded; the first of a repeated name wins. */
export function parseAttributes(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of source.matchAll(re)) {
    const name = (m[1] ?? "").toLowerCase();
    if (!attrs.has(name)) attrs.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ""));
  }
  return attrs;
}

/** A specifier that names a JavaScript file by path or URL (not a bare package name). */
function isJsPath(specifier: string): boolean {
  if (!/^(\/|\.\.?\/|https?:\/\/)/i.test(specifier)) return false;
  const pathname = specifier.replace(/[?#].*$/, "");
  return /\.m?js$/i.test(pathname);
}

// Static `import x from "…"`, `import * as r from "…"`, `import {a} from "…"`,
// side-effect `import "…"`, and the re-export forms `export * from "…"`,
// `export {a} from "…"`. Dynamic `import("…")` is matched separately.
const STATIC_IMPORT = /\b(?:import\s*(?:[\w$*{}\s,]+?\s*from\s*)?|export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*)(["'])([^"'\n]+)\1/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*(["'`])([^"'`\n]+)\1\s*\)/g;

const SCRIPT_TYPES_THAT_RUN = new Set(["", "module", "text/javascript", "application/javascript", DEFERRED_MODULE_TYPE]);
/** Module scripts: the live ones, and the shop's deferred one, which runs as a module once the main image is shown. */
const MODULE_SCRIPT_TYPES = new Set(["module", DEFERRED_MODULE_TYPE]);

/**
 * Every JavaScript URL that a first visit to the page downloads, resolved
 * against `pageUrl`, deduplicated, in document order:
 * - `<script src>` (not `nomodule`, not data types like JSON or importmap),
 * - `<link rel="modulepreload" href>` and `<link rel="preload" as="script" href>`,
 * - the module preloads the shop's script loader adds (app/server/http/deferred-scripts.server.ts),
 * - in inline `<script type="module">` (or the shop's deferred module script,
 *   app/server/http/deferred-scripts.server.ts): the specifiers of static imports
 *   (`import * as route0 from "/assets/root-x.js"`, `import "/assets/manifest-x.js"`)
 *   and of `import("/assets/entry.client-x.js")` with a literal string (in a
 *   classic inline script only `import("…")`, the one form it can contain),
 *   when they name a `.js`/`.mjs` file by path or URL, not a bare package name.
 * Comments are skipped; stylesheets and other links are ignored.
 */
export function extractScriptUrls(html: string, pageUrl: string | URL): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (raw: string): void => {
    let url: string;
    try {
      url = new URL(raw.trim(), pageUrl).href;
    } catch {
      return;
    }
    if (!seen.has(url)) {
      seen.add(url);
      found.push(url);
    }
  };

  // Scan the document in order so a script's content is consumed whole (a
  // "<link" inside inline JS is not a tag) and comments are skipped.
  const TOKEN = /<!--[\s\S]*?-->|<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>|<link\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  for (const m of html.matchAll(TOKEN)) {
    const scriptAttrs = m[1];
    const linkAttrs = m[3];
    if (scriptAttrs !== undefined) {
      const attrs = parseAttributes(scriptAttrs);
      const type = (attrs.get("type") ?? "").trim().toLowerCase();
      if (!SCRIPT_TYPES_THAT_RUN.has(type) || attrs.has("nomodule")) continue;
      const src = attrs.get("src");
      if (src !== undefined) {
        if (src.trim() !== "") add(src);
        continue;
      }
      const body = m[2] ?? "";
      // The shop's script loader (decision 0018) preloads the page's modules once its main image is shown.
      for (const href of deferredPreloadsOf(body) ?? []) add(href);
      // Static imports only parse in module scripts; import() runs in both.
      const specifiers: { index: number; spec: string }[] = [];
      for (const re of MODULE_SCRIPT_TYPES.has(type) ? [STATIC_IMPORT, DYNAMIC_IMPORT] : [DYNAMIC_IMPORT]) {
        for (const im of body.matchAll(re)) specifiers.push({ index: im.index, spec: im[2] ?? "" });
      }
      specifiers.sort((a, b) => a.index - b.index);
      for (const { spec } of specifiers) if (isJsPath(spec)) add(spec);
    } else if (linkAttrs !== undefined) {
      const attrs = parseAttributes(linkAttrs);
      const rel = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
      const href = attrs.get("href");
      if (href === undefined || href.trim() === "") continue;
      const as = (attrs.get("as") ?? "").toLowerCase();
      if (rel.includes("modulepreload") || (rel.includes("preload") && as === "script")) add(href);
    }
  }
  return found;
}

/**
 * Static imports of an ES module (`import{a as b}from"./chunk-x.js"`,
 * `import"./x.js"`, `export*from"./x.js"`) that name a `.js` file, resolved
 * against the module's URL. These load as soon as the module does, so they
 * are part of a first visit even when the HTML did not preload them.
 * Dynamic `import()` is lazy and left out. Only matches at a statement start
 * (beginning of file, or after `;`, `}`, or a newline), which in bundled
 * output is where real import declarations sit.
 */
export function extractStaticImports(code: string, moduleUrl: string | URL): string[] {
  const re = /(?:^|[;}\n])\s*(?:import\s*(?:[\w$*{}\s,]+?\s*from\s*)?|export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*)(["'])([^"'\n]+)\1/g;
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of code.matchAll(re)) {
    const spec = m[2] ?? "";
    if (!isJsPath(spec)) continue;
    let url: string;
    try {
      url = new URL(spec, moduleUrl).href;
    } catch {
      continue;
    }
    if (!seen.has(url)) {
      seen.add(url);
      out.push(url);
    }
  }
  return out;
}

/**
 * Every stylesheet URL the document links (`<link rel="stylesheet" href>`), resolved against
 * `pageUrl`, deduplicated, in document order. Comments and the contents of scripts are skipped.
 */
export function extractStylesheetUrls(html: string, pageUrl: string | URL): string[] {
  const found: string[] = [];
  const TOKEN = /<!--[\s\S]*?-->|<script\b(?:[^>"']|"[^"]*"|'[^']*')*>[\s\S]*?<\/script\s*>|<link\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  for (const m of html.matchAll(TOKEN)) {
    if (m[1] === undefined) continue;
    const attrs = parseAttributes(m[1]);
    const rel = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = attrs.get("href");
    if (!rel.includes("stylesheet") || href === undefined || href.trim() === "") continue;
    try {
      const url = new URL(href.trim(), pageUrl).href;
      if (!found.includes(url)) found.push(url);
    } catch {
      // not a URL: a browser would not load it either
    }
  }
  return found;
}

/** One file a first visit downloads, as `firstVisitScripts` measured it. */
export interface FirstVisitFile {
  url: string;
  status: number;
  /** Bytes of the file itself (decoded). */
  raw: number;
  /** Those bytes gzipped at level 9. */
  gzip: number;
  /** Found only through a static import of another script, not in the HTML. */
  viaImport: boolean;
}

/**
 * Every JavaScript file a first visit to a page downloads: the scripts and module preloads of its
 * HTML (`extractScriptUrls`), then, transitively, their static imports (`extractStaticImports`).
 * `load` fetches one URL and returns its status and decoded body (the caller does the I/O, so
 * the bench and the budget test measure the same way). Files that do not answer 200 are listed
 * with their status and their imports are not followed.
 */
export async function firstVisitScripts(
  html: string,
  pageUrl: string | URL,
  load: (url: string) => Promise<{ status: number; body: Uint8Array }>,
): Promise<FirstVisitFile[]> {
  const queue = extractScriptUrls(html, pageUrl).map((url) => ({ url, viaImport: false }));
  const seen = new Set(queue.map((q) => q.url));
  const files: FirstVisitFile[] = [];
  for (let i = 0; i < queue.length; i++) {
    const item = queue[i];
    if (!item) continue;
    const { status, body } = await load(item.url);
    files.push({ ...item, status, raw: body.length, gzip: gzipSize(body) });
    if (status !== 200) continue;
    for (const url of extractStaticImports(new TextDecoder().decode(body), item.url)) {
      if (!seen.has(url)) {
        seen.add(url);
        queue.push({ url, viaImport: true });
      }
    }
  }
  return files;
}

/** Size in bytes of `data` gzipped at level 9. */
export function gzipSize(data: Uint8Array | string): number {
  return gzipSync(data, { level: 9 }).length;
}

// ---------------------------------------------------------------------------
// Server memory

/** The resident set size in kB from the text of /proc/<pid>/status (its VmRSS line), or undefined. */
export function parseVmRssKb(status: string): number | undefined {
  const m = /^VmRSS:\s*(\d+)\s*kB/m.exec(status);
  return m ? Number(m[1]) : undefined;
}

/** kB (as /proc reports, KiB) as MB (MiB), whole. */
export function formatRssMB(kb: number | undefined): string {
  return kb === undefined ? "n/a" : `${Math.round(kb / 1024)} MB`;
}

/** Peak and latest of periodic samples (e.g. RSS in kB). */
export class PeakTracker {
  peak: number | undefined;
  last: number | undefined;
  count = 0;
  add(value: number | undefined): void {
    if (value === undefined) return;
    this.count++;
    this.last = value;
    if (this.peak === undefined || value > this.peak) this.peak = value;
  }
}

/** Bytes as kB (1 kB = 1000 B, as Vite's build output reports), one decimal. */
export function formatKB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

// ---------------------------------------------------------------------------
// Command line

export interface BenchOptions {
  /**
   * "routes": each route in turn; "mixed": shoppers browsing while orders arrive
   * (scripts/lib/load-scenario.ts); "ads": ad-click landings on random products and categories
   * (scripts/lib/landings.ts).
   */
  scenario: "routes" | "mixed" | "ads";
  /** Seconds autocannon drives each route (routes), the landings (ads), or the whole run (mixed). */
  duration: number;
  /** Connections per route (routes, ads), or concurrent shoppers (mixed). */
  connections: number;
  verbose: boolean;
  /** Rebuild even when build/server/index.js exists. */
  build: boolean;
  help: boolean;
  /** Grow the demo catalogue to this many products before the bench (routes, ads); null: the demo catalogue as seeded. */
  products: number | null;
  /** How many times the whole route set (or the landings) runs on the same server; medians are printed when > 1. */
  runs: number;
  /** false: the server runs with PAGE_CACHE_MB=0, so every request renders. */
  pageCache: boolean;
  /** Fail when the server's peak resident set size (of its largest process) exceeds this many MB (MiB); null: no limit. */
  maxRssMb: number | null;
  /** Another shop's origin (http://host:port, no trailing slash): load it instead of starting Souq; null: Souq. */
  baseUrl: string | null;
  /** The JSON file of that shop's paths (scripts/lib/landings.ts parseRouteMap); with baseUrl only. */
  routeMap: string | null;
  /** The process id of that shop's server, whose memory (and its children's) is sampled; with baseUrl only. */
  serverPid: number | null;
  /** Ads only: land on this many products picked at random (an ad campaign's range); null: on every product. */
  advertised: number | null;
}

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new Error(`${name} must be a positive whole number, got "${value}"`);
  }
  return n;
}

/** An http(s) origin, optionally with a base path, as the start of every request's URL (no trailing slash). */
function baseUrlOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--base-url must be a URL such as http://127.0.0.1:3000, got "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`--base-url must be http or https, got "${value}"`);
  if (url.search || url.hash) throw new Error(`--base-url takes no query or fragment, got "${value}"`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/**
 * `--scenario routes|mixed|ads` (default routes), `--duration N` (or env BENCH_DURATION; the flag
 * wins; default 5 for routes and ads, 20 for mixed), `--connections N` (default 10 for routes and
 * ads, 200 shoppers for mixed), `--verbose`, `--build`, `--help`; for routes and ads: `--products N`,
 * `--runs N` (default 1), `--no-page-cache`, `--max-rss-mb N`, and, to load another shop instead of
 * starting Souq, `--base-url URL --route-map FILE [--server-pid N]`; for ads: `--advertised N`.
 * Throws on unknown flags, bad numbers, or an option its scenario or target does not take.
 */
export function parseBenchArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      scenario: { type: "string", short: "s" },
      duration: { type: "string", short: "d" },
      connections: { type: "string", short: "c" },
      verbose: { type: "boolean", short: "v", default: false },
      build: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
      products: { type: "string", short: "p" },
      runs: { type: "string", short: "r" },
      "no-page-cache": { type: "boolean", default: false },
      "max-rss-mb": { type: "string" },
      "base-url": { type: "string" },
      "route-map": { type: "string" },
      "server-pid": { type: "string" },
      advertised: { type: "string" },
    },
    allowPositionals: false,
    strict: true,
  });
  const scenario = values.scenario ?? "routes";
  if (scenario !== "routes" && scenario !== "mixed" && scenario !== "ads") {
    throw new Error(`--scenario must be routes, mixed or ads, got "${scenario}"`);
  }
  const envDuration = env.BENCH_DURATION?.trim();
  const duration =
    values.duration !== undefined
      ? positiveInt("--duration", values.duration)
      : envDuration
        ? positiveInt("BENCH_DURATION", envDuration)
        : scenario === "mixed"
          ? 20
          : 5;
  const connections = values.connections !== undefined ? positiveInt("--connections", values.connections) : scenario === "mixed" ? 200 : 10;
  const given = (names: readonly (keyof typeof values)[]) => names.filter((name) => values[name] !== undefined && values[name] !== false);
  const routesOnly = given(["products", "runs", "no-page-cache", "max-rss-mb", "base-url", "route-map", "server-pid"]);
  if (scenario === "mixed" && routesOnly.length > 0) {
    throw new Error(`--${routesOnly.join(", --")}: only with --scenario routes or ads`);
  }
  if (scenario !== "ads" && values.advertised !== undefined) throw new Error("--advertised: only with --scenario ads");
  const baseUrl = values["base-url"] !== undefined ? baseUrlOf(values["base-url"]) : null;
  if ((baseUrl === null) !== (values["route-map"] === undefined)) {
    throw new Error("--base-url and --route-map go together: the other shop's address and the paths to load on it");
  }
  if (baseUrl !== null) {
    const souqOnly = given(["products", "no-page-cache", "build"]);
    if (souqOnly.length > 0) throw new Error(`--${souqOnly.join(", --")}: not with --base-url (they set up the Souq server the bench starts)`);
    if (values["max-rss-mb"] !== undefined && values["server-pid"] === undefined) {
      throw new Error("--max-rss-mb with --base-url needs --server-pid: the process whose memory to sample");
    }
  } else if (values["server-pid"] !== undefined) {
    throw new Error("--server-pid: only with --base-url (the bench samples the server it starts itself)");
  }
  return {
    scenario,
    duration,
    connections,
    verbose: values.verbose === true,
    build: values.build === true,
    help: values.help === true,
    products: values.products !== undefined ? positiveInt("--products", values.products) : null,
    runs: values.runs !== undefined ? positiveInt("--runs", values.runs) : 1,
    pageCache: values["no-page-cache"] !== true,
    maxRssMb: values["max-rss-mb"] !== undefined ? positiveInt("--max-rss-mb", values["max-rss-mb"]) : null,
    baseUrl,
    routeMap: values["route-map"] ?? null,
    serverPid: values["server-pid"] !== undefined ? positiveInt("--server-pid", values["server-pid"]) : null,
    advertised: values.advertised !== undefined ? positiveInt("--advertised", values.advertised) : null,
  };
}

/**
 * The product page's render with and without variants (page cache off: every request renders),
 * one line each and the cost of the variants as a share of the plain page's throughput.
 */
export function formatVariantsComparison(plain: BenchRow, variants: BenchRow): string {
  const line = (label: string, row: BenchRow) =>
    `  ${label.padEnd(22)} ${formatRps(row.rps).padStart(7)} req/s  p50 ${formatMs(row.p50)} ms  p99 ${formatMs(row.p99)} ms  (${row.path})`;
  const share = plain.rps > 0 ? `${((variants.rps / plain.rps) * 100).toFixed(0)}% of the plain page's throughput` : "-";
  return [
    "Product page render, page cache off (PAGE_CACHE_MB=0):",
    line("without variants", plain),
    line("with 40 variants", variants),
    `  with 40 variants: ${share}`,
  ].join("\n");
}
