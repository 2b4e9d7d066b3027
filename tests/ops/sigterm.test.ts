import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { openDatabase } from "~/server/db/db.server";
import { orderBody, startServer, type RunningServer } from "../support/production-server";

// A SIGTERM in the middle of a burst of orders: every order the server acknowledged (201) is in
// the database after a restart, with its items and first event; every other request failed to
// connect (none half-done); the process drains its requests before SHUTDOWN_TIMEOUT_MS and exits 0.

const CLIENTS = 6;
const PER_CLIENT = 10;
const SHUTDOWN_TIMEOUT_MS = 10_000;
// Spread the orders over the best-stocked products so that stock never refuses one.
const products = demoProducts
  .filter((p) => !p.variants && p.inStock)
  .sort((a, b) => b.stockQuantity - a.stockQuantity)
  .slice(0, 10);

type Outcome =
  | { phone: string; kind: "acknowledged"; orderNumber: string }
  | { phone: string; kind: "not_connected"; error: string }
  | { phone: string; kind: "answered"; status: number };

let dir: string;
let server: RunningServer | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-sigterm-"));
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("SIGTERM during a burst of orders", () => {
  it("loses no acknowledged order and exits 0 within the deadline", async () => {
    const file = join(dir, "shop.db");
    server = await startServer(file, { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), LOG_LEVEL: "warn" });
    const { baseURL } = server;
    const outcomes: Outcome[] = [];
    let sent = 0;

    async function client(c: number) {
      for (let i = 0; i < PER_CLIENT; i++) {
        const phone = `05${String(50 + c).padStart(2, "0")}${String(100000 + i).slice(-6)}`;
        const product = products[(c * PER_CLIENT + i) % products.length]!;
        sent += 1;
        try {
          const response = await fetch(`${baseURL}/api/orders`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", "Idempotency-Key": `sigterm-${c}-${i}` },
            body: orderBody(product.id, phone),
          });
          if (response.status === 201) {
            const body = (await response.json()) as { orderNumber: string };
            outcomes.push({ phone, kind: "acknowledged", orderNumber: body.orderNumber });
          } else {
            outcomes.push({ phone, kind: "answered", status: response.status });
          }
        } catch (error) {
          outcomes.push({ phone, kind: "not_connected", error: String((error as { cause?: unknown }).cause ?? error) });
        }
        await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 100));
      }
    }

    const burst = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    // SIGTERM in the middle of the burst, once half its orders are sent.
    while (sent < (CLIENTS * PER_CLIENT) / 2) await new Promise((resolve) => setTimeout(resolve, 20));
    const stopped = server.stop("SIGTERM");
    const [{ code }] = await Promise.all([stopped, burst]);
    const log = server.output();

    expect(code, log).toBe(0);
    // Drained before SHUTDOWN_TIMEOUT_MS: server.js did not have to cut connections at the deadline.
    expect(log).not.toContain("shutdown deadline reached");
    expect(outcomes).toHaveLength(CLIENTS * PER_CLIENT);
    const acknowledged = outcomes.filter((o) => o.kind === "acknowledged");
    const notConnected = outcomes.filter((o) => o.kind === "not_connected");
    // Orders before the signal were acknowledged; those after it could not connect.
    expect(acknowledged.length).toBeGreaterThanOrEqual((CLIENTS * PER_CLIENT) / 2 - CLIENTS);
    expect(notConnected.length).toBeGreaterThan(0);
    // Every request either completed (201) or never reached the app: no other answer.
    expect(outcomes.filter((o) => o.kind === "answered")).toEqual([]);

    // Restart on the same file: the shop comes back, with every acknowledged order.
    server = await startServer(file, { LOG_LEVEL: "warn" });
    expect((await fetch(`${server.baseURL}/readyz`)).status).toBe(200);
    const { db, close } = openDatabase(`file:${file}`);
    try {
      const orders = await db.selectFrom("orders").select(["id", "order_number", "phone"]).execute();
      const byNumber = new Map(orders.map((o) => [o.order_number, o]));
      for (const ack of acknowledged) {
        const order = byNumber.get(ack.orderNumber);
        expect(order, `acknowledged order ${ack.orderNumber} is missing`).toBeDefined();
        expect(order!.phone).toBe(ack.phone);
      }
      // Nothing half-done: every stored order (acknowledged or not) has its items and first event.
      for (const order of orders) {
        const items = await db.selectFrom("order_items").select("id").where("order_id", "=", order.id).execute();
        const events = await db.selectFrom("order_events").select("id").where("order_id", "=", order.id).execute();
        expect(items.length, `order ${order.order_number} has no items`).toBeGreaterThan(0);
        expect(events.length, `order ${order.order_number} has no event`).toBeGreaterThan(0);
      }
      // A request that failed to connect left no order behind.
      const stored = new Set(orders.map((o) => o.phone));
      for (const failed of notConnected) expect(stored.has(failed.phone), `${failed.phone}: ${failed.error}`).toBe(false);
    } finally {
      await close();
    }
    // The shutdown logged its steps.
    expect(log).not.toMatch(/shutdown deadline reached/);
  });
});
