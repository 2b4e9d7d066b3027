import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { startServer, type RunningServer } from "../support/production-server";

// The tail under saturation (docs/decisions/0037-load-shedding.md): 50 connections of uncached
// product renders (PAGE_CACHE_MB=0) against the production build with its default admission
// limits. Every request is answered, a page or a quick 503, and the 99th percentile stays under
// a second; without admission control some waited 10 s (figures in docs/performance.md).

const DURATION_S = Number(process.env.FAIR_TAIL_DURATION_S ?? 10);
const CONNECTIONS = 50;

interface AutocannonResult {
  latency: { p50: number; p99: number; max: number };
  requests: { average: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
// autocannon ships no types (see scripts/bench.ts).
const autocannon = createRequire(import.meta.url)("autocannon") as (options: Record<string, unknown>) => PromiseLike<AutocannonResult>;

const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml",
  "accept-encoding": "gzip, deflate, br",
};
const PRODUCTS = demoProducts.slice(0, 20).map((product) => `/products/${product.slug}`);

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-perf-fair-tail-"));
  server = await startServer(join(dir, "shop.db"), { LOG_LEVEL: "warn", PAGE_CACHE_MB: "0" });
});

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("50 connections of uncached product renders", () => {
  it("answer every request, and 99 % of them within a second", async () => {
    for (const path of PRODUCTS) await (await fetch(`${server.baseURL}${path}`)).arrayBuffer();
    const result = await autocannon({
      url: server.baseURL,
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: 10,
      headers: BROWSER,
      requests: PRODUCTS.map((path) => ({ method: "GET", path })),
    });
    const statuses = Object.keys(result.statusCodeStats);
    const summary = `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, statuses ${JSON.stringify(result.statusCodeStats)}`;
    console.log(`fair tail, ${CONNECTIONS} connections, ${DURATION_S} s, page cache off: ${summary}`);
    expect(result.timeouts, summary).toBe(0);
    expect(result.errors, summary).toBe(0);
    expect(
      statuses.every((status) => status === "200" || status === "503"),
      summary,
    ).toBe(true);
    expect(result.statusCodeStats["200"]?.count ?? 0, summary).toBeGreaterThan(0);
    expect(result.latency.p99, summary).toBeLessThan(1_000);
  }, 120_000);
});
