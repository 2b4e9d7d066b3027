import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/database.server";

/**
 * Fixed-window rate limits counted in the database (rate_limit_counters), so every app server
 * shares them and they survive restarts. Each count is one INSERT … ON CONFLICT DO UPDATE …
 * RETURNING: atomic on both engines, so simultaneous requests each see a distinct count and
 * never all read the same "under the limit" value (docs/decisions/0006, 0024).
 */

/** One counter: `key` in the window that starts at `windowStart`, allowed up to `limit` counts. */
export interface RateLimitRule {
  /** What the caller reports when this rule refuses (e.g. 'ip'). */
  name: string;
  key: string;
  /** ISO start of the window (windowStart). */
  windowStart: string;
  limit: number;
}

/** The start (ISO) of the fixed window of `seconds` that contains `now`. */
export function windowStart(now: Date, seconds: number): string {
  const ms = seconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms).toISOString();
}

/**
 * Counts one attempt under each key in the window and returns the new counts by key, in one
 * statement. Callers pass the keys in one fixed order, so that two statements never lock the
 * same rows in opposite orders.
 */
export async function countAttempts(db: Kysely<Database>, keys: readonly string[], windowStartIso: string): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .insertInto("rate_limit_counters")
    .values(keys.map((key) => ({ key, window_start: windowStartIso, count: 1 })))
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet((eb) => ({ count: eb("rate_limit_counters.count", "+", 1) })))
    .returning(["key", "count"])
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}

/** Takes back one attempt counted by countAttempts in the same window (never below zero). */
export async function uncountAttempts(db: Kysely<Database>, keys: readonly string[], windowStartIso: string): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable("rate_limit_counters")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "in", keys)
    .where("window_start", "=", windowStartIso)
    .where("count", ">", 0)
    .execute();
}

/** Counts one attempt under `rule` and answers whether the window has now seen more than its limit. */
export async function overRateLimit(db: Kysely<Database>, rule: Omit<RateLimitRule, "name">): Promise<boolean> {
  const counts = await countAttempts(db, [rule.key], rule.windowStart);
  return (counts.get(rule.key) ?? Infinity) > rule.limit;
}

/** Thrown by withRateLimits when a counter goes past its limit: the caller's transaction rolls back. */
export class RateLimitExceeded extends Error {
  constructor(readonly rule: string) {
    super(`rate limit ${rule}`);
    this.name = "RateLimitExceeded";
  }
}

/**
 * Raises each rule's counter, in the order given, inside the caller's transaction, and throws
 * RateLimitExceeded at the first one past its limit, so that nothing of the transaction is kept,
 * the counters included: a refused request does not count.
 */
export async function withRateLimits(trx: Transaction<Database>, rules: readonly RateLimitRule[]): Promise<void> {
  for (const rule of rules) {
    if (await overRateLimit(trx, rule)) throw new RateLimitExceeded(rule.name);
  }
}

export type LimitedTransactionResult<T> = { kind: "done"; value: T } | { kind: "rate_limited"; rule: string };

/**
 * Runs `work` in one transaction and answers its value, or the rule that refused it when
 * withRateLimits threw inside (then nothing of it is kept). Other errors propagate.
 */
export async function limitedTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<LimitedTransactionResult<T>> {
  try {
    return { kind: "done", value: await db.transaction().execute(work) };
  } catch (error) {
    if (error instanceof RateLimitExceeded) return { kind: "rate_limited", rule: error.rule };
    throw error;
  }
}

/** Forgets rate-limit windows that started before `before` (ISO); answers how many rows went. */
export async function pruneRateLimits(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom("rate_limit_counters").where("window_start", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
