import type { ColumnType } from "kysely";
import type { CourierFamily, ParcelRowState, ParcelState } from "~/lib/couriers";
import type { AutoId, Bool, Timestamp } from "../db/types.server";

/** A parcel handed to a courier for an order (migration 021); at most one live (not cancelled) per order. */
export interface ParcelsTable {
  id: AutoId;
  order_id: number;
  /** Null once the courier account is deleted; family and courier_label keep what it was. */
  account_id: number | null;
  family: CourierFamily;
  courier_label: string;
  /** The order number, sent as the courier's external reference. */
  reference: string;
  /** The courier's tracking number; null until created. */
  tracking: string | null;
  state: ParcelRowState;
  /** The courier's own word for the latest state, and the reason of a failed attempt or postponement. */
  courier_status: string | null;
  reason: string | null;
  label_url: string | null;
  /** Created but not yet handed over (validated) at the courier. */
  needs_handover: Bool;
  failed_attempts: ColumnType<number, number | undefined, number>;
  /** Cash the courier reports collected or paid out, whole dinars. */
  cash_collected: number | null;
  /** The courier's last refusal or failure, in its own words. */
  error: string | null;
  /** When the latest applied event happened (the courier's time). */
  last_event_at: string | null;
  state_changed_at: string;
  /** Polling: when to ask the courier next (null: never, final or webhook-driven), and the claim of the worker asking. */
  next_poll_at: string | null;
  poll_claimed_until: string | null;
  poll_claim_token: string | null;
  /** The admin's email, or "system". */
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A courier event of a parcel, stored once (unique per parcel and event key). */
export interface ParcelEventsTable {
  id: AutoId;
  parcel_id: number;
  /** The courier's event id, or a key made of its status and time when it has none. */
  event_key: string;
  state: ParcelState;
  courier_status: string;
  reason: string | null;
  cash_collected: number | null;
  occurred_at: string;
  received_at: string;
}

export interface ShippingTables {
  parcels: ParcelsTable;
  parcel_events: ParcelEventsTable;
}
