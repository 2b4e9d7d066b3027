import * as z from "zod/mini";

/**
 * The admin forms of categories and sections: a key fixed after creation
 * (a category's slug, a section's id) and names in Arabic (required), English and French (optional).
 */

export const TAXONOMY_LIMITS = { key: 60, name: 100 } as const;

import { cleanFormText } from "./form-text";
import { normalizeSlug, slugAsTyped } from "./slug";

export { normalizeSlug, slugAsTyped };

/** A key is part of an address (/categories/{slug}): lowercase Latin letters, digits and single hyphens. */
export const KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Why a form is refused; each is a key under `adminInventory.taxonomy.errors`.
 * `required` is the shop's one message for a missing name or key (يرجى ملء جميع الحقول).
 */
export type TaxonomyErrorCode = "required" | "invalidKey" | "tooLong";

export interface TaxonomyInput {
  key: string;
  name: string;
  nameEn: string | null;
  nameFr: string | null;
}

const text = z.pipe(
  z.optional(z.nullable(z.string())),
  z.transform((value) => cleanFormText(value ?? "")),
);

const formSchema = z.object({ key: text, name: text, nameEn: text, nameFr: text });

export type TaxonomyParseResult = { ok: true; value: TaxonomyInput } | { ok: false; error: TaxonomyErrorCode };

/** Reads a category or section form; `requireKey: false` for an edit (the key is fixed and comes from the row). */
export function parseTaxonomyForm(
  fields: { key?: unknown; name?: unknown; nameEn?: unknown; nameFr?: unknown },
  options: { requireKey: boolean } = { requireKey: true },
): TaxonomyParseResult {
  const parsed = formSchema.safeParse({
    key: typeof fields.key === "string" ? fields.key : null,
    name: typeof fields.name === "string" ? fields.name : null,
    nameEn: typeof fields.nameEn === "string" ? fields.nameEn : null,
    nameFr: typeof fields.nameFr === "string" ? fields.nameFr : null,
  });
  if (!parsed.success) return { ok: false, error: "required" };
  const { name, nameEn, nameFr } = parsed.data;
  const key = normalizeSlug(parsed.data.key);
  if (name === "" || (options.requireKey && key === "")) return { ok: false, error: "required" };
  if (options.requireKey && !KEY_PATTERN.test(key)) return { ok: false, error: "invalidKey" };
  if (key.length > TAXONOMY_LIMITS.key || [name, nameEn, nameFr].some((n) => n.length > TAXONOMY_LIMITS.name)) {
    return { ok: false, error: "tooLong" };
  }
  return { ok: true, value: { key, name, nameEn: nameEn || null, nameFr: nameFr || null } };
}

/** Which admin list: categories (keyed by slug) or sections (keyed by id). */
export type TaxonomyKind = "categories" | "sections";

/** A category or a section as the admin lists show it. */
export interface AdminTaxonomyEntry {
  /** A category's slug or a section's id: fixed after creation. */
  key: string;
  name: string;
  nameEn: string | null;
  nameFr: string | null;
  productCount: number;
}

/** What the list says after a successful post (its redirect carries ?notice=). */
export type TaxonomyNotice = "created" | "saved" | "deleted";
export const TAXONOMY_NOTICES: readonly TaxonomyNotice[] = ["created", "saved", "deleted"];

export function isTaxonomyNotice(value: unknown): value is TaxonomyNotice {
  return typeof value === "string" && (TAXONOMY_NOTICES as readonly string[]).includes(value);
}

/** A refused post: the message, and what was typed, back to the form it came from. */
export interface TaxonomyRefusal {
  intent: "create" | "update" | "delete";
  key: string;
  message: string;
  values: { key: string; name: string; nameEn: string; nameFr: string };
}
