import type { Kysely } from "kysely";
import type { TFunction } from "i18next";
import type { Language } from "~/i18n/config";
import { maskPhone } from "~/lib/phone";
import {
  isWholesaleStatus,
  joinWholesaleCategories,
  splitWholesaleCategories,
  validateWholesaleEnquiry,
  wholesaleHoneypotFilled,
  type WholesaleCategory,
  type WholesaleFieldCode,
  type WholesaleStatus,
} from "~/lib/wholesale";
import type { Database } from "../db/database.server";
import { isActiveWilaya } from "../delivery/index.server";
import { env } from "../env.server";
import { i18nFor } from "../i18n.server";
import { logger } from "../logger.server";
import { isPhoneBlocked } from "../orders/index.server";
import { windowStart } from "../platform/index.server";
import { countEnquiries, insertEnquiry, selectEnquiries, updateEnquiryStatus, type EnquiryRateLimit } from "./wholesale.repo.server";

/**
 * Trade buyers' enquiries (the wholesale section, /product-gros): taken with the order forms'
 * rules — the shared schema (app/lib/wholesale.ts), the `website` honeypot, blocked phones,
 * an active wilaya, and per-address and per-phone rate limits counted in the database — and
 * listed for the merchant in the admin orders area.
 */

export interface EnquiryContext {
  ip: string;
  language: Language;
  userAgent?: string | null;
}

/** The rate limits (read from the environment unless given): the order forms' settings, own counters. */
export interface WholesaleSettings {
  perIp: { limit: number; windowSeconds: number };
  perPhone: { limit: number; windowSeconds: number };
  /** The clock (tests). */
  now?: () => Date;
}

/** The same limits as orders (ORDER_RATE_LIMIT_*), counted apart under `wholesale:` keys. */
export function wholesaleSettingsFromEnv(): WholesaleSettings {
  const config = env();
  return {
    perIp: { limit: config.ORDER_RATE_LIMIT_PER_IP, windowSeconds: config.ORDER_RATE_LIMIT_IP_WINDOW_SECONDS },
    perPhone: { limit: config.ORDER_RATE_LIMIT_PER_PHONE, windowSeconds: config.ORDER_RATE_LIMIT_PHONE_WINDOW_SECONDS },
  };
}

export type EnquiryErrorCode = "invalid_enquiry" | "unknown_wilaya" | "rejected" | "rate_limited";

export interface EnquiryError {
  code: EnquiryErrorCode;
  /** Translated, in the shopper's language. */
  message: string;
  /** Translated error of each refused field, by the form's field names. */
  fields: Record<string, string>;
}

export type EnquiryResult = { ok: true; status: 201; id: number } | { ok: false; status: 422 | 429; error: EnquiryError };

const MAX_USER_AGENT_LENGTH = 400;

function failure(status: 422 | 429, code: EnquiryErrorCode, t: TFunction, fields: Record<string, string> = {}): EnquiryResult {
  return { ok: false, status, error: { code, message: t(`wholesale.errors.${code}`), fields } };
}

/** The translated text of a field's refusal code. */
export function wholesaleFieldMessage(t: TFunction, code: WholesaleFieldCode): string {
  return t(`wholesale.fields.${code}`);
}

/**
 * Takes an enquiry: refuses a filled honeypot, an invalid body (translated errors per field),
 * a blocked phone and an unknown or inactive wilaya, then stores it within the per-address and
 * per-phone-at-that-address limits (one transaction: a refused enquiry moves no counter). Never throws for bad
 * input; logs no phone number or name.
 */
export async function submitEnquiry(
  db: Kysely<Database>,
  body: unknown,
  context: EnquiryContext,
  settings: WholesaleSettings = wholesaleSettingsFromEnv(),
): Promise<EnquiryResult> {
  const { t } = await i18nFor(context.language);

  if (wholesaleHoneypotFilled(body)) {
    logger.warn({ ip: context.ip, userAgent: context.userAgent }, "wholesale enquiry refused: honeypot filled");
    return failure(422, "rejected", t);
  }

  const parsed = validateWholesaleEnquiry(body);
  if (!parsed.ok) {
    const fields = Object.fromEntries(Object.entries(parsed.fields).map(([field, code]) => [field, wholesaleFieldMessage(t, code)]));
    return failure(422, "invalid_enquiry", t, fields);
  }
  const enquiry = parsed.data;

  if (await isPhoneBlocked(db, enquiry.phone)) {
    logger.warn({ ip: context.ip, phone: maskPhone(enquiry.phone) }, "wholesale enquiry refused: blocked phone");
    return failure(422, "rejected", t);
  }
  if (!(await isActiveWilaya(db, enquiry.wilaya))) {
    return failure(422, "unknown_wilaya", t, { wilaya: wholesaleFieldMessage(t, "unknown_wilaya") });
  }

  const now = settings.now?.() ?? new Date();
  // The per-phone limit counts at each address, as for orders: enquiries with someone's number
  // from other addresses cannot lock that person out. An enquiry ships nothing (the merchant
  // calls back), so past the limit across addresses it is simply taken (decision 0023).
  const rateLimits: EnquiryRateLimit[] = [
    { name: "ip", key: `wholesale:ip:${context.ip}`, windowStart: windowStart(now, settings.perIp.windowSeconds), limit: settings.perIp.limit },
    {
      name: "phone_at_address",
      key: `wholesale:phone-ip:${enquiry.phone}:${context.ip}`,
      windowStart: windowStart(now, settings.perPhone.windowSeconds),
      limit: settings.perPhone.limit,
    },
  ];
  const result = await insertEnquiry(
    db,
    {
      businessName: enquiry.businessName,
      contactName: enquiry.contactName,
      phone: enquiry.phone,
      wilayaCode: enquiry.wilaya,
      categories: joinWholesaleCategories(enquiry.categories),
      estimatedQuantity: enquiry.estimatedQuantity ?? null,
      message: enquiry.message ?? null,
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) || null,
      createdAt: now.toISOString(),
    },
    rateLimits,
  );
  if (result.kind === "rate_limited") {
    logger.warn({ ip: context.ip, rule: result.rule }, "wholesale enquiry refused: rate limit");
    return failure(429, "rate_limited", t);
  }
  logger.info({ enquiryId: result.id, wilaya: enquiry.wilaya, categories: enquiry.categories }, "wholesale enquiry received");
  return { ok: true, status: 201, id: result.id };
}

// ——— The merchant's side (admin) ———

export interface AdminEnquiry {
  id: number;
  businessName: string;
  contactName: string;
  phone: string;
  wilayaCode: string;
  /** In the admin's language (Arabic name in Arabic, else the Latin one); null for a wilaya since removed. */
  wilayaName: string | null;
  categories: WholesaleCategory[];
  estimatedQuantity: string | null;
  message: string | null;
  status: WholesaleStatus;
  createdAt: string;
}

export const ENQUIRIES_PER_PAGE = 30;

/** One page of enquiries (newest first); a page past the last shows the last. */
export async function listEnquiries(
  db: Kysely<Database>,
  options: { page: number; language: Language; perPage?: number },
): Promise<{ enquiries: AdminEnquiry[]; total: number; page: number; pageCount: number }> {
  const perPage = options.perPage ?? ENQUIRIES_PER_PAGE;
  const total = await countEnquiries(db);
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Number.isInteger(options.page) && options.page >= 1 ? Math.min(options.page, pageCount) : 1;
  const rows = await selectEnquiries(db, { limit: perPage, offset: (page - 1) * perPage });
  return {
    total,
    page,
    pageCount,
    enquiries: rows.map((row) => ({
      id: row.id,
      businessName: row.business_name,
      contactName: row.contact_name,
      phone: row.phone,
      wilayaCode: row.wilaya_code,
      wilayaName: (options.language === "ar" ? row.wilaya_name_ar : row.wilaya_name) ?? null,
      categories: splitWholesaleCategories(row.categories),
      estimatedQuantity: row.estimated_quantity,
      message: row.message,
      status: isWholesaleStatus(row.status) ? row.status : "new",
      createdAt: row.created_at,
    })),
  };
}

export type SetStatusResult = { ok: true } | { ok: false; code: "not_found" | "invalid_status" };

/** The admin sets an enquiry's status (any of new, contacted, closed, in any order). */
export async function setEnquiryStatus(
  db: Kysely<Database>,
  id: unknown,
  status: unknown,
  actor: { email: string; adminId?: number },
): Promise<SetStatusResult> {
  const enquiryId = typeof id === "string" && /^\d{1,9}$/.test(id) ? Number(id) : typeof id === "number" && Number.isInteger(id) ? id : null;
  if (enquiryId === null) return { ok: false, code: "not_found" };
  if (!isWholesaleStatus(status)) return { ok: false, code: "invalid_status" };
  if (!(await updateEnquiryStatus(db, enquiryId, status))) return { ok: false, code: "not_found" };
  logger.info({ enquiryId, status, adminId: actor.adminId ?? null }, "wholesale enquiry status changed");
  return { ok: true };
}
