// zod/mini: the wholesale form ships this schema to the browser; mini keeps it to a few KB.
import * as z from "zod/mini";
import type { TFunction } from "i18next";
import type { FormAnswer, FormMessages } from "./order-form";
import { blankToUndefined, honeypotFilled, honeypotSchema, MAX_NAME_LENGTH, optionalText, phoneSchema, requiredText } from "./order-request";

/**
 * The wholesale section (/product-gros): its 10 categories (texts in
 * app/i18n/wholesale, `wholesale.categories.items.<key>`) and the trade buyer's enquiry,
 * checked by the same schema in the browser and on the server (its form's, parsed with Conform), with the order forms' rules
 * (names, Algerian mobile normalised to 0XXXXXXXXX, two-digit wilaya, `website` honeypot).
 */

/** The 10 wholesale categories, in display order (5 features each). */
export const WHOLESALE_CATEGORIES = [
  "home-appliances",
  "kitchenware",
  "school-supplies",
  "toys-games",
  "perfumery",
  "jewellery",
  "swimming-pools",
  "bags-backpacks",
  "electronics",
  "household",
] as const;
export type WholesaleCategory = (typeof WHOLESALE_CATEGORIES)[number];

/** The five features of each category card: `wholesale.categories.items.<key>.features.<f>`. */
export const WHOLESALE_FEATURES = ["f1", "f2", "f3", "f4", "f5"] as const;

/** Where an enquiry is in the merchant's follow-up. */
export const WHOLESALE_STATUSES = ["new", "contacted", "closed"] as const;
export type WholesaleStatus = (typeof WHOLESALE_STATUSES)[number];

export const MAX_BUSINESS_NAME_LENGTH = 100;
export const MAX_QUANTITY_LENGTH = 100;
export const MAX_MESSAGE_LENGTH = 1000;
/** More entries than this in `categories` is a forged body (the form has 10 checkboxes). */
const MAX_CATEGORY_ENTRIES = 50;

export function isWholesaleCategory(value: unknown): value is WholesaleCategory {
  return typeof value === "string" && (WHOLESALE_CATEGORIES as readonly string[]).includes(value);
}

export function isWholesaleStatus(value: unknown): value is WholesaleStatus {
  return typeof value === "string" && (WHOLESALE_STATUSES as readonly string[]).includes(value);
}

/**
 * The reason a field is refused (the schema's issue messages). Never shown as is: translated
 * with `wholesale.fields.<code>`. `unknown_wilaya` comes from the server (a well-formed code
 * that names no active wilaya).
 */
export const WHOLESALE_FIELD_CODES = [
  "required",
  "too_long",
  "invalid_phone",
  "invalid_wilaya",
  "unknown_wilaya",
  "categories_required",
  "invalid_category",
  "invalid",
] as const;
export type WholesaleFieldCode = (typeof WHOLESALE_FIELD_CODES)[number];

/** The fields of the form (and of the body), by their posted names. */
export const WHOLESALE_FORM_FIELDS = ["businessName", "contactName", "phone", "wilaya", "categories", "estimatedQuantity", "message"] as const;
export type WholesaleFormField = (typeof WHOLESALE_FORM_FIELDS)[number];

/** The body of an enquiry as a form (or a script) sends it. */
export interface WholesaleEnquiryBody {
  businessName: string;
  contactName: string;
  phone: string;
  /** Two-digit wilaya code. */
  wilaya: string;
  categories: string[];
  estimatedQuantity?: string;
  message?: string;
  /** Honeypot: a hidden field humans leave empty. */
  website?: string;
}

const wilaya = z.pipe(z.transform(blankToUndefined), z.string({ error: "required" }).check(z.regex(/^\d{2}$/, { error: "invalid_wilaya" })));

/** Known keys only, at least one; duplicates dropped and the list put in display order. */
const categories = z.pipe(
  z
    .array(z.string({ error: "invalid_category" }).check(z.trim(), z.refine(isWholesaleCategory, { error: "invalid_category" })), {
      error: "categories_required",
    })
    .check(z.minLength(1, { error: "categories_required" }), z.maxLength(MAX_CATEGORY_ENTRIES, { error: "invalid_category" })),
  z.transform((keys: string[]) => WHOLESALE_CATEGORIES.filter((key) => keys.includes(key))),
);

/**
 * The schema of an enquiry: issue messages are WholesaleFieldCode values, the output
 * normalised (texts trimmed, phone 0XXXXXXXXX, blank optional fields absent, categories
 * known and ordered). Extra properties are dropped.
 */
export const wholesaleEnquirySchema = z.object({
  businessName: requiredText(MAX_BUSINESS_NAME_LENGTH),
  contactName: requiredText(MAX_NAME_LENGTH),
  phone: phoneSchema,
  wilaya,
  categories,
  estimatedQuantity: optionalText(MAX_QUANTITY_LENGTH, "too_long"),
  message: optionalText(MAX_MESSAGE_LENGTH, "too_long"),
  website: honeypotSchema,
});

export type ParsedWholesaleEnquiry = z.output<typeof wholesaleEnquirySchema>;

/** The refused fields with their codes (first problem of each field wins); a body that is not an object → `body`. */
export function wholesaleFieldCodes(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, WholesaleFieldCode> {
  const fields: Record<string, WholesaleFieldCode> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "body";
    const code = (WHOLESALE_FIELD_CODES as readonly string[]).includes(issue.message) ? (issue.message as WholesaleFieldCode) : "invalid";
    fields[key] ??= code;
  }
  return fields;
}

/** Checks a body on either side: the normalised enquiry, or the refused fields with their codes. */
export function validateWholesaleEnquiry(
  body: unknown,
): { ok: true; data: ParsedWholesaleEnquiry } | { ok: false; fields: Record<string, WholesaleFieldCode> } {
  const result = wholesaleEnquirySchema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, fields: wholesaleFieldCodes(result.error.issues) };
}

/** True when the honeypot holds anything but blanks (bots fill every field): the order forms' rule. */
export const wholesaleHoneypotFilled = honeypotFilled;

/**
 * The enquiry form's refusal texts (app/lib/order-form.ts parseForm): `wholesale.fields.<code>`
 * per field, and the form's own message. The form's schema is wholesaleEnquirySchema itself:
 * its fields are the form's.
 */
export const wholesaleFormMessages = (t: TFunction): FormMessages => ({
  field: (code) => t(`wholesale.fields.${code}` as "wholesale.fields.required"),
  form: t("wholesale.errors.invalid_enquiry"),
});

/** What the enquiry form's route action answers when it does not redirect: Conform's result, and `sent` once stored. */
export interface EnquiryFormAnswer extends FormAnswer {
  sent?: true;
}

/** The stored form of a list of categories: comma-separated keys ("toys-games,perfumery"). */
export function joinWholesaleCategories(keys: readonly WholesaleCategory[]): string {
  return keys.join(",");
}

/** The known keys of a stored list, in display order (an unknown or renamed key is skipped). */
export function splitWholesaleCategories(stored: string | null | undefined): WholesaleCategory[] {
  const keys = (stored ?? "").split(",").map((key) => key.trim());
  return WHOLESALE_CATEGORIES.filter((key) => keys.includes(key));
}
