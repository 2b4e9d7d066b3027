import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

/**
 * Claims up to `limit` due messages for one worker until `claimedUntil`, atomically: one
 * UPDATE whose conditions are checked again on each row it changes (PostgreSQL re-reads a row
 * another transaction just updated; SQLite runs one writer at a time), so two workers never
 * hold the same row. With `topics`, only messages of those topics (the ones this worker can send).
 * Returns the claimed rows.
 */
export function claimDueOutboxMessages(
  db: Kysely<Database>,
  options: { now: string; claimedUntil: string; token: string; limit: number; topics?: readonly string[] },
) {
  // "" (no topic is empty) keeps the IN list valid SQL when `topics` is empty.
  const topics = options.topics ? [...options.topics, ""] : undefined;
  return db
    .updateTable("outbox")
    .set({ claimed_until: options.claimedUntil, claim_token: options.token })
    .where("delivered_at", "is", null)
    .where("failed_at", "is", null)
    .where("next_attempt_at", "<=", options.now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", options.now)]))
    .$if(topics !== undefined, (qb) => qb.where("topic", "in", topics!))
    .where("id", "in", (eb) =>
      eb
        .selectFrom("outbox")
        .select("id")
        .where("delivered_at", "is", null)
        .where("failed_at", "is", null)
        .where("next_attempt_at", "<=", options.now)
        .where((inner) => inner.or([inner("claimed_until", "is", null), inner("claimed_until", "<", options.now)]))
        .$if(topics !== undefined, (qb) => qb.where("topic", "in", topics!))
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(options.limit),
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

export function selectOutboxMessages(db: Kysely<Database>) {
  return db.selectFrom("outbox").selectAll().orderBy("id").execute();
}
