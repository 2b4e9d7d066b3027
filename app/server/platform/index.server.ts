/**
 * The platform: what every domain shares and no domain owns. It alone reads and writes the
 * rate_limit_counters and outbox tables; domains call it with their own transaction.
 * - rate limits: fixed-window counters (withRateLimits inside a transaction, countAttempts for
 *   sign-in throttling);
 * - the outbox: enqueueOutbox in the cause's transaction, and the claim and acknowledgement
 *   queries the delivery worker (app/server/notify) runs;
 * - isUniqueViolation, the one test for "a unique index or primary key refused this write";
 * - secretBox: secrets sealed at rest (AES-256-GCM) under the key of SECRETS_KEY;
 * - startBackgroundLoop: the one way background work (outbox, courier polling) runs on a timer.
 */
export {
  countAttempts,
  limitedTransaction,
  overRateLimit,
  pruneRateLimits,
  RateLimitExceeded,
  uncountAttempts,
  windowStart,
  withRateLimits,
  type LimitedTransactionResult,
  type RateLimitRule,
} from "./rate-limits.server";
export {
  claimDueOutboxMessages,
  enqueueOutbox,
  markOutboxDelivered,
  markOutboxFailed,
  type ClaimedOutboxMessage,
  type OutboxMessage,
} from "./outbox.server";
export { isUniqueViolation } from "./unique-violation.server";
export { decodeSecretsKey, secretBox, SecretOpenError, type SecretBox } from "./secrets.server";
export type { PlatformTables } from "./platform.table.server";
export { startBackgroundLoop, type BackgroundLoop } from "./background-loop.server";
