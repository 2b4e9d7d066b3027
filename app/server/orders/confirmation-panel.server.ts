import type { Kysely } from "kysely";
import { createI18n } from "~/i18n/i18n";
import { confirmationWhatsappUrl, WHATSAPP_LANGUAGES, WHATSAPP_TEMPLATES, type WhatsappTemplate } from "~/lib/whatsapp-confirm";
import type { Database } from "../db/database.server";
import { communeNamesByCode, wilayaNamesByCode } from "../delivery/index.server";
import type { AdminOrder } from "./admin-orders.server";
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

/**
 * The panel of an order already loaded for its page (getAdminOrder): its confirmation, the
 * customer's history and the WhatsApp links. Each message names the wilaya and commune in its
 * own language, so only those names are read here, never the order again.
 */
export async function confirmationPanel(
  db: Kysely<Database>,
  { order, items }: Pick<AdminOrder, "order" | "items">,
): Promise<ConfirmationPanelData | null> {
  const [confirmation, customer, wilayas, communes, translations] = await Promise.all([
    orderConfirmation(db, order.id),
    customerHistory(db, order.phone, order.id),
    wilayaNamesByCode(db),
    communeNamesByCode(db, order.communeCode ? [order.communeCode] : []),
    Promise.all(WHATSAPP_LANGUAGES.map((language) => createI18n(language))),
  ]);
  if (!confirmation) return null;
  const wilaya = wilayas.get(order.wilayaCode);
  const commune = order.communeCode ? communes.get(order.communeCode) : undefined;
  const whatsapp: ConfirmationPanelData["whatsapp"] = [];
  WHATSAPP_LANGUAGES.forEach((language, index) => {
    const { t } = translations[index]!;
    const arabic = language === "ar";
    const delivery = [
      order.stopDeskName,
      commune ? (arabic ? commune.nameAr : commune.name) : order.communeCode,
      wilaya ? (arabic ? wilaya.name_ar : wilaya.name) : null,
    ]
      .filter((part): part is string => Boolean(part))
      .join(t("adminConfirmation.whatsapp.separator"));
    const message = { orderNumber: order.orderNumber, firstName: order.firstName, lines: items, total: order.total, delivery };
    for (const template of WHATSAPP_TEMPLATES)
      whatsapp.push({ template, language, url: confirmationWhatsappUrl(order.phone, template, message, language, t) });
  });
  return { orderId: order.id, phone: order.phone, confirmation, customer, whatsapp };
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
