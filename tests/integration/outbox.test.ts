import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { deliverDueMessages, OUTBOX_MAX_ATTEMPTS, retryDelayMs, startOutboxWorker } from "~/server/notify/outbox.server";
import { placeOrder, type OrderSettings } from "~/server/orders/order.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});
beforeEach(async () => {
  await t.db.deleteFrom("outbox").execute();
});

const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 20)!;
const settings: OrderSettings = {
  webhookUrl: "http://127.0.0.1:9/unused",
  perIp: { limit: 10_000, windowSeconds: 600 },
  perPhone: { limit: 10_000, windowSeconds: 3600 },
};
let phones = 0;

async function order(source: "cart_page" | "product_detail" | "quick_buy_product_card" = "cart_page") {
  phones += 1;
  const result = await placeOrder(
    t.db,
    {
      source,
      customer: {
        firstName: "Amine",
        lastName: "Benali",
        phone: `0770${String(phones).padStart(6, "0")}`,
        wilayaCode: "31",
        address: "حي السلام، وهران",
      },
      items: [{ productId: product.id, quantity: 2 }],
    },
    { ip: "127.0.0.1", language: "ar" },
    settings,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.order;
}

/** A webhook on loopback that answers 500 to its first `failures` requests, then 200. */
async function webhook(failures: number) {
  const received: { contentType: string | undefined; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ contentType: req.headers["content-type"], body });
      res.statusCode = received.length <= failures ? 500 : 200;
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const row = async () => t.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();

describe("the order webhook outbox", () => {
  it("retries a failing endpoint with back-off and delivers once, with the old shop's field names", async () => {
    const placed = await order("cart_page");
    const hook = await webhook(2);
    try {
      const start = new Date(Date.now() + 1000);
      expect(await deliverDueMessages(t.db, { url: hook.url, now: start })).toMatchObject({ claimed: 1, retrying: 1 });
      expect(await row()).toMatchObject({ attempts: 1, last_error: "HTTP 500", delivered_at: null, claimed_until: null });

      // Not due again before its back-off (30 s).
      const firstRetry = new Date(start.getTime() + retryDelayMs(1));
      expect(await deliverDueMessages(t.db, { url: hook.url, now: new Date(firstRetry.getTime() - 1000) })).toMatchObject({ claimed: 0 });
      expect(await deliverDueMessages(t.db, { url: hook.url, now: firstRetry })).toMatchObject({ claimed: 1, retrying: 1 });
      expect((await row()).next_attempt_at).toBe(new Date(firstRetry.getTime() + retryDelayMs(2)).toISOString());

      const secondRetry = new Date(firstRetry.getTime() + retryDelayMs(2));
      expect(await deliverDueMessages(t.db, { url: hook.url, now: secondRetry })).toMatchObject({ claimed: 1, delivered: 1 });
      expect(await row()).toMatchObject({ attempts: 2, delivered_at: expect.any(String), last_error: null });

      // Delivered: never sent again.
      expect(await deliverDueMessages(t.db, { url: hook.url, now: new Date(secondRetry.getTime() + 86_400_000) })).toMatchObject({ claimed: 0 });
      expect(hook.received).toHaveLength(3);

      const last = hook.received[2]!;
      expect(last.contentType).toMatch(/^application\/x-www-form-urlencoded/);
      const fields = Object.fromEntries(new URLSearchParams(last.body));
      expect(Object.keys(fields)).toEqual(
        expect.arrayContaining(["firstName", "lastName", "phone", "wilaya", "deliveryPrice", "totalAmount", "items", "timestamp", "source"]),
      );
      expect(fields).toMatchObject({
        orderNumber: placed.orderNumber,
        firstName: "Amine",
        lastName: "Benali",
        wilaya: "Oran",
        deliveryPrice: String(placed.deliveryPrice),
        totalAmount: String(placed.total),
        source: "cart_page",
      });
      expect(new Date(fields.timestamp!).toISOString()).toBe(fields.timestamp);
      expect(JSON.parse(fields.items!)).toEqual([
        { id: product.id, title: product.title, price: product.price, quantity: 2, total: product.price * 2 },
      ]);
    } finally {
      await hook.close();
    }
  });

  it("names a single-product origin's fields as the old shop did", async () => {
    const placed = await order("product_detail");
    const hook = await webhook(0);
    try {
      expect(await deliverDueMessages(t.db, { url: hook.url, now: new Date(Date.now() + 1000) })).toMatchObject({ delivered: 1 });
      const fields = Object.fromEntries(new URLSearchParams(hook.received[0]!.body));
      expect(fields).toMatchObject({
        product: product.title,
        quantity: "2",
        price: String(product.price),
        address: "حي السلام، وهران",
        deliveryPrice: String(placed.deliveryPrice),
        totalAmount: String(placed.total),
        source: "unified_product_detail",
      });
    } finally {
      await hook.close();
    }
  });

  it("never lets two concurrent workers send the same message", async () => {
    for (let i = 0; i < 6; i++) await order();
    const sent: string[] = [];
    const slowFetch: typeof fetch = async (_url, init) => {
      sent.push(String(init?.body));
      await new Promise((resolve) => setTimeout(resolve, 50));
      return new Response("ok", { status: 200 });
    };
    const now = new Date(Date.now() + 1000);
    const reports = await Promise.all(
      Array.from({ length: 4 }, () => deliverDueMessages(t.db, { url: "http://example.invalid/hook", now, fetch: slowFetch, batchSize: 3 })),
    );
    // Each round claims at most 3; whatever was left is claimed by a later round.
    const more = await deliverDueMessages(t.db, { url: "http://example.invalid/hook", now, fetch: slowFetch });
    const delivered = reports.reduce((sum, r) => sum + r.delivered, 0) + more.delivered;
    expect(delivered).toBe(6);
    expect(sent).toHaveLength(6);
    expect(new Set(sent).size).toBe(6);
    const rows = await t.db.selectFrom("outbox").select(["delivered_at"]).execute();
    expect(rows.every((r) => r.delivered_at !== null)).toBe(true);
  });

  it("drains a burst in one worker round instead of one batch per interval", async () => {
    for (let i = 0; i < 25; i++) await order();
    const hook = await webhook(0);
    const worker = startOutboxWorker(t.db, { url: hook.url }, 1_000);
    try {
      // One tick (at 1 s) must send all 25 messages: 3 batches back to back, not 10 per tick.
      await new Promise((resolve) => setTimeout(resolve, 1_700));
      expect(hook.received).toHaveLength(25);
    } finally {
      await worker.stop();
      await hook.close();
    }
    const rows = await t.db.selectFrom("outbox").select(["delivered_at"]).execute();
    expect(rows.every((r) => r.delivered_at !== null)).toBe(true);
  });

  it("leaves a row claimed by another worker alone until its claim expires", async () => {
    await order();
    const now = new Date(Date.now() + 1000);
    await t.db
      .updateTable("outbox")
      .set({ claimed_until: new Date(now.getTime() + 60_000).toISOString(), claim_token: "other" })
      .execute();
    const calls: unknown[] = [];
    const fetchSpy: typeof fetch = async (...args) => {
      calls.push(args);
      return new Response(null, { status: 204 });
    };
    expect(await deliverDueMessages(t.db, { url: "http://example.invalid/", now, fetch: fetchSpy })).toMatchObject({ claimed: 0 });
    expect(calls).toHaveLength(0);
    expect(await deliverDueMessages(t.db, { url: "http://example.invalid/", now: new Date(now.getTime() + 61_000), fetch: fetchSpy })).toMatchObject({
      claimed: 1,
      delivered: 1,
    });
  });

  it("gives up after the last attempt, keeping the error", async () => {
    await order();
    const failing: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    let now = new Date(Date.now() + 1000);
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      const report = await deliverDueMessages(t.db, { url: "http://example.invalid/", now, fetch: failing });
      expect(report.claimed).toBe(1);
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    expect(await row()).toMatchObject({
      attempts: OUTBOX_MAX_ATTEMPTS,
      last_error: "TypeError: fetch failed",
      delivered_at: null,
      failed_at: expect.any(String),
    });
    expect(
      await deliverDueMessages(t.db, { url: "http://example.invalid/", now: new Date(now.getTime() + 86_400_000), fetch: failing }),
    ).toMatchObject({ claimed: 0 });
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  it("times out a silent endpoint", async () => {
    await order();
    const server = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const report = await deliverDueMessages(t.db, { url, now: new Date(Date.now() + 1000), timeoutMs: 100 });
      expect(report).toMatchObject({ claimed: 1, retrying: 1 });
      expect((await row()).last_error).toMatch(/TimeoutError/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
