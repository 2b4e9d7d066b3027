import type { ColumnType } from "kysely";
import type { AutoId, Bool, Timestamp } from "../db/types.server";
import type { DeliveryType } from "~/lib/delivery-options";
import type { BundleId } from "~/lib/jewellery";
import type { OrderSource } from "~/lib/order-request";
import type { CallOutcome, ConfirmationState } from "~/lib/confirmation";

/** Where an order is in its life; 'new' until the merchant confirms it (later issues add the rest). */
export type OrderStatus = "new" | "confirmed" | "shipped" | "delivered" | "cancelled" | "returned";

export interface OrdersTable {
  id: AutoId;
  /** Human-friendly and unique: 'SQ-' + the id padded to 6 digits (SQ-000042). */
  order_number: string;
  source: OrderSource;
  status: OrderStatus;
  first_name: string;
  last_name: string;
  /** Normalised mobile number, 0XXXXXXXXX. */
  phone: string;
  wilaya_code: string;
  /** The commune chosen in the wilaya (orders before 2026-11-22-007 have none). */
  commune_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** To the door, or to the wilaya's stop-desk (pick-up point). */
  delivery_type: ColumnType<DeliveryType, DeliveryType | undefined, DeliveryType>;
  address: string | null;
  email: string | null;
  /** The jewellery page's bundle (migration 011); null for every other order. */
  bundle: ColumnType<BundleId | null, BundleId | null | undefined, BundleId | null>;
  /** Whole dinars, from database prices at the time of the order. */
  items_total: number;
  delivery_price: number;
  total: number;
  /** Tracking reference (?ref=) the shopper came with. */
  ref: string | null;
  ip: string;
  user_agent: string | null;
  idempotency_key: string | null;
  /** SHA-256 (hex) of the canonical request, compared when its idempotency key comes again (migration 013). */
  request_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Taken past the per-phone limit from an address new to that phone: shown to the merchant (migration 013). */
  phone_flagged: Bool;
  /**
   * The address of the shopper's confirmation page (/orders/confirmation/TOKEN): 128 random bits,
   * base64url, unique; every order has one (migration 016 gave the older orders theirs).
   */
  confirmation_token: ColumnType<string, string | undefined, never>;
  /**
   * The courier stop-desk the shopper chose (migration 021): the courier account it belongs to,
   * its code at that courier and its name as shown; null for home delivery or when the shop
   * offered no courier stop-desks.
   */
  stop_desk_account_id: ColumnType<number | null, number | null | undefined, number | null>;
  stop_desk_code: ColumnType<string | null, string | null | undefined, string | null>;
  stop_desk_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The confirmation call's progress, apart from fulfilment (migration 022; app/lib/confirmation.ts). */
  confirmation_state: ColumnType<ConfirmationState, ConfirmationState | undefined, ConfirmationState>;
  /** When the customer asked to be called back (or postponed to); null: none due. */
  callback_at: ColumnType<string | null, string | null | undefined, string | null>;
  call_attempts: ColumnType<number, number | undefined, number>;
  /** Attempts without an answer (no answer, busy, unreachable) since the last answered call. */
  unanswered_attempts: ColumnType<number, number | undefined, number>;
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  cancel_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** The agent (admin id) the order is given to; null: anyone's. */
  assigned_to: ColumnType<number | null, number | null | undefined, number | null>;
  /** The agent calling the customer right now, until when (a lock that expires): two agents never call the same customer. */
  queue_locked_by: ColumnType<number | null, number | null | undefined, number | null>;
  queue_locked_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the delivery fee was set by hand; null: from the fee table. */
  delivery_price_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderItemsTable {
  id: AutoId;
  order_id: number;
  position: number;
  /** No foreign key: the product may be deleted later; the line keeps its snapshot. */
  product_id: string;
  /** Arabic title at the time of the order. */
  title: string;
  unit_price: number;
  compare_at_price: number;
  quantity: number;
  line_total: number;
  /** The offer the line was sold under (no foreign key: the offer may change later); null: piece by piece (migration 017). */
  offer_id: number | null;
  /** The offer's label as the shopper saw it. */
  offer_label: string | null;
  /** The variant the line was sold as (no foreign key: it may change later); null for a product without variants (migration 018). */
  variant_id: number | null;
  /** The variant's label ("Blue / XL") in the shop's language, as it was. */
  variant_label: string | null;
  /** The variant's SKU as it was. */
  variant_sku: string | null;
}

export interface OrderEventsTable {
  id: AutoId;
  order_id: number;
  status: OrderStatus;
  note: string | null;
  /** 'shopper', 'system' or an admin's name. */
  actor: string;
  created_at: Timestamp;
}

/** A confirmation call (migration 022). */
export interface CallAttemptsTable {
  id: AutoId;
  order_id: number;
  admin_id: number | null;
  /** The agent's name or email at the time. */
  agent: string;
  outcome: CallOutcome;
  callback_at: string | null;
  note: string | null;
  created_at: Timestamp;
}

/** One edit of an order, field by field, with before and after (JSON text) and its author (migration 022). */
export interface OrderEditsTable {
  id: AutoId;
  order_id: number;
  admin_id: number | null;
  actor: string;
  /** "customer.phone", "lines", "delivery_price"… */
  field: string;
  before: string | null;
  after: string | null;
  /** Why (a delivery fee set by hand). */
  reason: string | null;
  created_at: Timestamp;
}

/** What a shopper typed in an order form and left without ordering (migration 022): one per phone and cart. */
export interface OrderDraftsTable {
  id: AutoId;
  /** Normalised mobile, 0XXXXXXXXX. */
  phone: string;
  /** A digest of the cart's lines: one draft per phone and cart. */
  cart_key: string;
  source: OrderSource;
  /** The form's content as JSON (bounded). */
  payload: string;
  ip: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrdersTables {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  call_attempts: CallAttemptsTable;
  order_edits: OrderEditsTable;
  order_drafts: OrderDraftsTable;
}
