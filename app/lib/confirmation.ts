/**
 * An order's confirmation, apart from its fulfilment (docs/decisions/0032-confirmation-queue.md):
 * the team calls each new order; each call is an attempt with an outcome; the order ends
 * confirmed, or cancelled with a reason. Pure rules, shared by the browser and the server.
 */

export const CONFIRMATION_STATES = ["to_call", "in_progress", "confirmed", "cancelled"] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** What a call ended with. The first three are unanswered: they count towards "suggest cancelling". */
export const CALL_OUTCOMES = ["no_answer", "busy", "unreachable", "wrong_number", "callback", "postponed", "confirmed", "cancelled"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const UNANSWERED_OUTCOMES: readonly CallOutcome[] = ["no_answer", "busy", "unreachable"];

export function isUnanswered(outcome: CallOutcome): boolean {
  return UNANSWERED_OUTCOMES.includes(outcome);
}

export const CANCEL_REASONS = ["refused", "fake", "duplicate", "out_of_stock", "price", "other"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
