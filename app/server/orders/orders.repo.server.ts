import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/database.server";
import type { DeliveryType } from "~/lib/delivery-options";
import type { BundleId } from "~/lib/jewellery";
import type { OrderSource } from "~/lib/order-request";

const orderSummaryColumns = [
  "id",
  "order_number",
  "items_total",
  "delivery_price",
  "total",
  "status",
  "phone",
  "request_hash",
  "confirmation_token",
] as const;

/**
 * A new order's confirmation token: 128 random bits (base64url), so the shopper's confirmation
 * page cannot be found from the order number or another order's address.
 */
export function newConfirmationToken(): string {
  return randomBytes(16).toString("base64url");
}

export function selectOrderByIdempotencyKey(db: Kysely<Database>, key: string) {
  return db.selectFrom("orders").select(orderSummaryColumns).where("idempotency_key", "=", key).executeTakeFirst();
}

/** The first of `keys` (in their order) that an order holds, with that order; undefined when none does. */
export async function selectOrderByIdempotencyKeys(db: Kysely<Database>, keys: string[]) {
  if (keys.length === 0) return undefined;
  const rows = await db
    .selectFrom("orders")
    .select([...orderSummaryColumns, "idempotency_key"])
    .where("idempotency_key", "in", keys)
    .execute();
  for (const key of keys) {
    const row = rows.find((candidate) => candidate.idempotency_key === key);
    if (row) return { key, order: row };
  }
  return undefined;
}

export type OrderSummaryRow = NonNullable<Awaited<ReturnType<typeof selectOrderByIdempotencyKey>>>;

export interface NewOrder {
  source: OrderSource;
  firstName: string;
  lastName: string;
  phone: string;
  wilayaCode: string;
  communeCode?: string | null;
  deliveryType?: DeliveryType;
  address: string | null;
  email: string | null;
  /** The jewellery bundle (source 'jewellery' only). */
  bundle?: BundleId | null;
  /** The courier's stop-desk the shopper chose (its account, code and name), or null. */
  stopDesk?: { accountId: number; code: string; name: string } | null;
  itemsTotal: number;
  deliveryPrice: number;
  total: number;
  ref: string | null;
  ip: string;
  userAgent: string | null;
  idempotencyKey: string | null;
  /** SHA-256 (hex) of the canonical request (canonicalOrderRequest). */
  requestHash: string;
  /** The address of the shopper's confirmation page (newConfirmationToken). */
  confirmationToken: string;
  createdAt: string;
  /** Who placed it, as the order's history names them: "shopper", or the staff member who placed it for the customer. */
  placedBy: string;
  lines: {
    productId: string;
    title: string;
    unitPrice: number;
    compareAtPrice: number;
    quantity: number;
    lineTotal: number;
    /** The quantity offer the line is sold under, with its label as the shopper saw it (absent: piece by piece). */
    offer?: { id: number; label: string };
    /** The variant the line is sold as: its id, its label in the shop's language and its SKU (absent: a product without variants). */
    variant?: { id: number; label: string; sku: string };
  }[];
}

/** An order's lines, in their order: a new order's, or an edited order's in place of the old ones. */
export async function insertOrderLines(trx: Transaction<Database>, orderId: number, lines: NewOrder["lines"]): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .insertInto("order_items")
    .values(
      lines.map((line, position) => ({
        order_id: orderId,
        position,
        product_id: line.productId,
        title: line.title,
        unit_price: line.unitPrice,
        compare_at_price: line.compareAtPrice,
        quantity: line.quantity,
        line_total: line.lineTotal,
        offer_id: line.offer?.id ?? null,
        offer_label: line.offer?.label ?? null,
        variant_id: line.variant?.id ?? null,
        variant_label: line.variant?.label ?? null,
        variant_sku: line.variant?.sku ?? null,
      })),
    )
    .execute();
}

/** The human-friendly number of an order: SQ-000042 for id 42. */
export function orderNumberFor(id: number): string {
  return `SQ-${String(id).padStart(6, "0")}`;
}

/**
 * The order's own row, first in its transaction, under a placeholder number (the real one
 * derives from the id): a taken idempotency key fails here, before anything else is written.
 * Answers the new id.
 */
export async function insertOrderRow(trx: Transaction<Database>, order: NewOrder): Promise<number> {
  const { id } = await trx
    .insertInto("orders")
    .values({
      order_number: `pending-${randomUUID()}`,
      source: order.source,
      status: "new",
      first_name: order.firstName,
      last_name: order.lastName,
      phone: order.phone,
      wilaya_code: order.wilayaCode,
      commune_code: order.communeCode ?? null,
      delivery_type: order.deliveryType ?? "home",
      address: order.address,
      email: order.email,
      bundle: order.bundle ?? null,
      stop_desk_account_id: order.stopDesk?.accountId ?? null,
      stop_desk_code: order.stopDesk?.code ?? null,
      stop_desk_name: order.stopDesk?.name ?? null,
      items_total: order.itemsTotal,
      delivery_price: order.deliveryPrice,
      total: order.total,
      ref: order.ref,
      ip: order.ip,
      user_agent: order.userAgent,
      idempotency_key: order.idempotencyKey,
      request_hash: order.requestHash,
      confirmation_token: order.confirmationToken,
      created_at: order.createdAt,
      updated_at: order.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The rest of a new order, in its transaction after insertOrderRow: its number (and the
 * merchant's flag when `flagged`), its lines and its first event ('new'). Answers its summary.
 */
export async function completeOrder(
  trx: Transaction<Database>,
  id: number,
  order: NewOrder,
  options: { flagged: boolean },
): Promise<OrderSummaryRow> {
  const orderNumber = orderNumberFor(id);
  await trx
    .updateTable("orders")
    .set({ order_number: orderNumber, ...(options.flagged ? { phone_flagged: true } : {}) })
    .where("id", "=", id)
    .execute();
  await insertOrderLines(trx, id, order.lines);
  await trx
    .insertInto("order_events")
    .values({ order_id: id, status: "new", note: null, actor: order.placedBy, created_at: order.createdAt })
    .execute();
  return {
    id,
    order_number: orderNumber,
    items_total: order.itemsTotal,
    delivery_price: order.deliveryPrice,
    total: order.total,
    status: "new" as const,
    phone: order.phone,
    request_hash: order.requestHash,
    confirmation_token: order.confirmationToken,
  };
}

/** The order holding this confirmation token, with its lines in their order; undefined when none does. */
export async function selectOrderByConfirmationToken(db: Kysely<Database>, token: string) {
  const order = await db
    .selectFrom("orders")
    .select([
      "id",
      "order_number",
      "confirmation_token",
      "phone",
      "wilaya_code",
      "commune_code",
      "delivery_type",
      "stop_desk_name",
      "items_total",
      "delivery_price",
      "total",
    ])
    .where("confirmation_token", "=", token)
    .executeTakeFirst();
  if (!order) return undefined;
  const items = await db
    .selectFrom("order_items")
    .select(["product_id", "title", "quantity", "unit_price", "line_total", "offer_id", "offer_label", "variant_id", "variant_label"])
    .where("order_id", "=", order.id)
    .orderBy("position")
    .execute();
  return { ...order, items };
}
