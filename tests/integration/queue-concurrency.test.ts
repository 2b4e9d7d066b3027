import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgresUrl, openDatabase, type DatabaseHandle } from "~/server/db/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { seedWilayas } from "~/server/db/seed.server";
import { takeNextOrder } from "~/server/orders/index.server";

// Several confirmers take the call queue at once, each through their own database connection
// (PostgreSQL: one connection per agent to one schema; SQLite: one per agent to one WAL file).
// No order may ever be held by two agents: each is taken exactly once.

const AGENTS = 10;
const ORDERS = 80;
const url = process.env.TEST_DATABASE_URL;
const postgres = Boolean(url && isPostgresUrl(url));

let agents: DatabaseHandle[] = [];
let cleanup = async () => {};

beforeAll(async () => {
  if (postgres) {
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    agents = Array.from({ length: AGENTS }, () => openDatabase(url!, { searchPath: schema, poolSize: 1 }));
    cleanup = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), "souq-queue-"));
    const file = join(dir, "shop.db");
    agents = Array.from({ length: AGENTS }, () => openDatabase(`file:${file}`));
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  await migrateToLatest(agents[0]!.db);
  await seedWilayas(agents[0]!.db);
  const start = Date.now() - ORDERS * 60_000;
  await agents[0]!.db
    .insertInto("orders")
    .values(
      Array.from({ length: ORDERS }, (_, i) => {
        const at = new Date(start + i * 60_000).toISOString();
        return {
          order_number: `Q-${String(i + 1).padStart(4, "0")}`,
          source: "cart_page" as const,
          status: "new" as const,
          first_name: "سمير",
          last_name: "حداد",
          phone: `0773${String(i).padStart(6, "0")}`,
          wilaya_code: "16",
          address: null,
          email: null,
          items_total: 1000,
          delivery_price: 400,
          total: 1400,
          ref: null,
          ip: "192.0.2.1",
          user_agent: null,
          idempotency_key: null,
          phone_flagged: false,
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .execute();
});

afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await cleanup();
});

describe(`the call queue with ${AGENTS} confirmers taking at once (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  it("gives each order to exactly one agent", async () => {
    const now = new Date();
    const byAgent = await Promise.all(
      agents.map(async (handle, index) => {
        const agent = { adminId: 100 + index, name: `agent ${index}` };
        const taken: number[] = [];
        for (;;) {
          const id = await takeNextOrder(handle.db, agent, now);
          if (id === null) return taken;
          // While this agent holds it, nobody else does.
          const row = await handle.db.selectFrom("orders").select(["queue_locked_by", "assigned_to"]).where("id", "=", id).executeTakeFirstOrThrow();
          expect(row).toEqual({ queue_locked_by: agent.adminId, assigned_to: agent.adminId });
          taken.push(id);
          // The call ends: the order leaves the queue.
          await handle.db.updateTable("orders").set({ status: "confirmed", confirmation_state: "confirmed" }).where("id", "=", id).execute();
        }
      }),
    );
    const all = byAgent.flat();
    expect(all).toHaveLength(ORDERS);
    expect(new Set(all).size).toBe(ORDERS);
    expect(byAgent.filter((ids) => ids.length > 0).length).toBeGreaterThan(1);
  });
});
