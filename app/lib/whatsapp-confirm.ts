import type { TFunction } from "i18next";
import type { Language } from "~/i18n/config";
import { formatDinars } from "./money";
import { whatsappChatUrl } from "./phone";

/**
 * The confirmation team's WhatsApp messages to a customer (pure): "confirm your order" and "we
 * could not reach you", with the order's number, lines, total and delivery, written in the
 * message's language (Arabic or French, whatever the admin's own language: `t` is that
 * language's translator) from the adminConfirmation.whatsapp texts; opened as a wa.me link to the customer's number.
 */

export const WHATSAPP_TEMPLATES = ["confirm", "unreachable"] as const;
export type WhatsappTemplate = (typeof WHATSAPP_TEMPLATES)[number];

/** The message languages: the customers' two languages. */
export const WHATSAPP_LANGUAGES = ["ar", "fr"] as const satisfies readonly Language[];

export interface WhatsappOrder {
  orderNumber: string;
  firstName: string;
  lines: readonly { title: string; quantity: number }[];
  total: number;
  /** Where it goes: "wilaya, commune" or the stop-desk, already in the message's language. */
  delivery: string;
}

/** A message may not grow without bound: beyond this many lines, "…". */
export const MAX_MESSAGE_LINES = 10;

export function confirmationMessage(template: WhatsappTemplate, order: WhatsappOrder, language: Language, t: TFunction): string {
  const shown = order.lines.slice(0, MAX_MESSAGE_LINES).map((line) => `- ${line.title} × ${line.quantity}`);
  if (order.lines.length > MAX_MESSAGE_LINES) shown.push("- …");
  return t(`adminConfirmation.whatsapp.${template}`, {
    name: order.firstName,
    number: order.orderNumber,
    lines: shown.join("\n"),
    total: formatDinars(order.total, language),
    delivery: order.delivery,
  });
}

export function confirmationWhatsappUrl(phone: string, template: WhatsappTemplate, order: WhatsappOrder, language: Language, t: TFunction): string {
  return whatsappChatUrl(phone, confirmationMessage(template, order, language, t));
}
