import { FINAL_PARCEL_STATES, type ParcelRowState } from "./couriers";

/**
 * Which orders' parcels need the merchant ("needs attention" on the orders list), and how long
 * ago something happened, written compactly. Pure: the orders list's query builds the same rule
 * in SQL from these tables (attentionSql in the orders' repository), so the filter, its count
 * and the badge on each row never disagree.
 */

/**
 * States that need the merchant whatever their age: a failed attempt or a postponement (call
 * the customer), a parcel waiting at a stop-desk (remind the customer to collect it), and a
 * create request that ended without an answer (the courier may or may not have the parcel).
 */
export const ATTENTION_STATES: readonly ParcelRowState[] = ["attempt_failed", "postponed", "at_stop_desk", "unknown"];

/**
 * The courier's usual time in each state, in hours: a parcel in that state with no change for
 * longer is stuck. Ready (waiting for pickup) and in transit take a few days between wilayas;
 * a draft should be handed over within two days; a return rarely takes more than a week once
 * on its way; `creating` lasts only while the create request is in flight, so an hour means it
 * was interrupted. States absent here are either in ATTENTION_STATES or final.
 */
export const STUCK_AFTER_HOURS: Readonly<Partial<Record<ParcelRowState, number>>> = {
  creating: 1,
  draft: 2 * 24,
  ready: 5 * 24,
  in_transit: 5 * 24,
  returning: 7 * 24,
};

const HOUR_MS = 3_600_000;

export type AttentionReason = "failed_attempt" | "at_stop_desk" | "unknown" | "handover" | "stuck";

/** What the rule reads of a live parcel. */
export interface AttentionParcel {
  state: ParcelRowState;
  failedAttempts: number;
  needsHandover: boolean;
  /** ISO instant of the parcel's last state change. */
  stateChangedAt: string;
}

function isFinal(state: ParcelRowState): boolean {
  return (FINAL_PARCEL_STATES as readonly string[]).includes(state);
}

/**
 * Why a parcel needs the merchant at `now`, or null when it does not. The first reason wins, in
 * the order: a failed attempt, waiting at a stop-desk, unknown, not yet handed over, stuck.
 */
export function parcelAttention(parcel: AttentionParcel, now: Date): AttentionReason | null {
  const { state } = parcel;
  if (isFinal(state)) return null;
  if (state === "attempt_failed" || state === "postponed" || parcel.failedAttempts > 0) return "failed_attempt";
  if (state === "at_stop_desk") return "at_stop_desk";
  if (state === "unknown") return "unknown";
  if (parcel.needsHandover) return "handover";
  const hours = STUCK_AFTER_HOURS[state];
  if (hours !== undefined) {
    const changed = new Date(parcel.stateChangedAt).getTime();
    if (!Number.isNaN(changed) && now.getTime() - changed > hours * HOUR_MS) return "stuck";
  }
  return null;
}

/** For each state with a usual time, the instant before which a parcel still in it is stuck at `now`. */
export function stuckCutoffs(now: Date): { state: ParcelRowState; changedBefore: string }[] {
  return Object.entries(STUCK_AFTER_HOURS).map(([state, hours]) => ({
    state: state as ParcelRowState,
    changedBefore: new Date(now.getTime() - (hours as number) * HOUR_MS).toISOString(),
  }));
}

/** States after which a parcel never needs the merchant again. */
export const FINAL_ROW_STATES: readonly ParcelRowState[] = FINAL_PARCEL_STATES;

/** A duration written compactly: whole minutes under an hour, whole hours under two days, whole days beyond. */
export interface CompactAge {
  unit: "minutes" | "hours" | "days";
  count: number;
}

/** The time from `sinceIso` to `now`, compactly (a time in the future or unreadable counts as 0 minutes). */
export function compactAge(sinceIso: string, now: Date): CompactAge {
  const since = new Date(sinceIso).getTime();
  const ms = Number.isNaN(since) ? 0 : Math.max(0, now.getTime() - since);
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return { unit: "minutes", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: "hours", count: hours };
  return { unit: "days", count: Math.floor(hours / 24) };
}
