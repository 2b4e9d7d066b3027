import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { CallOutcome, CancelReason } from "~/lib/confirmation";
import type { Database } from "../db/database.server";

/**
 * The reads and writes of the confirmation calls (docs/decisions/0032-confirmation-queue.md):
 * call_attempts, the orders' confirmation columns and the call queue's lock.
 */

export function selectConfirmation(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom("orders")
    .select([
      "id",
      "status",
      "phone",
      "confirmation_state",
      "call_attempts",
      "unanswered_attempts",
      "callback_at",
      "cancel_reason",
      "cancel_note",
      "assigned_to",
      "queue_locked_by",
      "queue_locked_until",
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
}

export function selectCallAttempts(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom("call_attempts")
    .select(["id", "agent", "outcome", "callback_at", "note", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export interface AttemptWrite {
  orderId: number;
  adminId: number;
  agent: string;
  outcome: CallOutcome;
  unanswered: boolean;
  callbackAt: string | null;
  note: string | null;
  at: string;
}

/**
 * One call that did not close the order, in one transaction: its call_attempts row and the
 * order's counters (the unanswered count grows, or starts again at 0 when someone answered), its
 * call-back time and its state (in progress). A call-back keeps the order given to the agent who
 * agreed it; any other outcome gives it back to the whole team once the agent lets it go (the
 * lock stays while the agent is still on the order: they may log another outcome or confirm).
 * False (nothing written) when the order no longer awaits its confirmation.
 */
export async function insertOpenAttempt(db: Kysely<Database>, write: AttemptWrite): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("orders")
      .set((eb) => ({
        call_attempts: eb("call_attempts", "+", 1),
        unanswered_attempts: write.unanswered ? eb("unanswered_attempts", "+", 1) : 0,
        callback_at: write.callbackAt,
        confirmation_state: "in_progress",
        assigned_to: write.callbackAt === null ? null : write.adminId,
        updated_at: write.at,
      }))
      .where("id", "=", write.orderId)
      .where("status", "=", "new")
      .where("confirmation_state", "in", ["to_call", "in_progress"])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto("call_attempts")
      .values({
        order_id: write.orderId,
        admin_id: write.adminId,
        agent: write.agent,
        outcome: write.outcome,
        callback_at: write.callbackAt,
        note: write.note,
        created_at: write.at,
      })
      .execute();
    return true;
  });
}

/**
 * The call that closed the order (its status already changed by the workflow): its attempt, the
 * state, the cancel reason, and the call-back and lock cleared.
 */
export async function insertClosingAttempt(
  db: Kysely<Database>,
  write: {
    orderId: number;
    adminId: number;
    agent: string;
    outcome: "confirmed" | "cancelled";
    reason: CancelReason | null;
    note: string | null;
    at: string;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("orders")
      .set((eb) => ({
        call_attempts: eb("call_attempts", "+", 1),
        unanswered_attempts: write.outcome === "confirmed" ? 0 : eb.ref("unanswered_attempts"),
        callback_at: null,
        confirmation_state: write.outcome,
        cancel_reason: write.reason,
        cancel_note: write.note,
        queue_locked_by: null,
        queue_locked_until: null,
        updated_at: write.at,
      }))
      .where("id", "=", write.orderId)
      .execute();
    await trx
      .insertInto("call_attempts")
      .values({
        order_id: write.orderId,
        admin_id: write.adminId,
        agent: write.agent,
        outcome: write.outcome,
        callback_at: null,
        note: write.note,
        created_at: write.at,
      })
      .execute();
  });
}

/**
 * Takes the next order to call for this agent, atomically: one UPDATE … WHERE (still open, not
 * locked by another agent, not given to another) … RETURNING, as the outbox's claim
 * (app/server/platform/outbox.server.ts), so two agents never hold the same order:
 * - PostgreSQL: the candidate is picked by a sub-select `FOR UPDATE SKIP LOCKED` (run once, in
 *   `id = any(array(…))`): a concurrent taker skips the row another one is taking, and under
 *   READ COMMITTED the UPDATE re-checks its conditions on a row another transaction just took;
 * - SQLite: one writer at a time, so the UPDATE sees every earlier take.
 * Order: call-backs that are due (oldest due first), then orders never called (oldest first),
 * then those called already (fewest attempts first, then oldest). A call-back not due yet waits.
 */
export async function claimNextOrder(
  db: Kysely<Database>,
  options: { adminId: number; now: string; lockedUntil: string; skip: number | null },
): Promise<number | null> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const { adminId, now } = options;
  const candidate = db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "new")
    .where("confirmation_state", "in", ["to_call", "in_progress"])
    .where((eb) => eb.or([eb("queue_locked_until", "is", null), eb("queue_locked_until", "<=", now), eb("queue_locked_by", "=", adminId)]))
    .where((eb) => eb.or([eb("assigned_to", "is", null), eb("assigned_to", "=", adminId)]))
    .where((eb) => eb.or([eb("callback_at", "is", null), eb("callback_at", "<=", now)]))
    .$if(options.skip !== null, (qb) => qb.where("id", "!=", options.skip!))
    .orderBy(sql`case when ${sql.ref("callback_at")} is not null then 0 when ${sql.ref("confirmation_state")} = 'to_call' then 1 else 2 end`)
    .orderBy("callback_at")
    .orderBy("call_attempts")
    .orderBy("created_at")
    .orderBy("id")
    .limit(1);
  const taken = await db
    .updateTable("orders")
    .set({ queue_locked_by: adminId, queue_locked_until: options.lockedUntil, assigned_to: adminId })
    .where("status", "=", "new")
    .where("confirmation_state", "in", ["to_call", "in_progress"])
    .where((eb) => eb.or([eb("queue_locked_until", "is", null), eb("queue_locked_until", "<=", now), eb("queue_locked_by", "=", adminId)]))
    .where((eb) => eb.or([eb("assigned_to", "is", null), eb("assigned_to", "=", adminId)]))
    .where(
      postgres
        ? // ARRAY(…) runs the locking sub-select once; as `id IN (…)` it could be re-run per row.
          sql<boolean>`${sql.ref("id")} = any(array(${candidate.forUpdate().skipLocked()}))`
        : sql<boolean>`${sql.ref("id")} in (${candidate})`,
    )
    .returning("id")
    .executeTakeFirst();
  return taken?.id ?? null;
}

/** Releases the order's lock when this agent holds it. True when it did. */
export async function releaseLock(db: Kysely<Database>, orderId: number, adminId: number): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ queue_locked_by: null, queue_locked_until: null })
    .where("id", "=", orderId)
    .where("queue_locked_by", "=", adminId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Releases every lock this agent holds (they take another order). */
export async function releaseLocksOf(db: Kysely<Database>, adminId: number): Promise<void> {
  await db.updateTable("orders").set({ queue_locked_by: null, queue_locked_until: null }).where("queue_locked_by", "=", adminId).execute();
}

/** The order this agent holds now (lock not expired), if any. */
export async function selectHeldOrder(db: Kysely<Database>, adminId: number, now: string): Promise<number | null> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("queue_locked_by", "=", adminId)
    .where("queue_locked_until", ">", now)
    .where("status", "=", "new")
    .orderBy("queue_locked_until", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Earlier orders from a phone (newest first, bounded) and their counts by outcome. */
export async function selectPhoneHistory(db: Kysely<Database>, phone: string, excludeOrderId: number | null, limit: number) {
  const others = db
    .selectFrom("orders")
    .where("phone", "=", phone)
    .$if(excludeOrderId !== null, (qb) => qb.where("id", "!=", excludeOrderId!));
  const [orders, counts] = await Promise.all([
    others
      .select(["id", "order_number", "status", "cancel_reason", "total", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    others
      .select((eb) => [
        eb.fn.countAll<number>().as("orders"),
        eb.fn.sum<number>(sql<number>`case when ${sql.ref("status")} = 'delivered' then 1 else 0 end`).as("delivered"),
        eb.fn.sum<number>(sql<number>`case when ${sql.ref("status")} = 'returned' then 1 else 0 end`).as("returned"),
        eb.fn.sum<number>(sql<number>`case when ${sql.ref("status")} = 'cancelled' then 1 else 0 end`).as("cancelled"),
        eb.fn
          .sum<number>(sql<number>`case when ${sql.ref("status")} = 'cancelled' and ${sql.ref("cancel_reason")} = 'fake' then 1 else 0 end`)
          .as("fake"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { orders, counts };
}
