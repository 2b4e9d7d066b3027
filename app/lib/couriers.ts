/**
 * Couriers, the pure rules and the vocabulary every adapter maps onto
 * (docs/decisions/0029-courier-adapters.md). An Algerian courier belongs to one API family;
 * each family has one adapter (app/server/couriers/adapters/).
 */

/** The API families the shop speaks (Procolis and Maystro may come later). */
export const COURIER_FAMILIES = ["yalidine", "ecotrack", "noest", "zr"] as const;
export type CourierFamily = (typeof COURIER_FAMILIES)[number];

export function isCourierFamily(value: unknown): value is CourierFamily {
  return typeof value === "string" && (COURIER_FAMILIES as readonly string[]).includes(value);
}

/**
 * A parcel's state in the shop's words, whatever the courier's: each adapter maps its own
 * statuses onto these. `delivered` and `returned` are final and move the order; the others
 * show on its history.
 */
export const PARCEL_STATES = [
  /** Created at the courier, not yet handed over (Ecotrack and Noest until validated). */
  "draft",
  /** Handed over / waiting for pickup. */
  "ready",
  /** Picked up, between hubs, out for delivery. */
  "in_transit",
  /** Waiting for the customer at a stop-desk: the merchant may call. */
  "at_stop_desk",
  /** A delivery attempt failed (no answer, absent, refused at the door…): the reason is kept. */
  "attempt_failed",
  /** The customer asked for another day. */
  "postponed",
  "delivered",
  /** Coming back to the merchant. */
  "returning",
  /** Back at the merchant: final. */
  "returned",
  "cancelled",
] as const;
export type ParcelState = (typeof PARCEL_STATES)[number];

/**
 * A parcel's state as the shop stores it: a ParcelState once the courier has it; `creating`
 * while the create request is in flight; `unknown` when that request ended without an answer
 * (the courier may or may not have the parcel: the merchant is asked before creating again).
 */
export type ParcelRowState = ParcelState | "creating" | "unknown";

/** States after which a parcel never changes: no more polling. */
export const FINAL_PARCEL_STATES: readonly ParcelState[] = ["delivered", "returned", "cancelled"];

export function isFinalParcelState(state: ParcelState): boolean {
  return FINAL_PARCEL_STATES.includes(state);
}

/** Couriers number wilayas 1–58 only: a wilaya created in 2026 (59–69) goes under its parent. */
export function courierWilayaCode(code: string, parentOf: (code: string) => string | null): number {
  const number = Number(code);
  if (Number.isInteger(number) && number >= 1 && number <= 58) return number;
  const parent = parentOf(code);
  if (parent === null) throw new Error(`wilaya ${code} has no parent among 1–58`);
  return Number(parent);
}
