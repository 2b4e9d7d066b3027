import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { z } from "zod";
import { deliveryFeeSummary } from "~/lib/delivery";
import { DELIVERY_TIME_PATTERN, MAX_DELIVERY_PRICE, type CommuneChoice } from "~/lib/delivery-options";
import { toBool } from "../db/types.server";
import type { Database } from "../db/database.server";
import { cachedReference, invalidateReferenceData } from "../reference-cache.server";
import {
  selectActiveWilayaFees,
  selectActiveWilayas,
  selectAllWilayas,
  selectCommune,
  selectCommunesByCodes,
  selectCommunesOfWilaya,
  selectCommunesWithWilayaParents,
  selectWilaya,
  selectWilayaNames,
  updateWilayaSettings,
} from "./delivery.repo.server";

export interface Wilaya {
  code: string;
  name: string;
  homePrice: number;
  /** Stop-desk fee; null where the wilaya has no stop-desk. */
  stopDeskPrice: number | null;
  deliveryTime: string;
  zone: "A" | "B" | "C" | "D";
}

/**
 * The active wilayas and their fees, as the storefront shows them: kept a few seconds in memory
 * (reference-cache.server.ts; saveWilayaSettings invalidates). An order reads its fee from the
 * database itself, never from here.
 */
function activeWilayas(db: Kysely<Database>) {
  return cachedReference(db, "active-wilayas", () => selectActiveWilayas(db));
}

/** The wilayas a shopper can order to, named in their language (Arabic, or the Latin name). */
export async function listWilayas(db: Kysely<Database>, language: Language): Promise<Wilaya[]> {
  const rows = await activeWilayas(db);
  return rows.map((row) => ({
    code: row.code,
    name: language === "ar" ? row.name_ar : row.name,
    homePrice: row.home_price,
    stopDeskPrice: row.stop_desk_price,
    deliveryTime: row.delivery_time,
    zone: row.zone,
  }));
}

/** What the shop can truthfully promise about delivery (used by the home hero). */
export async function getDeliveryPromise(db: Kysely<Database>, language: Language) {
  return deliveryFeeSummary(await listWilayas(db, language));
}

export interface DeliveryRate {
  code: string;
  name: string;
  nameAr: string;
  homePrice: number;
  /** Stop-desk fee; null where the wilaya has no stop-desk. */
  stopDeskPrice: number | null;
  deliveryTime: string;
  zone: "A" | "B" | "C" | "D";
}

/** GET /api/delivery: every active wilaya with both names, for forms that switch language in the browser. */
export async function listDeliveryRates(db: Kysely<Database>): Promise<DeliveryRate[]> {
  return (await activeWilayas(db)).map(toDeliveryRate);
}

type WilayaRateRow = Awaited<ReturnType<typeof selectAllWilayas>>[number];

function toDeliveryRate(row: Omit<WilayaRateRow, "active">): DeliveryRate {
  return {
    code: row.code,
    name: row.name,
    nameAr: row.name_ar,
    homePrice: row.home_price,
    stopDeskPrice: row.stop_desk_price,
    deliveryTime: row.delivery_time,
    zone: row.zone,
  };
}

/**
 * GET /api/delivery/:wilayaCode/communes: the communes of a wilaya with both names, or null
 * for an unknown wilaya (an inactive one still lists its communes: the list is reference data).
 */
export async function listCommunes(db: Kysely<Database>, wilayaCode: string): Promise<CommuneChoice[] | null> {
  if (!/^\d{2}$/.test(wilayaCode)) return null;
  const [wilaya, rows] = await Promise.all([selectWilaya(db, wilayaCode), selectCommunesOfWilaya(db, wilayaCode)]);
  if (!wilaya) return null;
  return rows.map((row) => ({ code: row.code, name: row.name, nameAr: row.name_ar }));
}

/**
 * An order form's answer with the communes of the wilaya the post typed: without JavaScript the
 * form, shown again (refused, or asked for its fee), lists them in its commune choice.
 */
export async function withTypedCommunes<Answer extends object>(
  db: Kysely<Database>,
  payload: Record<string, unknown>,
  answer: Answer,
): Promise<Answer & { communes?: CommuneChoice[] }> {
  const wilaya = typeof payload.wilaya === "string" ? payload.wilaya.trim() : "";
  const communes = wilaya ? await listCommunes(db, wilaya) : null;
  return communes ? { ...answer, communes } : answer;
}

/** One row of /admin/delivery. */
export interface WilayaSettings {
  code: string;
  name: string;
  nameAr: string;
  homePrice: number;
  stopDeskPrice: number | null;
  deliveryTime: string;
  zone: "A" | "B" | "C" | "D";
  active: boolean;
}

/** Every wilaya with its delivery settings, active or not. */
export async function listWilayaSettings(db: Kysely<Database>): Promise<WilayaSettings[]> {
  const rows = await selectAllWilayas(db);
  return rows.map((row) => ({ ...toDeliveryRate(row), active: toBool(row.active) }));
}

/** Why a field of the delivery settings form is refused; translated with adminDelivery.errors.<code>. */
export type WilayaSettingsErrorCode = "price" | "time" | "zone";

const price = (code: WilayaSettingsErrorCode) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, { error: code })
    .transform(Number)
    .refine((n) => n <= MAX_DELIVERY_PRICE, { error: code });

/** The form of one row of /admin/delivery (names as posted). */
export const wilayaSettingsFormSchema = z.object({
  homePrice: price("price"),
  /** Empty: no stop-desk in this wilaya. */
  stopDeskPrice: z.union(
    [
      z
        .string()
        .trim()
        .length(0)
        .transform(() => null),
      price("price"),
    ],
    { error: "price" },
  ),
  deliveryTime: z
    .string()
    .trim()
    .regex(DELIVERY_TIME_PATTERN, { error: "time" })
    .transform((text) => {
      const [, min, max] = DELIVERY_TIME_PATTERN.exec(text)!;
      return { min: Number(min), max: Number(max) };
    })
    .refine(({ min, max }) => min >= 1 && min <= max, { error: "time" })
    .transform(({ min, max }) => `${min}-${max} days`),
  zone: z.enum(["A", "B", "C", "D"], { error: "zone" }),
  active: z.boolean(),
});

export type SaveWilayaSettingsResult =
  | { ok: true }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "invalid"; fields: Partial<Record<"homePrice" | "stopDeskPrice" | "deliveryTime" | "zone", WilayaSettingsErrorCode>> };

/** Checks and saves one wilaya's row from /admin/delivery (every field as posted; `active` a checkbox). */
export async function saveWilayaSettings(
  db: Kysely<Database>,
  code: string,
  input: { homePrice: unknown; stopDeskPrice: unknown; deliveryTime: unknown; zone: unknown; active: unknown },
): Promise<SaveWilayaSettingsResult> {
  const text = (value: unknown) => (typeof value === "string" ? value : value == null ? "" : String(value));
  const parsed = wilayaSettingsFormSchema.safeParse({
    homePrice: text(input.homePrice),
    stopDeskPrice: text(input.stopDeskPrice),
    deliveryTime: text(input.deliveryTime),
    zone: text(input.zone).trim().toUpperCase(),
    active: input.active === true || input.active === "on" || input.active === "true" || input.active === "1",
  });
  if (!parsed.success) {
    const fields: Extract<SaveWilayaSettingsResult, { error: "invalid" }>["fields"] = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as keyof typeof fields;
      const reason =
        (["price", "time", "zone"] as const).find((c) => c === issue.message) ??
        (field === "zone" ? "zone" : field === "deliveryTime" ? "time" : "price");
      fields[field] ??= reason;
    }
    return { ok: false, error: "invalid", fields };
  }
  const { homePrice, stopDeskPrice, deliveryTime, zone, active } = parsed.data;
  const updated = await updateWilayaSettings(db, code, {
    home_price: homePrice,
    stop_desk_price: stopDeskPrice,
    delivery_time: deliveryTime,
    zone,
    active,
  });
  if (updated) invalidateReferenceData();
  return updated ? { ok: true } : { ok: false, error: "not_found" };
}

// ---------------------------------------------------------------------------------------------
// What other domains read of wilayas and communes (delivery owns both tables). `db` may be the
// caller's transaction.

export type OrderWilaya = NonNullable<Awaited<ReturnType<typeof selectActiveWilayaFees>>>;

/** An active wilaya with its names and fees, read from the database (never the cache): what an order is priced with. */
export function activeWilayaForOrder(db: Kysely<Database>, code: string): Promise<OrderWilaya | undefined> {
  return selectActiveWilayaFees(db, code);
}

/** One commune by code (with its wilaya), or undefined. */
export function communeByCode(db: Kysely<Database>, code: string) {
  return selectCommune(db, code);
}

/** True when `code` is an active wilaya (the forms list only those). */
export async function isActiveWilaya(db: Kysely<Database>, code: string): Promise<boolean> {
  const wilaya = await selectWilaya(db, code);
  return wilaya !== undefined && toBool(wilaya.active);
}

/** Every wilaya (active or not) by code, ordered by code: the admin's lists and filters. */
export function listWilayaNames(db: Kysely<Database>): Promise<{ code: string; name: string; name_ar: string }[]> {
  return selectWilayaNames(db);
}

/** Both names of every wilaya by code (active or not): rows that keep a wilaya code show its names. */
export async function wilayaNamesByCode(db: Kysely<Database>): Promise<Map<string, { name: string; name_ar: string }>> {
  const rows = await selectWilayaNames(db);
  return new Map(rows.map((row) => [row.code, { name: row.name, name_ar: row.name_ar }]));
}

/** Communes read per IN list. */
const COMMUNE_BATCH = 500;

/** Both names of the communes of `codes` (duplicates allowed), by code; unknown codes are left out. */
export async function communeNamesByCode(db: Kysely<Database>, codes: readonly string[]): Promise<Map<string, { name: string; nameAr: string }>> {
  const names = new Map<string, { name: string; nameAr: string }>();
  const unique = [...new Set(codes)];
  for (let start = 0; start < unique.length; start += COMMUNE_BATCH) {
    const rows = await selectCommunesByCodes(db, unique.slice(start, start + COMMUNE_BATCH));
    for (const row of rows) names.set(row.code, { name: row.name, nameAr: row.name_ar });
  }
  return names;
}

/** Our communes for a courier's places: each with its wilaya and that wilaya's parent (a 2026 wilaya's, else null). */
export interface CommuneForCourier {
  code: string;
  wilayaCode: string;
  parentCode: string | null;
  name: string;
  nameAr: string;
}

export async function communesForCourierPlaces(db: Kysely<Database>): Promise<CommuneForCourier[]> {
  const rows = await selectCommunesWithWilayaParents(db);
  return rows.map((row) => ({ code: row.code, wilayaCode: row.wilaya_code, parentCode: row.parent_code, name: row.name, nameAr: row.name_ar }));
}

/** An active wilaya's parent (a 2026 wilaya's), null for 01–58, undefined for an unknown or inactive wilaya (cached). */
export async function activeWilayaParentCode(db: Kysely<Database>, code: string): Promise<string | null | undefined> {
  const row = (await activeWilayas(db)).find((wilaya) => wilaya.code === code);
  return row ? row.parent_code : undefined;
}
