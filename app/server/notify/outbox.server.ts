import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import { logger } from "../logger.server";
import { ORDER_CREATED_TOPIC } from "./order-webhook.server";
import { claimDueOutboxMessages, markOutboxDelivered, markOutboxFailed, startBackgroundLoop } from "../platform/index.server";

/** Back-off: 30 s × 2^(attempts − 1) after each failure, at most 1 h; given up after 10 attempts. */
export const OUTBOX_BASE_DELAY_MS = 30_000;
export const OUTBOX_MAX_DELAY_MS = 60 * 60 * 1000;
export const OUTBOX_MAX_ATTEMPTS = 10;
export const OUTBOX_TIMEOUT_MS = 5_000;
/** How long a worker holds the rows it claimed: well beyond one batch sent in parallel with the timeout. */
export const OUTBOX_CLAIM_MS = 2 * 60 * 1000;
const BATCH = 10;
/** Batches one worker round may send back to back (then it waits for the next tick). */
const MAX_BATCHES_PER_ROUND = 50;

export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX_MAX_DELAY_MS, OUTBOX_BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

/** The HTTP request that delivers one message of a topic (POST), built from its payload. */
export type OutboxTransport = (payload: string) => { url: string; headers: Record<string, string>; body: string };

/** The order webhook's transport: the payload's fields, form-encoded, as the old shop's endpoint reads them. */
export function formTransport(url: string): OutboxTransport {
  return (payload) => ({
    url,
    headers: { "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" },
    body: new URLSearchParams(JSON.parse(payload) as Record<string, string>).toString(),
  });
}

export interface DeliverOptions {
  /** Where 'order.created' messages (the order webhook) are POSTed, form-encoded. */
  url?: string;
  /** How other topics are sent (e.g. the new-order notifications); a worker claims only the topics it can send. */
  transports?: Record<string, OutboxTransport>;
  now?: Date;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  batchSize?: number;
  /** How long the claimed rows are held (OUTBOX_CLAIM_MS): a crashed worker's rows are sent again after it. */
  claimMs?: number;
}

export interface DeliveryReport {
  claimed: number;
  delivered: number;
  /** Failed this time, tried again later. */
  retrying: number;
  /** Failed for the last time (OUTBOX_MAX_ATTEMPTS reached). */
  gaveUp: number;
}

/**
 * Sends the due outbox messages once: claims a batch (so another instance never sends the same
 * rows), POSTs each message as its topic's transport says ('order.created': its fields as
 * application/x-www-form-urlencoded to `url`), marks it
 * delivered on a 2xx answer, else schedules a retry with exponential back-off, keeping the error.
 */
export async function deliverDueMessages(db: Kysely<Database>, options: DeliverOptions): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const send = options.fetch ?? globalThis.fetch;
  const token = randomUUID();
  const transports: Record<string, OutboxTransport> = { ...options.transports };
  if (options.url) transports[ORDER_CREATED_TOPIC] = formTransport(options.url);
  const claimed = await claimDueOutboxMessages(db, {
    now: now.toISOString(),
    claimedUntil: new Date(now.getTime() + (options.claimMs ?? OUTBOX_CLAIM_MS)).toISOString(),
    token,
    limit: options.batchSize ?? BATCH,
    topics: Object.keys(transports),
  });
  const report: DeliveryReport = { claimed: claimed.length, delivered: 0, retrying: 0, gaveUp: 0 };

  await Promise.all(
    claimed.map(async (message) => {
      let error: string;
      try {
        const request = transports[message.topic]!(message.payload);
        const response = await send(request.url, {
          method: "POST",
          headers: request.headers,
          body: request.body,
          signal: AbortSignal.timeout(options.timeoutMs ?? OUTBOX_TIMEOUT_MS),
          redirect: "follow",
        });
        await response.body?.cancel();
        if (response.ok) {
          await markOutboxDelivered(db, message.id, token, new Date().toISOString());
          report.delivered += 1;
          return;
        }
        error = `HTTP ${response.status}`;
      } catch (cause) {
        error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
      }
      const attempts = message.attempts + 1;
      const giveUp = attempts >= OUTBOX_MAX_ATTEMPTS;
      await markOutboxFailed(db, message.id, token, {
        attempts,
        error: error.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        giveUpAt: giveUp ? now.toISOString() : null,
      });
      if (giveUp) {
        report.gaveUp += 1;
        logger.error({ outboxId: message.id, topic: message.topic, attempts, error }, "outbox message given up");
      } else {
        report.retrying += 1;
        logger.warn({ outboxId: message.id, topic: message.topic, attempts, error }, "outbox delivery failed");
      }
    }),
  );
  return report;
}

/** A running outbox worker; `stop()` ends it and resolves once the batch in progress (if any) is done. */
export interface OutboxWorker {
  stop(): Promise<void>;
}

/**
 * Delivers due messages every `intervalMs` (5 s) in the background: unref'd (never keeps the
 * process alive), one round at a time. `stop()` (graceful shutdown) cancels the next rounds and
 * waits for the current one, so the database is never closed under a batch.
 */
export function startOutboxWorker(
  db: Kysely<Database>,
  target: string | Pick<DeliverOptions, "url" | "transports" | "claimMs">,
  intervalMs = 5_000,
): OutboxWorker {
  const options = typeof target === "string" ? { url: target } : target;
  // One round sends batch after batch while they come back full, so a burst of orders is not
  // held to one batch per interval (10 messages every 5 s); it stops early when asked to.
  return startBackgroundLoop("outbox round", intervalMs, async (stopped) => {
    for (let batch = 0; batch < MAX_BATCHES_PER_ROUND && !stopped(); batch++) {
      const report = await deliverDueMessages(db, options);
      if (report.claimed < BATCH) return;
    }
  });
}
