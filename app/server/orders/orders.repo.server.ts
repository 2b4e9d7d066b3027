import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/database.server";
import { raiseCounter } from "../db/rate-limit.server";
import type { DeliveryType } from "~/lib/delivery-options";
import type { BundleId } from "~/lib/jewellery";
import type { OrderSource } from "~/lib/order-request";

/** The columns an order needs from each product it names. */
export function selectProductsForOrder(db: Kysely<Database>, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("products")
    .select(["id", "title", "title_en", "title_fr", "price", "compare_at_price", "in_stock", "stock_quantity", "category"])
    .where("id", "in", ids)
    .execute();
}

export type OrderProductRow = Awaited<ReturnType<typeof selectProductsForOrder>>[number];

/** An active wilaya by code, or undefined. */
export function selectActiveWilaya(db: Kysely<Database>, code: string) {
  return db
    .selectFrom("wilayas")
    .select(["code", "name", "name_ar", "home_price", "stop_desk_price"])
    .where("code", "=", code)
    .where("active", "=", true)
    .executeTakeFirst();
}

const orderSummaryColumns = ["id", "order_number", "items_total", "delivery_price", "total", "status", "phone", "request_hash"] as const;

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
  itemsTotal: number;
  deliveryPrice: number;
  total: number;
  ref: string | null;
  ip: string;
  userAgent: string | null;
  idempotencyKey: string | null;
  /** SHA-256 (hex) of the canonical request (canonicalOrderRequest). */
  requestHash: string;
  createdAt: string;
  lines: {
    productId: string;
    title: string;
    unitPrice: number;
    compareAtPrice: number;
    quantity: number;
    lineTotal: number;
  }[];
}

/** A counter to raise in the order's transaction; the order is refused when it goes past `limit`. */
export interface RateLimitRule {
  name: string;
  key: string;
  windowStart: string;
  limit: number;
}

export type InsertOrderResult =
  | { kind: "created"; order: OrderSummaryRow; flagged: boolean }
  /** The idempotency key is taken (by a concurrent request, usually): the first order. */
  | { kind: "duplicate"; order: OrderSummaryRow }
  | { kind: "rate_limited"; rule: string };

class RateLimited extends Error {
  constructor(readonly rule: string) {
    super(`rate limit ${rule}`);
  }
}

/** The human-friendly number of an order: SQ-000042 for id 42. */
export function orderNumberFor(id: number): string {
  return `SQ-${String(id).padStart(6, "0")}`;
}

/** True for a unique-constraint violation on SQLite (better-sqlite3) or PostgreSQL (pg). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

/**
 * Stores an order in one transaction: the order, its lines, its first event ('new'), the
 * rate-limit counters and, when given, its outbox messages and the afterInsert hook's writes. Nothing is kept when a counter
 * of `rateLimits` goes past its limit or the idempotency key is already taken; the `flagIfOver`
 * counter past its limit keeps the order and marks it (phone_flagged) for the merchant.
 */
export async function insertOrder(
  db: Kysely<Database>,
  order: NewOrder,
  options: {
    rateLimits: RateLimitRule[];
    /** A counter raised with the others that flags the order rather than refusing it. */
    flagIfOver?: RateLimitRule;
    outbox?: (orderNumber: string) => { topic: string; payload: string } | { topic: string; payload: string }[] | undefined;
    /** Runs last inside the order's transaction (e.g. counting a referral's conversion). */
    afterInsert?: (trx: Transaction<Database>, orderId: number) => Promise<void>;
  },
): Promise<InsertOrderResult> {
  try {
    const created = await db.transaction().execute(async (trx) => {
      // The order first: a taken idempotency key fails here, before any counter moves.
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
          items_total: order.itemsTotal,
          delivery_price: order.deliveryPrice,
          total: order.total,
          ref: order.ref,
          ip: order.ip,
          user_agent: order.userAgent,
          idempotency_key: order.idempotencyKey,
          request_hash: order.requestHash,
          created_at: order.createdAt,
          updated_at: order.createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();

      for (const rule of options.rateLimits) {
        if ((await raiseCounter(trx, rule.key, rule.windowStart)) > rule.limit) throw new RateLimited(rule.name);
      }

      const flag = options.flagIfOver;
      const flagged = flag !== undefined && (await raiseCounter(trx, flag.key, flag.windowStart)) > flag.limit;

      const orderNumber = orderNumberFor(id);
      await trx
        .updateTable("orders")
        .set({ order_number: orderNumber, ...(flagged ? { phone_flagged: true } : {}) })
        .where("id", "=", id)
        .execute();
      await trx
        .insertInto("order_items")
        .values(
          order.lines.map((line, position) => ({
            order_id: id,
            position,
            product_id: line.productId,
            title: line.title,
            unit_price: line.unitPrice,
            compare_at_price: line.compareAtPrice,
            quantity: line.quantity,
            line_total: line.lineTotal,
          })),
        )
        .execute();
      await trx
        .insertInto("order_events")
        .values({ order_id: id, status: "new", note: null, actor: "shopper", created_at: order.createdAt })
        .execute();
      const messages = [options.outbox?.(orderNumber) ?? []].flat();
      if (messages.length > 0) {
        await trx
          .insertInto("outbox")
          .values(
            messages.map((message) => ({
              topic: message.topic,
              payload: message.payload,
              attempts: 0,
              next_attempt_at: order.createdAt,
              created_at: order.createdAt,
            })),
          )
          .execute();
      }
      await options.afterInsert?.(trx, id);
      const summary: OrderSummaryRow = {
        id,
        order_number: orderNumber,
        items_total: order.itemsTotal,
        delivery_price: order.deliveryPrice,
        total: order.total,
        status: "new" as const,
        phone: order.phone,
        request_hash: order.requestHash,
      };
      return { summary, flagged };
    });
    return { kind: "created", order: created.summary, flagged: created.flagged };
  } catch (error) {
    if (error instanceof RateLimited) return { kind: "rate_limited", rule: error.rule };
    if (order.idempotencyKey !== null && isUniqueViolation(error)) {
      const first = await selectOrderByIdempotencyKey(db, order.idempotencyKey);
      if (first) return { kind: "duplicate", order: first };
    }
    throw error;
  }
}

/** Forgets rate-limit windows that started before `before` (ISO). */
export async function deleteRateLimitCountersBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom("rate_limit_counters").where("window_start", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
