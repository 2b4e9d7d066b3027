// `npm run bench`: start the production build on a fresh SQLite database on
// loopback, drive each route in ROUTES with autocannon for a fixed number of
// seconds, print req/s, latency p50/p99, the throughput as a multiple of /healthz's and errors
// per route, the server's resident memory (after start-up and peak), then the gzipped size of
// the JavaScript a first visit to `/`, a product and a category page downloads, and the product
// page's render throughput with the page cache off, without variants and with 40 variants
// (scripts/bench-variants.ts adds that product to the bench's database).
//
//   npm run bench                      5 s per route, 10 connections
//   npm run bench -- --duration 10     (or BENCH_DURATION=10 npm run bench)
//   npm run bench -- --connections 50 --verbose --build
//   npm run bench -- --products 10000 --connections 50 --runs 3
//                                      a 10,000-product catalogue, three runs and their medians
//   npm run bench -- --no-page-cache   every request renders (PAGE_CACHE_MB=0)
//   npm run bench -- --max-rss-mb 400  fail when the server's peak RSS exceeds 400 MB
//   npm run bench -- --scenario mixed  200 shoppers browsing + 20 orders/s for 20 s (the load
//                                      test's scenario, scripts/lib/load-scenario.ts; --duration,
//                                      --connections = shoppers)
//
// Builds first when the build is missing or older than its sources (`--build` forces it).
// Exits non-zero when the server does not come up, when any route had an
// error (connection error, timeout, or a status other than the expected one),
// when a script of the first visit does not answer 200, or when the peak RSS exceeds --max-rss-mb.

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { buildIsStale } from "./lib/build.js";
import { serverPids, startServerProcess, type ServerProcess } from "./lib/server-process.js";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  firstVisitScripts,
  formatKB,
  formatRssMB,
  formatTable,
  formatVariantsComparison,
  medianRows,
  parseBenchArgs,
  parseVmRssKb,
  PeakTracker,
  toRow,
  withHealthzRatio,
  type AutocannonResult,
  type BenchOptions,
  type BenchRow,
  type FirstVisitFile,
  type RouteSpec,
} from "./bench-lib";
import { formatMixedReport, runMixedScenario } from "./lib/load-scenario";
import { VARIANTS_PRODUCT_SLUG } from "./bench-variants";

const PLAIN_PRODUCT_PATH = "/products/smartphone-6-7-inch-128gb";
const VARIANTS_PRODUCT_PATH = `/products/${VARIANTS_PRODUCT_SLUG}`;

/**
 * The routes benchmarked, in order. Add one line per new page; a route that
 * must answer something other than 200 says so in expectStatus (a response
 * with any other status counts as an error).
 */
const ROUTES: RouteSpec[] = [
  { path: "/", expectStatus: 200 },
  { path: "/about", expectStatus: 200 },
  { path: "/faq", expectStatus: 200 },
  { path: "/shipping", expectStatus: 200 },
  { path: "/categories", expectStatus: 200 },
  { path: "/categories/kitchen", expectStatus: 200 },
  { path: "/categories/kitchen?sort=price-asc", expectStatus: 200 },
  // A demo-catalogue product with a gallery (the bench runs on a freshly seeded database).
  { path: PLAIN_PRODUCT_PATH, expectStatus: 200 },
  // The same product with two options and 40 variants (added to the bench's database before the run).
  { path: VARIANTS_PRODUCT_PATH, expectStatus: 200 },
  { path: "/products/bench-no-such-product", expectStatus: 404 },
  { path: "/search?q=%D8%AE%D9%84%D8%A7%D8%B7", expectStatus: 200 },
  { path: "/healthz", expectStatus: 200 },
  // An order (a demo product, to Alger): the bench server runs with the rate limits raised.
  {
    path: "/api/orders",
    method: "POST",
    expectStatus: 201,
    // A same-origin JSON call (POST /api/orders refuses other sites); the shop's own forms post to
    // their route actions, which call the same placeOrder.
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify({
      source: "cart_page",
      customer: { firstName: "Bench", lastName: "Mark", phone: "0550000001", wilayaCode: "16" },
      items: [{ productId: "p1793099100000", quantity: 1 }],
    }),
  },
  { path: "/bench-no-such-page", expectStatus: 404 },
];

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BENCH_DB_FILE = "souq-bench.db";
const SERVER_READY_TIMEOUT_MS = 60_000;
const WARMUP_REQUESTS_PER_ROUTE = 30;
const REQUEST_TIMEOUT_S = 10;
/** What a browser sends, so SSR takes the same path (isbot, compression) as for a visitor. */
const BROWSER_HEADERS: Record<string, string> = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "ar,fr;q=0.9,en;q=0.8",
};

// autocannon ships no types and @types/autocannon is not installed; a
// declaration for an untyped package can't live in a module file (TS2665),
// so load it through require and give it the minimal type used here.
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  method: string;
  body?: string;
  headers: Record<string, string>;
}
type Autocannon = (options: AutocannonOptions) => PromiseLike<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const USAGE = `Usage: npm run bench -- [--scenario routes|mixed] [--duration N] [--connections N] [--verbose] [--build]
                        [--products N] [--runs N] [--no-page-cache] [--max-rss-mb N]

  --scenario, -s S     routes (default): each route in turn; mixed: shoppers browsing while
                       20 orders/s arrive, then every order checked in the database
  --duration, -d N     seconds of load per route (default 5; mixed: of the whole run, default 20;
                       or env BENCH_DURATION)
  --connections, -c N  concurrent connections (default 10; mixed: shoppers, default 200)
  --verbose, -v        list every JavaScript file of the first visit
  --build              run \`npm run build\` even if build/ exists

  Routes only:
  --products, -p N     grow the demo catalogue to N products (spread over its categories, with
                       search text and images) before the bench; adds a generated product page,
                       a deep category page and a search with many results to the routes
  --runs, -r N         run the whole route set N times on the same server (default 1) and print
                       each run's table, then the median per route
  --no-page-cache      start the server with PAGE_CACHE_MB=0: every request renders
  --max-rss-mb N       fail when the server's peak resident set size exceeds N MB
`;

class BenchFailure extends Error {}

// ---------------------------------------------------------------------------
// Server lifecycle

/** Keeps the last `limit` characters written to a stream. */
class Tail {
  private text = "";
  constructor(private readonly limit = 64 * 1024) {}
  push(chunk: Buffer | string): void {
    this.text += chunk.toString();
    if (this.text.length > this.limit) this.text = this.text.slice(-this.limit);
  }
  toString(): string {
    return this.text;
  }
}

interface RunningServer {
  process: ServerProcess;
  child: ChildProcess;
  baseUrl: string;
  stdout: Tail;
  stderr: Tail;
}

let server: RunningServer | undefined;
let tempDir: string | undefined;
/** Stops the mixed scenario (its own server and temp dir) on Ctrl-C. */
const mixedAbort = new AbortController();
let mixedRun: Promise<unknown> | undefined;

function runInherit(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function serverOutput(s: RunningServer): string {
  const parts: string[] = [];
  const err = s.stderr.toString().trimEnd();
  const out = s.stdout.toString().trimEnd();
  parts.push(`--- server stderr ---\n${err || "(empty)"}`);
  if (out) parts.push(`--- server stdout ---\n${out}`);
  return parts.join("\n");
}

async function startServer(dbDir: string, options: { pageCache: boolean }): Promise<RunningServer> {
  const stdout = new Tail();
  const stderr = new Tail();
  const started = await startServerProcess({
    root: ROOT,
    port: "free",
    outputLimit: 0,
    onOutput: (chunk, stream) => (stream === "stdout" ? stdout : stderr).push(chunk),
    env: {
      DATABASE_URL: `file:${join(dbDir, BENCH_DB_FILE)}`,
      LOG_LEVEL: "warn",
      // POST /api/orders is loaded from one address with one phone: lift the order rate limits.
      ORDER_RATE_LIMIT_PER_IP: "100000000",
      ORDER_RATE_LIMIT_PER_PHONE: "100000000",
      // --no-page-cache: every request renders (otherwise the server's default, or PAGE_CACHE_MB from the environment).
      ...(options.pageCache ? {} : { PAGE_CACHE_MB: "0" }),
    },
  });
  return { process: started, child: started.child, baseUrl: started.baseURL!, stdout, stderr };
}

async function waitUntilHealthy(s: RunningServer): Promise<void> {
  try {
    await s.process.waitUntilHealthy(SERVER_READY_TIMEOUT_MS);
  } catch (error) {
    throw new BenchFailure(`${error instanceof Error ? error.message : String(error)}\n${serverOutput(s)}`);
  }
}

async function stopServer(s: RunningServer): Promise<void> {
  await s.process.stop({ graceMs: 5_000 });
}

// ---------------------------------------------------------------------------
// Server memory

const RSS_SAMPLE_MS = 250;

/**
 * The resident set size in kB (Linux /proc) of the server's largest process (each worker of a
 * cluster: serverPids), or undefined where it can't be read.
 */
function readRssKb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const sizes = serverPids(pid).flatMap((each) => {
    try {
      return [parseVmRssKb(readFileSync(`/proc/${each}/status`, "utf8"))].filter((kb) => kb !== undefined);
    } catch {
      return [];
    }
  });
  return sizes.length > 0 ? Math.max(...sizes) : undefined;
}

/** Samples the server's RSS every RSS_SAMPLE_MS until stopped: the peak of the whole bench, and of each phase. */
class RssSampler {
  readonly whole = new PeakTracker();
  phase = new PeakTracker();
  private readonly timer: NodeJS.Timeout;
  constructor(private readonly pid: number | undefined) {
    this.timer = setInterval(() => this.sample(), RSS_SAMPLE_MS);
    this.timer.unref();
    this.sample();
  }
  sample(): number | undefined {
    const kb = readRssKb(this.pid);
    this.whole.add(kb);
    this.phase.add(kb);
    return kb;
  }
  /** Starts a new phase (e.g. a run) and returns the one that ended. */
  nextPhase(): PeakTracker {
    const ended = this.phase;
    this.phase = new PeakTracker();
    return ended;
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

let cleaningUp: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaningUp ??= (async () => {
    if (mixedRun) {
      mixedAbort.abort();
      await mixedRun.catch(() => undefined);
    }
    if (server) await stopServer(server);
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  })();
  return cleaningUp;
}

// Last resort if the process exits some other way: never leave the server
// running or the database behind.
process.on("exit", () => {
  if (server && !server.process.hasExited()) server.child.kill("SIGKILL");
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});
// Ctrl-C reaches this process more than once (the terminal signals the whole
// process group, and tsx relays it again), so keep the handler installed and
// ignore repeats while cleaning up: with no listener left, tsx would exit at once.
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n[bench] ${signal}: stopping the server and removing ${tempDir ?? "the temp dir"}`);
    void cleanup().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

// ---------------------------------------------------------------------------
// Load

async function warmUp(s: RunningServer, route: RouteSpec): Promise<void> {
  for (let i = 0; i < WARMUP_REQUESTS_PER_ROUTE; i++) {
    const res = await fetch(s.baseUrl + route.path, {
      method: route.method ?? "GET",
      body: route.body,
      headers: { ...BROWSER_HEADERS, ...route.headers },
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000),
    });
    await res.arrayBuffer();
    if (i === 0 && res.status !== route.expectStatus) {
      console.error(`[bench] warning: ${route.path} answered ${res.status}, expected ${route.expectStatus}`);
    }
  }
}

async function warmUpRoutes(s: RunningServer, routes: readonly RouteSpec[]): Promise<void> {
  console.error(`[bench] warming up ${routes.length} routes (${WARMUP_REQUESTS_PER_ROUTE} requests each)`);
  for (const route of routes) await warmUp(s, route);
}

/** One run: each route in turn, with each row's ratio to /healthz in this run. */
async function benchRoutes(s: RunningServer, routes: readonly RouteSpec[], options: BenchOptions, label: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const route of routes) {
    console.error(`[bench] ${label}${route.path}: ${options.duration} s, ${options.connections} connections`);
    const result = await autocannon({
      url: s.baseUrl + route.path,
      connections: options.connections,
      duration: options.duration,
      timeout: REQUEST_TIMEOUT_S,
      method: route.method ?? "GET",
      body: route.body,
      headers: { ...BROWSER_HEADERS, ...route.headers },
    });
    rows.push(toRow(route, result));
    if (s.process.hasExited()) {
      throw new BenchFailure(`server ${s.process.describeExit()} while benchmarking ${route.path}\n${serverOutput(s)}`);
    }
  }
  return withHealthzRatio(rows);
}

// ---------------------------------------------------------------------------
// A large catalogue (--products N)

/**
 * Grows the catalogue of the bench's database to `target` products (scripts/lib/bench-catalogue.ts)
 * while no server has it open, and returns the routes that exercise it: a generated product's page,
 * a category page deep into the pagination, and a search that matches many products.
 */
async function growBenchCatalogue(dbDir: string, target: number): Promise<{ products: number; routes: RouteSpec[] }> {
  // Loaded only here: the default bench does not open the database itself.
  const [{ openDatabase }, { growCatalogue, BENCH_MANY_RESULTS_QUERY }, { PAGE_SIZE }] = await Promise.all([
    import("../app/server/db/db.server"),
    import("./lib/bench-catalogue"),
    import("../app/lib/listing"),
  ]);
  const handle = openDatabase(`file:${join(dbDir, BENCH_DB_FILE)}`);
  try {
    const report = await growCatalogue(handle.db, target);
    console.error(
      `[bench] catalogue: ${report.before} → ${report.after} products (${report.inserted} generated over ` +
        `${report.categories} categories in ${(report.ms / 1000).toFixed(1)} s)`,
    );
    const category = "kitchen";
    const inStock = await handle.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("category", "=", category)
      .where("in_stock", "=", true)
      .executeTakeFirstOrThrow();
    const pages = Math.ceil(Number(inStock.n) / PAGE_SIZE);
    const routes: RouteSpec[] = [];
    const slug = report.sampleSlug(category);
    if (slug) routes.push({ path: `/products/${slug}`, expectStatus: 200 });
    if (pages >= 2) routes.push({ path: `/categories/${category}?page=${Math.max(2, Math.floor(pages / 2))}`, expectStatus: 200 });
    routes.push({ path: `/search?q=${encodeURIComponent(BENCH_MANY_RESULTS_QUERY)}`, expectStatus: 200 });
    return { products: report.after, routes };
  } finally {
    await handle.close();
  }
}

/** Adds the product with 40 variants to the bench's database while no server has it open. */
async function addVariantsProduct(dbDir: string): Promise<void> {
  const [{ openDatabase }, { addFortyVariantProduct }] = await Promise.all([import("../app/server/db/db.server"), import("./bench-variants")]);
  const handle = openDatabase(`file:${join(dbDir, BENCH_DB_FILE)}`);
  try {
    await addFortyVariantProduct(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * The product page's render throughput without and with variants, page cache off: from the
 * run's rows when the bench ran with --no-page-cache, else from a short run of these two routes
 * on a server started with PAGE_CACHE_MB=0 (the bench's server is stopped first).
 */
async function variantsComparison(dbDir: string, runs: readonly BenchRow[][], options: BenchOptions): Promise<string> {
  const paths = [PLAIN_PRODUCT_PATH, VARIANTS_PRODUCT_PATH];
  let rows: BenchRow[];
  if (!options.pageCache) {
    rows = medianRows(runs).filter((row) => paths.includes(row.path));
  } else {
    if (server) await stopServer(server);
    server = await startServer(dbDir, { pageCache: false });
    await waitUntilHealthy(server);
    const routes = paths.map((path) => ({ path, expectStatus: 200 }));
    await warmUpRoutes(server, routes);
    rows = await benchRoutes(server, routes, options, "page cache off ");
  }
  const [plain, variants] = paths.map((path) => rows.find((row) => row.path === path));
  if (!plain || !variants) throw new BenchFailure("the product pages were not measured");
  if (plain.errors > 0 || variants.errors > 0) throw new BenchFailure(`product pages with the page cache off had errors\n${formatTable(rows)}`);
  return formatVariantsComparison(plain, variants);
}

/** The bench's routes with the large catalogue's extra routes, each placed after its kind (a product, a category, a search). */
function withCatalogueRoutes(routes: readonly RouteSpec[], extra: readonly RouteSpec[]): RouteSpec[] {
  const out = [...routes];
  for (const route of extra) {
    const kind = route.path.split(/[/?]/)[1];
    let at = -1;
    out.forEach((r, i) => {
      if (r.path.split(/[/?]/)[1] === kind && r.expectStatus === 200) at = i;
    });
    out.splice(at >= 0 ? at + 1 : out.length, 0, route);
  }
  return out;
}

// ---------------------------------------------------------------------------
// JavaScript of a first visit

/** The pages whose first visit is measured (the storefront's landing pages; tests/ops/budgets.test.ts holds them to budgets). */
const FIRST_VISIT_PAGES = ["/", PLAIN_PRODUCT_PATH, VARIANTS_PRODUCT_PATH, "/categories/kitchen"];

async function firstVisitOf(s: RunningServer, path: string): Promise<{ files: FirstVisitFile[]; problems: string[] }> {
  const pageUrl = `${s.baseUrl}${path}`;
  const page = await fetch(pageUrl, { headers: BROWSER_HEADERS, signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000) });
  const html = await page.text();
  if (page.status !== 200) return { files: [], problems: [`${path} answered ${page.status}`] };
  // Resolve against where the page ended up, should it ever redirect.
  const files = await firstVisitScripts(html, page.url || pageUrl, async (url) => {
    // fetch() sends Accept-Encoding and decodes, so `body` is the file itself.
    const res = await fetch(url, { headers: BROWSER_HEADERS, signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000) });
    return { status: res.status, body: new Uint8Array(await res.arrayBuffer()) };
  });
  const problems = files.filter((f) => f.status !== 200).map((f) => `${displayUrl(f.url, s)} answered ${f.status}`);
  return { files, problems };
}

function displayUrl(url: string, s: RunningServer): string {
  return url.startsWith(s.baseUrl) ? url.slice(s.baseUrl.length) : url;
}

function printScripts(s: RunningServer, path: string, files: FirstVisitFile[], verbose: boolean): void {
  // Totals count only files that were served; failures are listed as errors.
  const served = files.filter((f) => f.status === 200);
  const raw = served.reduce((sum, f) => sum + f.raw, 0);
  const gzip = served.reduce((sum, f) => sum + f.gzip, 0);
  console.log(
    `\nJavaScript on a first visit to ${path}: ${served.length} file${served.length === 1 ? "" : "s"}, ` +
      `${formatKB(raw)} raw, ${formatKB(gzip)} gzipped (level 9; ${gzip} B)`,
  );
  const late = served.filter((f) => f.viaImport);
  if (late.length > 0) {
    console.log(
      `  ${late.length} of them reached only through imports, not modulepreloaded (a request waterfall): ` +
        late.map((f) => displayUrl(f.url, s)).join(", "),
    );
  }
  if (verbose && files.length > 0) {
    const name = (f: FirstVisitFile): string => displayUrl(f.url, s) + (f.viaImport ? " (import)" : "");
    const width = Math.max(...files.map((f) => name(f).length));
    for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) {
      const status = f.status === 200 ? "" : `  status ${f.status}`;
      console.log(`  ${name(f).padEnd(width)}  ${formatKB(f.raw).padStart(10)}  ${formatKB(f.gzip).padStart(10)} gz${status}`);
    }
  }
}

// ---------------------------------------------------------------------------

async function main(): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseBenchArgs(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }

  if (options.build || buildIsStale(ROOT)) {
    console.error("[bench] building: npm run build");
    const code = await runInherit(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"]);
    if (code !== 0) throw new BenchFailure(`npm run build failed with exit code ${code}`);
  }
  if (!existsSync(join(ROOT, "server.js"))) throw new BenchFailure(`no server.js in ${ROOT}`);

  if (options.scenario === "mixed") {
    const run = runMixedScenario({
      durationS: options.duration,
      shoppers: options.connections,
      ordersPerSecond: 20,
      root: ROOT,
      signal: mixedAbort.signal,
    });
    mixedRun = run;
    const result = await run;
    console.log(`\n${formatMixedReport(result)}`);
    if (result.failures.length > 0) console.error("\n[bench] FAILED: see the errors above");
    return result.failures.length > 0 ? 1 : 0;
  }

  tempDir = await mkdtemp(join(tmpdir(), "souq-bench-"));
  let started = Date.now();
  server = await startServer(tempDir, options);
  await waitUntilHealthy(server);
  console.error(`[bench] server up on ${server.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s (fresh db in ${tempDir})`);

  let routes: RouteSpec[] = ROUTES;
  let catalogue = "";
  // The first start migrated and seeded the demo catalogue; add the product with 40 variants (and
  // grow the catalogue when asked) with no server holding the database (nothing cached in a
  // process), then start the server the bench measures.
  await stopServer(server);
  await addVariantsProduct(tempDir);
  if (options.products !== null) {
    const grown = await growBenchCatalogue(tempDir, options.products);
    routes = withCatalogueRoutes(ROUTES, grown.routes);
    catalogue = `, ${grown.products.toLocaleString("en")} products`;
  }
  started = Date.now();
  server = await startServer(tempDir, options);
  await waitUntilHealthy(server);
  console.error(`[bench] server restarted on ${server.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const rss = new RssSampler(server.child.pid);
  const startupRssKb = rss.sample();

  await warmUpRoutes(server, routes);
  const runs: BenchRow[][] = [];
  const runPeaks: (number | undefined)[] = [];
  for (let run = 1; run <= options.runs; run++) {
    rss.nextPhase();
    const label = options.runs > 1 ? `run ${run}/${options.runs} ` : "";
    runs.push(await benchRoutes(server, routes, options, label));
    runPeaks.push(rss.nextPhase().peak);
  }
  const pageCache = options.pageCache ? "" : ", page cache off (PAGE_CACHE_MB=0)";
  console.log(
    `\nSouq bench: node ${process.version}, ${options.duration} s per route, ${options.connections} connections` +
      `${catalogue}${pageCache}, production build on 127.0.0.1\n`,
  );
  for (const [i, rows] of runs.entries()) {
    if (options.runs > 1) console.log(`Run ${i + 1} of ${options.runs} (server peak RSS ${formatRssMB(runPeaks[i])}):\n`);
    console.log(formatTable(rows));
    if (options.runs > 1) console.log("");
  }
  if (options.runs > 1) {
    console.log(`Median of ${options.runs} runs (req/s, p50, p99 and × healthz are medians; errors are totals):\n`);
    console.log(formatTable(medianRows(runs)));
  }

  let failed = false;
  for (const [i, rows] of runs.entries()) {
    const run = options.runs > 1 ? ` (run ${i + 1})` : "";
    for (const row of rows) {
      if (row.transportErrors > 0) {
        console.log(`  ${row.path}${run}: ${row.transportErrors} connection errors/timeouts (${row.timeouts} timeouts)`);
      }
      if (row.responses === 0) {
        console.log(`  ${row.path}${run}: no response at all`);
        failed = true;
      }
      if (row.errors > 0) failed = true;
    }
  }

  for (const path of FIRST_VISIT_PAGES) {
    const { files, problems } = await firstVisitOf(server, path);
    printScripts(server, path, files, options.verbose);
    if (files.length === 0 && problems.length === 0) {
      console.log(`  (no scripts found in the HTML of ${path})`);
    }
    for (const problem of problems) console.log(`  error: ${problem}`);
    if (problems.length > 0) failed = true;
  }

  rss.sample();
  rss.stop();
  console.log(
    `\nServer memory (RSS, sampled every ${RSS_SAMPLE_MS} ms): ${formatRssMB(startupRssKb)} after start-up, ` +
      `${formatRssMB(rss.whole.peak)} peak over the whole bench (${rss.whole.count} samples)`,
  );
  if (options.maxRssMb !== null) {
    const peakMb = rss.whole.peak === undefined ? undefined : rss.whole.peak / 1024;
    if (peakMb === undefined) {
      console.log(`  error: --max-rss-mb ${options.maxRssMb}: the server's RSS could not be read (/proc/<pid>/status)`);
      failed = true;
    } else if (peakMb > options.maxRssMb) {
      console.log(`  error: peak RSS ${formatRssMB(rss.whole.peak)} exceeds --max-rss-mb ${options.maxRssMb}`);
      failed = true;
    } else {
      console.log(`  within --max-rss-mb ${options.maxRssMb}`);
    }
  }

  console.log(`\n${await variantsComparison(tempDir, runs, options)}`);

  if (failed) console.error("\n[bench] FAILED: see the errors above");
  return failed ? 1 : 0;
}

let exitCode: number;
try {
  exitCode = await main();
} catch (error) {
  console.error(
    `\n[bench] ${error instanceof BenchFailure ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
