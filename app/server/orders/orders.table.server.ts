import type { ColumnType } from "kysely";
import type { AutoId, Bool, Timestamp } from "../db/types.server";
import type { DeliveryType } from "~/lib/delivery-options";
import type { BundleId } from "~/lib/jewellery";
import type { OrderSource } from "~/lib/order-request";

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

export interface OrdersTables {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
}
