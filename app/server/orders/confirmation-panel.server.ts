import type { Kysely } from "kysely";
import { createI18n } from "~/i18n/i18n";
import { confirmationWhatsappUrl, WHATSAPP_LANGUAGES, WHATSAPP_TEMPLATES, type WhatsappTemplate } from "~/lib/whatsapp-confirm";
import type { Database } from "../db/database.server";
import { getAdminOrder } from "./admin-orders.server";
import {
  cancelOrderCall,
  confirmOrderCall,
  logCallAttempt,
  orderConfirmation,
  type ConfirmationAgent,
  type ConfirmationResult,
  type OrderConfirmationView,
} from "./confirmation.service.server";
import { customerHistory, type CustomerHistory } from "./customer-history.server";

/**
 * What the confirmation panel shows (the order page and the call queue): the confirmation, the
 * customer's history, and the WhatsApp messages (Arabic and French) with the order's details.
 */
export interface ConfirmationPanelData {
  orderId: number;
  phone: string;
  confirmation: OrderConfirmationView;
  customer: CustomerHistory;
  whatsapp: { template: WhatsappTemplate; language: "ar" | "fr"; url: string }[];
}

export async function confirmationPanel(db: Kysely<Database>, orderId: number): Promise<ConfirmationPanelData | null> {
  const confirmation = await orderConfirmation(db, orderId);
  if (!confirmation) return null;
  const whatsapp: ConfirmationPanelData["whatsapp"] = [];
  let phone = "";
  let customer: CustomerHistory | null = null;
  for (const language of WHATSAPP_LANGUAGES) {
    // Each message names the wilaya and commune in its own language.
    const [found, { t }] = await Promise.all([getAdminOrder(db, orderId, language), createI18n(language)]);
    if (!found) return null;
    const { order, items } = found;
    phone = order.phone;
    customer ??= await customerHistory(db, order.phone, order.id);
    const delivery = [order.stopDeskName ?? null, order.communeName, order.wilayaName]
      .filter((part): part is string => Boolean(part))
      .join(language === "ar" ? "، " : ", ");
    const message = { orderNumber: order.orderNumber, firstName: order.firstName, lines: items, total: order.total, delivery };
    for (const template of WHATSAPP_TEMPLATES)
      whatsapp.push({ template, language, url: confirmationWhatsappUrl(order.phone, template, message, language, t) });
  }
  return { orderId, phone, confirmation, customer: customer!, whatsapp };
}

/** The confirmation intents of an admin form: call (outcome, callbackAt, note), confirm-call, cancel-call (reason, note). */
export const CONFIRMATION_INTENTS = ["call", "confirm-call", "cancel-call"] as const;

/**
 * Runs a confirmation intent posted by the order page or the queue; null when `intent` is not
 * one (the route handles its own). The fields are the form's values as posted.
 */
export function runConfirmationIntent(
  db: Kysely<Database>,
  orderId: number,
  intent: unknown,
  fields: { outcome?: unknown; callbackAt?: unknown; note?: unknown; reason?: unknown },
  agent: ConfirmationAgent,
  now: Date = new Date(),
): Promise<ConfirmationResult> | null {
  switch (intent) {
    case "call":
      return logCallAttempt(db, orderId, { outcome: fields.outcome, callbackAt: fields.callbackAt, note: fields.note }, agent, now);
    case "confirm-call":
      return confirmOrderCall(db, orderId, agent, now);
    case "cancel-call":
      return cancelOrderCall(db, orderId, { reason: fields.reason, note: fields.note }, agent, now);
    default:
      return null;
  }
}
