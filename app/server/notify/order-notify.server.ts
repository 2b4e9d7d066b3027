import type { TFunction } from "i18next";
import { maskPhone } from "~/lib/phone";
import type { Env } from "../env.server";
import type { OutboxTransport } from "./outbox.server";
import type { OutboxMessage } from "../platform/index.server";

/**
 * The merchant's "new order" notification: a short message per order to a Telegram chat
 * (NOTIFY_TELEGRAM_BOT_TOKEN + NOTIFY_TELEGRAM_CHAT_ID) and/or a JSON POST to ORDER_NOTIFY_URL.
 * Written to the outbox in the order's transaction (one message per channel, so a channel that
 * is down retries alone) and sent by the outbox worker with its retries; an order never waits.
 */

export const ORDER_NOTIFY_TELEGRAM_TOPIC = "order.notify.telegram";
export const ORDER_NOTIFY_URL_TOPIC = "order.notify.url";

export interface OrderNotifySettings {
  telegram?: { botToken: string; chatId: string; apiUrl: string };
  /** Generic endpoint: receives the JSON of OrderNotifyPayload. */
  url?: string;
  /** The shop's public address (PUBLIC_URL) for the link in the message; unset: a path only. */
  publicUrl?: string;
}

/** The notification settings of the environment, or undefined when no channel is configured. */
export function orderNotifySettingsFromEnv(config: Env): OrderNotifySettings | undefined {
  const telegram =
    config.NOTIFY_TELEGRAM_BOT_TOKEN && config.NOTIFY_TELEGRAM_CHAT_ID
      ? { botToken: config.NOTIFY_TELEGRAM_BOT_TOKEN, chatId: config.NOTIFY_TELEGRAM_CHAT_ID, apiUrl: config.NOTIFY_TELEGRAM_API_URL }
      : undefined;
  if (!telegram && !config.ORDER_NOTIFY_URL) return undefined;
  return { telegram, url: config.ORDER_NOTIFY_URL, publicUrl: config.PUBLIC_URL };
}

export interface OrderNotifyInput {
  orderNumber: string;
  total: number;
  wilaya: { code: string; name: string; nameAr: string };
  phone: string;
  itemsCount: number;
}

/** What ORDER_NOTIFY_URL receives (JSON): no name, no address, the phone masked. */
export interface OrderNotifyPayload {
  orderNumber: string;
  total: number;
  wilaya: string;
  phone: string;
  itemsCount: number;
  url: string;
}

/** The admin's page of the order: its delivery slip (absolute with PUBLIC_URL). */
export function orderAdminUrl(orderNumber: string, publicUrl?: string): string {
  const path = `/admin/orders/${encodeURIComponent(orderNumber)}/slip`;
  return publicUrl ? new URL(path, publicUrl).toString() : path;
}

export function orderNotifyPayload(input: OrderNotifyInput, publicUrl?: string): OrderNotifyPayload {
  return {
    orderNumber: input.orderNumber,
    total: input.total,
    wilaya: `${input.wilaya.code} - ${input.wilaya.name}`,
    phone: maskPhone(input.phone),
    itemsCount: input.itemsCount,
    url: orderAdminUrl(input.orderNumber, publicUrl),
  };
}

/** The Telegram text of an order, in the translator's language (the merchant's: Arabic). */
export function orderNotifyText(input: OrderNotifyInput, t: TFunction, publicUrl?: string): string {
  const payload = orderNotifyPayload(input, publicUrl);
  return t("adminOrdersPrint.notify.message", {
    orderNumber: payload.orderNumber,
    total: payload.total,
    wilaya: `${input.wilaya.code} - ${input.wilaya.nameAr}`,
    phone: payload.phone,
    itemsCount: payload.itemsCount,
    url: payload.url,
    interpolation: { escapeValue: false },
  });
}

/** The outbox messages of one new order: one per configured channel. */
export function orderNotifyMessages(input: OrderNotifyInput, settings: OrderNotifySettings, t: TFunction): OutboxMessage[] {
  const messages: OutboxMessage[] = [];
  if (settings.telegram) {
    messages.push({ topic: ORDER_NOTIFY_TELEGRAM_TOPIC, payload: JSON.stringify({ text: orderNotifyText(input, t, settings.publicUrl) }) });
  }
  if (settings.url) {
    messages.push({ topic: ORDER_NOTIFY_URL_TOPIC, payload: JSON.stringify(orderNotifyPayload(input, settings.publicUrl)) });
  }
  return messages;
}

/**
 * How the worker sends each channel's messages. Telegram: Bot API sendMessage (JSON
 * `{ chat_id, text }`); the token and chat come from the settings at send time (never stored
 * in the database). The generic URL: the payload as JSON.
 */
export function orderNotifyTransports(settings: OrderNotifySettings | undefined): Record<string, OutboxTransport> {
  const transports: Record<string, OutboxTransport> = {};
  const telegram = settings?.telegram;
  if (telegram) {
    const base = telegram.apiUrl.replace(/\/+$/, "");
    transports[ORDER_NOTIFY_TELEGRAM_TOPIC] = (payload) => ({
      url: `${base}/bot${telegram.botToken}/sendMessage`,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        chat_id: telegram.chatId,
        text: (JSON.parse(payload) as { text: string }).text,
        disable_web_page_preview: true,
      }),
    });
  }
  const url = settings?.url;
  if (url) {
    transports[ORDER_NOTIFY_URL_TOPIC] = (payload) => ({
      url,
      headers: { "Content-Type": "application/json" },
      body: payload,
    });
  }
  return transports;
}
