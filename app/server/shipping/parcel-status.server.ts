import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { isFinalParcelState, type ParcelState } from "~/lib/couriers";
import type { ParcelEvent } from "../couriers/index.server";
import type { Database } from "../db/database.server";
import { logger } from "../logger.server";
import { changeOrderStatus } from "../orders/index.server";
import {
  insertParcelEvents,
  lockParcel,
  selectParcelOrder,
  selectParcelsByTracking,
  summariseParcelEvents,
  updateParcelState,
  type NewParcelEvent,
} from "./parcel-events.repo.server";

/**
 * Statuses back from the couriers, by webhook or by polling: each event stored once, the parcel's
 * state from its latest event, and the order moved when the parcel is delivered or returned.
 */

export interface ApplyReport {
  /** Events stored for the first time. */
  added: number;
  /** Events of a tracking number this account has no parcel for (ignored). */
  unknown: number;
  /** Orders moved to delivered or returned. */
  ordersMoved: number;
}

/**
 * An event's key: the courier's event id, or, when it gives none (a history read by polling), a
 * hash of its status and time, so a replayed webhook or a history read twice adds nothing.
 */
export function parcelEventKey(event: ParcelEvent): string {
  if (event.eventId) return `id:${event.eventId.slice(0, 200)}`;
  return `st:${createHash("sha256").update(`${event.courierStatus}\n${event.occurredAt}`).digest("hex").slice(0, 40)}`;
}

/** The order status a final parcel state moves its order to. */
const ORDER_MOVES: Partial<Record<ParcelState, "delivered" | "returned">> = { delivered: "delivered", returned: "returned" };

/**
 * Applies a courier's events to the account's parcels. Per parcel, in one transaction (the row
 * locked on PostgreSQL): the new events are stored (unique per parcel and key), and the parcel's
 * state, courier word, reason and last event time come from its latest event by when it happened
 * (a late older event joins the history only). A final state (delivered, returned, cancelled)
 * stays: the order it moved cannot move back. Parcels the courier does not know yet ("creating",
 * "unknown") are left alone.
 *
 * Then, a delivered or returned parcel moves its shipped order (returned puts the stock back)
 * through the orders' workflow, whose status guard makes it happen once, whoever calls.
 */
export async function applyParcelEvents(
  db: Kysely<Database>,
  accountId: number,
  events: readonly ParcelEvent[],
  now: Date = new Date(),
): Promise<ApplyReport> {
  const report: ApplyReport = { added: 0, unknown: 0, ordersMoved: 0 };
  if (events.length === 0) return report;
  const byTracking = new Map<string, ParcelEvent[]>();
  for (const event of events) {
    const list = byTracking.get(event.tracking) ?? [];
    list.push(event);
    byTracking.set(event.tracking, list);
  }
  const parcels = await selectParcelsByTracking(db, accountId, [...byTracking.keys()]);
  const at = now.toISOString();
  for (const [tracking, list] of byTracking) {
    const parcel = parcels.find((row) => row.tracking === tracking);
    if (!parcel) {
      report.unknown += list.length;
      continue;
    }
    if (parcel.state === "creating" || parcel.state === "unknown") continue;
    const newEvents: NewParcelEvent[] = list.map((event) => ({
      eventKey: parcelEventKey(event),
      state: event.state,
      courierStatus: event.courierStatus.slice(0, 200),
      reason: event.reason?.slice(0, 500) ?? null,
      cashCollected: event.cashCollected,
      occurredAt: event.occurredAt,
    }));
    report.added += await db.transaction().execute(async (trx) => {
      const row = await lockParcel(trx, parcel.id);
      if (!row || row.state === "creating" || row.state === "unknown") return 0;
      const added = await insertParcelEvents(trx, parcel.id, newEvents, at);
      if (added === 0 || isFinalParcelState(row.state)) return added;
      const { latest, failedAttempts, cashCollected } = await summariseParcelEvents(trx, parcel.id);
      if (!latest) return added;
      await updateParcelState(trx, parcel.id, {
        state: latest.state,
        courierStatus: latest.courier_status,
        reason: latest.reason,
        lastEventAt: latest.occurred_at,
        failedAttempts,
        cashCollected: cashCollected ?? row.cash_collected,
        stateChangedAt: latest.state !== row.state ? at : null,
        final: isFinalParcelState(latest.state),
        at,
      });
      return added;
    });
    if (await moveOrder(db, parcel.id, now)) report.ordersMoved += 1;
  }
  return report;
}

/**
 * A delivered or returned parcel's shipped order follows it. Tried on every event of the parcel,
 * so an order left behind (a crash between the two) follows on the next one; the workflow's
 * guard on the current status makes a second try, or a webhook and a poll at once, change nothing.
 */
async function moveOrder(db: Kysely<Database>, parcelId: number, now: Date): Promise<boolean> {
  const row = await selectParcelOrder(db, parcelId);
  const to = row ? ORDER_MOVES[row.state as ParcelState] : undefined;
  if (!row || !to || row.order_status !== "shipped") return false;
  const result = await changeOrderStatus(db, row.order_id, to, { adminId: null, email: row.courier_label }, null, () => now);
  if (result.ok) return true;
  if (result.code !== "stale") logger.warn({ orderId: row.order_id, parcelId, to, code: result.code }, "courier status did not move the order");
  return false;
}
