import { PostgresAdapter, sql, type Kysely, type Transaction } from "kysely";
import { FINAL_PARCEL_STATES, type ParcelState } from "~/lib/couriers";
import type { Database } from "../db/database.server";
import type { ParcelRowState } from "~/lib/couriers";

/**
 * Queries of the statuses coming back: a parcel's events (parcel_events, once per key), its
 * current state, and the polling claims. Private to app/server/shipping/.
 */

/** Row states a courier's event never touches: not (yet) known to the courier, or final. */
const UNTOUCHED: readonly ParcelRowState[] = ["creating", "unknown"];
const NOT_POLLED: readonly ParcelRowState[] = [...UNTOUCHED, ...FINAL_PARCEL_STATES];

function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The parcels of an account with these tracking numbers (any state). */
export function selectParcelsByTracking(db: Kysely<Database>, accountId: number, trackings: readonly string[]) {
  return db
    .selectFrom("parcels")
    .select(["id", "tracking", "state"])
    .where("account_id", "=", accountId)
    .where("tracking", "in", trackings.length > 0 ? trackings : [""])
    .execute();
}

/**
 * A parcel's row for the update, locked on PostgreSQL until the transaction ends (SQLite writes
 * one transaction at a time): a webhook and a poll for one parcel apply one after the other.
 */
export function lockParcel(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom("parcels")
    .select(["id", "order_id", "state", "courier_status", "reason", "last_event_at", "cash_collected", "courier_label"])
    .where("id", "=", id)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export interface NewParcelEvent {
  eventKey: string;
  state: ParcelState;
  courierStatus: string;
  reason: string | null;
  cashCollected: number | null;
  occurredAt: string;
}

/** Stores the events not stored yet (unique per parcel and key); answers how many were new. */
export async function insertParcelEvents(
  trx: Transaction<Database>,
  parcelId: number,
  events: readonly NewParcelEvent[],
  receivedAt: string,
): Promise<number> {
  let added = 0;
  for (const event of events) {
    const result = await trx
      .insertInto("parcel_events")
      .values({
        parcel_id: parcelId,
        event_key: event.eventKey,
        state: event.state,
        courier_status: event.courierStatus,
        reason: event.reason,
        cash_collected: event.cashCollected,
        occurred_at: event.occurredAt,
        received_at: receivedAt,
      })
      .onConflict((oc) => oc.columns(["parcel_id", "event_key"]).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return added;
}

/** What a parcel's stored events say now: the latest one (by when it happened), the failed attempts, the cash reported. */
export async function summariseParcelEvents(trx: Transaction<Database>, parcelId: number) {
  const latest = await trx
    .selectFrom("parcel_events")
    .select(["state", "courier_status", "reason", "occurred_at"])
    .where("parcel_id", "=", parcelId)
    .orderBy("occurred_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  // One attempt reported by both a webhook and a poll is one attempt: counted by when it happened.
  const attempts = await trx
    .selectFrom("parcel_events")
    .select((eb) => eb.fn.count<number>(sql`distinct ${sql.ref("occurred_at")}`).as("count"))
    .where("parcel_id", "=", parcelId)
    .where("state", "=", "attempt_failed")
    .executeTakeFirst();
  const cash = await trx
    .selectFrom("parcel_events")
    .select("cash_collected")
    .where("parcel_id", "=", parcelId)
    .where("cash_collected", "is not", null)
    .orderBy("occurred_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return { latest, failedAttempts: Number(attempts?.count ?? 0), cashCollected: cash?.cash_collected ?? null };
}

export interface ParcelStateUpdate {
  state: ParcelState;
  courierStatus: string;
  reason: string | null;
  lastEventAt: string;
  failedAttempts: number;
  cashCollected: number | null;
  stateChangedAt: string | null;
  /** Final: no more polling. */
  final: boolean;
  at: string;
}

export async function updateParcelState(trx: Transaction<Database>, id: number, update: ParcelStateUpdate): Promise<void> {
  await trx
    .updateTable("parcels")
    .set({
      state: update.state,
      courier_status: update.courierStatus,
      reason: update.reason,
      last_event_at: update.lastEventAt,
      failed_attempts: update.failedAttempts,
      cash_collected: update.cashCollected,
      ...(update.stateChangedAt ? { state_changed_at: update.stateChangedAt } : {}),
      ...(update.final ? { next_poll_at: null } : {}),
      updated_at: update.at,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * Claims up to `limit` parcels due for polling (tracking set, neither final nor unknown to the
 * courier, whose claim is free or ran out), as the outbox claims its messages: one UPDATE …
 * RETURNING, with FOR UPDATE SKIP LOCKED on PostgreSQL, so two pollers never take one parcel.
 */
export function claimDueParcels(db: Kysely<Database>, options: { now: string; claimedUntil: string; token: string; limit: number }) {
  const due = db
    .selectFrom("parcels")
    .select("id")
    .where("next_poll_at", "<=", options.now)
    .where("tracking", "is not", null)
    .where("account_id", "is not", null)
    .where("state", "not in", NOT_POLLED)
    .where((eb) => eb.or([eb("poll_claimed_until", "is", null), eb("poll_claimed_until", "<", options.now)]))
    .orderBy("next_poll_at")
    .orderBy("id")
    .limit(options.limit);
  return db
    .updateTable("parcels")
    .set({ poll_claimed_until: options.claimedUntil, poll_claim_token: options.token })
    .where("next_poll_at", "<=", options.now)
    .where("tracking", "is not", null)
    .where("account_id", "is not", null)
    .where("state", "not in", NOT_POLLED)
    .where((eb) => eb.or([eb("poll_claimed_until", "is", null), eb("poll_claimed_until", "<", options.now)]))
    .where(
      isPostgres(db)
        ? // As in the outbox's claim: ARRAY(…) runs the locking sub-select once.
          sql<boolean>`${sql.ref("id")} = any(array(${due.forUpdate().skipLocked()}))`
        : sql<boolean>`${sql.ref("id")} in (${due})`,
    )
    .returning(["id", "account_id", "family", "tracking"])
    .execute();
}

export type ClaimedParcel = Awaited<ReturnType<typeof claimDueParcels>>[number];

/** Frees this worker's claim on these parcels and sets their next poll (a final parcel keeps none). */
export async function releaseParcels(db: Kysely<Database>, ids: readonly number[], token: string, nextPollAt: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("parcels")
    .set((eb) => ({
      poll_claimed_until: null,
      poll_claim_token: null,
      next_poll_at: eb
        .case()
        .when("state", "in", FINAL_PARCEL_STATES)
        .then(sql<string | null>`null`)
        .else(nextPollAt)
        .end(),
    }))
    .where("id", "in", ids)
    .where("poll_claim_token", "=", token)
    .execute();
}

/** The order a parcel belongs to and the label of the courier that carries it. */
export function selectParcelOrder(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("parcels")
    .innerJoin("orders", "orders.id", "parcels.order_id")
    .select(["parcels.order_id", "parcels.state", "parcels.courier_label", "orders.status as order_status"])
    .where("parcels.id", "=", id)
    .executeTakeFirst();
}
