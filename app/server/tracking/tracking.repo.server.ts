import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.server";
import { overRateLimit } from "../platform/index.server";
import type { TrackingTargetType, Utm } from "~/lib/tracking";

/** Reads and writes of the tracking tables (migration 009). Timestamps are ISO-8601 UTC text. */

const linkColumns = [
  "tracking_links.id",
  "tracking_links.link_code",
  "tracking_links.target_type",
  "tracking_links.target_id",
  "tracking_links.utm_source",
  "tracking_links.utm_medium",
  "tracking_links.utm_campaign",
  "tracking_links.is_active",
  "tracking_links.click_count",
  "tracking_links.conversion_count",
  "tracking_links.last_clicked_at",
  "tracking_links.created_at",
] as const;

export function selectLinkByCode(db: Kysely<Database>, code: string) {
  return db.selectFrom("tracking_links").select(linkColumns).where("link_code", "=", code).executeTakeFirst();
}

export type LinkRow = NonNullable<Awaited<ReturnType<typeof selectLinkByCode>>>;

export function selectLinkByTarget(db: Kysely<Database>, targetType: TrackingTargetType, targetId: string, utm: Utm) {
  return db
    .selectFrom("tracking_links")
    .select(linkColumns)
    .where("target_type", "=", targetType)
    .where("target_id", "=", targetId)
    .where("utm_source", "=", utm.source)
    .where("utm_medium", "=", utm.medium)
    .where("utm_campaign", "=", utm.campaign)
    .executeTakeFirst();
}

/**
 * Inserts a link; undefined when a link for the same target and utm triple already exists (the
 * unique index settles concurrent creations). A clash on link_code throws a unique violation.
 */
export function insertLink(
  db: Kysely<Database>,
  link: { code: string; targetType: TrackingTargetType; targetId: string; utm: Utm; createdAt: string },
) {
  return db
    .insertInto("tracking_links")
    .values({
      link_code: link.code,
      target_type: link.targetType,
      target_id: link.targetId,
      utm_source: link.utm.source,
      utm_medium: link.utm.medium,
      utm_campaign: link.utm.campaign,
      is_active: true,
      click_count: 0,
      conversion_count: 0,
      last_clicked_at: null,
      created_at: link.createdAt,
      updated_at: link.createdAt,
    })
    .onConflict((oc) => oc.columns(["target_type", "target_id", "utm_source", "utm_medium", "utm_campaign"]).doNothing())
    .returning(linkColumns)
    .executeTakeFirst();
}

/**
 * Counts a click of an active link unless the same visitor clicked it since `dedupSince`, in
 * one transaction. The link's row is locked first (a no-op update), so two requests of one
 * visitor on PostgreSQL cannot both count; SQLite runs one write transaction at a time anyway.
 * With `addressLimit`, a click that is not a duplicate also raises that fixed-window counter
 * (the platform's rate limits) and, once it is past the limit, is "limited": neither stored nor counted.
 */
export async function countClick(
  db: Kysely<Database>,
  click: {
    code: string;
    visitorKey: string;
    at: string;
    dedupSince: string;
    addressLimit?: { key: string; windowStart: string; limit: number };
  },
): Promise<"counted" | "duplicate" | "limited" | "ignored"> {
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .updateTable("tracking_links")
      .set((eb) => ({ click_count: eb.ref("click_count") }))
      .where("link_code", "=", click.code)
      .where("is_active", "=", true)
      .returning("id")
      .executeTakeFirst();
    if (!link) return "ignored";
    const recent = await trx
      .selectFrom("tracking_clicks")
      .select("id")
      .where("link_id", "=", link.id)
      .where("visitor_key", "=", click.visitorKey)
      .where("clicked_at", ">", click.dedupSince)
      .limit(1)
      .executeTakeFirst();
    if (recent) return "duplicate";
    const limit = click.addressLimit;
    if (limit && (await overRateLimit(trx, limit))) return "limited";
    await trx.insertInto("tracking_clicks").values({ link_id: link.id, visitor_key: click.visitorKey, clicked_at: click.at }).execute();
    await trx
      .updateTable("tracking_links")
      .set((eb) => ({ click_count: eb("click_count", "+", 1), last_clicked_at: click.at, updated_at: click.at }))
      .where("id", "=", link.id)
      .execute();
    return "counted";
  });
}

/** The id of the active link `code` when `visitorKey` has a counted click on it in [since, until]. */
export async function selectClickedLinkId(
  db: Kysely<Database>,
  query: { code: string; visitorKey: string; since: string; until: string },
): Promise<number | null> {
  const row = await db
    .selectFrom("tracking_clicks")
    .innerJoin("tracking_links", "tracking_links.id", "tracking_clicks.link_id")
    .select("tracking_links.id")
    .where("tracking_links.link_code", "=", query.code)
    .where("tracking_links.is_active", "=", true)
    .where("tracking_clicks.visitor_key", "=", query.visitorKey)
    .where("tracking_clicks.clicked_at", ">=", query.since)
    .where("tracking_clicks.clicked_at", "<=", query.until)
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Records an order's conversion (once: order_id is the key) and raises the link's count. */
export async function insertConversion(db: Kysely<Database>, conversion: { orderId: number; linkId: number; at: string }): Promise<boolean> {
  const inserted = await db
    .insertInto("tracking_conversions")
    .values({ order_id: conversion.orderId, link_id: conversion.linkId, created_at: conversion.at })
    .onConflict((oc) => oc.column("order_id").doNothing())
    .returning("order_id")
    .executeTakeFirst();
  if (!inserted) return false;
  await db
    .updateTable("tracking_links")
    .set((eb) => ({ conversion_count: eb("conversion_count", "+", 1), updated_at: conversion.at }))
    .where("id", "=", conversion.linkId)
    .execute();
  return true;
}

/** Every active link, newest first (the analytics count active links only). */
export function selectActiveLinks(db: Kysely<Database>) {
  return db
    .selectFrom("tracking_links")
    .select(linkColumns)
    .where("is_active", "=", true)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Counted clicks on active links per UTC day ('YYYY-MM-DD', the first 10 characters of the ISO text) since `since`. */
export function selectClicksPerDay(db: Kysely<Database>, since: string) {
  const day = sql<string>`substr(${sql.ref("tracking_clicks.clicked_at")}, 1, 10)`;
  return db
    .selectFrom("tracking_clicks")
    .innerJoin("tracking_links", "tracking_links.id", "tracking_clicks.link_id")
    .select([day.as("day"), (eb) => eb.fn.countAll<number>().as("clicks")])
    .where("tracking_links.is_active", "=", true)
    .where("tracking_clicks.clicked_at", ">=", since)
    .groupBy(day)
    .execute();
}
