import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { bundleLine } from "~/lib/jewellery";
import { offerLine } from "~/lib/offers";
import { DRAFT_RETENTION_DAYS, orderBodyOfDraft, parseOrderDraft, type OrderDraft } from "~/lib/order-draft";
import type { OrderError } from "~/lib/order-request";
import { variantCompareAtPrice, variantPrice } from "~/lib/variants";
import { offersOfProducts, productsForOrder, variantsForOrder } from "../catalog/index.server";
import type { Database } from "../db/database.server";
import { limitedTransaction, windowStart, withRateLimits } from "../platform/index.server";
import { placeOrder, type OrderSettings, type PlaceOrderContext } from "./order.service.server";
import type { OrderActor } from "./order-workflow.server";
import {
  countDrafts,
  deleteDraftById,
  deleteDraftsBefore,
  deleteDraftsOfPhone,
  phoneOrderedSince,
  selectDraftById,
  selectDrafts,
  upsertDraft,
  type OrderDraftRow,
} from "./order-drafts.repo.server";

/**
 * Abandoned orders (order_drafts): what a shopper typed in an order form once the phone was a
 * valid Algerian mobile, saved as they type and when they leave, so the team can call them.
 * - one draft per phone and cart (cartKey): typing more, or changing a quantity, updates it;
 * - a draft goes the moment its phone orders (placeOrder's transaction deletes them), and a save
 *   arriving just after that phone's order (a beacon sent as the page left) is not kept;
 * - drafts are kept DRAFT_RETENTION_DAYS (Law 18-07): each save deletes those older, and the
 *   list never shows them, so no background work is needed for it.
 */

/** Saves per client address within the window: a shopper typing a form saves a few times a minute at most. */
export const DRAFT_RATE_LIMIT = { limit: 30, windowSeconds: 600 };

const DAY_MS = 86_400_000;

/** A save this soon after the phone's order is the order's own form, saved as the page left: not kept. */
const AFTER_ORDER_MS = 10 * 60_000;

/**
 * The cart a draft is for: a digest of its products and variants (and the offer or bundle), not
 * of quantities, so that changing a quantity updates the same draft rather than adding one.
 */
export function cartKey(draft: Pick<OrderDraft, "items" | "offer" | "bundle">): string {
  const lines = [...new Set(draft.items.map((line) => `${line.productId}#${line.variantId ?? ""}`))].sort();
  const canonical = JSON.stringify({ lines, offer: draft.offer ?? null, bundle: draft.bundle ?? null });
  return createHash("sha256").update(canonical).digest("hex");
}

function retentionStart(now: Date): string {
  return new Date(now.getTime() - DRAFT_RETENTION_DAYS * DAY_MS).toISOString();
}

export type SaveDraftResult = { ok: true } | { ok: false; reason: "invalid" | "rate_limited" };

/** Stores (or updates) the draft of a body; refuses one that is not a draft, and past the address's rate limit. */
export async function saveOrderDraft(
  db: Kysely<Database>,
  body: unknown,
  context: { ip: string; now?: Date; rateLimit?: { limit: number; windowSeconds: number } },
): Promise<SaveDraftResult> {
  const draft = parseOrderDraft(body);
  if (!draft) return { ok: false, reason: "invalid" };
  const now = context.now ?? new Date();
  const rule = context.rateLimit ?? DRAFT_RATE_LIMIT;
  const stored = await limitedTransaction(db, async (trx) => {
    await withRateLimits(trx, [
      { name: "ip", key: `order-draft:ip:${context.ip}`, windowStart: windowStart(now, rule.windowSeconds), limit: rule.limit },
    ]);
    if (await phoneOrderedSince(trx, draft.customer.phone, new Date(now.getTime() - AFTER_ORDER_MS).toISOString())) return;
    await upsertDraft(trx, {
      phone: draft.customer.phone,
      cartKey: cartKey(draft),
      source: draft.source,
      payload: JSON.stringify(draft),
      ip: context.ip,
      now: now.toISOString(),
    });
    await deleteDraftsBefore(trx, retentionStart(now));
  });
  return stored.kind === "done" ? { ok: true } : { ok: false, reason: "rate_limited" };
}

/** Deletes every draft of a phone: called in the transaction of that phone's order. */
export function forgetDraftsOfPhone(db: Kysely<Database>, phone: string): Promise<void> {
  return deleteDraftsOfPhone(db, phone);
}

/** Deletes the drafts older than the retention period; answers how many went. */
export function purgeOldDrafts(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  return deleteDraftsBefore(db, retentionStart(now));
}

export interface DraftLine {
  productId: string;
  title: string;
  quantity: number;
  /** At today's price; null when the product (or its variant) is no longer sold. */
  lineTotal: number | null;
}

export interface DraftListItem {
  id: number;
  phone: string;
  name: string;
  wilayaCode: string | null;
  source: OrderDraft["source"];
  lines: DraftLine[];
  /** The lines at today's prices (those still sold), without delivery. */
  total: number;
  updatedAt: string;
}

function draftOf(row: OrderDraftRow): OrderDraft | null {
  try {
    return parseOrderDraft(JSON.parse(row.payload));
  } catch {
    return null;
  }
}

/** The drafts of the retention period, newest first, one page, their lines priced from the catalogue as it is today. */
export async function listOrderDrafts(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
  language: Language,
  now: Date = new Date(),
): Promise<{ drafts: DraftListItem[]; total: number }> {
  const since = retentionStart(now);
  const [rows, total] = await Promise.all([selectDrafts(db, since, page.limit, page.offset), countDrafts(db, since)]);
  const parsed = rows.flatMap((row) => {
    const draft = draftOf(row);
    return draft ? [{ row, draft }] : [];
  });
  const productIds = [...new Set(parsed.flatMap(({ draft }) => draft.items.map((line) => line.productId)))];
  const variantIds = parsed.flatMap(({ draft }) => draft.items.flatMap((line) => (line.variantId !== undefined ? [line.variantId] : [])));
  const [products, variants, offers] = await Promise.all([
    productIds.length > 0 ? productsForOrder(db, productIds) : [],
    variantIds.length > 0 ? variantsForOrder(db, [], variantIds) : undefined,
    productIds.length > 0 ? offersOfProducts(db, productIds) : undefined,
  ]);
  const byId = new Map(products.map((product) => [product.id, product]));
  const drafts = parsed.map(({ row, draft }): DraftListItem => {
    const lines = draft.items.map((line): DraftLine => {
      const product = byId.get(line.productId);
      if (!product) return { productId: line.productId, title: line.productId, quantity: line.quantity, lineTotal: null };
      const title = (language === "fr" ? product.title_fr : language === "en" ? product.title_en : null)?.trim() || product.title;
      const variant = line.variantId !== undefined ? variants?.variants.get(line.variantId) : undefined;
      if (line.variantId !== undefined && !variant) return { productId: product.id, title, quantity: line.quantity, lineTotal: null };
      const price = variantPrice(product, variant);
      const offer = draft.offer !== undefined ? offers?.get(product.id)?.find((one) => one.id === draft.offer) : undefined;
      if (offer) {
        const priced = offerLine(price, variantCompareAtPrice({ compareAtPrice: product.compare_at_price }, variant), offer);
        return { productId: product.id, title, quantity: priced.quantity, lineTotal: priced.lineTotal };
      }
      if (draft.bundle) {
        const priced = bundleLine(draft.bundle, {
          price,
          compareAtPrice: variantCompareAtPrice({ compareAtPrice: product.compare_at_price }, variant),
        });
        return { productId: product.id, title, quantity: priced.quantity, lineTotal: priced.lineTotal };
      }
      return { productId: product.id, title, quantity: line.quantity, lineTotal: price * line.quantity };
    });
    return {
      id: row.id,
      phone: row.phone,
      name: [draft.customer.firstName, draft.customer.lastName].filter(Boolean).join(" "),
      wilayaCode: draft.customer.wilayaCode ?? null,
      source: draft.source,
      lines,
      total: lines.reduce((sum, line) => sum + (line.lineTotal ?? 0), 0),
      updatedAt: row.updated_at,
    };
  });
  return { drafts, total };
}

export type ConvertDraftResult =
  { ok: true; orderNumber: string } | { ok: false; reason: "not_found" } | { ok: false; reason: "refused"; error: OrderError };

/**
 * Turns a draft into an order in one step: the order service with the draft's content and
 * source (prices, stock and delivery from the database, as for any order). The order's
 * transaction deletes the phone's drafts, this one included. The key `draft:<id>` makes a
 * second click answer the same order.
 */
export async function convertOrderDraft(
  db: Kysely<Database>,
  id: number,
  context: Pick<PlaceOrderContext, "ip" | "language" | "userAgent"> & { placedBy: OrderActor },
  settings?: OrderSettings,
): Promise<ConvertDraftResult> {
  const row = await selectDraftById(db, id);
  const draft = row ? draftOf(row) : null;
  if (!row || !draft) return { ok: false, reason: "not_found" };
  const result = await placeOrder(
    db,
    orderBodyOfDraft(draft),
    { ...context, idempotencyKey: `draft:${row.id}:${row.updated_at}`, formPost: false },
    settings,
  );
  if (!result.ok) return { ok: false, reason: "refused", error: result.error };
  return { ok: true, orderNumber: result.order.orderNumber };
}

/** Deletes one draft (the team called and it came to nothing). */
export function deleteOrderDraft(db: Kysely<Database>, id: number): Promise<boolean> {
  return deleteDraftById(db, id);
}
