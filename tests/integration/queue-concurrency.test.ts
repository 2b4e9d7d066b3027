import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/db.server";
import { seedWilayas } from "~/server/db/seed.server";
import { takeNextOrder } from "~/server/orders/index.server";
import { openConnections, testEngine } from "../support/test-database";
import { testOrderRow } from "../support/order-row";

// Several confirmers take the call queue at once, each through their own database connection
// (PostgreSQL: one connection per agent to one schema; SQLite: one per agent to one WAL file).
// No order may ever be held by two agents: each is taken exactly once.

const AGENTS = 10;
const ORDERS = 80;
let agents: DatabaseHandle[] = [];
let close = async () => {};

beforeAll(async () => {
  ({ handles: agents, close } = await openConnections(AGENTS));
  await seedWilayas(agents[0]!.db);
  const start = Date.now() - ORDERS * 60_000;
  await agents[0]!.db
    .insertInto("orders")
    .values(
      Array.from({ length: ORDERS }, (_, i) => {
        const at = new Date(start + i * 60_000).toISOString();
        return testOrderRow({ order_number: `Q-${String(i + 1).padStart(4, "0")}`, phone: `0773${String(i).padStart(6, "0")}` }, at);
      }),
    )
    .execute();
});

afterAll(async () => {
  await close();
});

describe(`the call queue with ${AGENTS} confirmers taking at once (${testEngine()})`, () => {
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
