import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCategories, demoProducts } from "~/data/demo-catalogue";
import { openDatabase } from "~/server/db/db.server";
import { adminCookie, createAdmin, databaseUrlOf, orderBody, startServer, type RunningServer } from "../support/production-server";

/*
 * Load shedding on the production build (app/server/http/load-shedding.server.ts,
 * docs/decisions/0037-load-shedding.md), started with one slot and one place in line and no page
 * cache, so that every page is a render: hammered by many shoppers at once, some of them are
 * answered 503 with Retry-After at once (without waiting for a render), every request gets an
 * answer, and meanwhile every order goes through, /healthz stays 200 and a signed-in admin is served.
 */

const ADMIN = { email: "shedding-admin@souq.test", password: "shedding-Admin-Passw0rd!" } as const;
const SHOPPERS = 24;
const REQUESTS_PER_SHOPPER = 8;
// Not a time budget: only what makes a hung request fail the test instead of stalling it.
const HANG = 60_000;

const pages = [
  ...demoProducts.slice(0, 12).map((product) => `/products/${product.slug}`),
  ...demoCategories.map((category) => `/categories/${category.slug}`),
];
const orderable = demoProducts.filter((product) => !product.variants && product.inStock && product.stockQuantity >= 10);

let dir: string;
let databaseFile: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-shedding-"));
  databaseFile = join(dir, "shop.db");
  server = await startServer(databaseFile, {
    LOG_LEVEL: "warn",
    PAGE_CACHE_MB: "0",
    MAX_CONCURRENT_RENDERS: "1",
    MAX_QUEUED_REQUESTS: "1",
    // Long: every 503 here comes from a full line, answered without waiting.
    MAX_QUEUE_WAIT_MS: "30000",
    ORDER_RATE_LIMIT_PER_IP: "100000",
  });
  createAdmin(databaseFile, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  path: string;
  status: number;
  retryAfter: string | null;
  cacheControl: string | null;
  ms: number;
}

async function timedGet(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${server.baseURL}${path}`, { headers, redirect: "manual", signal: AbortSignal.timeout(HANG) });
  await response.arrayBuffer();
  return {
    path,
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    cacheControl: response.headers.get("cache-control"),
    ms: performance.now() - started,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe("load shedding (one render at a time, one waiting)", () => {
  it("answers the overflow 503 with Retry-After at once, answers everyone, and never sheds orders, probes or admins", async () => {
    const cookie = await adminCookie(server.baseURL, ADMIN.email, ADMIN.password);
    let hammering = true;
    const shoppers = Promise.all(
      Array.from({ length: SHOPPERS }, async (_, s) => {
        const answers: Answer[] = [];
        for (let i = 0; i < REQUESTS_PER_SHOPPER; i++) answers.push(await timedGet(pages[(s * 3 + i) % pages.length]!));
        return answers;
      }),
    ).finally(() => (hammering = false));

    // While the shoppers hammer: orders, health probes and the admin's order list.
    const orders: number[] = [];
    const probes: number[] = [];
    const admin: number[] = [];
    const phones: string[] = [];
    for (let i = 0; hammering || i < 3; i++) {
      const phone = `0550${String(i).padStart(6, "0")}`;
      const product = orderable[i % orderable.length]!;
      const placed = await fetch(`${server.baseURL}/api/orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", "Idempotency-Key": `shedding-${i}` },
        body: orderBody(product.id, phone),
        signal: AbortSignal.timeout(HANG),
      });
      await placed.arrayBuffer();
      orders.push(placed.status);
      phones.push(phone);
      probes.push((await timedGet("/healthz")).status);
      admin.push((await timedGet("/admin/orders", { cookie })).status);
    }

    const answers = (await shoppers).flat();
    expect(answers).toHaveLength(SHOPPERS * REQUESTS_PER_SHOPPER);
    const refused = answers.filter((answer) => answer.status === 503);
    const served = answers.filter((answer) => answer.status === 200);
    expect(refused.length + served.length).toBe(answers.length);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.retryAfter).toBe("1");
      expect(answer.cacheControl).toBe("no-store");
    }
    // A refusal does not wait for renders: the typical one comes back faster than the typical page.
    expect(median(refused.map((answer) => answer.ms))).toBeLessThan(median(served.map((answer) => answer.ms)));

    expect(orders.every((status) => status === 201)).toBe(true);
    expect(probes.every((status) => status === 200)).toBe(true);
    expect(admin.every((status) => status === 200)).toBe(true);
    const { db, close } = openDatabase(databaseUrlOf(databaseFile));
    try {
      const stored = await db.selectFrom("orders").select("phone").execute();
      expect(stored.map((row) => row.phone).sort()).toEqual([...phones].sort());
    } finally {
      await close();
    }
  });

  it("the 503 page is translated, and JSON for the API", async () => {
    // Keep renders under way, and ask until one of each is refused.
    let saturating = true;
    const load = Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        while (saturating) await timedGet(pages[i % pages.length]!);
      }),
    );
    let page: Response | undefined;
    let api: Response | undefined;
    try {
      for (let i = 0; i < 200 && (!page || !api); i++) {
        if (!page) {
          const response = await fetch(`${server.baseURL}${pages[1]}`, { headers: { cookie: "lng=en" }, signal: AbortSignal.timeout(HANG) });
          if (response.status === 503) page = response;
          else await response.arrayBuffer();
        }
        if (!api) {
          const response = await fetch(`${server.baseURL}/api/delivery`, { signal: AbortSignal.timeout(HANG) });
          if (response.status === 503) api = response;
          else await response.arrayBuffer();
        }
      }
    } finally {
      saturating = false;
      await load;
    }
    expect(page, "a page refused while renders are under way").toBeDefined();
    expect(page!.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page!.text();
    expect(html).toContain('lang="en"');
    expect(html).toContain("The shop is very busy right now.");
    expect(api, "an API read refused while renders are under way").toBeDefined();
    expect(await api!.json()).toMatchObject({ error: { code: "overloaded" } });
  });
});
