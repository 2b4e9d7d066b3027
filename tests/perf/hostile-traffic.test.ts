import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostilePost, POST_ROUTES } from "../support/hostile-bodies";
import { residentBytes, startServer, type RunningServer } from "../support/production-server";

// What hostile traffic costs the production build: its resident memory stays flat and it keeps
// answering quickly. What the server answers to the same traffic is checked, without a clock, by
// tests/ops/abuse/body-limits.test.ts and tests/ops/abuse/page-cache.test.ts.

const MB = 1024 * 1024;
const PRODUCT = "/products/smartphone-6-7-inch-128gb";
const LISTING = "/categories/kitchen";

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-perf-hostile-"));
  server = await startServer(join(dir, "shop.db"), { LOG_LEVEL: "warn" });
});

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe("huge bodies on every POST route (docs/decisions/0020-body-limits.md)", () => {
  it("keep the resident memory within 20 MB of its start and /healthz fast", async () => {
    // Warm up every route's refusal once, so the baseline includes the code paths measured (and
    // the young generation of the heap its usual size).
    for (const route of POST_ROUTES) {
      await hostilePost(server.baseURL, route.path, { total: 36 * 1000 * 1000, contentType: route.type });
      await hostilePost(server.baseURL, route.path, { total: 200 * 1000 * 1000, chunked: true, contentType: route.type });
      await fetch(`${server.baseURL}/healthz`);
    }
    const before = residentBytes(server);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(server))), 20);
    const healthTimes: number[] = [];
    const probeHealth = async () => {
      const started = performance.now();
      const response = await fetch(`${server.baseURL}/healthz`);
      expect(response.status).toBe(200);
      healthTimes.push(performance.now() - started);
    };
    // One probe beside every hostile body, plus a steady probe throughout.
    let probing = true;
    const prober = (async () => {
      while (probing) {
        await probeHealth();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    try {
      for (const route of POST_ROUTES) {
        for (const options of [{ total: 36 * 1000 * 1000 }, { total: 200 * 1000 * 1000, chunked: true }]) {
          const [answer] = await Promise.all([hostilePost(server.baseURL, route.path, { ...options, contentType: route.type }), probeHealth()]);
          expect(answer.status, route.path).toBe(route.status);
        }
      }
    } finally {
      probing = false;
      await prober;
      clearInterval(sampler);
    }
    peak = Math.max(peak, residentBytes(server));
    expect(peak - before, `RSS ${Math.round(before / MB)} → peak ${Math.round(peak / MB)} MB`).toBeLessThan(20 * MB);
    expect(healthTimes.length).toBeGreaterThanOrEqual(POST_ROUTES.length * 2);
    // The median probe well within 200 ms; none stalled.
    expect(median(healthTimes)).toBeLessThan(200);
    expect(Math.max(...healthTimes)).toBeLessThan(2_000);
  }, 240_000);
});

describe("junk query strings against the page cache (docs/decisions/0022-page-cache-nonces-and-keys.md)", () => {
  it("4,000 distinct ones raise the resident memory by less than 20 MB, and a cached page stays fast", async () => {
    const get = (path: string) => fetch(`${server.baseURL}${path}`).then(async (response) => void (await response.arrayBuffer()));
    // Warm up: the page, and the server's own allocations for serving a replay.
    for (let i = 0; i < 200; i += 1) await get(`${PRODUCT}?warm=${i}`);
    const before = residentBytes(server) / MB;

    let sent = 0;
    const flood = async () => {
      while (sent < 4_000) {
        sent += 1;
        await get(`${PRODUCT}?${randomBytes(6).toString("hex")}=${sent}&fbclid=${randomBytes(16).toString("hex")}`);
      }
    };
    const latencies: number[] = [];
    let flooding = true;
    const probe = async () => {
      while (flooding) {
        const started = performance.now();
        await get(LISTING);
        latencies.push(performance.now() - started);
      }
    };
    const probing = probe();
    await Promise.all(Array.from({ length: 16 }, flood));
    flooding = false;
    await probing;

    expect(residentBytes(server) / MB - before).toBeLessThan(20);
    // A replay takes a few milliseconds; a render per request takes far longer.
    expect(median(latencies)).toBeLessThan(50);
  });
});

describe("distinct missing addresses against the page cache (docs/decisions/0038-render-costs.md)", () => {
  it("4,000 of them, each a 404 kept in the 404s' own share of the cache, leave the resident memory within 20 MB", async () => {
    const get = (path: string) =>
      fetch(`${server.baseURL}${path}`).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });
    let sent = 0;
    const statuses = new Set<number>();
    const flood = async (count: number) => {
      while (sent < count) {
        sent += 1;
        const path = sent % 2 ? `/products/no-such-${randomBytes(8).toString("hex")}` : `/${randomBytes(16).toString("hex")}`;
        statuses.add(await get(path));
      }
    };
    // Warm up: a first wave fills the 404s' share of the cache (a tenth of it) and grows the heap
    // to what sixteen renders at once need; the flood after it must not grow with its number.
    await Promise.all(Array.from({ length: 16 }, () => flood(600)));
    const before = residentBytes(server) / MB;
    await Promise.all(Array.from({ length: 16 }, () => flood(4_600)));

    expect([...statuses]).toEqual([404]);
    const after = residentBytes(server) / MB;
    expect(after - before, `RSS ${Math.round(before)} → ${Math.round(after)} MB`).toBeLessThan(20);
  });
});
