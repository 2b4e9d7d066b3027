import type { Generated } from "kysely";
import type { AutoId, Bool, Timestamp } from "../db/types.server";
import type { TrackingTargetType } from "~/lib/tracking";

/**
 * Tracking tables (migration 009). A link is unique per (target, utm source/medium/campaign):
 * the utm columns are '' rather than null when absent, so that unique index settles races.
 */

export interface TrackingLinksTable {
  id: AutoId;
  /** 8 of [A-Z0-9], unique. */
  link_code: string;
  target_type: TrackingTargetType;
  /** A product id ('p…'), or a collection's / custom page's numeric id as text. */
  target_id: string;
  utm_source: Generated<string>;
  utm_medium: Generated<string>;
  utm_campaign: Generated<string>;
  is_active: Bool;
  click_count: Generated<number>;
  conversion_count: Generated<number>;
  last_clicked_at: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One counted click (duplicates within CLICK_DEDUP_MINUTES and bots are not stored). */
export interface TrackingClicksTable {
  id: AutoId;
  link_id: number;
  /** SHA-256 hex of the visitor cookie's token. */
  visitor_key: string;
  clicked_at: Timestamp;
}

/** One conversion per order (order_id is the primary key). */
export interface TrackingConversionsTable {
  order_id: number;
  link_id: number;
  created_at: Timestamp;
}

export interface TrackingTables {
  tracking_links: TrackingLinksTable;
  tracking_clicks: TrackingClicksTable;
  tracking_conversions: TrackingConversionsTable;
}
