import { sql } from "kysely";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { openDatabase } from "~/server/db/db.server";
import { freePort, freshServerDatabase, orderBody, startServer, type RunningServer, type ServerDatabase } from "../support/production-server";

// kill -9 in the middle of a stream of orders, with the outbox busy sending them to a webhook:
// after a restart on the same database every order that got a 201 is there with its items and its
// first event, the database is consistent (SQLite's integrity and foreign-key checks; on both
// engines no line or event without its order), and the outbox resumes: the webhook ends up with
// every acknowledged order (at least once; a message the dead process was sending when it died
// is sent again once its claim runs out, OUTBOX_CLAIM_MS). On SQLite in the ops project, on
// PostgreSQL in the fleet project (TEST_DATABASE_URL).

const CLIENTS = 8;
const products = demoProducts
  .filter((p) => !p.variants && p.inStock)
  .sort((a, b) => b.stockQuantity - a.stockQuantity)
  .slice(0, 10);
const env = {
  LOG_LEVEL: "warn",
  ORDER_RATE_LIMIT_PER_IP: "100000",
  // Deliver often, and take back the messages of a dead worker after 4 s rather than 2 minutes.
  OUTBOX_INTERVAL_MS: "100",
  OUTBOX_CLAIM_MS: "4000",
};

interface Acknowledged {
  orderNumber: string;
  phone: string;
  productId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

let dir: string;
let database: ServerDatabase;
let server: RunningServer | undefined;
let receiver: Server | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-crash-"));
  database = await freshServerDatabase(dir);
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("kill -9 during a stream of orders", () => {
  it("keeps every acknowledged order whole, passes the integrity check and resumes the outbox", async () => {
    // The merchant's webhook: records each delivery (order number, when), answers 200 after a short while
    // so that batches are in flight when the shop dies.
    const deliveries: { orderNumber: string; at: number }[] = [];
    /** Order numbers received and not answered yet (the sender is waiting for the 200). */
    const inFlight = new Set<string>();
    receiver = createServer((request, response) => {
      let body = "";
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => (body += chunk));
      request.on("end", () => {
        const orderNumber = new URLSearchParams(body).get("orderNumber");
        if (orderNumber) {
          deliveries.push({ orderNumber, at: Date.now() });
          inFlight.add(orderNumber);
        }
        setTimeout(
          () => {
            if (orderNumber) inFlight.delete(orderNumber);
            response.writeHead(200).end("ok");
          },
          100 + Math.random() * 150,
        );
      });
    });
    const receiverPort = await freePort();
    await new Promise<void>((resolve) => receiver!.listen(receiverPort, "127.0.0.1", resolve));
    const webhook = { ORDER_WEBHOOK_URL: `http://127.0.0.1:${receiverPort}/orders` };

    // The demo pictures from the shared test folder (content-addressed, atomic writes): the seed finds them and skips re-encoding.
    const uploads = { UPLOADS_DIR: join(tmpdir(), "souq-test-uploads") };
    server = await startServer(database.database, { ...env, ...webhook, ...uploads });
    const { baseURL } = server;

    const acknowledged: Acknowledged[] = [];
    const otherAnswers: number[] = [];
    let sent = 0;
    let killed = false;

    async function client(c: number) {
      for (let i = 0; !killed; i++) {
        const phone = `06${String(10 + c)}${String(i).padStart(6, "0")}`;
        const product = products[(c + i) % products.length]!;
        sent += 1;
        try {
          const response = await fetch(`${baseURL}/api/orders`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", "Idempotency-Key": `crash-${c}-${i}` },
            body: orderBody(product.id, phone),
          });
          if (response.status === 201) {
            const body = (await response.json()) as { orderNumber: string };
            acknowledged.push({ orderNumber: body.orderNumber, phone, productId: product.id });
          } else {
            otherAnswers.push(response.status);
            await response.body?.cancel();
          }
        } catch {
          // The server died under this request: its outcome is unknown (it may or may not be stored).
          return;
        }
        await sleep(Math.random() * 30);
      }
    }

    const stream = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    // Kill once orders are flowing and the outbox is delivering them, while the webhook holds
    // deliveries unanswered: their rows are claimed and never marked delivered by this process.
    await until(
      () => acknowledged.length >= 60 && deliveries.length >= 10 && inFlight.size > 0,
      20_000,
      "orders and deliveries in flight before the kill",
    );
    const unanswered = [...inFlight];
    const killedAt = Date.now();
    killed = true;
    const { code } = await server.stop("SIGKILL");
    expect(code).toBeNull();
    expect(server.process.signalCode).toBe("SIGKILL");
    await stream;
    expect(otherAnswers).toEqual([]);
    const ackedNumbers = new Set(acknowledged.map((ack) => ack.orderNumber));
    const deliveredBeforeKill = new Set(deliveries.map((delivery) => delivery.orderNumber));
    // The kill left work for the outbox: messages being sent (claimed by the dead process; at least
    // one, by the kill's timing) and, usually, acknowledged orders whose message had not been sent yet.
    const pending = [...ackedNumbers].filter((number) => !deliveredBeforeKill.has(number));
    expect(unanswered.length, `sent ${sent}, acknowledged ${ackedNumbers.size}`).toBeGreaterThan(0);

    // Restart on the same database.
    server = await startServer(database.database, { ...env, ...webhook, ...uploads });
    expect((await fetch(`${server.baseURL}/readyz`)).status).toBe(200);

    // The database: consistent, and every acknowledged order whole.
    const { db, close } = openDatabase(database.url);
    try {
      if (database.engine === "sqlite") {
        expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([{ integrity_check: "ok" }]);
        expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
      }
      const orphans = await sql<{ n: number }>`
        select (select count(*) from order_items i where not exists (select 1 from orders o where o.id = i.order_id))
             + (select count(*) from order_events e where not exists (select 1 from orders o where o.id = e.order_id)) as n`.execute(db);
      expect(Number(orphans.rows[0]!.n)).toBe(0);
      const orders = await db.selectFrom("orders").select(["id", "order_number", "phone"]).execute();
      const byNumber = new Map(orders.map((order) => [order.order_number, order]));
      const items = (orderId: number) => db.selectFrom("order_items").select(["product_id", "quantity"]).where("order_id", "=", orderId).execute();
      const events = (orderId: number) =>
        db.selectFrom("order_events").select(["status", "actor"]).where("order_id", "=", orderId).orderBy("id").execute();
      for (const ack of acknowledged) {
        const order = byNumber.get(ack.orderNumber);
        expect(order, `acknowledged order ${ack.orderNumber} is missing`).toBeDefined();
        expect(order!.phone).toBe(ack.phone);
        expect(await items(order!.id)).toEqual([{ product_id: ack.productId, quantity: 1 }]);
        expect(await events(order!.id)).toEqual([{ status: "new", actor: "shopper" }]);
      }
      // Nothing half-done, acknowledged or not (a request cut by the kill either committed whole or not at all).
      for (const order of orders) {
        expect((await items(order.id)).length, `order ${order.order_number} has no items`).toBeGreaterThan(0);
        expect((await events(order.id)).length, `order ${order.order_number} has no event`).toBeGreaterThan(0);
      }
      // Every stored order has its webhook message in the outbox.
      const messages = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("topic", "=", "order.created")
        .executeTakeFirstOrThrow();
      expect(Number(messages.n)).toBe(orders.length);
    } finally {
      await close();
    }

    // The outbox resumes: every acknowledged order reaches the webhook (the ones the dead process was
    // sending, after their claim runs out).
    const received = () => new Set(deliveries.map((delivery) => delivery.orderNumber));
    const receivedAgain = () => new Set(deliveries.filter((delivery) => delivery.at > killedAt).map((delivery) => delivery.orderNumber));
    const done = () => [...ackedNumbers].every((number) => received().has(number)) && unanswered.every((number) => receivedAgain().has(number));
    await until(done, 15_000, "every acknowledged order at the webhook").catch((error: Error) => {
      const missing = [
        ...[...ackedNumbers].filter((number) => !received().has(number)),
        ...unanswered.filter((number) => !receivedAgain().has(number)),
      ];
      throw new Error(`${error.message}: ${missing.length} missing (${missing.slice(0, 5).join(", ")}…)\n${server!.output()}`);
    });
    const afterRestart = deliveries.filter((delivery) => delivery.at > killedAt).map((delivery) => delivery.orderNumber);
    for (const number of pending) expect(afterRestart).toContain(number);
    // The messages the dead process was sending (received, never acknowledged to it) come again: at least once.
    for (const number of unanswered) expect(afterRestart, `${number} was in flight at the kill`).toContain(number);
    // At least once: duplicates are allowed, never an order the shop does not know.
    const known = new Set(acknowledged.map((ack) => ack.orderNumber));
    const stray = [...received()].filter((number) => !known.has(number));
    // Orders committed by requests the kill cut off (no 201 seen) may be delivered too: they are in the database.
    const after = openDatabase(database.url);
    try {
      const stored = new Set((await after.db.selectFrom("orders").select("order_number").execute()).map((row) => row.order_number));
      for (const number of stray) expect(stored.has(number), number).toBe(true);
      // Eventually every message is marked delivered.
      const undelivered = async () =>
        Number(
          (
            await after.db
              .selectFrom("outbox")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("delivered_at", "is", null)
              .executeTakeFirstOrThrow()
          ).n,
        );
      await until(async () => (await undelivered()) === 0, 10_000, "the outbox to be empty");
    } finally {
      await after.close();
    }
  });
});
