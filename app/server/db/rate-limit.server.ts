import type { Kysely } from "kysely";
import type { Database } from "./database.server";

/**
 * Fixed-window rate-limit counters in the database (rate_limit_counters, migration 004), so
 * every app server shares them. Used by orders (in the order's transaction), admin sign-in and
 * share-link creation.
 */

/** The start (ISO) of the fixed window of `seconds` that contains `now`. */
export function windowStart(now: Date, seconds: number): string {
  const ms = seconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms).toISOString();
}

/** Raises one counter by one and returns its new value (atomic on both dialects; `db` may be a transaction). */
export async function raiseCounter(db: Kysely<Database>, key: string, windowStartIso: string): Promise<number> {
  const row = await db
    .insertInto("rate_limit_counters")
    .values({ key, window_start: windowStartIso, count: 1 })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet((eb) => ({ count: eb("rate_limit_counters.count", "+", 1) })))
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Counts one attempt under `key` in the current window: false once the window has seen more than `limit`. */
export async function takeRateLimit(
  db: Kysely<Database>,
  rule: { key: string; limit: number; windowSeconds: number; now?: Date },
): Promise<boolean> {
  const count = await raiseCounter(db, rule.key, windowStart(rule.now ?? new Date(), rule.windowSeconds));
  return count <= rule.limit;
}
