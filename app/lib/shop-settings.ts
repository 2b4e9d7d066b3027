import { z } from "zod";
import { normalizeAlgerianMobile } from "./phone";

/**
 * The merchant's shop settings: the shop's name in each language, how shoppers reach it, its
 * social pages and the legal notices an Algerian online seller shows (trade register number RC,
 * tax number NIF, address). Every field is optional: an unset one is hidden from shoppers, never
 * replaced by a placeholder. Shared by the admin form and the service that stores them.
 */
export const SHOP_SETTINGS_FIELDS = [
  "nameAr",
  "nameEn",
  "nameFr",
  "phone",
  "whatsapp",
  "email",
  "address",
  "facebookUrl",
  "instagramUrl",
  "tiktokUrl",
  "rc",
  "nif",
] as const;
export type ShopSettingsField = (typeof SHOP_SETTINGS_FIELDS)[number];

/** The stored settings: null where the merchant set nothing. */
export type ShopSettings = Record<ShopSettingsField, string | null>;

/** Upper bounds of the text fields (characters). */
export const SHOP_SETTINGS_LIMITS = {
  name: 80,
  email: 254,
  address: 300,
  url: 300,
  rc: 30,
} as const;

/** Why a field is refused; translated with settings.errors.<code> (tooLong takes {{max}}). */
export type ShopSettingsErrorCode = "tooLong" | "phone" | "email" | "url" | "rc" | "nif";

/** The hosts each social link may point to (https only, and a page: not the site's home). */
export const SOCIAL_HOSTS = {
  facebookUrl: ["facebook.com", "www.facebook.com", "m.facebook.com", "web.facebook.com"],
  instagramUrl: ["instagram.com", "www.instagram.com"],
  tiktokUrl: ["tiktok.com", "www.tiktok.com"],
} as const;

/** A form value: trimmed, and an empty one is null (the field is unset). */
const optional = <T extends z.ZodType<string | null>>(inner: T) =>
  z.preprocess((value) => {
    const text = typeof value === "string" ? value.trim() : "";
    return text === "" ? null : text;
  }, inner.nullable());

const bounded = (max: number) => z.string().max(max, { error: `tooLong:${max}` });

const mobile = z
  .string()
  .max(30, { error: "phone" })
  .transform((text, ctx) => {
    const number = normalizeAlgerianMobile(text);
    if (number === null) {
      ctx.addIssue({ code: "custom", message: "phone" });
      return z.NEVER;
    }
    return number;
  });

const socialUrl = (hosts: readonly string[]) =>
  bounded(SHOP_SETTINGS_LIMITS.url).refine(
    (text) => {
      if (!URL.canParse(text)) return false;
      const url = new URL(text);
      return url.protocol === "https:" && hosts.includes(url.hostname.toLowerCase()) && url.pathname.replace(/\/+$/, "") !== "" && !url.username;
    },
    { error: "url" },
  );

/** The admin form (names as posted). */
export const shopSettingsSchema = z.object({
  nameAr: optional(bounded(SHOP_SETTINGS_LIMITS.name)),
  nameEn: optional(bounded(SHOP_SETTINGS_LIMITS.name)),
  nameFr: optional(bounded(SHOP_SETTINGS_LIMITS.name)),
  phone: optional(mobile),
  whatsapp: optional(mobile),
  email: optional(bounded(SHOP_SETTINGS_LIMITS.email).pipe(z.email({ error: "email" }))),
  address: optional(bounded(SHOP_SETTINGS_LIMITS.address)),
  facebookUrl: optional(socialUrl(SOCIAL_HOSTS.facebookUrl)),
  instagramUrl: optional(socialUrl(SOCIAL_HOSTS.instagramUrl)),
  tiktokUrl: optional(socialUrl(SOCIAL_HOSTS.tiktokUrl)),
  // Trade register number as printed on the extract, e.g. 16/00-1234567 B 21.
  rc: optional(bounded(SHOP_SETTINGS_LIMITS.rc).regex(/^[0-9A-Za-z][0-9A-Za-z /-]{4,}$/, { error: "rc" })),
  // Tax identification number: 15 digits (20 for some older cards).
  nif: optional(z.string().regex(/^(\d{15}|\d{20})$/, { error: "nif" })),
}) satisfies z.ZodType<ShopSettings, unknown>;

/** A refused field's reason: its code and, for a length, the limit to state in the message. */
export interface ShopSettingsFieldError {
  code: ShopSettingsErrorCode;
  max?: number;
}

export type ShopSettingsParse = { ok: true; value: ShopSettings } | { ok: false; fields: Partial<Record<ShopSettingsField, ShopSettingsFieldError>> };

/** Checks the posted settings; every refused field with its reason. */
export function parseShopSettings(input: Partial<Record<ShopSettingsField, unknown>>): ShopSettingsParse {
  const parsed = shopSettingsSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Partial<Record<ShopSettingsField, ShopSettingsFieldError>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ShopSettingsField;
    if (fields[field]) continue;
    const message = /^(tooLong:\d+|phone|email|url|rc|nif)$/.test(issue.message) ? issue.message : fallbackCode(field);
    const [code, max] = message.split(":") as [ShopSettingsErrorCode, string | undefined];
    fields[field] = max ? { code, max: Number(max) } : { code };
  }
  return { ok: false, fields };
}

function fallbackCode(field: ShopSettingsField): string {
  if (field === "phone" || field === "whatsapp") return "phone";
  if (field === "email") return "email";
  if (field === "rc" || field === "nif") return field;
  if (field.endsWith("Url")) return "url";
  return `tooLong:${field === "address" ? SHOP_SETTINGS_LIMITS.address : SHOP_SETTINGS_LIMITS.name}`;
}

/** What the storefront shows of the settings: the same for every visitor (it may sit in cached pages). */
export interface PublicShopInfo {
  name: string;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  address: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  tiktokUrl: string | null;
  rc: string | null;
  nif: string | null;
}
