import type { Kysely } from "kysely";
import { COURIER_WEBHOOKS, courierWebhookSecret, listCourierAccounts, type CourierWebhooks } from "../couriers/index.server";
import type { Database } from "../db/database.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { overRateLimit, windowStart } from "../platform/index.server";
import { applyParcelEvents, type ApplyReport } from "./parcel-status.server";

/**
 * A courier's webhook (POST /api/couriers/webhooks/:accountId): the signature is checked on the
 * raw body with the account's webhook secret before a byte of it is parsed; only then are its
 * events applied (each once, the latest by when it happened).
 */

/** The largest webhook body read: a courier's batch of events is a few KB. */
export const COURIER_WEBHOOK_MAX_BYTES = 64 * 1024;

export type CourierWebhookResult = { status: 200; report: ApplyReport } | { status: 401 | 404 | 429 };

async function webhooksOf(db: Kysely<Database>, accountId: number): Promise<CourierWebhooks | null> {
  if (!Number.isSafeInteger(accountId) || accountId <= 0) return null;
  const account = (await listCourierAccounts(db)).find((row) => row.id === accountId);
  return account ? (COURIER_WEBHOOKS[account.family] ?? null) : null;
}

/** Requests per address and minute on the webhook route (counted before the signature is checked). */
async function overWebhookLimit(db: Kysely<Database>, ip: string, now: Date): Promise<boolean> {
  return overRateLimit(db, {
    key: `courier-webhook:${ip}`,
    windowStart: windowStart(now, 60),
    limit: env().COURIER_WEBHOOK_RATE_LIMIT_PER_MINUTE,
  });
}

/** A POSTed webhook: 404 (no such account, or its family sends none), 429, 401 (signature), else 200 once applied. */
export async function receiveCourierWebhook(
  db: Kysely<Database>,
  input: { accountId: number; rawBody: Uint8Array; headers: Headers; ip: string },
  now: Date = new Date(),
): Promise<CourierWebhookResult> {
  if (await overWebhookLimit(db, input.ip, now)) return { status: 429 };
  const webhooks = await webhooksOf(db, input.accountId);
  if (!webhooks) return { status: 404 };
  const secret = await courierWebhookSecret(db, input.accountId);
  if (!secret || !webhooks.verify(input.rawBody, input.headers, secret)) {
    logger.warn({ courierAccount: input.accountId }, "courier webhook refused: bad or missing signature");
    return { status: 401 };
  }
  const report = await applyParcelEvents(db, input.accountId, webhooks.parse(input.rawBody), now);
  logger.info({ courierAccount: input.accountId, ...report }, "courier webhook applied");
  return { status: 200, report };
}

/** A subscription handshake (GET with the family's query): its answer, or 404 (no account, no webhooks, not a handshake). */
export async function answerCourierWebhookHandshake(
  db: Kysely<Database>,
  input: { accountId: number; query: URLSearchParams; ip: string },
  now: Date = new Date(),
): Promise<{ status: 200; body: Record<string, string> } | { status: 404 | 429 }> {
  if (await overWebhookLimit(db, input.ip, now)) return { status: 429 };
  const webhooks = await webhooksOf(db, input.accountId);
  const answer = webhooks?.handshake?.(input.query) ?? null;
  return answer ? { status: 200, body: answer } : { status: 404 };
}
