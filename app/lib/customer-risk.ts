/**
 * A customer's risk mark, from their earlier orders by phone (docs/decisions/0032-confirmation-queue.md).
 * Pure: the queue and the order page show it beside the customer's history.
 *
 * - high: at least one return or one order cancelled as fake, and never a delivery (every
 *   parcel sent to this phone came back or was never real: calling is not enough);
 * - medium: returns or fakes alongside deliveries, or three or more cancelled orders (some
 *   parcels came back: confirm the address and the intent carefully);
 * - low: deliveries and nothing returned or fake;
 * - new: no earlier order.
 */

export const CUSTOMER_RISKS = ["new", "low", "medium", "high"] as const;
export type CustomerRisk = (typeof CUSTOMER_RISKS)[number];

export interface CustomerRecordCounts {
  /** Earlier orders from this phone (this one left out). */
  orders: number;
  delivered: number;
  returned: number;
  /** Cancelled with the reason "fake". */
  fake: number;
  cancelled: number;
}

/** Cancelled orders from one phone from which the mark rises to medium on its own. */
export const MANY_CANCELLED = 3;

export function customerRisk(counts: CustomerRecordCounts): CustomerRisk {
  if (counts.orders === 0) return "new";
  const bad = counts.returned + counts.fake;
  if (bad > 0 && counts.delivered === 0) return "high";
  if (bad > 0 || counts.cancelled >= MANY_CANCELLED) return "medium";
  return "low";
}
