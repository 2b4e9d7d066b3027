/**
 * Trackable share links. Pure and isomorphic: link codes, URLs, share targets, the analytics
 * shapes and the conversion-rate rule.
 */

export const TRACKING_TARGET_TYPES = ["product", "collection", "page"] as const;
export type TrackingTargetType = (typeof TRACKING_TARGET_TYPES)[number];

export function isTrackingTargetType(value: unknown): value is TrackingTargetType {
  return typeof value === "string" && (TRACKING_TARGET_TYPES as readonly string[]).includes(value);
}

/** Link codes: 8 characters of uppercase letters and digits. */
export const LINK_CODE_LENGTH = 8;
export const LINK_CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const LINK_CODE_PATTERN = /^[A-Z0-9]{8}$/;

/** The same browser on the same link within this many minutes counts one click. */
export const CLICK_DEDUP_MINUTES = 30;
/** An order counts as a conversion of a link clicked at most this many days before. */
export const CONVERSION_WINDOW_DAYS = 30;
/** Top-performing links shown and the days of the clicks chart. */
export const TOP_LINKS_LIMIT = 10;
export const ANALYTICS_DAYS = 30;
/** How long "copied" shows: 2 seconds. */
export const COPIED_FEEDBACK_MS = 2000;
/** The QR image: rendered at 300×300, shown at 200×200 in the modal. */
export const QR_RENDER_SIZE = 300;
export const QR_DISPLAY_SIZE = 200;

/** Cookies of a referral: the link's code, and the random token that tells one browser from another. */
export const REF_COOKIE = "souq_ref";
export const VISITOR_COOKIE = "souq_visitor";

/**
 * A new link code from a cryptographic random source, uniform over the 36 symbols (bytes of
 * 252 and above are drawn again, so no symbol is more likely than another).
 */
export function generateLinkCode(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const limit = 256 - (256 % LINK_CODE_ALPHABET.length);
  let code = "";
  while (code.length < LINK_CODE_LENGTH) {
    for (const byte of random(new Uint8Array(LINK_CODE_LENGTH * 2))) {
      if (byte >= limit) continue;
      code += LINK_CODE_ALPHABET[byte % LINK_CODE_ALPHABET.length];
      if (code.length === LINK_CODE_LENGTH) break;
    }
  }
  return code;
}

/** A `ref` as a visitor's URL carries it: trimmed and upper-cased; null unless it is a well-formed code. */
export function normalizeLinkCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return LINK_CODE_PATTERN.test(code) ? code : null;
}

export interface Utm {
  source: string;
  medium: string;
  campaign: string;
}

/** The tracked URL: the target's public URL with `ref` and the non-empty utm parameters. */
export function trackedUrl(origin: string, path: string, code: string, utm: Partial<Utm> = {}): string {
  const url = new URL(path, origin);
  url.searchParams.set("ref", code);
  if (utm.source) url.searchParams.set("utm_source", utm.source);
  if (utm.medium) url.searchParams.set("utm_medium", utm.medium);
  if (utm.campaign) url.searchParams.set("utm_campaign", utm.campaign);
  return url.toString();
}

/** wa.me with the encoded message: title, short description, link (one per line). */
export function whatsappShareUrl(input: { title: string; description?: string | null; url: string }): string {
  const description = input.description?.trim();
  const short = description && description.length > 120 ? `${description.slice(0, 119).trimEnd()}…` : description;
  const text = [input.title.trim(), short, input.url].filter(Boolean).join("\n");
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

/** Conversions over clicks × 100, rounded to 1 decimal; 0 when there are no clicks. */
export function conversionRate(clicks: number, conversions: number): number {
  if (clicks <= 0) return 0;
  return Math.round((conversions / clicks) * 1000) / 10;
}

/** "12.5%" — always one decimal. */
export function formatRate(rate: number): string {
  return `${rate.toFixed(1)}%`;
}

// ---------------------------------------------------------------------------------------------
// Shapes

/** A link as the share widget and the admin use it. */
export interface ShareLink {
  id: number;
  code: string;
  targetType: TrackingTargetType;
  targetId: string;
  utm: Utm;
  fullUrl: string;
}

/** The answer of POST /api/share-links. */
export interface ShareLinkResponse {
  code: string;
  fullUrl: string;
  qrSvgUrl: string;
  qrPngUrl: string;
}

export const qrUrls = (code: string) => ({ qrSvgUrl: `/qr/${code}.svg`, qrPngUrl: `/qr/${code}.png` });

const QR_FILE = /^([A-Za-z0-9]{8})\.(svg|png)$/;

/** The code and format of a QR file name (`CODE.svg`, `CODE.png`, the code in any case), or null. */
export function parseQrFile(file: string | undefined): { code: string; format: "svg" | "png" } | null {
  const match = file ? QR_FILE.exec(file) : null;
  if (!match) return null;
  return { code: match[1]!.toUpperCase(), format: match[2] as "svg" | "png" };
}

export interface AnalyticsLink {
  id: number;
  code: string;
  targetType: TrackingTargetType;
  targetId: string;
  /** The target's title (Arabic), or null when the target is gone. */
  targetName: string | null;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  isActive: boolean;
  clicks: number;
  conversions: number;
  /** conversionRate(clicks, conversions). */
  rate: number;
  lastClickedAt: string | null;
  createdAt: string;
  fullUrl: string | null;
}

export interface LinkAnalytics {
  totals: { links: number; clicks: number; conversions: number; rate: number };
  /** At most TOP_LINKS_LIMIT, most clicks first. */
  top: AnalyticsLink[];
  /** Every link, newest first. */
  links: AnalyticsLink[];
  /** One entry per UTC day of the last ANALYTICS_DAYS days, oldest first, zeros included. */
  clicksPerDay: { day: string; clicks: number }[];
}
