import { createHash } from "node:crypto";
import { isbot } from "isbot";
import type { Kysely } from "kysely";
import { defaultLanguage, type Language } from "~/i18n/config";
import { collectionPath, customPagePath } from "~/lib/merchandising";
import { productPath } from "~/lib/product";
import {
  ANALYTICS_DAYS,
  CLICK_DEDUP_MINUTES,
  CONVERSION_WINDOW_DAYS,
  TOP_LINKS_LIMIT,
  conversionRate,
  generateLinkCode,
  isTrackingTargetType,
  normalizeLinkCode,
  trackedUrl,
  type AnalyticsLink,
  type LinkAnalytics,
  type ShareLink,
  type TrackingTargetType,
  type Utm,
} from "~/lib/tracking";
import { activeVariantProducts, selectProductsByIds, toCardData } from "../catalog/index.server";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";
import { selectCollectionsByIds, selectCustomPagesByIds } from "../merchandising/index.server";
import { isUniqueViolation, windowStart } from "../platform/index.server";
import {
  countClick,
  insertConversion,
  insertLink,
  selectActiveLinks,
  selectClickedLinkId,
  selectClicksPerDay,
  selectLinkByCode,
  selectLinkByTarget,
  type LinkRow,
} from "./tracking.repo.server";

/** Longest accepted target id and utm value (characters). */
export const TARGET_ID_MAX = 64;
export const UTM_MAX = 100;
/** Attempts at a fresh code when a generated one is taken (36^8 codes: a clash is rare already). */
const CODE_ATTEMPTS = 5;

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface ShareLinkInput {
  targetType: TrackingTargetType;
  targetId: string;
  /** A product's variant the link preselects (product targets only). */
  variantId?: number | null;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

export type CreateShareLinkResult =
  { ok: true; link: ShareLink; created: boolean } | { ok: false; status: 404 | 422; error: "unknownTarget" | "invalid" };

/** An active link as a referral resolves it. */
export interface ReferralLink {
  id: number;
  code: string;
  targetType: TrackingTargetType;
  targetId: string;
  utm: Utm;
}

/** What the database keeps of a visitor's cookie token: its SHA-256, hex. */
export function visitorKeyOf(visitorToken: string): string {
  return createHash("sha256").update(visitorToken).digest("hex");
}

// ---------------------------------------------------------------------------------------------
// Targets

/**
 * A product target that preselects a variant is stored as "<product id>:<variant id>" in the
 * link's target_id (free text), so such a link is unique per target and utm like any other and
 * needs no column of its own; a product id never holds ":".
 */
export function productTargetId(productId: string, variantId?: number | null): string {
  return variantId === undefined || variantId === null ? productId : `${productId}:${variantId}`;
}

/** The product and the variant (null: none) of a product target id. */
export function parseProductTarget(targetId: string): { productId: string; variantId: number | null } {
  const match = /^([^:]+):(\d{1,15})$/.exec(targetId);
  return match ? { productId: match[1]!, variantId: Number(match[2]) } : { productId: targetId, variantId: null };
}

interface Target {
  /** The public path (a product's with `?variant=` when the link preselects one that still exists). */
  path: string;
  /** The variant the path preselects; null when none was asked for or it is gone (the product's page then). */
  variantId: number | null;
  /** Title (product: in the language asked, Arabic by default). */
  name: string;
  /** Public: the product exists; the collection or page is active. */
  isPublic: boolean;
}

const numericId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : null);

/**
 * The targets named by links, by "type:id", in at most four queries sent together (reusing the
 * catalog and merchandising reads; the variants' only when a link preselects one). A variant
 * deleted, deactivated or of another product leaves its link on the product's page.
 */
async function loadTargets(
  db: Kysely<Database>,
  refs: readonly { targetType: TrackingTargetType; targetId: string }[],
  language: Language = defaultLanguage,
): Promise<Map<string, Target>> {
  const ids = (type: TrackingTargetType) => [...new Set(refs.filter((ref) => ref.targetType === type).map((ref) => ref.targetId))];
  const numbers = (type: TrackingTargetType) =>
    ids(type)
      .map(numericId)
      .filter((id): id is number => id !== null);
  const productTargets = ids("product").map((targetId) => ({ targetId, ...parseProductTarget(targetId) }));
  const variantIds = productTargets.map((target) => target.variantId).filter((id): id is number => id !== null);
  const [products, variants, collections, pages] = await Promise.all([
    selectProductsByIds(db, [...new Set(productTargets.map((target) => target.productId))]),
    variantIds.length > 0 ? activeVariantProducts(db, variantIds) : new Map<number, string>(),
    selectCollectionsByIds(db, numbers("collection")),
    selectCustomPagesByIds(db, numbers("page")),
  ]);
  const targets = new Map<string, Target>();
  const productsById = new Map(products.map((row) => [row.id, row]));
  for (const target of productTargets) {
    const row = productsById.get(target.productId);
    if (!row) continue;
    const variantId = target.variantId !== null && variants.get(target.variantId) === row.id ? target.variantId : null;
    targets.set(`product:${target.targetId}`, {
      path: variantId === null ? productPath(row) : `${productPath(row)}?variant=${variantId}`,
      variantId,
      name: toCardData(row, undefined, language).title,
      isPublic: true,
    });
  }
  for (const row of collections) {
    targets.set(`collection:${row.id}`, { path: collectionPath(row.slug), variantId: null, name: row.title, isPublic: toBool(row.is_active) });
  }
  for (const row of pages) {
    targets.set(`page:${row.id}`, { path: customPagePath(row.slug), variantId: null, name: row.title, isPublic: toBool(row.is_active) });
  }
  return targets;
}

async function loadTarget(db: Kysely<Database>, targetType: TrackingTargetType, targetId: string, language?: Language) {
  const targets = await loadTargets(db, [{ targetType, targetId }], language);
  return targets.get(`${targetType}:${targetId}`) ?? null;
}

/** The target's current public path (product → productPath, collection → collectionPath, page → customPagePath); null when gone. */
export async function targetPathOf(db: Kysely<Database>, targetType: TrackingTargetType, targetId: string): Promise<string | null> {
  return (await loadTarget(db, targetType, targetId))?.path ?? null;
}

const utmOf = (row: Pick<LinkRow, "utm_source" | "utm_medium" | "utm_campaign">): Utm => ({
  source: row.utm_source,
  medium: row.utm_medium,
  campaign: row.utm_campaign,
});

function toReferralLink(row: LinkRow): ReferralLink {
  return { id: row.id, code: row.link_code, targetType: row.target_type, targetId: row.target_id, utm: utmOf(row) };
}

function toShareLink(row: LinkRow, path: string, origin: string): ShareLink {
  const link = toReferralLink(row);
  return { ...link, fullUrl: trackedUrl(origin, path, link.code, link.utm) };
}

// ---------------------------------------------------------------------------------------------
// Links

function cleanInput(input: ShareLinkInput): { targetType: TrackingTargetType; targetId: string; variantId: number | null; utm: Utm } | null {
  if (!isTrackingTargetType(input.targetType) || typeof input.targetId !== "string") return null;
  const variantId = input.variantId ?? null;
  if (variantId !== null && (input.targetType !== "product" || !Number.isSafeInteger(variantId) || variantId <= 0)) return null;
  const plainId = input.targetId.trim();
  // The product id itself may not carry a variant: only `variantId` names one.
  if (plainId === "" || (input.targetType === "product" && plainId.includes(":"))) return null;
  const targetId = input.targetType === "product" ? productTargetId(plainId, variantId) : plainId;
  if (targetId.length > TARGET_ID_MAX) return null;
  const utm = { source: input.utmSource, medium: input.utmMedium, campaign: input.utmCampaign };
  const clean: Utm = { source: "", medium: "", campaign: "" };
  for (const key of ["source", "medium", "campaign"] as const) {
    const value = utm[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") return null;
    const trimmed = value.trim();
    if (trimmed.length > UTM_MAX) return null;
    clean[key] = trimmed;
  }
  return { targetType: input.targetType, targetId, variantId, utm: clean };
}

/**
 * The share link of a public target for a utm triple: the existing one, or a new one with a
 * fresh random code. Concurrent creations for the same target and utm return one link (the
 * unique index decides); a code clash draws a new code. A product link may preselect one of its
 * active variants (`variantId`); another variant is an unknown target. `language` is accepted for the
 * contract and unused (paths do not depend on it).
 */
export async function createShareLink(
  db: Kysely<Database>,
  input: ShareLinkInput,
  origin: string,
  _language?: Language,
  options: { now?: Date; generateCode?: () => string } = {},
): Promise<CreateShareLinkResult> {
  const clean = cleanInput(input);
  if (!clean) return { ok: false, status: 422, error: "invalid" };
  const target = await loadTarget(db, clean.targetType, clean.targetId);
  if (!target?.isPublic || target.variantId !== clean.variantId) return { ok: false, status: 404, error: "unknownTarget" };

  const existing = await selectLinkByTarget(db, clean.targetType, clean.targetId, clean.utm);
  if (existing) return { ok: true, link: toShareLink(existing, target.path, origin), created: false };

  const createdAt = (options.now ?? new Date()).toISOString();
  const generate = options.generateCode ?? (() => generateLinkCode());
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await insertLink(db, { code: generate(), ...clean, createdAt });
      if (row) return { ok: true, link: toShareLink(row, target.path, origin), created: true };
      // Another request created it between our read and our insert.
      const raced = await selectLinkByTarget(db, clean.targetType, clean.targetId, clean.utm);
      if (raced) return { ok: true, link: toShareLink(raced, target.path, origin), created: false };
      throw new Error("tracking link insert skipped but no link found");
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}

/** The active link of a `ref` (any case), or null: unknown, inactive and malformed codes are ignored silently. */
export async function resolveReferral(db: Kysely<Database>, code: string): Promise<ReferralLink | null> {
  const normalized = normalizeLinkCode(code);
  if (!normalized) return null;
  const row = await selectLinkByCode(db, normalized);
  return row && toBool(row.is_active) ? toReferralLink(row) : null;
}

/** The active link of a code with its full URL (the QR route), or null when unknown, inactive or its target is gone. */
export async function shareLinkByCode(db: Kysely<Database>, code: string, origin: string): Promise<ShareLink | null> {
  const link = await resolveReferral(db, code);
  if (!link) return null;
  const path = await targetPathOf(db, link.targetType, link.targetId);
  return path === null ? null : { ...link, fullUrl: trackedUrl(origin, path, link.code, link.utm) };
}

// ---------------------------------------------------------------------------------------------
// Clicks and conversions

/** The rate_limit_counters key of the clicks from one client address on one link. */
export const referralAddressKey = (code: string, ip: string) => `referral-ip:${code}:${ip}`;

/**
 * Counts a visit through a link: "ignored" for bots (isbot; also no user agent) and unknown or
 * inactive codes, "duplicate" when the same visitor clicked the same link within
 * CLICK_DEDUP_MINUTES, "limited" when `address` is given and its client address has already
 * had `limit` counted clicks on this link in the current fixed window of CLICK_DEDUP_MINUTES
 * (decision 0024: a visitor without cookies is a new visitor at every request, so the address
 * bounds what one machine can add), else "counted" (click stored, click_count and
 * last_clicked_at raised, in one transaction). A limited click is neither stored nor counted.
 */
export async function recordClick(
  db: Kysely<Database>,
  input: {
    code: string;
    visitorToken: string;
    userAgent: string | null | undefined;
    now?: Date;
    address?: { ip: string; limit: number };
  },
): Promise<"counted" | "duplicate" | "limited" | "ignored"> {
  const userAgent = input.userAgent?.trim();
  if (!userAgent || isbot(userAgent)) return "ignored";
  const code = normalizeLinkCode(input.code);
  if (!code || !input.visitorToken) return "ignored";
  const now = input.now ?? new Date();
  return countClick(db, {
    code,
    visitorKey: visitorKeyOf(input.visitorToken),
    at: now.toISOString(),
    dedupSince: new Date(now.getTime() - CLICK_DEDUP_MINUTES * MINUTE).toISOString(),
    addressLimit: input.address && {
      key: referralAddressKey(code, input.address.ip),
      windowStart: windowStart(now, CLICK_DEDUP_MINUTES * 60),
      limit: input.address.limit,
    },
  });
}

/** The id of the link `code` when this visitor clicked it within CONVERSION_WINDOW_DAYS (and it is active), else null. */
export async function conversionLinkFor(db: Kysely<Database>, input: { code: string; visitorToken: string; now?: Date }): Promise<number | null> {
  const code = normalizeLinkCode(input.code);
  if (!code || !input.visitorToken) return null;
  const now = input.now ?? new Date();
  return selectClickedLinkId(db, {
    code,
    visitorKey: visitorKeyOf(input.visitorToken),
    since: new Date(now.getTime() - CONVERSION_WINDOW_DAYS * DAY).toISOString(),
    until: now.toISOString(),
  });
}

/**
 * Counts an order's conversion, in the order's transaction (`db` is the transaction): when the
 * referral's visitor clicked its link within the window, one tracking_conversions row (once per
 * order) and conversion_count + 1. Returns the link id counted, or null.
 */
export async function recordConversion(
  db: Kysely<Database>,
  input: { orderId: number; referral: { code: string; visitorToken: string } | null | undefined; now?: Date },
): Promise<number | null> {
  if (!input.referral) return null;
  const now = input.now ?? new Date();
  const linkId = await conversionLinkFor(db, { ...input.referral, now });
  if (linkId === null) return null;
  return (await insertConversion(db, { orderId: input.orderId, linkId, at: now.toISOString() })) ? linkId : null;
}

// ---------------------------------------------------------------------------------------------
// Analytics

/** The UTC days ('YYYY-MM-DD') of the last `days` days up to `now`, oldest first. */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) => new Date(today - (days - 1 - index) * DAY).toISOString().slice(0, 10));
}

/**
 * The admin's link analytics (active links only): totals, the top TOP_LINKS_LIMIT by
 * clicks, every link newest first with its target's name and full URL, and the counted clicks
 * per UTC day of the last ANALYTICS_DAYS days (zeros included).
 */
export async function getLinkAnalytics(db: Kysely<Database>, options: { origin: string; language: Language; now?: Date }): Promise<LinkAnalytics> {
  const now = options.now ?? new Date();
  const days = lastDays(now, ANALYTICS_DAYS);
  const [rows, perDay] = await Promise.all([selectActiveLinks(db), selectClicksPerDay(db, `${days[0]}T00:00:00.000Z`)]);
  const targets = await loadTargets(
    db,
    rows.map((row) => ({ targetType: row.target_type, targetId: row.target_id })),
    options.language,
  );

  const links: AnalyticsLink[] = rows.map((row) => {
    const target = targets.get(`${row.target_type}:${row.target_id}`);
    const clicks = Number(row.click_count);
    const conversions = Number(row.conversion_count);
    const utm = utmOf(row);
    return {
      id: row.id,
      code: row.link_code,
      targetType: row.target_type,
      targetId: row.target_id,
      targetName: target?.name ?? null,
      utmSource: utm.source,
      utmMedium: utm.medium,
      utmCampaign: utm.campaign,
      isActive: toBool(row.is_active),
      clicks,
      conversions,
      rate: conversionRate(clicks, conversions),
      lastClickedAt: row.last_clicked_at,
      createdAt: row.created_at,
      fullUrl: target ? trackedUrl(options.origin, target.path, row.link_code, utm) : null,
    };
  });

  const clicks = links.reduce((sum, link) => sum + link.clicks, 0);
  const conversions = links.reduce((sum, link) => sum + link.conversions, 0);
  const top = [...links].sort((a, b) => b.clicks - a.clicks || b.conversions - a.conversions || b.id - a.id).slice(0, TOP_LINKS_LIMIT);
  const byDay = new Map(perDay.map((row) => [row.day, Number(row.clicks)]));

  return {
    totals: { links: links.length, clicks, conversions, rate: conversionRate(clicks, conversions) },
    top,
    links,
    clicksPerDay: days.map((day) => ({ day, clicks: byDay.get(day) ?? 0 })),
  };
}
