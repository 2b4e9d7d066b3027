import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { parseShopSettings, shopSettingsSchema, type PublicShopInfo, type ShopSettings, type ShopSettingsParse } from "~/lib/shop-settings";
import { nowIso } from "../db/types.server";
import type { Database } from "../db/database.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { invalidateReferenceData, REFERENCE_TTL_MS } from "../reference-cache.server";
import {
  selectMaxUnansweredAttempts,
  selectShopSettings,
  updateMaxUnansweredAttempts,
  upsertShopSettings,
  type ShopSettingsRow,
} from "./settings.repo.server";

/*
 * The settings are read on every page (the header, the footer, the titles), so they live in this
 * process's memory and a page never waits for them (docs/decisions/0026-shop-settings-in-one-row.md):
 * - read once on first use (at start-up: boot calls startShopSettingsRefresh);
 * - a save here replaces the copy at once, so the next request shows it (and the admin POST
 *   clears the page cache, app/server/http/page-cache-middleware.server.ts);
 * - every REFERENCE_TTL_MS the copy is read again, so another process of a fleet catches up
 *   within the same few seconds as its page cache.
 * Kept per database instance (each test database has its own).
 */
const copies = new WeakMap<object, Promise<ShopSettings>>();
/** Raised by every save: a refresh read before it must not replace what was saved. */
let saves = 0;

const EMPTY: ShopSettings = {
  nameAr: null,
  nameEn: null,
  nameFr: null,
  phone: null,
  whatsapp: null,
  email: null,
  address: null,
  facebookUrl: null,
  instagramUrl: null,
  tiktokUrl: null,
  rc: null,
  nif: null,
};

function fromRow(row: ShopSettingsRow | undefined): ShopSettings {
  if (!row) return EMPTY;
  return {
    nameAr: row.name_ar,
    nameEn: row.name_en,
    nameFr: row.name_fr,
    phone: row.phone,
    whatsapp: row.whatsapp,
    email: row.email,
    address: row.address,
    facebookUrl: row.facebook_url,
    instagramUrl: row.instagram_url,
    tiktokUrl: row.tiktok_url,
    rc: row.rc,
    nif: row.nif,
  };
}

function toRow(settings: ShopSettings): ShopSettingsRow {
  return {
    name_ar: settings.nameAr,
    name_en: settings.nameEn,
    name_fr: settings.nameFr,
    phone: settings.phone,
    whatsapp: settings.whatsapp,
    email: settings.email,
    address: settings.address,
    facebook_url: settings.facebookUrl,
    instagram_url: settings.instagramUrl,
    tiktok_url: settings.tiktokUrl,
    rc: settings.rc,
    nif: settings.nif,
  };
}

function load(db: Kysely<Database>): Promise<ShopSettings> {
  const loading = selectShopSettings(db).then(fromRow);
  // A failed read is not kept: the next request tries again.
  loading.catch(() => {
    if (copies.get(db) === loading) copies.delete(db);
  });
  return loading;
}

/** The settings as the merchant stored them (null: not set): the admin form. */
export function getShopSettings(db: Kysely<Database>): Promise<ShopSettings> {
  let copy = copies.get(db);
  if (!copy) {
    copy = load(db);
    copies.set(db, copy);
  }
  return copy;
}

/**
 * The defaults from the environment (SHOP_NAME, SHOP_NAME_AR, SHOP_PHONE, SHOP_EMAIL,
 * SOCIAL_*_URL), each kept only when it passes the form's own rule for that field.
 */
function environmentDefaults(): ShopSettings {
  const config = env();
  const candidates: Partial<Record<keyof ShopSettings, string | undefined>> = {
    nameAr: config.SHOP_NAME_AR,
    nameEn: config.SHOP_NAME,
    nameFr: config.SHOP_NAME,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    facebookUrl: config.SOCIAL_FACEBOOK_URL,
    instagramUrl: config.SOCIAL_INSTAGRAM_URL,
  };
  const defaults = { ...EMPTY };
  for (const [field, value] of Object.entries(candidates) as [keyof ShopSettings, string | undefined][]) {
    const parsed = shopSettingsSchema.shape[field].safeParse(value ?? "");
    if (parsed.success) defaults[field] = parsed.data;
  }
  return defaults;
}

/** Each setting: the stored one, else the environment's default, else null. */
async function effectiveSettings(db: Kysely<Database>): Promise<ShopSettings> {
  const stored = await getShopSettings(db);
  const defaults = environmentDefaults();
  return Object.fromEntries(Object.entries(stored).map(([field, value]) => [field, value ?? defaults[field as keyof ShopSettings]])) as ShopSettings;
}

function nameIn(settings: ShopSettings, language: Language): string {
  const name = language === "ar" ? settings.nameAr : language === "fr" ? settings.nameFr : settings.nameEn;
  // The environment always gives a name; a missing French or English one falls back to the other Latin one.
  return name ?? settings.nameEn ?? settings.nameFr ?? settings.nameAr ?? "";
}

/** The shop's name in a language: the merchant's, else SHOP_NAME_AR (Arabic) or SHOP_NAME. */
export async function shopName(db: Kysely<Database>, language: Language): Promise<string> {
  return nameIn(await effectiveSettings(db), language);
}

/** What the storefront shows (footer, contact page, legal notice, product page): the same for every visitor. */
export async function publicShopInfo(db: Kysely<Database>, language: Language): Promise<PublicShopInfo> {
  const settings = await effectiveSettings(db);
  return {
    name: nameIn(settings, language),
    phone: settings.phone,
    whatsapp: settings.whatsapp,
    email: settings.email,
    address: settings.address,
    facebookUrl: settings.facebookUrl,
    instagramUrl: settings.instagramUrl,
    tiktokUrl: settings.tiktokUrl,
    rc: settings.rc,
    nif: settings.nif,
  };
}

/** The names printed on the delivery slip (Arabic and French) and the shop's phone, or null. */
export async function slipShopInfo(db: Kysely<Database>): Promise<{ nameAr: string; name: string; phone: string | null }> {
  const settings = await effectiveSettings(db);
  return { nameAr: nameIn(settings, "ar"), name: nameIn(settings, "fr"), phone: settings.phone };
}

/** False until the merchant (or SHOP_PHONE) gave the shop a phone: the admin shows a banner. */
export async function isShopPhoneSet(db: Kysely<Database>): Promise<boolean> {
  return (await effectiveSettings(db)).phone !== null;
}

/**
 * Checks and stores the settings posted by /admin/settings (every field; empty unsets it). The
 * next request of this process shows them; the pages built from reference data are forgotten.
 */
export async function saveShopSettings(db: Kysely<Database>, input: Partial<Record<keyof ShopSettings, unknown>>): Promise<ShopSettingsParse> {
  const parsed = parseShopSettings(input);
  if (!parsed.ok) return parsed;
  await upsertShopSettings(db, toRow(parsed.value), nowIso());
  saves++;
  copies.set(db, Promise.resolve(parsed.value));
  invalidateReferenceData();
  return parsed;
}

/** The confirmation team's setting: after this many unanswered calls an order is suggested for cancellation. */
export const DEFAULT_MAX_UNANSWERED_ATTEMPTS = 3;
export const MAX_UNANSWERED_ATTEMPTS_RANGE = { min: 1, max: 20 } as const;

/** Read from the database each time: only the confirmation pages ask for it. */
export async function getMaxUnansweredAttempts(db: Kysely<Database>): Promise<number> {
  return (await selectMaxUnansweredAttempts(db)) ?? DEFAULT_MAX_UNANSWERED_ATTEMPTS;
}

/** Stores it when it is a whole number within MAX_UNANSWERED_ATTEMPTS_RANGE; false otherwise. */
export async function saveMaxUnansweredAttempts(db: Kysely<Database>, raw: unknown): Promise<boolean> {
  const text = typeof raw === "string" ? raw.trim() : typeof raw === "number" ? String(raw) : "";
  if (!/^\d{1,3}$/.test(text)) return false;
  const value = Number(text);
  if (value < MAX_UNANSWERED_ATTEMPTS_RANGE.min || value > MAX_UNANSWERED_ATTEMPTS_RANGE.max) return false;
  await updateMaxUnansweredAttempts(db, value, nowIso());
  return true;
}

/**
 * Reads the settings again now (another worker process saved them): requests from here on wait
 * for the fresh copy, and a refresh read before this does not replace it.
 */
export function reloadShopSettings(db: Kysely<Database>): void {
  saves++;
  copies.set(db, load(db));
}

/**
 * At start-up: reads the settings, warns when the shop has no phone (shoppers then see none,
 * and the admin shows a banner), and reads them again every REFERENCE_TTL_MS so a change saved
 * by another process shows here too. Returns the function that stops the refresh.
 */
export async function startShopSettingsRefresh(db: Kysely<Database>, intervalMs: number = REFERENCE_TTL_MS): Promise<() => void> {
  copies.set(db, load(db));
  if (!(await isShopPhoneSet(db))) {
    logger.warn("The shop has no phone number yet: shoppers see none. Set it in /admin/settings.");
  }
  const timer = setInterval(() => {
    const savesBefore = saves;
    const next = load(db);
    // Swapped in once read, so requests meanwhile keep the current copy.
    next.then(
      () => {
        if (saves === savesBefore) copies.set(db, next);
      },
      (error: unknown) => logger.warn({ err: error }, "shop settings refresh failed"),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
