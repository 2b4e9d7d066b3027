import type { AutoId, Timestamp } from "../db/types.server";

/** Fixed-window counters: one row per key (e.g. 'order:ip:1.2.3.4') and window start. */
export interface RateLimitCountersTable {
  key: string;
  /** ISO timestamp of the window's start. */
  window_start: string;
  count: number;
}

/** Messages to deliver to outside systems (the order webhook), written in the same transaction as their cause. */
export interface OutboxTable {
  id: AutoId;
  /** What the message is, e.g. 'order.created'. */
  topic: string;
  /** JSON text. */
  payload: string;
  attempts: number;
  /** ISO timestamp: not sent before. */
  next_attempt_at: string;
  last_error: string | null;
  /** ISO timestamp of the successful delivery; null while pending. */
  delivered_at: string | null;
  /** Set when attempts ran out: the message is kept but no longer tried. */
  failed_at: string | null;
  /** A worker holds the row until then (ISO timestamp); null when free. */
  claimed_until: string | null;
  /** Which worker holds the claim (random per claim). */
  claim_token: string | null;
  created_at: Timestamp;
}

/** The tables every domain writes through the platform: rate-limit counters and the outbox. */
export interface PlatformTables {
  rate_limit_counters: RateLimitCountersTable;
  outbox: OutboxTable;
}
