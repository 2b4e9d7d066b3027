import { PostgresAdapter, sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/database.server";

/** A message for an outside system: its topic picks the handler that delivers it (app/server/notify). */
export interface OutboxMessage {
  topic: string;
  /** JSON text. */
  payload: string;
}

/**
 * Writes messages to the outbox in the caller's transaction, so they exist exactly when their
 * cause does (the order, say); due at `at` (ISO), never tried yet. A worker delivers them later.
 */
export async function enqueueOutbox(trx: Transaction<Database>, messages: readonly OutboxMessage[], at: string): Promise<void> {
  if (messages.length === 0) return;
  await trx
    .insertInto("outbox")
    .values(
      messages.map((message) => ({
        topic: message.topic,
        payload: message.payload,
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .execute();
}

/**
 * Claims up to `limit` due messages for one worker until `claimedUntil`, atomically: one
 * UPDATE … WHERE (unclaimed or claim expired) … RETURNING, with the worker's `token`, so two
 * workers (in one process or on several app servers) never hold the same row:
 * - PostgreSQL: the rows are picked by a sub-select `FOR UPDATE SKIP LOCKED` (run once, in
 *   `id = any(array(…))`), so a concurrent claimer skips the rows another one is taking (and
 *   takes the next ones instead of waiting);
 *   under READ COMMITTED the UPDATE re-checks its conditions on a row another transaction just
 *   changed, so a claim committed meanwhile is never taken over;
 * - SQLite: one writer at a time (busy_timeout waits), so the UPDATE sees every earlier claim.
 * With `topics`, only messages of those topics (the ones this worker can send).
 * Returns the claimed rows.
 */
export function claimDueOutboxMessages(
  db: Kysely<Database>,
  options: { now: string; claimedUntil: string; token: string; limit: number; topics?: readonly string[] },
) {
  // "" (no topic is empty) keeps the IN list valid SQL when `topics` is empty.
  const topics = options.topics ? [...options.topics, ""] : undefined;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const due = db
    .selectFrom("outbox")
    .select("id")
    .where("delivered_at", "is", null)
    .where("failed_at", "is", null)
    .where("next_attempt_at", "<=", options.now)
    .where((inner) => inner.or([inner("claimed_until", "is", null), inner("claimed_until", "<", options.now)]))
    .$if(topics !== undefined, (qb) => qb.where("topic", "in", topics!))
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(options.limit);
  return db
    .updateTable("outbox")
    .set({ claimed_until: options.claimedUntil, claim_token: options.token })
    .where("delivered_at", "is", null)
    .where("failed_at", "is", null)
    .where("next_attempt_at", "<=", options.now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", options.now)]))
    .$if(topics !== undefined, (qb) => qb.where("topic", "in", topics!))
    .where(
      postgres
        ? // ARRAY(…) runs the locking sub-select once (an InitPlan). As `id IN (…)` the planner may
          // re-scan it for each outer row, and each re-scan then skips the rows this very UPDATE
          // has just claimed and locks the next ones: one claim would take every due row.
          sql<boolean>`${sql.ref("id")} = any(array(${due.forUpdate().skipLocked()}))`
        : sql<boolean>`${sql.ref("id")} in (${due})`,
    )
    .returning(["id", "topic", "payload", "attempts"])
    .execute();
}

export type ClaimedOutboxMessage = Awaited<ReturnType<typeof claimDueOutboxMessages>>[number];

/** Marks a claimed message delivered (only while this worker still holds it). */
export async function markOutboxDelivered(db: Kysely<Database>, id: number, token: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set({ delivered_at: at, claimed_until: null, claim_token: null, last_error: null })
    .where("id", "=", id)
    .where("claim_token", "=", token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a failed attempt: the next try at `nextAttemptAt`, or none (failed_at) when `giveUp`. */
export async function markOutboxFailed(
  db: Kysely<Database>,
  id: number,
  token: string,
  failure: { attempts: number; error: string; nextAttemptAt: string; giveUpAt: string | null },
): Promise<void> {
  await db
    .updateTable("outbox")
    .set({
      attempts: failure.attempts,
      last_error: failure.error,
      next_attempt_at: failure.nextAttemptAt,
      failed_at: failure.giveUpAt,
      claimed_until: null,
      claim_token: null,
    })
    .where("id", "=", id)
    .where("claim_token", "=", token)
    .execute();
}
