// `npm run bench`: start the production build on a fresh SQLite database on
// loopback, drive each route in ROUTES with autocannon for a fixed number of
// seconds, print req/s, latency p50/p99 and errors per route, then print the
// gzipped size of the JavaScript a first visit to `/` downloads.
//
//   npm run bench                      5 s per route, 10 connections
//   npm run bench -- --duration 10     (or BENCH_DURATION=10 npm run bench)
//   npm run bench -- --connections 50 --verbose --build
//   npm run bench -- --scenario mixed  200 shoppers browsing + 20 orders/s for 20 s (the load
//                                      test's scenario, scripts/lib/load-scenario.ts; --duration,
//                                      --connections = shoppers)
//
// Builds first when the build is missing or older than its sources (`--build` forces it).
// Exits non-zero when the server does not come up, when any route had an
// error (connection error, timeout, or a status other than the expected one),
// or when a script of the first visit does not answer 200.

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { buildIsStale } from "./lib/build.js";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  extractScriptUrls,
  extractStaticImports,
  formatKB,
  formatTable,
  gzipSize,
  parseBenchArgs,
  toRow,
  type AutocannonResult,
  type BenchOptions,
  type BenchRow,
  type RouteSpec,
} from "./bench-lib";
import { formatMixedReport, runMixedScenario } from "./lib/load-scenario";

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
  { path: "/products/smartphone-6-7-inch-128gb", expectStatus: 200 },
  { path: "/products/bench-no-such-product", expectStatus: 404 },
  { path: "/search?q=%D8%AE%D9%84%D8%A7%D8%B7", expectStatus: 200 },
  { path: "/healthz", expectStatus: 200 },
  // An order (a demo product, to Alger): the bench server runs with the rate limits raised.
  {
    path: "/api/orders",
    method: "POST",
    expectStatus: 201,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      source: "cart_page",
      customer: { firstName: "Bench", lastName: "Mark", phone: "0550000001", wilayaCode: "16" },
      items: [{ productId: "p1793099100000", quantity: 1 }],
    }),
  },
  { path: "/bench-no-such-page", expectStatus: 404 },
];

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SERVER_READY_TIMEOUT_MS = 60_000;
const WARMUP_REQUESTS_PER_ROUTE = 30;
const REQUEST_TIMEOUT_S = 10;
/** What a browser sends, so SSR takes the same path (isbot, compression) as for a visitor. */
const BROWSER_HEADERS: Record<string, string> = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
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

  --scenario, -s S     routes (default): each route in turn; mixed: shoppers browsing while
                       20 orders/s arrive, then every order checked in the database
  --duration, -d N     seconds of load per route (default 5; mixed: of the whole run, default 20;
                       or env BENCH_DURATION)
  --connections, -c N  concurrent connections (default 10; mixed: shoppers, default 200)
  --verbose, -v        list every JavaScript file of the first visit
  --build              run \`npm run build\` even if build/ exists
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
  child: ChildProcess;
  baseUrl: string;
  stdout: Tail;
  stderr: Tail;
  exited: Promise<void>;
}

let server: RunningServer | undefined;
let tempDir: string | undefined;
/** Stops the mixed scenario (its own server and temp dir) on Ctrl-C. */
const mixedAbort = new AbortController();
let mixedRun: Promise<unknown> | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error("could not find a free port"))));
    });
  });
}

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

function describeExit(child: ChildProcess): string {
  return child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function startServer(dbDir: string): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dbDir, "souq-bench.db")}`,
      LOG_LEVEL: "warn",
      // POST /api/orders is loaded from one address with one phone: lift the order rate limits.
      ORDER_RATE_LIMIT_PER_IP: "100000000",
      ORDER_RATE_LIMIT_PER_PHONE: "100000000",
    },
  });
  const stdout = new Tail();
  const stderr = new Tail();
  // Always drain the pipes, or a chatty server would block on a full pipe.
  child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", (error) => {
      stderr.push(`\n[bench] could not start node server.js: ${error.message}\n`);
      resolve();
    });
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, stdout, stderr, exited };
}

async function waitUntilHealthy(s: RunningServer): Promise<void> {
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  let lastProblem = "no answer yet";
  let died = false;
  void s.exited.then(() => (died = true));
  while (Date.now() < deadline) {
    if (died || hasExited(s.child)) {
      throw new BenchFailure(
        `server ${describeExit(s.child)} before /healthz answered 200\n${serverOutput(s)}`,
      );
    }
    try {
      const res = await fetch(`${s.baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
      lastProblem = `/healthz answered ${res.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    await Promise.race([new Promise((r) => setTimeout(r, 200)), s.exited]);
  }
  throw new BenchFailure(
    `server did not answer 200 on /healthz within ${SERVER_READY_TIMEOUT_MS / 1000} s (last: ${lastProblem})\n${serverOutput(s)}`,
  );
}

async function stopServer(s: RunningServer): Promise<void> {
  if (hasExited(s.child)) return;
  s.child.kill("SIGTERM");
  const stopped = await Promise.race([
    s.exited.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), 5_000).unref()),
  ]);
  if (!stopped && !hasExited(s.child)) {
    s.child.kill("SIGKILL");
    await s.exited;
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
  if (server && !hasExited(server.child)) server.child.kill("SIGKILL");
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

async function benchRoutes(s: RunningServer, options: BenchOptions): Promise<BenchRow[]> {
  console.error(`[bench] warming up ${ROUTES.length} routes (${WARMUP_REQUESTS_PER_ROUTE} requests each)`);
  for (const route of ROUTES) await warmUp(s, route);

  const rows: BenchRow[] = [];
  for (const route of ROUTES) {
    console.error(`[bench] ${route.path}: ${options.duration} s, ${options.connections} connections`);
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
    if (hasExited(s.child)) {
      throw new BenchFailure(`server ${describeExit(s.child)} while benchmarking ${route.path}\n${serverOutput(s)}`);
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------
// JavaScript of a first visit

interface ScriptFile {
  url: string;
  status: number;
  raw: number;
  gzip: number;
  /** Found only through a static import of another script, not in the HTML. */
  viaImport: boolean;
}

async function firstVisitScripts(s: RunningServer): Promise<{ files: ScriptFile[]; problems: string[] }> {
  const pageUrl = `${s.baseUrl}/`;
  const page = await fetch(pageUrl, { headers: BROWSER_HEADERS, signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000) });
  const html = await page.text();
  if (page.status !== 200) return { files: [], problems: [`/ answered ${page.status}`] };

  // Resolve against where the page ended up, should `/` ever redirect.
  const queue = extractScriptUrls(html, page.url || pageUrl).map((url) => ({ url, viaImport: false }));
  const seen = new Set(queue.map((q) => q.url));
  const files: ScriptFile[] = [];
  const problems: string[] = [];
  for (let i = 0; i < queue.length; i++) {
    const item = queue[i];
    if (!item) continue;
    // fetch() sends Accept-Encoding and decodes, so `body` is the file itself.
    const res = await fetch(item.url, { headers: BROWSER_HEADERS, signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000) });
    const body = Buffer.from(await res.arrayBuffer());
    files.push({ ...item, status: res.status, raw: body.length, gzip: gzipSize(body) });
    if (res.status !== 200) {
      problems.push(`${displayUrl(item.url, s)} answered ${res.status}`);
      continue;
    }
    // Modules a script imports statically load with it; React Router
    // modulepreloads them, so this normally adds nothing.
    for (const url of extractStaticImports(body.toString("utf8"), item.url)) {
      if (!seen.has(url)) {
        seen.add(url);
        queue.push({ url, viaImport: true });
      }
    }
  }
  return { files, problems };
}

function displayUrl(url: string, s: RunningServer): string {
  return url.startsWith(s.baseUrl) ? url.slice(s.baseUrl.length) : url;
}

function printScripts(s: RunningServer, files: ScriptFile[], verbose: boolean): void {
  // Totals count only files that were served; failures are listed as errors.
  const served = files.filter((f) => f.status === 200);
  const raw = served.reduce((sum, f) => sum + f.raw, 0);
  const gzip = served.reduce((sum, f) => sum + f.gzip, 0);
  console.log(
    `\nJavaScript on a first visit to /: ${served.length} file${served.length === 1 ? "" : "s"}, ` +
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
    const name = (f: ScriptFile): string => displayUrl(f.url, s) + (f.viaImport ? " (import)" : "");
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
  const started = Date.now();
  server = await startServer(tempDir);
  await waitUntilHealthy(server);
  console.error(`[bench] server up on ${server.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s (fresh db in ${tempDir})`);

  const rows = await benchRoutes(server, options);
  console.log(
    `\nSouq bench: node ${process.version}, ${options.duration} s per route, ${options.connections} connections, production build on 127.0.0.1\n`,
  );
  console.log(formatTable(rows));

  let failed = false;
  for (const row of rows) {
    if (row.transportErrors > 0) {
      console.log(`  ${row.path}: ${row.transportErrors} connection errors/timeouts (${row.timeouts} timeouts)`);
    }
    if (row.responses === 0) {
      console.log(`  ${row.path}: no response at all`);
      failed = true;
    }
    if (row.errors > 0) failed = true;
  }

  const { files, problems } = await firstVisitScripts(server);
  printScripts(server, files, options.verbose);
  if (files.length === 0 && problems.length === 0) {
    console.log("  (no scripts found in the HTML of /)");
  }
  for (const problem of problems) console.log(`  error: ${problem}`);
  if (problems.length > 0) failed = true;

  if (failed) console.error("\n[bench] FAILED: see the errors above");
  return failed ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`\n[bench] ${error instanceof BenchFailure ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
