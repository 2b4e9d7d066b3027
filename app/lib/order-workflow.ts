import { ORDER_STATUSES, type OrderStatus } from "./order-filter";

/**
 * The life of an order, as a table: new → confirmed → shipped → delivered; an order is
 * cancelled while new or confirmed, returned once shipped. Nothing else is allowed (a
 * delivered, cancelled or returned order is final).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ["confirmed", "cancelled"],
  confirmed: ["shipped", "cancelled"],
  shipped: ["delivered", "returned"],
  delivered: [],
  cancelled: [],
  returned: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function allowedTransitions(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Statuses in which the order's goods have left the shelf (stock taken at confirmation). */
export function holdsStock(status: OrderStatus): boolean {
  return status === "confirmed" || status === "shipped";
}

/**
 * What a transition does to stock: confirming takes the goods; cancelling a confirmed order
 * or taking back a shipped one puts them back; anything else leaves stock alone.
 */
export function stockEffect(from: OrderStatus, to: OrderStatus): "take" | "return" | "none" {
  if (!canTransition(from, to)) return "none";
  if (from === "new" && to === "confirmed") return "take";
  if (holdsStock(from) && (to === "cancelled" || to === "returned")) return "return";
  return "none";
}

/** The longest internal note or transition note, in characters. */
export const MAX_ORDER_NOTE_LENGTH = 1000;

/** Orders from the same phone for the same product within this window are flagged as duplicates. */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
