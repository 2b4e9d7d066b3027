import type { DeliveryType } from "./delivery-options";

/**
 * What the shopper sees once an order is placed, on its confirmation page and in place of the
 * order form: no more than the order's lines, its delivery (mode, wilaya and commune, never the
 * address line), the amount to pay on delivery and the phone the shop will call, partly masked.
 */
export interface OrderConfirmation {
  /** The confirmation page's address: `/orders/confirmation/TOKEN` (orderConfirmationPath). */
  token: string;
  orderNumber: string;
  /**
   * Each line's title in the page's language (the product's own, else the title stored with the
   * order) and the quantity offer it was sold under, named in that language while the offer
   * exists, else as the shopper saw it (null: no offer), and the variant's label as sold (null: none).
   */
  items: { title: string; offer: string | null; variant: string | null; quantity: number; unitPrice: number; lineTotal: number }[];
  deliveryType: DeliveryType;
  /** Named in the page's language. */
  wilaya: string;
  commune: string | null;
  /** The courier's stop-desk the shopper chose, as named when ordering; null: none chosen. */
  stopDesk: string | null;
  /** The wilaya's delivery time as the admin typed it ("1-2 days"); null when unknown. */
  deliveryTime: string | null;
  itemsTotal: number;
  deliveryPrice: number;
  /** What the shopper pays the courier. */
  total: number;
  /** The phone the shop will call, masked in its middle (0555****89). */
  phone: string;
}

/** A confirmation token as orders store them: 128 random bits in base64url (22 characters). */
export const CONFIRMATION_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** The shopper's confirmation page of an order. */
export function orderConfirmationPath(token: string): string {
  return `/orders/confirmation/${encodeURIComponent(token)}`;
}
