import type { Kysely } from "kysely";
import type { CourierFamily, ParcelState } from "~/lib/couriers";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";
import { selectParcelEvents, selectShownParcel } from "./parcels.repo.server";
import { isStaleClaim } from "./ship.service.server";
import type { ParcelRowState } from "~/lib/couriers";

/** One courier event of a parcel, as the order page lists it. */
export interface ParcelEventView {
  id: number;
  occurredAt: string;
  state: ParcelState;
  courierStatus: string;
  reason: string | null;
}

/** An order's parcel as its admin page shows it. */
export interface OrderParcel {
  id: number;
  family: CourierFamily;
  courierLabel: string;
  tracking: string | null;
  /** `unknown` too for a claim that was never finished. */
  state: ParcelRowState;
  courierStatus: string | null;
  reason: string | null;
  needsHandover: boolean;
  failedAttempts: number;
  cashCollected: number | null;
  /** The courier's refusal or failure, in its own words. */
  error: string | null;
  /** The label can be printed (/admin/orders/:id/label). */
  hasLabel: boolean;
  createdAt: string;
  stateChangedAt: string;
  /** Newest first. */
  events: ParcelEventView[];
}

/** The order's parcel (the live one, else the latest refused or cancelled), with its events; null when none. */
export async function orderParcel(db: Kysely<Database>, orderId: number): Promise<OrderParcel | null> {
  const row = await selectShownParcel(db, orderId);
  if (!row) return null;
  const events = await selectParcelEvents(db, row.id);
  const state: ParcelRowState = isStaleClaim(row) ? "unknown" : row.state;
  return {
    id: row.id,
    family: row.family,
    courierLabel: row.courier_label,
    tracking: row.tracking,
    state,
    courierStatus: row.courier_status,
    reason: row.reason,
    needsHandover: toBool(row.needs_handover),
    failedAttempts: row.failed_attempts,
    cashCollected: row.cash_collected,
    error: row.error,
    hasLabel: row.tracking !== null && state !== "cancelled" && state !== "creating" && state !== "unknown",
    createdAt: row.created_at,
    stateChangedAt: row.state_changed_at,
    events: events.map((event) => ({
      id: event.id,
      occurredAt: event.occurred_at,
      state: event.state,
      courierStatus: event.courier_status,
      reason: event.reason,
    })),
  };
}
