import type { Kysely } from "kysely";
import type { TFunction } from "i18next";
import type { OrderStatus } from "~/lib/order-filter";
import { normalizeAlgerianMobile } from "~/lib/phone";
import { canTransition, isOrderStatus, MAX_ORDER_NOTE_LENGTH, stockEffect } from "~/lib/order-workflow";
import type { Database } from "../db/database.server";
import { nowIso } from "../db/types.server";
import { logger } from "../logger.server";
import {
  applyStatusChange,
  deleteBlockedPhone,
  insertBlockedPhone,
  insertOrderNote,
  selectBlockedPhone,
  selectOrderStatus,
} from "./order-workflow.repo.server";

/** The admin acting: written as the actor of events and the author of notes. */
export interface OrderActor {
  adminId: number | null;
  email: string;
}

export type WorkflowError =
  | { code: "not_found" }
  | { code: "invalid_status" }
  | { code: "not_allowed"; from: OrderStatus; to: OrderStatus }
  | { code: "stale" }
  | { code: "out_of_stock"; product: string; available: number }
  | { code: "product_missing"; product: string }
  | { code: "note_too_long" }
  | { code: "note_empty" }
  | { code: "invalid_phone" };

export type WorkflowResult = { ok: true } | ({ ok: false } & WorkflowError);

function cleanNote(raw: unknown): { ok: true; note: string | null } | { ok: false; error: WorkflowError } {
  const note = typeof raw === "string" ? raw.trim() : "";
  if (note.length > MAX_ORDER_NOTE_LENGTH) return { ok: false, error: { code: "note_too_long" } };
  return { ok: true, note: note === "" ? null : note };
}

/**
 * Moves an order to `to` if the workflow allows it from its current status: confirming takes
 * the stock of every line (refused, naming the product, when there is not enough), cancelling
 * a confirmed order or taking back a shipped one puts it back. One transaction per change.
 */
export async function changeOrderStatus(
  db: Kysely<Database>,
  orderId: number,
  to: unknown,
  actor: OrderActor,
  note?: unknown,
  now: () => Date = () => new Date(),
): Promise<WorkflowResult> {
  if (!isOrderStatus(to)) return { ok: false, code: "invalid_status" };
  const cleaned = cleanNote(note);
  if (!cleaned.ok) return { ok: false, ...cleaned.error };
  const from = await selectOrderStatus(db, orderId);
  if (!from) return { ok: false, code: "not_found" };
  if (!canTransition(from, to)) return { ok: false, code: "not_allowed", from, to };

  const result = await applyStatusChange(db, {
    orderId,
    from,
    to,
    stock: stockEffect(from, to),
    actor: actor.email,
    note: cleaned.note,
    at: now().toISOString(),
  });
  switch (result.kind) {
    case "changed":
      logger.info({ orderId, from, to, adminId: actor.adminId }, "order status changed");
      return { ok: true };
    case "stale":
      return { ok: false, code: "stale" };
    case "short":
      return result.missing
        ? { ok: false, code: "product_missing", product: result.title }
        : { ok: false, code: "out_of_stock", product: result.title, available: result.available };
  }
}

export async function addOrderNote(db: Kysely<Database>, orderId: number, actor: OrderActor, raw: unknown): Promise<WorkflowResult> {
  const cleaned = cleanNote(raw);
  if (!cleaned.ok) return { ok: false, ...cleaned.error };
  if (cleaned.note === null) return { ok: false, code: "note_empty" };
  if (!(await selectOrderStatus(db, orderId))) return { ok: false, code: "not_found" };
  await insertOrderNote(db, { orderId, adminId: actor.adminId, author: actor.email, note: cleaned.note, at: nowIso() });
  return { ok: true };
}

/** True when orders from this (normalised) phone are refused. */
export async function isPhoneBlocked(db: Kysely<Database>, phone: string): Promise<boolean> {
  return (await selectBlockedPhone(db, phone)) !== undefined;
}

export function blockedPhoneEntry(db: Kysely<Database>, phone: string) {
  return selectBlockedPhone(db, phone);
}

export async function blockPhone(db: Kysely<Database>, rawPhone: unknown, actor: OrderActor, rawReason?: unknown): Promise<WorkflowResult> {
  const phone = typeof rawPhone === "string" ? normalizeAlgerianMobile(rawPhone) : null;
  if (!phone) return { ok: false, code: "invalid_phone" };
  const cleaned = cleanNote(rawReason);
  if (!cleaned.ok) return { ok: false, ...cleaned.error };
  await insertBlockedPhone(db, { phone, reason: cleaned.note, createdBy: actor.email, at: nowIso() });
  logger.info({ adminId: actor.adminId }, "phone blocked");
  return { ok: true };
}

export async function unblockPhone(db: Kysely<Database>, rawPhone: unknown): Promise<WorkflowResult> {
  const phone = typeof rawPhone === "string" ? normalizeAlgerianMobile(rawPhone) : null;
  if (!phone) return { ok: false, code: "invalid_phone" };
  await deleteBlockedPhone(db, phone);
  return { ok: true };
}

/** The translated sentence for a refusal (adminOrders.errors.*). */
export function workflowErrorMessage(t: TFunction, error: WorkflowError): string {
  switch (error.code) {
    case "not_allowed":
      return t("adminOrders.errors.not_allowed", {
        from: t(`adminOrders.status.${error.from}`),
        to: t(`adminOrders.status.${error.to}`),
      });
    case "out_of_stock":
      return t("adminOrders.errors.out_of_stock", { product: error.product, count: error.available });
    case "product_missing":
      return t("adminOrders.errors.product_missing", { product: error.product });
    case "note_too_long":
      return t("adminOrders.errors.note_too_long", { max: MAX_ORDER_NOTE_LENGTH });
    default:
      return t(`adminOrders.errors.${error.code}`);
  }
}
