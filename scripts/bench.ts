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
//   npm run bench -- --products 10000 --scenario ads
//                                      ad-click landings: every request a random product (or
//                                      category) with a fresh fbclid and no cookies; req/s, p50,
//                                      p99, errors and the page cache's hit ratio (X-Cache)
//   npm run bench -- --scenario ads --base-url http://127.0.0.1:3000 --route-map peer.json
//                                      the same scenario (or routes) against another shop already
//                                      running there, on the paths of the route map (no server
//                                      started; --server-pid N samples its memory)
//
// Builds first when the build is missing or older than its sources (`--build` forces it).
// Exits non-zero when the server does not come up, when any route had an
// error (connection error, timeout, or a status other than the expected one),
// when a script of the first visit does not answer 200, or when the peak RSS exceeds --max-rss-mb.
// The server's memory is that of its process and of every process it starts (worker processes):
// their sum, and the largest one, which --max-rss-mb bounds.

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { buildIsStale } from "./lib/build.js";
import { startServerProcess, type ServerProcess } from "./lib/server-process.js";
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
  toRow,
  withHealthzRatio,
  type AutocannonResult,
  type BenchOptions,
  type BenchRow,
  type FirstVisitFile,
  type RouteSpec,
} from "./bench-lib";
import { formatMixedReport, runMixedScenario } from "./lib/load-scenario";
import { CacheTally, cacheStateOf, formatCacheTally, landingPicker, parseRouteMap, sample, seededRandom, type RouteMap } from "./lib/landings";
import { readTreeRss, TreePeak, type TreeRss } from "./lib/process-memory";
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
interface AutocannonRequest {
  method?: string;
  path?: string;
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  method?: string;
  body?: string;
  headers: Record<string, string>;
  /** Per-request setup (a new path each time) and the response's status and headers. */
  requests?: AutocannonRequest[];
}
type Autocannon = (options: AutocannonOptions) => PromiseLike<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const USAGE = `Usage: npm run bench -- [--scenario routes|mixed|ads] [--duration N] [--connections N] [--verbose] [--build]
                        [--products N] [--runs N] [--no-page-cache] [--max-rss-mb N] [--advertised N]
                        [--base-url URL --route-map FILE [--server-pid N]]

  --scenario, -s S     routes (default): each route in turn; mixed: shoppers browsing while
                       20 orders/s arrive, then every order checked in the database; ads: ad-click
                       landings, each request a random product (one in ten a category) with a fresh
                       fbclid (and sometimes utm_*), no cookies, with the page cache's hit ratio
  --duration, -d N     seconds of load per route (default 5; ads: of the landings; mixed: of the
                       whole run, default 20; or env BENCH_DURATION)
  --connections, -c N  concurrent connections (default 10; mixed: shoppers, default 200)
  --verbose, -v        list every JavaScript file of the first visit
  --build              run \`npm run build\` even if build/ exists

  Routes and ads:
  --products, -p N     grow the demo catalogue to N products (spread over its categories, with
                       search text and images) before the bench; adds a generated product page,
                       a deep category page and a search with many results to the routes
  --runs, -r N         run the whole route set (or the landings) N times on the same server
                       (default 1) and print each run, then the medians
  --no-page-cache      start the server with PAGE_CACHE_MB=0: every request renders
  --max-rss-mb N       fail when the peak resident set size of the server's largest process
                       exceeds N MB
  --advertised N       ads only: land on N products picked at random (one campaign's range)
                       instead of on every product

  Another shop (no server started; routes: its home, a product and a category; ads: landings on
  every path of the map):
  --base-url URL       the shop's address, e.g. http://127.0.0.1:3000
  --route-map FILE     JSON: {"home": "/", "products": ["/…"], "categories": ["/…"]}
  --server-pid N       sample the memory of that process and of its children
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
 * Samples the memory of the server and of the processes it started (scripts/lib/process-memory.ts)
 * every RSS_SAMPLE_MS until stopped: the peaks of the whole bench, and of each phase.
 */
class RssSampler {
  readonly whole = new TreePeak();
  phase = new TreePeak();
  private readonly timer: NodeJS.Timeout;
  constructor(private readonly pid: number | undefined) {
    this.timer = setInterval(() => this.sample(), RSS_SAMPLE_MS);
    this.timer.unref();
    this.sample();
  }
  sample(): TreeRss | undefined {
    const rss = readTreeRss(this.pid);
    this.whole.add(rss);
    this.phase.add(rss);
    return rss;
  }
  /** Starts a new phase (e.g. a run) and returns the one that ended. */
  nextPhase(): TreePeak {
    const ended = this.phase;
    this.phase = new TreePeak();
    return ended;
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

/** "248 MB" for one process; "512 MB over 3 processes, 240 MB in the largest" for several. */
function formatTreeRss(rss: { totalKb: number | undefined; maxKb: number | undefined; processes: number } | undefined): string {
  if (rss === undefined || rss.totalKb === undefined) return "n/a";
  if (rss.processes <= 1) return formatRssMB(rss.totalKb);
  return `${formatRssMB(rss.totalKb)} over ${rss.processes} processes, ${formatRssMB(rss.maxKb)} in the largest`;
}

/** Prints the memory figures; false when --max-rss-mb was exceeded or could not be checked. */
function reportMemory(rss: RssSampler, startup: TreeRss | undefined, options: BenchOptions): boolean {
  rss.sample();
  rss.stop();
  console.log(
    `\nServer memory (RSS of the server and its child processes, sampled every ${RSS_SAMPLE_MS} ms): ` +
      `${formatTreeRss(startup)} at the start, peak ${formatTreeRss(rss.whole)} over the whole bench (${rss.whole.count} samples)`,
  );
  if (options.maxRssMb === null) return true;
  const peakMb = rss.whole.maxKb === undefined ? undefined : rss.whole.maxKb / 1024;
  if (peakMb === undefined) {
    console.log(`  error: --max-rss-mb ${options.maxRssMb}: the server's RSS could not be read (/proc/<pid>/status)`);
    return false;
  }
  if (peakMb > options.maxRssMb) {
    console.log(`  error: peak RSS ${formatRssMB(rss.whole.maxKb)} of one process exceeds --max-rss-mb ${options.maxRssMb}`);
    return false;
  }
  console.log(`  within --max-rss-mb ${options.maxRssMb} per process`);
  return true;
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

/** What the bench loads: the Souq server it started, or another shop (--base-url). */
interface Target {
  baseUrl: string;
  /** Why the server is gone when the bench started it and it died; undefined while it runs (or for another shop). */
  gone(): string | undefined;
}

function souqTarget(s: RunningServer): Target {
  return {
    baseUrl: s.baseUrl,
    gone: () => (s.process.hasExited() ? `server ${s.process.describeExit()}\n${serverOutput(s)}` : undefined),
  };
}

async function warmUp(target: Target, route: RouteSpec): Promise<void> {
  for (let i = 0; i < WARMUP_REQUESTS_PER_ROUTE; i++) {
    const res = await fetch(target.baseUrl + route.path, {
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

async function warmUpRoutes(target: Target, routes: readonly RouteSpec[]): Promise<void> {
  console.error(`[bench] warming up ${routes.length} routes (${WARMUP_REQUESTS_PER_ROUTE} requests each)`);
  for (const route of routes) await warmUp(target, route);
}

/** One run: each route in turn, with each row's ratio to /healthz in this run. */
async function benchRoutes(target: Target, routes: readonly RouteSpec[], options: BenchOptions, label: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const route of routes) {
    console.error(`[bench] ${label}${route.path}: ${options.duration} s, ${options.connections} connections`);
    const result = await autocannon({
      url: target.baseUrl + route.path,
      connections: options.connections,
      duration: options.duration,
      timeout: REQUEST_TIMEOUT_S,
      method: route.method ?? "GET",
      body: route.body,
      headers: { ...BROWSER_HEADERS, ...route.headers },
    });
    rows.push(toRow(route, result));
    const gone = target.gone();
    if (gone !== undefined) throw new BenchFailure(`${gone}\n(while benchmarking ${route.path})`);
  }
  return withHealthzRatio(rows);
}

// ---------------------------------------------------------------------------
// Ad landings (--scenario ads)

/** One run of landings: the figures of all requests together and the page cache's answers. */
interface LandingsRun {
  row: BenchRow;
  cache: CacheTally;
}

/**
 * `options.duration` seconds of ad-click landings (scripts/lib/landings.ts landingPicker): each
 * request a random page of `map` with a fresh fbclid, browser headers and no cookie; every
 * response must be a 200. The X-Cache header of each response is tallied.
 */
async function benchLandings(target: Target, map: RouteMap, options: BenchOptions, label: string): Promise<LandingsRun> {
  const pick = landingPicker(map, Math.random);
  const cache = new CacheTally();
  // autocannon takes a request's path whole: a base URL's own path goes in front of it.
  const basePath = new URL(target.baseUrl).pathname.replace(/\/+$/, "");
  const name = `ad landings: ${map.products.length.toLocaleString("en")} products, ${map.categories.length} categories`;
  console.error(`[bench] ${label}${name}: ${options.duration} s, ${options.connections} connections`);
  const result = await autocannon({
    url: target.baseUrl,
    connections: options.connections,
    duration: options.duration,
    timeout: REQUEST_TIMEOUT_S,
    headers: BROWSER_HEADERS,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: basePath + pick().path }),
        onResponse: (_status, _body, _context, headers) => cache.add(cacheStateOf(headers)),
      },
    ],
  });
  const gone = target.gone();
  if (gone !== undefined) throw new BenchFailure(`${gone}\n(while benchmarking the landings)`);
  return { row: toRow({ path: name, expectStatus: 200 }, result), cache };
}

/** Runs the landings `options.runs` times and prints each run, and their medians when there are several; false on any error. */
async function landingsScenario(
  target: Target,
  map: RouteMap,
  options: BenchOptions,
  rss: RssSampler | undefined,
  heading: string,
): Promise<boolean> {
  // Warms the server's code, not its page cache: a few requests on the home, one product and one category.
  const warm = [map.home, map.products[0]!, ...map.categories.slice(0, 1)].map((path) => ({ path, expectStatus: 200 }));
  await warmUpRoutes(target, warm);
  const runs: LandingsRun[] = [];
  const peaks: TreePeak[] = [];
  for (let run = 1; run <= options.runs; run++) {
    rss?.nextPhase();
    runs.push(await benchLandings(target, map, options, options.runs > 1 ? `run ${run}/${options.runs} ` : ""));
    if (rss) peaks.push(rss.nextPhase());
  }
  console.log(`\n${heading}\n`);
  for (const [i, run] of runs.entries()) {
    if (options.runs > 1) console.log(`Run ${i + 1} of ${options.runs}${rss ? ` (server peak RSS ${formatTreeRss(peaks[i])})` : ""}:\n`);
    console.log(formatTable([run.row]));
    console.log(`\nPage cache: ${formatCacheTally(run.cache)}\n`);
  }
  if (options.runs > 1) {
    console.log(`Median of ${options.runs} runs (req/s, p50 and p99 are medians; errors and cache answers are totals):\n`);
    console.log(formatTable(medianRows(runs.map((run) => [run.row]))));
    console.log(`\nPage cache: ${formatCacheTally(runs.reduce((all, run) => all.merge(run.cache), new CacheTally()))}`);
  }
  let ok = true;
  for (const [i, { row }] of runs.entries()) {
    const which = options.runs > 1 ? ` (run ${i + 1})` : "";
    if (row.transportErrors > 0) console.log(`  landings${which}: ${row.transportErrors} connection errors/timeouts (${row.timeouts} timeouts)`);
    if (row.responses === 0) console.log(`  landings${which}: no response at all`);
    if (row.errors > 0 || row.responses === 0) ok = false;
  }
  return ok;
}

/** The route map of the bench's Souq database: every product page and category page (the sitemap's), and the home. */
async function souqRouteMap(dbDir: string): Promise<RouteMap> {
  const [{ openDatabase }, { productSitemapEntries, categorySitemapEntries }] = await Promise.all([
    import("../app/server/db/db.server"),
    import("../app/server/catalog/index.server"),
  ]);
  const handle = openDatabase(`file:${join(dbDir, BENCH_DB_FILE)}`);
  try {
    const [products, categories] = await Promise.all([productSitemapEntries(handle.db), categorySitemapEntries(handle.db)]);
    return { home: "/", products: products.map((entry) => entry.path), categories: categories.map((entry) => entry.path) };
  } finally {
    await handle.close();
  }
}

/** The route map in the file of --route-map. */
function loadRouteMap(file: string): RouteMap {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new BenchFailure(`--route-map ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  try {
    return parseRouteMap(text, `--route-map ${file}`);
  } catch (error) {
    throw new BenchFailure(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** The map with only --advertised of its products, picked at random but the same ones on every run. */
function advertisedOnly(map: RouteMap, options: BenchOptions): RouteMap {
  if (options.advertised === null) return map;
  return { ...map, products: sample(map.products, options.advertised, seededRandom(options.advertised)) };
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
    await warmUpRoutes(souqTarget(server), routes);
    rows = await benchRoutes(souqTarget(server), routes, options, "page cache off ");
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

/** Routes: runs the route set `options.runs` times on `target`, prints each run and the medians; false on any error. */
async function routesScenario(
  target: Target,
  routes: readonly RouteSpec[],
  options: BenchOptions,
  rss: RssSampler | undefined,
  heading: string,
): Promise<boolean> {
  await warmUpRoutes(target, routes);
  const runs: BenchRow[][] = [];
  const peaks: TreePeak[] = [];
  for (let run = 1; run <= options.runs; run++) {
    rss?.nextPhase();
    runs.push(await benchRoutes(target, routes, options, options.runs > 1 ? `run ${run}/${options.runs} ` : ""));
    if (rss) peaks.push(rss.nextPhase());
  }
  console.log(`\n${heading}\n`);
  for (const [i, rows] of runs.entries()) {
    if (options.runs > 1) console.log(`Run ${i + 1} of ${options.runs}${rss ? ` (server peak RSS ${formatTreeRss(peaks[i])})` : ""}:\n`);
    console.log(formatTable(rows));
    if (options.runs > 1) console.log("");
  }
  if (options.runs > 1) {
    console.log(`Median of ${options.runs} runs (req/s, p50, p99 and × healthz are medians; errors are totals):\n`);
    console.log(formatTable(medianRows(runs)));
  }
  routeRuns = runs;
  let ok = true;
  for (const [i, rows] of runs.entries()) {
    const run = options.runs > 1 ? ` (run ${i + 1})` : "";
    for (const row of rows) {
      if (row.transportErrors > 0) {
        console.log(`  ${row.path}${run}: ${row.transportErrors} connection errors/timeouts (${row.timeouts} timeouts)`);
      }
      if (row.responses === 0) console.log(`  ${row.path}${run}: no response at all`);
      if (row.errors > 0 || row.responses === 0) ok = false;
    }
  }
  return ok;
}

/** The rows of the last routesScenario, for the variants comparison. */
let routeRuns: BenchRow[][] = [];

/**
 * The same scenarios against another shop already running at `baseUrl` (--base-url), on the
 * paths of its route map: routes loads its home, a product and a category page; ads lands on
 * every path of the map. Its memory is sampled when --server-pid names its process.
 */
async function benchOtherShop(baseUrl: string, options: BenchOptions): Promise<number> {
  const file = options.routeMap!;
  const map = advertisedOnly(loadRouteMap(file), options);
  const target: Target = { baseUrl, gone: () => undefined };
  try {
    await (await fetch(baseUrl + map.home, { headers: BROWSER_HEADERS, signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000) })).arrayBuffer();
  } catch (error) {
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new BenchFailure(`--base-url ${baseUrl}: ${map.home} does not answer (${reason}); is the shop running?`, { cause: error });
  }
  const rss = options.serverPid !== null ? new RssSampler(options.serverPid) : undefined;
  const startup = rss?.sample();
  if (rss && startup === undefined) {
    rss.stop();
    throw new BenchFailure(`--server-pid ${options.serverPid}: no such process (or its /proc/<pid>/status can't be read)`);
  }
  const heading =
    `Bench of ${baseUrl}: node ${process.version}, ${options.duration} s per ${options.scenario === "ads" ? "run" : "route"}, ` +
    `${options.connections} connections, route map ${file} (${map.products.length.toLocaleString("en")} products, ` +
    `${map.categories.length} categories)`;
  let ok: boolean;
  if (options.scenario === "ads") {
    ok = await landingsScenario(target, map, options, rss, heading);
  } else {
    const paths = [map.home, map.products[Math.floor(map.products.length / 2)]!, ...map.categories.slice(0, 1)];
    ok = await routesScenario(
      target,
      paths.map((path) => ({ path, expectStatus: 200 })),
      options,
      rss,
      heading,
    );
  }
  if (rss) ok = reportMemory(rss, startup, options) && ok;
  if (!ok) console.error("\n[bench] FAILED: see the errors above");
  return ok ? 0 : 1;
}

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
  if (options.baseUrl !== null) return benchOtherShop(options.baseUrl, options);

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
  const landings = options.scenario === "ads" ? advertisedOnly(await souqRouteMap(tempDir), options) : undefined;
  started = Date.now();
  server = await startServer(tempDir, options);
  await waitUntilHealthy(server);
  console.error(`[bench] server restarted on ${server.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const rss = new RssSampler(server.child.pid);
  const startup = rss.sample();

  const pageCache = options.pageCache ? "" : ", page cache off (PAGE_CACHE_MB=0)";
  const heading =
    `Souq bench: node ${process.version}, ${options.duration} s per ${landings ? "run" : "route"}, ${options.connections} connections` +
    `${catalogue}${pageCache}, production build on 127.0.0.1`;

  if (landings) {
    let ok = await landingsScenario(souqTarget(server), landings, options, rss, heading);
    ok = reportMemory(rss, startup, options) && ok;
    if (!ok) console.error("\n[bench] FAILED: see the errors above");
    return ok ? 0 : 1;
  }

  let failed = !(await routesScenario(souqTarget(server), routes, options, rss, heading));

  for (const path of FIRST_VISIT_PAGES) {
    const { files, problems } = await firstVisitOf(server, path);
    printScripts(server, path, files, options.verbose);
    if (files.length === 0 && problems.length === 0) {
      console.log(`  (no scripts found in the HTML of ${path})`);
    }
    for (const problem of problems) console.log(`  error: ${problem}`);
    if (problems.length > 0) failed = true;
  }

  if (!reportMemory(rss, startup, options)) failed = true;

  console.log(`\n${await variantsComparison(tempDir, routeRuns, options)}`);

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
