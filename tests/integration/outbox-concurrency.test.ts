import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/db.server";
import { ORDER_CREATED_TOPIC } from "~/server/notify/order-webhook.server";
import { claimDueOutboxMessages } from "~/server/platform/index.server";
import { deliverDueMessages } from "~/server/notify/outbox.server";
import { openConnections, testEngine } from "../support/test-database";

// Several app servers each run an outbox worker on one database. Here: 10 workers, each on its
// own database connection (PostgreSQL: one connection per worker to one schema; SQLite: one
// connection per worker to one WAL file), all claiming at once. Every message must be sent once.

const WORKERS = 10;
let workers: DatabaseHandle[] = [];
let close = async () => {};

beforeAll(async () => {
  ({ handles: workers, close } = await openConnections(WORKERS));
});

afterAll(async () => {
  await close();
});

async function queue(count: number, prefix: string): Promise<string[]> {
  const db = workers[0]!.db;
  await db.deleteFrom("outbox").execute();
  const past = new Date(Date.now() - 60_000).toISOString();
  const numbers = Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(4, "0")}`);
  await db
    .insertInto("outbox")
    .values(
      numbers.map((orderNumber) => ({
        topic: ORDER_CREATED_TOPIC,
        payload: JSON.stringify({ orderNumber }),
        attempts: 0,
        next_attempt_at: past,
        created_at: past,
      })),
    )
    .execute();
  return numbers;
}

describe(`the outbox with ${WORKERS} concurrent workers (${testEngine()})`, () => {
  it("claims each due row for exactly one worker", async () => {
    const numbers = await queue(120, "CLAIM");
    const now = new Date().toISOString();
    const claimedUntil = new Date(Date.now() + 120_000).toISOString();
    const byWorker = await Promise.all(
      workers.map(async (worker, index) => {
        const ids: number[] = [];
        // Claims never expire here: a worker stops once a claim finds nothing and no row is left unclaimed.
        for (;;) {
          const rows = await claimDueOutboxMessages(worker.db, {
            now,
            claimedUntil,
            token: `worker-${index}`,
            limit: 4,
            topics: [ORDER_CREATED_TOPIC],
          });
          // Never more than asked for (on PostgreSQL, a locking sub-select re-scanned per row would take them all).
          expect(rows.length).toBeLessThanOrEqual(4);
          ids.push(...rows.map((row) => row.id));
          if (rows.length > 0) continue;
          const free = await worker.db.selectFrom("outbox").select("id").where("claim_token", "is", null).executeTakeFirst();
          if (!free) return ids;
        }
      }),
    );
    const all = byWorker.flat();
    expect(byWorker.filter((ids) => ids.length > 0).length).toBeGreaterThan(1);
    expect(all).toHaveLength(numbers.length);
    expect(new Set(all).size).toBe(numbers.length);
    // The token on each row is the one of the worker that got it back.
    const rows = await workers[0]!.db.selectFrom("outbox").select(["id", "claim_token"]).execute();
    for (const row of rows) {
      const owner = byWorker.findIndex((ids) => ids.includes(row.id));
      expect(row.claim_token).toBe(`worker-${owner}`);
    }
  });

  it("delivers each message exactly once with 10 parallel deliverDueMessages", async () => {
    const numbers = await queue(60, "SQ");
    const received: string[] = [];
    const slowFetch: typeof fetch = async (_url, init) => {
      received.push(new URLSearchParams(String(init?.body)).get("orderNumber") ?? "");
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      return new Response("ok", { status: 200 });
    };
    // Every worker runs rounds until no message is left undelivered: all of them race on every
    // round. (A round may find nothing while others hold the remaining rows: it tries again.)
    const pending = async (db: DatabaseHandle["db"]) =>
      Number(
        (
          await db
            .selectFrom("outbox")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("delivered_at", "is", null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const reports = await Promise.all(
      workers.map(async (worker) => {
        let delivered = 0;
        while ((await pending(worker.db)) > 0) {
          const report = await deliverDueMessages(worker.db, { url: "http://hook.invalid/orders", fetch: slowFetch, batchSize: 3 });
          delivered += report.delivered;
          if (report.claimed === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return delivered;
      }),
    );
    expect(reports.reduce((sum, delivered) => sum + delivered, 0)).toBe(numbers.length);
    expect(received.toSorted()).toEqual(numbers);
    // More than one worker did some of the work (they really ran side by side).
    expect(reports.filter((delivered) => delivered > 0).length).toBeGreaterThan(1);
    const rows = await workers[0]!.db.selectFrom("outbox").select(["delivered_at", "claim_token", "attempts"]).execute();
    expect(rows.every((row) => row.delivered_at !== null && row.claim_token === null && row.attempts === 0)).toBe(true);
  });
});
