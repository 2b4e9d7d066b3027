// The "mixed" load scenario, shared by the load test (tests/perf/load.test.ts, `npm run test:load`)
// and `npm run bench -- --scenario mixed`:
//
// - the production build (scripts/lib/server-process.js) on a fresh SQLite file, seeded with the demo catalogue
//   at start-up, on a free loopback port;
// - for `durationS` seconds, at the same time:
//   - `shoppers` concurrent shoppers (autocannon connections, keep-alive, no think time: each asks
//     for its next page as soon as the last one arrived) browsing a weighted mix of
//     /, /categories/{slug}, /products/{slug}, /search?q=…, /collections/weekly-offers and the
//     page's stylesheet and scripts;
//   - a steady `ordersPerSecond` POST /api/orders: an open-loop clock fires order i at
//     start + i / rate whether or not earlier orders have been answered (no burst, no waiting),
//     each with a valid body (1 to 3 in-stock demo products), its own phone number and its own
//     Idempotency-Key;
// - every response is recorded: its status (anything but 2xx/3xx is an error), its latency, and
//   socket errors and timeouts;
// - then the server is stopped (SIGTERM) and the database is read: it must hold exactly the orders
//   that were answered 201 (none lost, none extra), each with its lines, totals and first event.
//
// LOAD_SERVER_LOG=FILE keeps the server's log (one JSON line per request, with its server-side ms)
// to tell time spent in the app from time spent queueing for the CPU.
//
// This is a load test, not an abuse test: every order comes from 127.0.0.1, so the server runs with
// ORDER_RATE_LIMIT_PER_IP and ORDER_RATE_LIMIT_PER_PHONE raised far above what the run sends (the
// limits themselves are tested in the orders integration tests).

import SqliteDatabase from "better-sqlite3";
import { spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createWriteStream, existsSync, readFileSync, rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { extractScriptUrls } from "../bench-lib";
import { serverPids, startServerProcess, type ServerProcess } from "./server-process.js";

export interface MixedScenarioOptions {
  /** Seconds of load. */
  durationS: number;
  /** Concurrent browsing connections (default 200). */
  shoppers?: number;
  /** Orders started per second (default 20). */
  ordersPerSecond?: number;
  /** A request unanswered after this many seconds is a timeout (default 10). */
  requestTimeoutS?: number;
  /** The repository root (where server.js and build/ are). */
  root?: string;
  /** Progress lines (default: stderr). */
  log?: (line: string) => void;
  /** Aborting stops the load, stops the server and rejects. */
  signal?: AbortSignal;
  /** More Node flags for the server, after SERVER_NODE_ARGS (e.g. ["--cpu-prof"] to profile it). */
  nodeArgs?: string[];
}

/** Latency and status figures of one kind of request. */
export interface RequestStats {
  name: string;
  responses: number;
  /** Responses per second of load. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Responses that were not 2xx or 3xx, by status. */
  badStatuses: Record<string, number>;
  /** Socket errors and timeouts (no response at all). */
  transportErrors: number;
  timeouts: number;
  /** badStatuses + transportErrors. */
  errors: number;
}

export interface OrderCheck {
  /** Orders answered 201. */
  created: number;
  /** Orders in the database after the run (the demo catalogue has none). */
  stored: number;
  /** 201 answers whose order is not in the database. */
  lost: number;
  /** Orders in the database that no 201 answer announced. */
  extra: number;
  /** Stored orders whose lines, totals, phone, key or first event differ from what was sent and answered. */
  incomplete: number;
  /** The first few problems, for the report. */
  examples: string[];
}

export interface MixedScenarioResult {
  durationS: number;
  shoppers: number;
  ordersPerSecond: number;
  /** Browsing: all kinds together, then one row per kind. */
  browse: RequestStats;
  browseByKind: RequestStats[];
  orders: RequestStats;
  /** Orders started, and the rate actually achieved (sent / duration). */
  ordersSent: number;
  orderRateAchieved: number;
  /** The largest delay between an order's due time and when it was sent (ms). */
  orderPacingLagMaxMs: number;
  /** Orders sent again on a fresh connection after a keep-alive reset (same Idempotency-Key). */
  ordersRetried: number;
  /** All responses per second. */
  totalRps: number;
  check: OrderCheck;
  /** Peak resident set size of the server process (bytes), or null when it could not be read. */
  peakRssBytes: number | null;
  /** Lines the server logged at level error or fatal during the run. */
  serverErrorLogs: number;
  serverErrorExamples: string[];
  /** Everything that fails the scenario (empty on success). */
  failures: string[];
  startupMs: number;
  /** The machine's 1-minute load average before and after the load (other processes compete for the CPUs). */
  loadAverage: { before: number; after: number; cpus: number };
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SERVER_READY_TIMEOUT_MS = 60_000;
/** What a browser sends, so SSR takes the same path (isbot, compression) as for a visitor. */
const BROWSER_HEADERS: Record<string, string> = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "ar,fr;q=0.9,en;q=0.8",
};

// ---------------------------------------------------------------------------
// autocannon (untyped: see scripts/bench.ts)

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
interface AutocannonRunResult {
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number } | undefined>;
}
interface AutocannonInstance extends PromiseLike<AutocannonRunResult> {
  stop(): void;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  headers: Record<string, string>;
  requests: AutocannonRequest[];
}) => AutocannonInstance;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

// ---------------------------------------------------------------------------
// Figures

/** The p-th percentile (0..100) of ascending `sorted` values (nearest rank), 0 when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

class Recorder {
  readonly latencies: number[] = [];
  readonly statuses = new Map<number, number>();
  transportErrors = 0;
  timeouts = 0;

  record(status: number, ms: number): void {
    this.latencies.push(ms);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  stats(name: string, seconds: number): RequestStats {
    const sorted = Float64Array.from(this.latencies).sort();
    const values = Array.from(sorted);
    const badStatuses: Record<string, number> = {};
    let bad = 0;
    for (const [status, count] of this.statuses) {
      if (status < 200 || status >= 400) {
        badStatuses[String(status)] = count;
        bad += count;
      }
    }
    return {
      name,
      responses: values.length,
      rps: values.length / seconds,
      p50: percentile(values, 50),
      p99: percentile(values, 99),
      max: values.at(-1) ?? 0,
      badStatuses,
      transportErrors: this.transportErrors,
      timeouts: this.timeouts,
      errors: bad + this.transportErrors,
    };
  }

  static merge(recorders: Iterable<Recorder>): Recorder {
    const all = new Recorder();
    for (const r of recorders) {
      for (const ms of r.latencies) all.latencies.push(ms);
      for (const [status, count] of r.statuses) all.statuses.set(status, (all.statuses.get(status) ?? 0) + count);
      all.transportErrors += r.transportErrors;
      all.timeouts += r.timeouts;
    }
    return all;
  }
}

function ms(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

/** The report printed by the load test and the bench. */
export function formatMixedReport(result: MixedScenarioResult): string {
  const rows = [result.browse, ...result.browseByKind.map((k) => ({ ...k, name: `  ${k.name}` })), result.orders];
  const header = ["requests", "responses", "req/s", "p50 ms", "p99 ms", "max ms", "errors", "bad status / timeouts"];
  const cells = rows.map((r) => [
    r.name,
    String(r.responses),
    r.rps >= 100 ? r.rps.toFixed(0) : r.rps.toFixed(1),
    ms(r.p50),
    ms(r.p99),
    ms(r.max),
    String(r.errors),
    [
      ...Object.entries(r.badStatuses).map(([s, n]) => `${s}×${n}`),
      ...(r.transportErrors > 0 ? [`socket errors ${r.transportErrors} (timeouts ${r.timeouts})`] : []),
    ].join(" ") || "-",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (i === 0 || i === values.length - 1 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  const c = result.check;
  const rss = result.peakRssBytes === null ? "n/a" : `${(result.peakRssBytes / 1024 / 1024).toFixed(0)} MB`;
  return [
    `Souq mixed load: ${result.shoppers} shoppers browsing + ${result.ordersPerSecond} orders/s for ${result.durationS.toFixed(1)} s, production build on a fresh SQLite file, node ${process.version}`,
    "",
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...cells.map(line),
    "",
    `all requests: ${result.totalRps.toFixed(0)} req/s; orders sent ${result.ordersSent} (${result.orderRateAchieved.toFixed(2)}/s, largest pacing delay ${ms(result.orderPacingLagMaxMs)} ms; ${result.ordersRetried} sent again after a keep-alive reset)`,
    `orders: ${c.created} answered 201, ${c.stored} in the database, lost ${c.lost}, extra ${c.extra}, incomplete ${c.incomplete}`,
    `server: peak RSS ${rss}, ${result.serverErrorLogs} error log lines, started in ${(result.startupMs / 1000).toFixed(1)} s`,
    `machine: ${result.loadAverage.cpus} CPUs, load average ${result.loadAverage.before.toFixed(2)} before and ${result.loadAverage.after.toFixed(2)} after (the server and this client included)`,
    ...(result.failures.length > 0 ? ["", "FAILED:", ...result.failures.map((f) => `  - ${f}`)] : []),
  ].join("\n");
}

// ---------------------------------------------------------------------------
// Server

interface LoadServer {
  process: ServerProcess;
  child: ChildProcess;
  baseUrl: string;
  tail(): string;
  errorLogs: string[];
  errorLogCount(): number;
  /** Worker processes the primary started (its log says how many); 1 for a single process. */
  workers(): number;
  /** Workers that have said they listen. */
  listeningWorkers(): number;
}

async function startServer(root: string, dbFile: string, uploadsDir: string, nodeArgs: string[] = []): Promise<LoadServer> {
  let partial = "";
  let errorCount = 0;
  const errorLogs: string[] = [];
  let workers = 1;
  const listening = new Set<number>();
  const onLine = (line: string) => {
    // pino: level 50 is error, 60 fatal.
    const level = /"level":(\d+)/.exec(line)?.[1];
    if (level !== undefined && Number(level) >= 50) {
      errorCount++;
      if (errorLogs.length < 5) errorLogs.push(line.slice(0, 600));
    }
    // The cluster's primary (scripts/lib/worker-processes.js) says how many workers it starts and
    // when each listens: the warm-up must reach every one of them.
    if (line.includes('"msg":"starting worker processes"')) workers = Number(/"workers":(\d+)/.exec(line)?.[1] ?? 1);
    if (line.includes('"msg":"worker listening"')) listening.add(Number(/"worker":(\d+)/.exec(line)?.[1]));
  };
  // LOAD_SERVER_LOG=FILE keeps the server's whole log (JSON lines: each request with its ms).
  const logFile = process.env.LOAD_SERVER_LOG ? createWriteStream(process.env.LOAD_SERVER_LOG) : undefined;
  const server = await startServerProcess({
    root,
    nodeArgs,
    port: "free",
    outputLimit: 16_000,
    onOutput: (chunk) => {
      logFile?.write(chunk);
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    },
    env: {
      DATABASE_URL: `file:${dbFile}`,
      UPLOADS_DIR: uploadsDir,
      SEED_DEMO_CATALOGUE: "true",
      // The production log level: one line per request and per order, as in production.
      LOG_LEVEL: "info",
      // A load test, not an abuse test: every order comes from 127.0.0.1 (see the top of the file).
      ORDER_RATE_LIMIT_PER_IP: "100000000",
      ORDER_RATE_LIMIT_PER_PHONE: "100000000",
      // No webhook or notification: nothing leaves the machine.
      ORDER_WEBHOOK_URL: "",
      ORDER_NOTIFY_URL: "",
      NOTIFY_TELEGRAM_BOT_TOKEN: "",
      NOTIFY_TELEGRAM_CHAT_ID: "",
      S3_BUCKET: "",
    },
  });
  void server.exited.then(() => {
    if (partial) onLine(partial);
  });
  return {
    process: server,
    child: server.child,
    baseUrl: server.baseURL!,
    tail: server.output,
    errorLogs,
    errorLogCount: () => errorCount,
    workers: () => workers,
    listeningWorkers: () => listening.size,
  };
}

/** Resolves once /healthz answers and every worker of a cluster listens (the first answers before the others). */
async function waitUntilHealthy(server: LoadServer): Promise<void> {
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  try {
    await server.process.waitUntilHealthy(SERVER_READY_TIMEOUT_MS);
    while (server.listeningWorkers() < server.workers()) {
      if (server.process.hasExited()) throw new Error(`the server ${server.process.describeExit()} before its workers listened`);
      if (Date.now() > deadline)
        throw new Error(`${server.listeningWorkers()} of ${server.workers()} workers listen after ${SERVER_READY_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}:\n${server.tail()}`, { cause: error });
  }
}

/**
 * GETs `path` once on a connection of its own, so that a cluster's primary hands it to its next
 * worker (round robin over connections): the status and the worker that answered (X-Worker, set
 * by server.js in a cluster; undefined for a single process).
 */
function getOnFreshConnection(url: string, timeoutMs: number): Promise<{ status: number; worker: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false, headers: { ...BROWSER_HEADERS, connection: "close" } }, (res) => {
      res.resume();
      res.on("end", () => {
        const worker = res.headers["x-worker"];
        resolve({ status: res.statusCode ?? 0, worker: Array.isArray(worker) ? worker[0] : worker });
      });
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`GET ${url}: no answer in ${timeoutMs / 1000} s`)));
    req.on("error", reject);
    req.end();
  });
}

/**
 * Asks every worker for `path` once: each worker renders the pages of the mix itself (its own
 * page cache, its own compiled code), so a warm-up that reached only the first would leave the
 * others to meet 200 shoppers cold. Fresh connections go round the workers; a path is asked
 * again until each worker has answered it (at most four rounds).
 */
async function warmEveryWorker(baseUrl: string, path: string, workers: number, timeoutMs: number): Promise<void> {
  const answered = new Set<string>();
  for (let attempt = 0; attempt < workers * 4; attempt++) {
    const { status, worker } = await getOnFreshConnection(baseUrl + path, timeoutMs);
    if (status >= 400) throw new Error(`warm-up: ${path} answered ${status}`);
    answered.add(worker ?? "the only process");
    if (answered.size >= workers) return;
  }
  throw new Error(`warm-up: ${path} reached ${answered.size} of ${workers} workers in ${workers * 4} requests`);
}

async function stopServer(server: LoadServer): Promise<void> {
  await server.process.stop({ graceMs: 20_000 });
}

/** The largest of the server's processes (each worker of a cluster: serverPids), by readRss. */
function readServerRss(pid: number, field: "VmHWM" | "VmRSS"): number | null {
  const sizes = serverPids(pid)
    .map((each) => readRss(each, field))
    .filter((size) => size !== null);
  return sizes.length > 0 ? Math.max(...sizes) : null;
}

/** Peak resident set size of a process (Linux: VmHWM), or its current RSS through ps, in bytes. */
function readRss(pid: number, field: "VmHWM" | "VmRSS"): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  const ps = spawnSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" });
  const kb = Number.parseInt(ps.stdout?.trim() ?? "", 10);
  return Number.isFinite(kb) ? kb * 1024 : null;
}

// ---------------------------------------------------------------------------
// What to browse and order (read from the freshly seeded database)

interface Catalogue {
  categories: string[];
  products: string[];
  searches: string[];
  /** In-stock products an order may name (id and how many it may take). */
  orderable: { id: string; maxQuantity: number }[];
  wilayas: string[];
  orderCount: number;
}

function readCatalogue(dbFile: string): Catalogue {
  const db = new SqliteDatabase(dbFile, { readonly: true, fileMustExist: true });
  try {
    const categories = (db.prepare("SELECT slug FROM categories ORDER BY slug").all() as { slug: string }[]).map((r) => r.slug);
    const productRows = db.prepare("SELECT slug, title, title_en FROM products ORDER BY id").all() as {
      slug: string;
      title: string;
      title_en: string | null;
    }[];
    const orderable = (
      db
        .prepare(
          "SELECT id, stock_quantity FROM products WHERE in_stock = 1 AND has_variants = 0 AND stock_quantity >= 1 AND category <> 'jewellery' ORDER BY id",
        )
        .all() as { id: string; stock_quantity: number }[]
    ).map((r) => ({ id: r.id, maxQuantity: Math.min(2, r.stock_quantity) }));
    const wilayas = (db.prepare("SELECT code FROM wilayas WHERE active = 1 ORDER BY code").all() as { code: string }[]).map((r) => r.code);
    const orderCount = (db.prepare("SELECT COUNT(*) AS n FROM orders").get() as { n: number }).n;
    // Queries shoppers type: the first word of some titles (Arabic and English), and a miss.
    const words = new Set<string>();
    productRows.forEach((p, i) => {
      if (i % 4 !== 0) return;
      const ar = p.title.split(/\s+/)[0];
      const en = p.title_en?.split(/\s+/)[0]?.toLowerCase();
      if (ar && ar.length > 1) words.add(ar);
      if (en && /^[a-z]{3,}$/.test(en)) words.add(en);
    });
    words.add("nothing-matches-this");
    return {
      categories,
      products: productRows.map((p) => p.slug),
      searches: [...words],
      orderable,
      wilayas,
      orderCount,
    };
  } finally {
    db.close();
  }
}

type Kind = "home" | "category" | "product" | "search" | "collection" | "asset";
const KIND_NAMES: Record<Kind, string> = {
  home: "GET /",
  category: "GET /categories/{slug}",
  product: "GET /products/{slug}",
  search: "GET /search?q=…",
  collection: "GET /collections/weekly-offers",
  asset: "GET /assets/* (css, js)",
};
/** How often each kind of page is asked for (out of 100). */
const WEIGHTS: [Kind, number][] = [
  ["home", 15],
  ["category", 20],
  ["product", 35],
  ["search", 15],
  ["collection", 10],
  ["asset", 5],
];

function browsePicker(catalogue: Catalogue, assets: string[]): () => { kind: Kind; path: string } {
  const any = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
  const total = WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  return () => {
    let roll = Math.random() * total;
    let kind: Kind = "home";
    for (const [k, w] of WEIGHTS) {
      if ((roll -= w) < 0) {
        kind = k;
        break;
      }
    }
    switch (kind) {
      case "home":
        return { kind, path: "/" };
      case "category":
        return { kind, path: `/categories/${encodeURIComponent(any(catalogue.categories))}` };
      case "product":
        return { kind, path: `/products/${encodeURIComponent(any(catalogue.products))}` };
      case "search":
        return { kind, path: `/search?q=${encodeURIComponent(any(catalogue.searches))}` };
      case "collection":
        return { kind, path: "/collections/weekly-offers" };
      case "asset":
        return { kind, path: any(assets) };
    }
  };
}

/** The stylesheets and scripts a first visit to / loads (same-origin paths). */
async function firstVisitAssets(baseUrl: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/`, { headers: BROWSER_HEADERS, signal: AbortSignal.timeout(10_000) });
  const html = await res.text();
  const css = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => new URL(m[1]!, baseUrl).href);
  const urls = [...css, ...extractScriptUrls(html, baseUrl)];
  return [...new Set(urls)]
    .map((u) => new URL(u))
    .filter((u) => u.origin === new URL(baseUrl).origin && u.pathname.startsWith("/assets/"))
    .map((u) => u.pathname + u.search);
}

// ---------------------------------------------------------------------------
// Orders

interface SentOrder {
  key: string;
  phone: string;
  lines: { productId: string; quantity: number }[];
}
interface CreatedOrder extends SentOrder {
  orderNumber: string;
  total: number;
}

/** A response body as text, decompressed as its Content-Encoding says (the orders ask like a browser's fetch). */
function decode(body: Buffer, encoding: string | undefined): string {
  switch (encoding?.trim().toLowerCase()) {
    case "br":
      return brotliDecompressSync(body).toString();
    case "gzip":
      return gunzipSync(body).toString();
    case "deflate":
      return inflateSync(body).toString();
    default:
      return body.toString();
  }
}

/**
 * POSTs JSON on a keep-alive agent. A request that fails with ECONNRESET on a reused connection is
 * sent once more on a fresh one, as browsers do: the server may close an idle keep-alive
 * connection (after 5 s) at the very moment the client reuses it, before reading the request
 * (Node's documented `reusedSocket` pattern). Orders carry an Idempotency-Key, so a request that
 * did reach the server is answered from its first result, never stored twice.
 */
async function postJson(
  agent: Agent,
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  onRetry: () => void,
): Promise<{ status: number; body: string } | { error: string; timeout: boolean }> {
  const first = await postJsonOnce(agent, url, body, headers, timeoutMs);
  if (!("retry" in first)) return first;
  onRetry();
  const second = await postJsonOnce(agent, url, body, headers, timeoutMs, { fresh: true });
  return "retry" in second ? { error: "ECONNRESET on a fresh connection", timeout: false } : second;
}

function postJsonOnce(
  agent: Agent,
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  options: { fresh?: boolean } = {},
): Promise<{ status: number; body: string } | { error: string; timeout: boolean } | { retry: true }> {
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        // A retry goes on a connection of its own.
        agent: options.fresh ? false : agent,
        headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: decode(Buffer.concat(chunks), res.headers["content-encoding"]) });
          } catch (error) {
            resolve({ error: `undecodable ${res.statusCode} answer: ${String(error)}`, timeout: false });
          }
        });
        res.on("error", (e) => resolve({ error: e.message, timeout: false }));
      },
    );
    // A deadline for the whole exchange (connecting, waiting, reading), not an idle timeout.
    const deadline = setTimeout(() => req.destroy(new Error("timeout")), timeoutMs);
    req.on("close", () => clearTimeout(deadline));
    req.on("error", (e: NodeJS.ErrnoException) => {
      if (!options.fresh && req.reusedSocket && e.code === "ECONNRESET") resolve({ retry: true });
      else resolve({ error: e.message, timeout: e.message === "timeout" });
    });
    req.end(body);
  });
}

// ---------------------------------------------------------------------------
// The check of the database

function checkOrders(dbFile: string, created: CreatedOrder[], baseline: number, answeredKeys: Set<string>): OrderCheck {
  const db = new SqliteDatabase(dbFile, { readonly: true, fileMustExist: true });
  const examples: string[] = [];
  const note = (text: string) => {
    if (examples.length < 10) examples.push(text);
  };
  try {
    const orders = db
      .prepare("SELECT id, order_number, phone, idempotency_key, items_total, delivery_price, total, status FROM orders ORDER BY id")
      .all() as {
      id: number;
      order_number: string;
      phone: string;
      idempotency_key: string | null;
      items_total: number;
      delivery_price: number;
      total: number;
      status: string;
    }[];
    const items = db
      .prepare("SELECT order_id, position, product_id, quantity, unit_price, line_total FROM order_items ORDER BY order_id, position")
      .all() as { order_id: number; position: number; product_id: string; quantity: number; unit_price: number; line_total: number }[];
    const events = db.prepare("SELECT order_id, status, actor FROM order_events ORDER BY id").all() as {
      order_id: number;
      status: string;
      actor: string;
    }[];
    const itemsByOrder = new Map<number, typeof items>();
    for (const item of items) itemsByOrder.set(item.order_id, [...(itemsByOrder.get(item.order_id) ?? []), item]);
    const eventsByOrder = new Map<number, typeof events>();
    for (const event of events) eventsByOrder.set(event.order_id, [...(eventsByOrder.get(event.order_id) ?? []), event]);
    const byNumber = new Map(orders.map((o) => [o.order_number, o]));

    let lost = 0;
    let incomplete = 0;
    const announced = new Set<string>();
    for (const sent of created) {
      announced.add(sent.orderNumber);
      const order = byNumber.get(sent.orderNumber);
      if (!order) {
        lost++;
        note(`lost: ${sent.orderNumber} (answered 201) is not in the database`);
        continue;
      }
      const problems: string[] = [];
      if (order.idempotency_key !== sent.key) problems.push("idempotency key differs");
      if (order.phone !== sent.phone) problems.push("phone differs");
      if (order.total !== sent.total) problems.push(`total ${order.total} ≠ answered ${sent.total}`);
      if (order.total !== order.items_total + order.delivery_price) problems.push("total ≠ items + delivery");
      const lines = itemsByOrder.get(order.id) ?? [];
      if (lines.length !== sent.lines.length) problems.push(`${lines.length} lines, sent ${sent.lines.length}`);
      sent.lines.forEach((line, i) => {
        const stored = lines[i];
        if (!stored || stored.product_id !== line.productId || stored.quantity !== line.quantity) problems.push(`line ${i} differs`);
        else if (stored.line_total !== stored.unit_price * stored.quantity) problems.push(`line ${i} total wrong`);
      });
      if (lines.reduce((sum, l) => sum + l.line_total, 0) !== order.items_total) problems.push("items total ≠ sum of lines");
      const orderEvents = eventsByOrder.get(order.id) ?? [];
      if (orderEvents.length !== 1 || orderEvents[0]!.status !== "new")
        problems.push(`events: ${orderEvents.map((e) => e.status).join(",") || "none"}`);
      if (order.status !== "new") problems.push(`status ${order.status}`);
      if (problems.length > 0) {
        incomplete++;
        note(`incomplete: ${sent.orderNumber}: ${problems.join("; ")}`);
      }
    }
    let extra = 0;
    for (const order of orders.slice(baseline)) {
      if (announced.has(order.order_number)) continue;
      extra++;
      const why = order.idempotency_key && answeredKeys.has(order.idempotency_key) ? "its request got a non-201 answer" : "no answer announced it";
      note(`extra: ${order.order_number} is in the database but ${why}`);
    }
    return { created: created.length, stored: orders.length - baseline, lost, extra, incomplete, examples };
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------
// The scenario

export async function runMixedScenario(options: MixedScenarioOptions): Promise<MixedScenarioResult> {
  const root = options.root ?? ROOT;
  const durationS = options.durationS;
  const shoppers = options.shoppers ?? 200;
  const ordersPerSecond = options.ordersPerSecond ?? 20;
  const timeoutMs = (options.requestTimeoutS ?? 10) * 1000;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const signal = options.signal;

  if (!existsSync(join(root, "build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` first.");
  }
  const dir = await mkdtemp(join(tmpdir(), "souq-load-"));
  const dbFile = join(dir, "souq-load.db");
  let server: LoadServer | undefined;
  // Each order as if from its own shopper: a connection of its own when none is idle (no queue in the client).
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    const started = performance.now();
    server = await startServer(root, dbFile, join(dir, "uploads"), options.nodeArgs);
    await waitUntilHealthy(server);
    const startupMs = performance.now() - started;
    signal?.throwIfAborted();
    const catalogue = readCatalogue(dbFile);
    if (catalogue.products.length === 0 || catalogue.orderable.length < 3 || catalogue.wilayas.length === 0) {
      throw new Error(`the seeded database has no demo catalogue (${catalogue.products.length} products, ${catalogue.wilayas.length} wilayas)`);
    }
    const assets = await firstVisitAssets(server.baseUrl);
    const base = server.baseUrl;
    log(
      `[load] server up on ${base} in ${(startupMs / 1000).toFixed(1)} s: ${catalogue.categories.length} categories, ${catalogue.products.length} products, ${catalogue.searches.length} searches, ${assets.length} assets`,
    );

    // Every page of the mix once per worker (and warm the server up): a page that does not answer
    // 2xx here is a broken scenario, not load.
    const warmPaths = [
      "/",
      "/collections/weekly-offers",
      ...catalogue.categories.map((s) => `/categories/${encodeURIComponent(s)}`),
      ...catalogue.products.map((s) => `/products/${encodeURIComponent(s)}`),
      ...catalogue.searches.map((q) => `/search?q=${encodeURIComponent(q)}`),
      ...assets,
    ];
    for (const path of warmPaths) await warmEveryWorker(base, path, server.workers(), timeoutMs);

    // --- Load
    const recorders = new Map<Kind, Recorder>(WEIGHTS.map(([k]) => [k, new Recorder()]));
    const pick = browsePicker(catalogue, assets);
    const rssSamples: number[] = [];
    const pid = server.child.pid!;
    const sampler = setInterval(() => {
      const rss = readServerRss(pid, "VmRSS");
      if (rss !== null) rssSamples.push(rss);
    }, 500);

    const loadBefore = loadavg()[0]!;
    log(
      `[load] ${durationS} s: ${shoppers} shoppers browsing, ${ordersPerSecond} orders/s (load average ${loadBefore.toFixed(2)} on ${availableParallelism()} CPUs)`,
    );
    const loadStart = performance.now();
    const browsing = autocannon({
      url: base,
      connections: shoppers,
      duration: durationS,
      timeout: timeoutMs / 1000,
      headers: BROWSER_HEADERS,
      requests: [
        {
          method: "GET",
          setupRequest(request, context) {
            const next = pick();
            context.kind = next.kind;
            context.sentAt = performance.now();
            return { ...request, path: next.path };
          },
          onResponse(status, _body, context) {
            recorders.get(context.kind as Kind)!.record(status, performance.now() - (context.sentAt as number));
          },
        },
      ],
    });

    const orderRecorder = new Recorder();
    let ordersRetried = 0;
    const created: CreatedOrder[] = [];
    const answeredKeys = new Set<string>();
    const failedOrders: string[] = [];
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    let lagMax = 0;
    let stopOrders = false;
    const onAbort = () => {
      stopOrders = true;
      browsing.stop();
    };
    signal?.addEventListener("abort", onAbort, { once: true });

    const placeOne = async (i: number) => {
      const phone = `0${5 + (i % 3)}${String(10_000_000 + i).slice(-8)}`;
      const lines: { productId: string; quantity: number }[] = [];
      const count = 1 + (i % 3);
      const start = (i * 7) % catalogue.orderable.length;
      for (let n = 0; n < count; n++) {
        const product = catalogue.orderable[(start + n * 13) % catalogue.orderable.length]!;
        if (lines.some((l) => l.productId === product.id)) continue;
        lines.push({ productId: product.id, quantity: 1 + ((i + n) % product.maxQuantity) });
      }
      const key = randomUUID();
      const body = JSON.stringify({
        source: "cart_page",
        customer: {
          firstName: "Load",
          lastName: `Shopper ${i}`,
          phone,
          wilayaCode: catalogue.wilayas[i % catalogue.wilayas.length],
          address: `${i} rue de la Charge`,
        },
        items: lines,
      });
      const t0 = performance.now();
      const answer = await postJson(
        agent,
        `${base}/api/orders`,
        body,
        { ...BROWSER_HEADERS, accept: "*/*", "sec-fetch-site": "same-origin", "idempotency-key": key },
        timeoutMs,
        () => (ordersRetried += 1),
      );
      const elapsed = performance.now() - t0;
      if ("error" in answer) {
        orderRecorder.transportErrors++;
        if (answer.timeout) orderRecorder.timeouts++;
        if (failedOrders.length < 5) failedOrders.push(`order ${i}: ${answer.error}`);
        return;
      }
      orderRecorder.record(answer.status, elapsed);
      answeredKeys.add(key);
      if (answer.status === 201) {
        const parsed = JSON.parse(answer.body) as { orderNumber: string; total: number };
        created.push({ key, phone, lines, orderNumber: parsed.orderNumber, total: parsed.total });
      } else if (failedOrders.length < 5) {
        failedOrders.push(`order ${i}: HTTP ${answer.status} ${answer.body.slice(0, 300)}`);
      }
    };

    // The open-loop clock: order i is due at loadStart + i / rate.
    const intervalMs = 1000 / ordersPerSecond;
    const endAt = loadStart + durationS * 1000;
    while (!stopOrders) {
      const due = loadStart + sent * intervalMs;
      if (due >= endAt) break;
      const now = performance.now();
      if (now < due) {
        await new Promise((r) => setTimeout(r, due - now));
        continue;
      }
      lagMax = Math.max(lagMax, now - due);
      const p = placeOne(sent++).catch((error: unknown) => {
        orderRecorder.transportErrors++;
        if (failedOrders.length < 5) failedOrders.push(String(error));
      });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    const browseResult = await browsing;
    await Promise.all(inFlight);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    clearInterval(sampler);
    signal?.removeEventListener("abort", onAbort);
    signal?.throwIfAborted();

    const loadAfter = loadavg()[0]!;
    const peakRss = readServerRss(pid, "VmHWM") ?? (rssSamples.length > 0 ? Math.max(...rssSamples) : null);
    const serverDied = server.process.hasExited();

    // autocannon's own count of connections that failed or timed out (no onResponse for those).
    const browseAll = Recorder.merge(recorders.values());
    browseAll.transportErrors = Math.max(browseResult.errors, browseResult.timeouts);
    browseAll.timeouts = browseResult.timeouts;
    // Cross-check: autocannon saw the same number of responses as the recorders.
    const acResponses = Object.values(browseResult.statusCodeStats).reduce((sum, s) => sum + (s?.count ?? 0), 0);

    // Stop the server (graceful: requests in flight finish, the database closes), then read it.
    await stopServer(server);
    const check = checkOrders(dbFile, created, catalogue.orderCount, answeredKeys);

    const browse = browseAll.stats(`browsing (${shoppers} shoppers)`, loadSeconds);
    const orders = orderRecorder.stats(`POST /api/orders (${ordersPerSecond}/s)`, loadSeconds);
    const result: MixedScenarioResult = {
      durationS: loadSeconds,
      shoppers,
      ordersPerSecond,
      browse,
      browseByKind: WEIGHTS.map(([k]) => recorders.get(k)!.stats(KIND_NAMES[k], loadSeconds)),
      orders,
      ordersSent: sent,
      orderRateAchieved: sent / durationS,
      orderPacingLagMaxMs: lagMax,
      ordersRetried,
      totalRps: (browse.responses + orders.responses) / loadSeconds,
      check,
      peakRssBytes: peakRss,
      serverErrorLogs: server.errorLogCount(),
      serverErrorExamples: server.errorLogs,
      failures: [],
      startupMs,
      loadAverage: { before: loadBefore, after: loadAfter, cpus: availableParallelism() },
    };

    const failures = result.failures;
    if (serverDied) failures.push(`the server died during the run:\n${server.tail()}`);
    if (browse.errors > 0)
      failures.push(
        `browsing: ${browse.errors} errors (${JSON.stringify(browse.badStatuses)}, ${browse.transportErrors} socket errors, ${browse.timeouts} timeouts)`,
      );
    if (acResponses !== browse.responses) failures.push(`browsing: autocannon counted ${acResponses} responses, the recorder ${browse.responses}`);
    if (orders.errors > 0) failures.push(`orders: ${orders.errors} errors: ${failedOrders.join(" | ")}`);
    if (orders.responses + orders.transportErrors !== sent)
      failures.push(`orders: ${sent} sent, ${orders.responses} answered, ${orders.transportErrors} failed`);
    if (check.lost > 0 || check.extra > 0 || check.incomplete > 0) failures.push(`database: ${check.examples.join(" | ")}`);
    if (result.orderRateAchieved < ordersPerSecond * 0.98)
      failures.push(`orders were sent at ${result.orderRateAchieved.toFixed(2)}/s, below ${ordersPerSecond}/s`);
    if (result.serverErrorLogs > 0) failures.push(`the server logged ${result.serverErrorLogs} errors: ${server.errorLogs.join("\n")}`);
    return result;
  } finally {
    agent.destroy();
    if (server) await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}
