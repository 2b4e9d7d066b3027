import type { Kysely } from "kysely";
import type { TFunction } from "i18next";
import { CANCEL_REASONS, isUnanswered, type CallOutcome, type CancelReason, type ConfirmationState } from "~/lib/confirmation";
import { MAX_ORDER_NOTE_LENGTH } from "~/lib/order-workflow";
import type { Database } from "../db/database.server";
import { logger } from "../logger.server";
import { getMaxUnansweredAttempts } from "../settings/index.server";
import { insertClosingAttempt, insertOpenAttempt, selectCallAttempts, selectConfirmation } from "./confirmation.repo.server";
import { changeOrderStatus, workflowErrorMessage, type WorkflowError } from "./order-workflow.server";

/**
 * The confirmation calls (docs/decisions/0032-confirmation-queue.md): each call is an attempt
 * with its agent and outcome; the order is confirmed or cancelled with a reason through the
 * orders' workflow (changeOrderStatus: the stock is taken at confirmation, race-safe), which
 * keeps the confirmation state in step with the status.
 */

/** The agent acting: the signed-in admin (AdminSession carries these). */
export interface ConfirmationAgent {
  adminId: number;
  name: string;
}

/** The outcomes an agent logs without closing the order (confirm and cancel have their own actions). */
export const OPEN_OUTCOMES = ["no_answer", "busy", "unreachable", "wrong_number", "callback", "postponed"] as const satisfies readonly CallOutcome[];
export type OpenOutcome = (typeof OPEN_OUTCOMES)[number];

/** A call-back is at least a minute ahead and at most this far. */
export const MAX_CALLBACK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The shop's clock: Algeria is UTC+1 all year (no summer time). A postponed order is called back at 9:00 there. */
const ALGIERS_OFFSET = "+01:00";
const POSTPONED_HOUR = "09:00";

export type ConfirmationError =
  | { code: "not_found" }
  | { code: "invalid_outcome" }
  | { code: "callback_required" }
  | { code: "callback_past" }
  | { code: "callback_too_far" }
  | { code: "not_open" }
  | { code: "invalid_reason" }
  | { code: "note_required" }
  | { code: "note_too_long" }
  | { code: "workflow"; error: WorkflowError };

export type ConfirmationResult = { ok: true } | ({ ok: false } & ConfirmationError);

function cleanNote(raw: unknown): string | null | undefined {
  const note = typeof raw === "string" ? raw.trim() : "";
  if (note.length > MAX_ORDER_NOTE_LENGTH) return undefined;
  return note === "" ? null : note;
}

/**
 * The call-back time: "callback" takes a chosen time (an ISO instant, or a datetime-local value
 * "YYYY-MM-DDTHH:MM" read on the shop's clock), "postponed" a date (called back that day at
 * POSTPONED_HOUR); in the future and at most MAX_CALLBACK_DAYS ahead.
 */
export function parseCallbackAt(
  outcome: "callback" | "postponed",
  raw: unknown,
  now: Date,
): { ok: true; at: string } | { ok: false; code: ConfirmationError["code"] } {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") return { ok: false, code: "callback_required" };
  let instant: Date;
  if (outcome === "postponed") {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return { ok: false, code: "callback_required" };
    instant = new Date(`${text}T${POSTPONED_HOUR}:00${ALGIERS_OFFSET}`);
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) {
    instant = new Date(`${text}:00${ALGIERS_OFFSET}`);
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    instant = new Date(text);
  } else {
    return { ok: false, code: "callback_required" };
  }
  if (Number.isNaN(instant.getTime())) return { ok: false, code: "callback_required" };
  if (instant.getTime() <= now.getTime()) return { ok: false, code: "callback_past" };
  if (instant.getTime() > now.getTime() + MAX_CALLBACK_DAYS * DAY_MS) return { ok: false, code: "callback_too_far" };
  return { ok: true, at: instant.toISOString() };
}

/**
 * Logs one call that did not close the order (no answer, busy, unreachable, wrong number, call
 * back at a time, postponed to a date): the order's attempts +1; the unanswered ones +1 for no
 * answer, busy and unreachable, back to 0 when someone answered; the order in progress.
 */
export async function logCallAttempt(
  db: Kysely<Database>,
  orderId: number,
  input: { outcome: unknown; callbackAt?: unknown; note?: unknown },
  agent: ConfirmationAgent,
  now: Date = new Date(),
): Promise<ConfirmationResult> {
  const outcome = input.outcome;
  if (typeof outcome !== "string" || !(OPEN_OUTCOMES as readonly string[]).includes(outcome)) return { ok: false, code: "invalid_outcome" };
  const open = outcome as OpenOutcome;
  const note = cleanNote(input.note);
  if (note === undefined) return { ok: false, code: "note_too_long" };
  let callbackAt: string | null = null;
  if (open === "callback" || open === "postponed") {
    const parsed = parseCallbackAt(open, input.callbackAt, now);
    if (!parsed.ok) return { ok: false, code: parsed.code } as ConfirmationResult;
    callbackAt = parsed.at;
  }
  const order = await selectConfirmation(db, orderId);
  if (!order) return { ok: false, code: "not_found" };
  const written = await insertOpenAttempt(db, {
    orderId,
    adminId: agent.adminId,
    agent: agent.name,
    outcome: open,
    unanswered: isUnanswered(open),
    callbackAt,
    note,
    at: now.toISOString(),
  });
  if (!written) return { ok: false, code: "not_open" };
  logger.info({ orderId, outcome: open, adminId: agent.adminId }, "call attempt logged");
  return { ok: true };
}

/** Confirms the order after the call: status new → confirmed through the workflow (the stock taken, or refused naming the product). */
export async function confirmOrderCall(
  db: Kysely<Database>,
  orderId: number,
  agent: ConfirmationAgent,
  now: Date = new Date(),
): Promise<ConfirmationResult> {
  const result = await changeOrderStatus(db, orderId, "confirmed", { adminId: agent.adminId, email: agent.name }, undefined, () => now);
  if (!result.ok) return result.code === "not_found" ? { ok: false, code: "not_found" } : { ok: false, code: "workflow", error: result };
  await insertClosingAttempt(db, {
    orderId,
    adminId: agent.adminId,
    agent: agent.name,
    outcome: "confirmed",
    reason: null,
    note: null,
    at: now.toISOString(),
  });
  return { ok: true };
}

export function isCancelReason(value: unknown): value is CancelReason {
  return typeof value === "string" && (CANCEL_REASONS as readonly string[]).includes(value);
}

/** Cancels the order with a reason (CANCEL_REASONS; "other" needs a note) through the workflow (a confirmed order's stock goes back). */
export async function cancelOrderCall(
  db: Kysely<Database>,
  orderId: number,
  input: { reason: unknown; note?: unknown },
  agent: ConfirmationAgent,
  now: Date = new Date(),
): Promise<ConfirmationResult> {
  if (!isCancelReason(input.reason)) return { ok: false, code: "invalid_reason" };
  const note = cleanNote(input.note);
  if (note === undefined) return { ok: false, code: "note_too_long" };
  if (input.reason === "other" && note === null) return { ok: false, code: "note_required" };
  const result = await changeOrderStatus(db, orderId, "cancelled", { adminId: agent.adminId, email: agent.name }, note, () => now);
  if (!result.ok) return result.code === "not_found" ? { ok: false, code: "not_found" } : { ok: false, code: "workflow", error: result };
  await insertClosingAttempt(db, {
    orderId,
    adminId: agent.adminId,
    agent: agent.name,
    outcome: "cancelled",
    reason: input.reason,
    note,
    at: now.toISOString(),
  });
  return { ok: true };
}

export interface OrderConfirmationView {
  state: ConfirmationState;
  attempts: number;
  unanswered: number;
  callbackAt: string | null;
  cancelReason: CancelReason | null;
  cancelNote: string | null;
  /** The shop's threshold reached: the team is told to consider cancelling. */
  suggestCancel: boolean;
  maxUnanswered: number;
  /** Still awaiting its confirmation: attempts may be logged. */
  open: boolean;
  lockedBy: number | null;
  lockedUntil: string | null;
  history: { id: number; agent: string; outcome: CallOutcome; callbackAt: string | null; note: string | null; at: string }[];
}

/** The order's confirmation as the panel and the queue show it; null when there is no such order. */
export async function orderConfirmation(db: Kysely<Database>, orderId: number): Promise<OrderConfirmationView | null> {
  const [order, attempts, maxUnanswered] = await Promise.all([
    selectConfirmation(db, orderId),
    selectCallAttempts(db, orderId),
    getMaxUnansweredAttempts(db),
  ]);
  if (!order) return null;
  const open = order.status === "new" && (order.confirmation_state === "to_call" || order.confirmation_state === "in_progress");
  return {
    state: order.confirmation_state,
    attempts: Number(order.call_attempts),
    unanswered: Number(order.unanswered_attempts),
    callbackAt: order.callback_at,
    cancelReason: isCancelReason(order.cancel_reason) ? order.cancel_reason : null,
    cancelNote: order.cancel_note,
    suggestCancel: open && Number(order.unanswered_attempts) >= maxUnanswered,
    maxUnanswered,
    open,
    lockedBy: order.queue_locked_by,
    lockedUntil: order.queue_locked_until,
    history: attempts.map((row) => ({
      id: row.id,
      agent: row.agent,
      outcome: row.outcome,
      callbackAt: row.callback_at,
      note: row.note,
      at: row.created_at,
    })),
  };
}

/** The translated sentence for a refusal (adminConfirmation.errors.*, or the workflow's). */
export function confirmationErrorMessage(t: TFunction, error: ConfirmationError): string {
  if (error.code === "workflow") return workflowErrorMessage(t, error.error);
  return t(`adminConfirmation.errors.${error.code}`);
}
