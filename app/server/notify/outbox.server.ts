import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import { logger } from "../logger.server";
import { claimDueOutboxMessages, markOutboxDelivered, markOutboxFailed } from "./outbox.repo.server";

/** Back-off: 30 s × 2^(attempts − 1) after each failure, at most 1 h; given up after 10 attempts. */
export const OUTBOX_BASE_DELAY_MS = 30_000;
export const OUTBOX_MAX_DELAY_MS = 60 * 60 * 1000;
export const OUTBOX_MAX_ATTEMPTS = 10;
export const OUTBOX_TIMEOUT_MS = 5_000;
/** How long a worker holds the rows it claimed: well beyond one batch sent in parallel with the timeout. */
const CLAIM_MS = 2 * 60 * 1000;
const BATCH = 10;

export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX_MAX_DELAY_MS, OUTBOX_BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface DeliverOptions {
  /** Where messages are POSTed. */
  url: string;
  now?: Date;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  batchSize?: number;
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
 * rows), POSTs each message's fields as application/x-www-form-urlencoded to `url`, marks it
 * delivered on a 2xx answer, else schedules a retry with exponential back-off, keeping the error.
 */
export async function deliverDueMessages(db: Kysely<Database>, options: DeliverOptions): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const send = options.fetch ?? globalThis.fetch;
  const token = randomUUID();
  const claimed = await claimDueOutboxMessages(db, {
    now: now.toISOString(),
    claimedUntil: new Date(now.getTime() + CLAIM_MS).toISOString(),
    token,
    limit: options.batchSize ?? BATCH,
  });
  const report: DeliveryReport = { claimed: claimed.length, delivered: 0, retrying: 0, gaveUp: 0 };

  await Promise.all(
    claimed.map(async (message) => {
      let error: string;
      try {
        const fields = JSON.parse(message.payload) as Record<string, string>;
        const response = await send(options.url, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" },
          body: new URLSearchParams(fields).toString(),
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

/**
 * Delivers due messages every `intervalMs` (5 s) in the background: unref'd (never keeps the
 * process alive), one round at a time. Returns a function that stops it.
 */
export function startOutboxWorker(db: Kysely<Database>, url: string, intervalMs = 5_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverDueMessages(db, { url })
      .catch((error: unknown) => logger.error({ err: error }, "outbox round failed"))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
