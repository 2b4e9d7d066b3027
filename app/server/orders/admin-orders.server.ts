import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import type { OrderStatus } from "~/lib/order-filter";
import { mayOpenOrder, type AdminRole } from "~/lib/admin-roles";
import type { OrderSource } from "~/lib/order-request";
import { allowedTransitions } from "~/lib/order-workflow";
import type { ParcelRowState } from "~/lib/couriers";
import { parcelAttention, type AttentionReason } from "~/lib/parcel-attention";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";
import { communeNamesByCode } from "../delivery/index.server";
import {
  countOrders,
  countOrdersByStatus,
  selectDuplicateOrders,
  selectOrderEvents,
  selectOrderAccess,
  selectOrderNotes,
  selectOrders,
  selectOrderWithItems,
  selectPhoneRecord,
  selectWilayaOptions,
  type AdminOrderRow,
  type ScopedOrderFilter,
} from "./admin-orders.repo.server";

export type { ScopedOrderFilter } from "./admin-orders.repo.server";
import { blockedPhoneEntry, blockPhone, unblockPhone, type OrderActor, type WorkflowResult } from "./order-workflow.server";

/**
 * The admin's order screens as they show them: the filtered list, one paged, and one order with
 * its lines, history, notes, the customer's record and possible duplicates. Rows become the
 * screens' shapes here, so no route reads a row.
 */

export const ORDERS_PER_PAGE = 30;

/** A wilaya of the list's filter. */
export interface WilayaOption {
  code: string;
  name: string | null;
  nameAr: string | null;
}

/** One order of the list. */
export interface AdminOrderListItem {
  id: number;
  orderNumber: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  phone: string;
  wilayaCode: string;
  wilayaName: string | null;
  wilayaNameAr: string | null;
  total: number;
  status: OrderStatus;
  source: OrderSource;
  phoneFlagged: boolean;
  /** Articles in the order (the sum of its lines' quantities). */
  itemsCount: number;
  /** The order's live parcel (null before it is shipped with a courier). */
  parcel: AdminOrderListParcel | null;
}

/** An order's live parcel as the list shows it. */
export interface AdminOrderListParcel {
  courierLabel: string;
  /** Null until the courier gave one. */
  tracking: string | null;
  state: ParcelRowState;
  stateChangedAt: string;
  /** Why the parcel needs the merchant, or null (app/lib/parcel-attention.ts). */
  attention: AttentionReason | null;
}

export interface AdminOrderList {
  orders: AdminOrderListItem[];
  total: number;
  byStatus: Partial<Record<OrderStatus, number>>;
  /** Orders of the filter (with `attention` set) whose parcel needs the merchant: the count on the filter's chip. */
  attentionCount: number;
  /** The page shown: the one asked for, within 1 … pageCount. */
  page: number;
  pageCount: number;
  wilayas: WilayaOption[];
}

/**
 * The page `requested` (any number; out of range falls back to the first or the last) of the
 * orders `filter` selects at `now`, newest first.
 */
export async function listAdminOrders(db: Kysely<Database>, filter: ScopedOrderFilter, requested: number, now = new Date()): Promise<AdminOrderList> {
  const [total, byStatus, attentionCount, wilayas] = await Promise.all([
    countOrders(db, filter, now),
    countOrdersByStatus(db, filter, now),
    filter.attention ? null : countOrders(db, { ...filter, attention: true }, now),
    selectWilayaOptions(db),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PER_PAGE));
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, pageCount) : 1;
  const rows = await selectOrders(db, filter, { limit: ORDERS_PER_PAGE, offset: (page - 1) * ORDERS_PER_PAGE, now });
  return {
    orders: rows.map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      createdAt: row.created_at,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      wilayaCode: row.wilaya_code,
      wilayaName: row.wilaya_name,
      wilayaNameAr: row.wilaya_name_ar,
      total: row.total,
      status: row.status,
      source: row.source,
      phoneFlagged: row.phone_flagged,
      itemsCount: row.items_count,
      parcel: listParcel(row, now),
    })),
    total,
    byStatus,
    attentionCount: attentionCount ?? total,
    page,
    pageCount,
    wilayas: wilayas.map((wilaya) => ({ code: wilaya.code, name: wilaya.name, nameAr: wilaya.name_ar })),
  };
}

function listParcel(row: AdminOrderRow, now: Date): AdminOrderListParcel | null {
  if (row.parcel_id === null || row.parcel_state === null || row.parcel_courier_label === null || row.parcel_state_changed_at === null) return null;
  const parcel = {
    courierLabel: row.parcel_courier_label,
    tracking: row.parcel_tracking,
    state: row.parcel_state,
    stateChangedAt: row.parcel_state_changed_at,
  };
  const attention = parcelAttention({ ...parcel, failedAttempts: row.parcel_failed_attempts, needsHandover: row.parcel_needs_handover }, now);
  return { ...parcel, attention };
}

/** A column a later migration adds (commune, delivery type, bundle): read only when present. */
function optionalText(row: object, column: string): string | null {
  const value = (row as Record<string, unknown>)[column];
  return typeof value === "string" && value !== "" ? value : null;
}

/** One order as its admin page shows it, with everything around it; null when there is no such order. */
export async function getAdminOrder(db: Kysely<Database>, id: number, language: Language) {
  const found = await selectOrderWithItems(db, id);
  if (!found) return null;
  const { order, items } = found;
  const communeCode = optionalText(order, "commune_code");
  const [events, notes, record, duplicates, blocked, communes] = await Promise.all([
    selectOrderEvents(db, order.id),
    selectOrderNotes(db, order.id),
    selectPhoneRecord(db, order.phone),
    selectDuplicateOrders(db, order, [...new Set(items.map((item) => item.product_id))]),
    blockedPhoneEntry(db, order.phone),
    communeNamesByCode(db, communeCode ? [communeCode] : []),
  ]);
  const commune = communeCode ? communes.get(communeCode) : undefined;
  return {
    order: {
      id: order.id,
      orderNumber: order.order_number,
      status: order.status,
      source: order.source,
      createdAt: order.created_at,
      firstName: order.first_name,
      lastName: order.last_name,
      phone: order.phone,
      email: order.email,
      address: order.address,
      wilayaCode: order.wilaya_code,
      wilayaName: (language === "ar" ? order.wilaya_name_ar : order.wilaya_name) ?? null,
      communeCode,
      /** The commune's name in the admin's language (its code when the commune is unknown). */
      communeName: commune ? (language === "ar" ? commune.nameAr : commune.name) : communeCode,
      deliveryType: optionalText(order, "delivery_type"),
      /** The courier stop-desk the shopper chose, as it was named (null: none). */
      stopDeskName: optionalText(order, "stop_desk_name"),
      bundle: optionalText(order, "bundle"),
      ref: order.ref,
      itemsTotal: order.items_total,
      deliveryPrice: order.delivery_price,
      total: order.total,
      /** Taken past the per-phone limit from an address new to the number (placeOrder). */
      phoneFlagged: toBool(order.phone_flagged),
    },
    items: items.map((item) => ({
      id: item.id,
      position: item.position,
      productId: item.product_id,
      title: item.title,
      unitPrice: item.unit_price,
      compareAtPrice: item.compare_at_price,
      quantity: item.quantity,
      lineTotal: item.line_total,
      /** The quantity offer the line was sold under, as the shopper saw it (null: piece by piece). */
      offerLabel: item.offer_label,
      /** The variant the line was sold as: its label (shop's language) and SKU as they were (null: no variant). */
      variantLabel: item.variant_label,
      variantSku: item.variant_sku,
    })),
    events: events.map((event) => ({ id: event.id, status: event.status, note: event.note, actor: event.actor, createdAt: event.created_at })),
    notes: notes.map((note) => ({ id: note.id, author: note.author, note: note.note, createdAt: note.created_at })),
    record,
    duplicates: duplicates.map((other) => ({ id: other.id, orderNumber: other.order_number, createdAt: other.created_at, status: other.status })),
    blocked: blocked ? { reason: blocked.reason, createdBy: blocked.created_by, createdAt: blocked.created_at } : null,
    transitions: allowedTransitions(order.status),
  };
}

export type AdminOrder = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;

/** Blocks (`block`) or unblocks the phone of an order; null when there is no such order. */
export async function setOrderPhoneBlocked(
  db: Kysely<Database>,
  orderId: number,
  change: { block: true; actor: OrderActor; reason: unknown } | { block: false },
): Promise<WorkflowResult | null> {
  const found = await selectOrderWithItems(db, orderId);
  if (!found) return null;
  const phone = found.order.phone;
  return change.block ? blockPhone(db, phone, change.actor, change.reason) : unblockPhone(db, phone);
}

/** What the row-level rule of one order needs (mayOpenOrder in app/lib/admin-roles.ts); null when there is no such order. */
export async function orderAccessFacts(
  db: Kysely<Database>,
  id: number,
): Promise<{ status: OrderStatus; assignedTo: number | null; queueLockedBy: number | null } | null> {
  const row = await selectOrderAccess(db, id);
  return row ? { status: row.status, assignedTo: row.assigned_to, queueLockedBy: row.queue_locked_by } : null;
}

/**
 * Whether this admin may open these orders (mayOpenOrder, app/lib/admin-roles.ts): false when one
 * of them is not theirs to open; orders that do not exist are left to the caller's 404.
 */
export async function mayAdminOpenOrders(
  db: Kysely<Database>,
  admin: { role: AdminRole; adminId: number },
  ids: readonly number[],
): Promise<boolean> {
  if (admin.role === "owner" || admin.role === "manager") return true;
  for (const id of ids) {
    const facts = await orderAccessFacts(db, id);
    if (facts && !mayOpenOrder(admin.role, admin.adminId, facts)) return false;
  }
  return true;
}
