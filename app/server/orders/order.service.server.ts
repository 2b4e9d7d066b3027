import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { TFunction } from "i18next";
import { defaultLanguage, type Language } from "~/i18n/config";
import { bundleById } from "~/lib/jewellery";
import {
  canonicalOrderRequest,
  honeypotFilled,
  orderFieldMessage,
  validateOrderRequest,
  type OrderCreated,
  type OrderError,
  type ParsedOrderRequest,
} from "~/lib/order-request";
import type { Database } from "../db/database.server";
import { env } from "../env.server";
import { i18nFor } from "../i18n.server";
import { logger } from "../logger.server";
import { orderNotifyMessages, orderNotifySettingsFromEnv, orderWebhookMessage, type OrderNotifySettings } from "../notify/index.server";
import {
  enqueueOutbox,
  isUniqueViolation,
  limitedTransaction,
  overRateLimit,
  pruneRateLimits,
  windowStart,
  withRateLimits,
  type OutboxMessage,
  type RateLimitRule,
} from "../platform/index.server";
import { recordConversion } from "../tracking/index.server";
import { isPhoneBlocked, type OrderActor } from "./order-workflow.server";
import { priceOrderLines, resolveOrderDelivery, type PricingRefusal } from "./order-pricing.server";
import { maskPhone } from "~/lib/phone";
import {
  completeOrder,
  insertOrderRow,
  newConfirmationToken,
  selectOrderByIdempotencyKey,
  selectOrderByIdempotencyKeys,
  type NewOrder,
  type OrderSummaryRow,
} from "./orders.repo.server";
import { deleteDraftsOfPhone } from "./order-drafts.repo.server";

export interface PlaceOrderContext {
  ip: string;
  idempotencyKey?: string | null;
  /**
   * A plain HTML form post, which carries no key of its own (its page is shared through the
   * page cache): without an Idempotency-Key, the server derives one from the client address
   * and the canonical request, so the same post sent again within the duplicate window
   * answers the first order (docs/decisions/0023-order-duplicates-origin-and-phone-flags.md).
   */
  formPost?: boolean;
  language: Language;
  userAgent?: string | null;
  /**
   * The referral cookies (souq_ref, souq_visitor; see app/server/http/referral-cookies.server.ts):
   * the order stores the code and counts a conversion when this visitor clicked that link
   * within the conversion window. A body `ref` alone is kept as text and never counts.
   */
  referral?: { code: string; visitorToken: string } | null;
  /**
   * The staff member placing the order for the customer (a captured draft turned into an order):
   * the order's first event names them. Absent: the shopper placed it.
   */
  placedBy?: OrderActor;
}

/**
 * A placed order (or, for a repeated key, the first one) with the token of its confirmation page
 * (orderConfirmationPath; kept off the JSON API's answer), or the refusal.
 */
export type PlaceOrderResult =
  | { ok: true; status: 201; order: OrderCreated; confirmationToken: string; replayed: boolean }
  | { ok: false; status: 400 | 422 | 429; error: OrderError };

/** What placeOrder needs from the configuration (read from the environment unless given). */
export interface OrderSettings {
  /** When set, each order also gets an outbox message for this webhook. */
  webhookUrl?: string;
  /** When set, each order also gets its new-order notification messages (Telegram, ORDER_NOTIFY_URL). */
  notify?: OrderNotifySettings;
  perIp: { limit: number; windowSeconds: number };
  perPhone: { limit: number; windowSeconds: number };
  /** How long a plain form post's derived key holds (between one and two such windows). */
  formDuplicateWindowSeconds?: number;
  /** The clock (tests). */
  now?: () => Date;
}

export function orderSettingsFromEnv(): OrderSettings {
  const config = env();
  return {
    webhookUrl: config.ORDER_WEBHOOK_URL,
    notify: orderNotifySettingsFromEnv(config),
    perIp: { limit: config.ORDER_RATE_LIMIT_PER_IP, windowSeconds: config.ORDER_RATE_LIMIT_IP_WINDOW_SECONDS },
    perPhone: { limit: config.ORDER_RATE_LIMIT_PER_PHONE, windowSeconds: config.ORDER_RATE_LIMIT_PHONE_WINDOW_SECONDS },
  };
}

/** Idempotency keys are opaque client strings (usually a UUID): printable ASCII, 1 to 200 characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;
/** The default duplicate window of plain form posts (a re-sent post, a double tap, a reload). */
export const FORM_DUPLICATE_WINDOW_SECONDS = 600;

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * The keys a plain form post may hold: the one of the current window and the one of the
 * window before, so a post sent again just after a window's end still finds its order. They
 * contain a space, which a client's Idempotency-Key cannot, so they never meet a client's key.
 */
export function formPostKeys(ip: string, requestHash: string, now: Date, windowSeconds: number): { current: string; previous: string } {
  const key = (start: string) => `form ${sha256(`${ip}\n${requestHash}\n${start}`)}`;
  const current = windowStart(now, windowSeconds);
  const previous = windowStart(new Date(Date.parse(current) - 1), windowSeconds);
  return { current: key(current), previous: key(previous) };
}
const MAX_USER_AGENT_LENGTH = 400;

/** The start (ISO) of the fixed window of `seconds` that contains `now` (shared with every rate limit). */
export { windowStart };

function created(order: OrderSummaryRow, replayed: boolean): PlaceOrderResult {
  return {
    ok: true,
    status: 201,
    replayed,
    confirmationToken: order.confirmation_token,
    order: {
      orderNumber: order.order_number,
      itemsTotal: order.items_total,
      deliveryPrice: order.delivery_price,
      total: order.total,
      status: "new",
    },
  };
}

/** A refusal of the lines or the delivery (order-pricing.server.ts), as the order's answer. */
function refusal(refused: PricingRefusal, t: TFunction): PlaceOrderResult {
  const answer = failure(422, refused.code, t, refused.fields);
  if (!answer.ok && refused.message !== undefined) answer.error.message = refused.message;
  return answer;
}

function failure(status: 400 | 422 | 429, code: string, t: TFunction, fields: Record<string, string> = {}): PlaceOrderResult {
  return { ok: false, status, error: { code, message: t(`orders.errors.${code}` as "orders.errors.invalid_order"), fields } };
}

/** Where a line (product and variant) appears first in the body as sent (duplicates are merged by the schema). */
function rawItemIndex(body: unknown, line: { productId: string; variantId?: number | undefined }, fallback: number): number {
  const items = (body as { items?: unknown }).items;
  if (!Array.isArray(items)) return fallback;
  const index = items.findIndex(
    (item) =>
      typeof item?.productId === "string" &&
      item.productId.trim() === line.productId &&
      (line.variantId === undefined || String(item.variantId ?? "").trim() === String(line.variantId)),
  );
  return index === -1 ? fallback : index;
}

/**
 * Takes an order from a shopper: checks the body, the honeypot, the products (prices and stock
 * from the database, whatever the body claims), the wilaya (delivery price from the database),
 * then stores the order, its lines, its first event and its webhook message in one transaction,
 * within the per-address and per-phone rate limits. A repeated Idempotency-Key (or, for a plain
 * form post, the same post again) answers the first order; a key reused with another body is
 * refused. Never throws for bad input; throws only on server faults.
 */
export async function placeOrder(
  db: Kysely<Database>,
  body: unknown,
  context: PlaceOrderContext,
  settings: OrderSettings = orderSettingsFromEnv(),
): Promise<PlaceOrderResult> {
  const { t } = await i18nFor(context.language);

  if (honeypotFilled(body)) {
    logger.warn({ ip: context.ip, userAgent: context.userAgent }, "order refused: honeypot filled");
    return failure(422, "rejected", t);
  }

  const idempotencyKey = context.idempotencyKey?.trim() || null;
  if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    return failure(400, "invalid_idempotency_key", t);
  }

  const parsed = validateOrderRequest(body);
  if (!parsed.ok) {
    const fields = Object.fromEntries(Object.entries(parsed.fields).map(([field, code]) => [field, orderFieldMessage(t, code)]));
    return failure(422, "invalid_order", t, fields);
  }
  // A jewellery order: its one line is the bundle's quantity of the item,
  // whatever quantity the body named; the bundle also sets the line's prices below.
  const bundle = parsed.data.source === "jewellery" ? parsed.data.bundle : undefined;
  const request: ParsedOrderRequest = bundle
    ? {
        ...parsed.data,
        items: [{ productId: parsed.data.items[0]!.productId, quantity: bundleById(bundle).quantity, variantId: parsed.data.items[0]!.variantId }],
      }
    : parsed.data;

  if (await isPhoneBlocked(db, request.customer.phone)) {
    logger.warn({ ip: context.ip, phone: maskPhone(request.customer.phone) }, "order refused: blocked phone");
    return failure(422, "rejected", t);
  }

  const requestHash = sha256(canonicalOrderRequest(request));
  const now = settings.now?.() ?? new Date();
  let insertKey = idempotencyKey;
  const lookupKeys = idempotencyKey === null ? [] : [idempotencyKey];
  if (idempotencyKey === null && context.formPost) {
    const keys = formPostKeys(context.ip, requestHash, now, settings.formDuplicateWindowSeconds ?? FORM_DUPLICATE_WINDOW_SECONDS);
    insertKey = keys.current;
    lookupKeys.push(keys.current, keys.previous);
  }
  const first = await selectOrderByIdempotencyKeys(db, lookupKeys);
  if (first) return replay(first.order, request, requestHash, t);

  const [priced, delivery] = await Promise.all([
    priceOrderLines(
      db,
      request.items.map((line, index) => (index === 0 && request.offer !== undefined ? { ...line, offerId: request.offer } : line)),
      { bundle, language: context.language, t, checkStock: true, fieldIndex: (line, index) => rawItemIndex(body, line, index) },
    ),
    resolveOrderDelivery(db, request, t),
  ]);
  if (!priced.ok) return refusal(priced, t);
  if (!delivery.ok) return refusal(delivery, t);
  const { lines } = priced;
  const { wilaya, commune, stopDesk } = delivery;
  const itemsTotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const { deliveryPrice } = delivery;
  const createdAt = now.toISOString();

  // The per-phone limit refuses only the address that went past it: a stranger's orders with
  // someone's phone, from other addresses, cannot lock that person out. Past the limit across
  // addresses, the order is taken and flagged for the merchant (decision 0023).
  const phoneWindow = windowStart(now, settings.perPhone.windowSeconds);
  const rateLimits: RateLimitRule[] = [
    {
      name: "ip",
      key: `order:ip:${context.ip}`,
      windowStart: windowStart(now, settings.perIp.windowSeconds),
      limit: settings.perIp.limit,
    },
    {
      name: "phone_at_address",
      key: `order:phone-ip:${request.customer.phone}:${context.ip}`,
      windowStart: phoneWindow,
      limit: settings.perPhone.limit,
    },
  ];
  const phoneRule: RateLimitRule = {
    name: "phone",
    key: `order:phone:${request.customer.phone}`,
    windowStart: phoneWindow,
    limit: settings.perPhone.limit,
  };

  const { webhookUrl, notify } = settings;
  // The merchant's notification is written in the shop's language (Arabic), whatever the shopper's.
  const notifyT = notify ? (await i18nFor(defaultLanguage)).t : undefined;
  const notifyMessages = (orderNumber: string) => {
    if (!notify || !notifyT) return [];
    try {
      const input = {
        orderNumber,
        total: itemsTotal + deliveryPrice,
        wilaya: { code: wilaya.code, name: wilaya.name, nameAr: wilaya.name_ar },
        phone: request.customer.phone,
        itemsCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      };
      return orderNotifyMessages(input, notify, notifyT);
    } catch (error) {
      // Never lose an order over its notification.
      logger.error({ err: error, orderNumber }, "could not build the new-order notification");
      return [];
    }
  };
  const result = await storeOrder(
    db,
    {
      source: request.source,
      firstName: request.customer.firstName,
      lastName: request.customer.lastName,
      phone: request.customer.phone,
      wilayaCode: wilaya.code,
      communeCode: commune?.code ?? null,
      deliveryType: request.deliveryType,
      stopDesk,
      address: request.customer.address ?? null,
      email: request.customer.email ?? null,
      bundle: bundle ?? null,
      itemsTotal,
      deliveryPrice,
      total: itemsTotal + deliveryPrice,
      ref: context.referral?.code ?? request.ref ?? null,
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) || null,
      idempotencyKey: insertKey,
      requestHash,
      // Created here and stored in the order's transaction, so every order has its page.
      confirmationToken: newConfirmationToken(),
      createdAt,
      placedBy: context.placedBy?.email ?? "shopper",
      lines,
    },
    {
      rateLimits,
      flagIfOver: phoneRule,
      outbox: (orderNumber) => [
        ...(webhookUrl
          ? [
              orderWebhookMessage({
                orderNumber,
                source: request.source,
                bundle: bundle ?? null,
                customer: request.customer,
                wilaya: { code: wilaya.code, name: wilaya.name, nameAr: wilaya.name_ar },
                lines,
                itemsTotal,
                deliveryPrice,
                total: itemsTotal + deliveryPrice,
                createdAt,
              }),
            ]
          : []),
        ...notifyMessages(orderNumber),
      ],
      referral: context.referral ?? null,
      now,
    },
  );

  switch (result.kind) {
    case "rate_limited":
      logger.warn({ ip: context.ip, rule: result.rule }, "order refused: rate limit");
      return failure(429, "rate_limited", t);
    case "duplicate":
      return replay(result.order, request, requestHash, t);
    case "created":
      logger.info({ orderNumber: result.order.order_number, total: result.order.total, source: request.source }, "order placed");
      if (result.flagged) {
        logger.warn(
          { orderNumber: result.order.order_number, ip: context.ip, phone: maskPhone(request.customer.phone) },
          "order flagged: over the per-phone limit from a new address",
        );
      }
      // Now and then, forget windows long past (a day older than the longest window).
      if (Math.random() < 0.02) {
        const longest = Math.max(settings.perIp.windowSeconds, settings.perPhone.windowSeconds);
        const before = new Date(now.getTime() - (longest + 86_400) * 1000).toISOString();
        pruneRateLimits(db, before).catch((error: unknown) => logger.warn({ err: error }, "could not prune rate-limit counters"));
      }
      return created(result.order, false);
  }
}

type StoreOrderResult =
  | { kind: "created"; order: OrderSummaryRow; flagged: boolean }
  /** The idempotency key is taken (by a concurrent request, usually): the first order. */
  | { kind: "duplicate"; order: OrderSummaryRow }
  | { kind: "rate_limited"; rule: string };

/**
 * Stores an order in ONE transaction, which this service owns: the order's row first (a taken
 * idempotency key fails there, before any counter moves), the rate-limit counters, the order's
 * number, lines and first event, its outbox messages (the platform's outbox) and, with a
 * referral, tracking's conversion. Nothing is kept when a counter of
 * `rateLimits` goes past its limit or the idempotency key is already taken; the `flagIfOver`
 * counter past its limit keeps the order and marks it (phone_flagged) for the merchant.
 */
async function storeOrder(
  db: Kysely<Database>,
  order: NewOrder,
  options: {
    rateLimits: RateLimitRule[];
    /** A counter raised with the others that flags the order rather than refusing it. */
    flagIfOver?: RateLimitRule;
    outbox?: (orderNumber: string) => OutboxMessage | OutboxMessage[] | undefined;
    /** The referral cookies: tracking counts a conversion in this transaction when they earn one. */
    referral: PlaceOrderContext["referral"];
    now: Date;
  },
): Promise<StoreOrderResult> {
  try {
    const stored = await limitedTransaction(db, async (trx) => {
      const id = await insertOrderRow(trx, order);
      await withRateLimits(trx, options.rateLimits);
      const flag = options.flagIfOver;
      const flagged = flag !== undefined && (await overRateLimit(trx, flag));
      const summary = await completeOrder(trx, id, order, { flagged });
      await enqueueOutbox(trx, [options.outbox?.(summary.order_number) ?? []].flat(), order.createdAt);
      if (options.referral) await recordConversion(trx, { orderId: id, referral: options.referral, now: options.now });
      // The phone ordered: its abandoned drafts go with this order (app/server/orders/order-drafts.server.ts).
      await deleteDraftsOfPhone(trx, order.phone);
      return { summary, flagged };
    });
    if (stored.kind === "rate_limited") return stored;
    return { kind: "created", order: stored.value.summary, flagged: stored.value.flagged };
  } catch (error) {
    if (order.idempotencyKey !== null && isUniqueViolation(error)) {
      const first = await selectOrderByIdempotencyKey(db, order.idempotencyKey);
      if (first) return { kind: "duplicate", order: first };
    }
    throw error;
  }
}

/**
 * The answer to a repeated Idempotency-Key: the first order, when the request is the same
 * (same canonical hash); a key reused with another body is refused and stores nothing, as
 * payment APIs do, which also never discloses someone else's order. Orders stored before the
 * hash was kept are compared by phone.
 */
function replay(first: OrderSummaryRow, request: ParsedOrderRequest, requestHash: string, t: TFunction): PlaceOrderResult {
  const same = first.request_hash !== null ? first.request_hash === requestHash : first.phone === request.customer.phone;
  if (!same) return failure(422, "idempotency_key_reused", t);
  return created(first, true);
}
