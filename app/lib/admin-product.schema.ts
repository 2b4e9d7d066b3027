import { z } from "zod";
import { formText, optionalFormText } from "./form-text";
import {
  applyPageTarget,
  compareAtBelowPrice,
  DEFAULT_LOW_STOCK_THRESHOLD,
  normalizeSlug,
  parseIntegerField,
  type OfferFormRow,
} from "./admin-product";
import { parseVariantRows, type VariantErrorKey, type VariantFieldName, type VariantsFormRows, type VariantsInput } from "./admin-product-variants";
import { MAX_OFFER_LABEL_LENGTH, offerRuleProblem, type OfferLabels, type OfferRule } from "./offers";

/**
 * The admin product form as the server reads it. Messages are keys under
 * `adminProducts.errors` (translated by the page). Required fields missing give the shop's one
 * message for a missing field (`requiredFields`: يرجى ملء جميع الحقول المطلوبة) and mark each field.
 */

export const PRODUCT_TEXT_LIMITS = { title: 200, slug: 200, description: 5000, sku: 100 } as const;

export type ProductFieldName =
  | "slug"
  | "title"
  | "titleEn"
  | "titleFr"
  | "description"
  | "descriptionEn"
  | "descriptionFr"
  | "price"
  | "compareAtPrice"
  | "category"
  | "sectionId"
  | "stockQuantity"
  | "lowStockThreshold"
  | "sku"
  | "offers"
  | VariantFieldName;

export type ProductErrorKey =
  | "requiredFields"
  | "required"
  | "tooLong"
  | "negative"
  | "compareAtBelowPrice"
  | "slugTaken"
  | "unknownCategory"
  | "unknownSection"
  | "offerInvalid"
  | VariantErrorKey;

/** What a valid form saves (camelCase; the repository maps it to columns). */
export interface ProductInput {
  slug: string;
  title: string;
  titleEn: string | null;
  titleFr: string | null;
  description: string;
  descriptionEn: string | null;
  descriptionFr: string | null;
  price: number;
  compareAtPrice: number;
  category: string;
  sectionId: string;
  inStock: boolean;
  stockQuantity: number;
  lowStockThreshold: number;
  sku: string | null;
  /** The product's quantity offers, in order; absent when the form had none of their fields (they stay as they are). */
  offers?: (OfferRule & { labels: OfferLabels })[];
  /** The product's options and variants; absent when the form had no variants editor (they stay as they are). */
  variants?: VariantsInput;
}

const text = formText;
const optionalText = optionalFormText;
const integer = (fallback: number) =>
  z.preprocess(
    (value) => {
      if (typeof value === "string" && value.trim() === "") return fallback;
      return parseIntegerField(value, fallback);
    },
    z.number().int().min(0, "negative"),
  );

const productFormSchema = z
  .object({
    slug: z.preprocess((value) => (typeof value === "string" ? normalizeSlug(value) : ""), z.string().max(PRODUCT_TEXT_LIMITS.slug, "tooLong")),
    title: text(PRODUCT_TEXT_LIMITS.title),
    titleEn: optionalText(PRODUCT_TEXT_LIMITS.title),
    titleFr: optionalText(PRODUCT_TEXT_LIMITS.title),
    description: text(PRODUCT_TEXT_LIMITS.description),
    descriptionEn: optionalText(PRODUCT_TEXT_LIMITS.description),
    descriptionFr: optionalText(PRODUCT_TEXT_LIMITS.description),
    price: integer(0),
    compareAtPrice: integer(0),
    category: text(200),
    sectionId: text(200),
    inStock: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
    stockQuantity: integer(0),
    lowStockThreshold: integer(DEFAULT_LOW_STOCK_THRESHOLD),
    sku: optionalText(PRODUCT_TEXT_LIMITS.sku),
  })
  .superRefine((value, ctx) => {
    if (compareAtBelowPrice(value.price, value.compareAtPrice)) {
      ctx.addIssue({ code: "custom", path: ["compareAtPrice"], message: "compareAtBelowPrice" });
    }
  });

/** The fields a product cannot be saved without: title, slug, category and section_id. */
export const REQUIRED_FIELDS = ["title", "slug", "category", "sectionId"] as const;

export type ProductFormResult =
  | { ok: true; value: ProductInput }
  | { ok: false; formError: ProductErrorKey | null; fieldErrors: Partial<Record<ProductFieldName, ProductErrorKey>> };

/** The text fields of a submitted form (files and intents are read elsewhere), and its offer rows. */
export type ProductFormFields = Partial<Record<Exclude<ProductFieldName, "offers" | VariantFieldName> | "inStock" | "target", unknown>> & {
  offers?: OfferFormRow[];
  variants?: VariantsFormRows;
};

/**
 * The offers of the form's rows: a row with neither quantity nor value is skipped; any other
 * must hold 1 to 99 pieces and 0 to 90 % off (kind "percent") or a total of at least 1 DA
 * ("fixed"), with labels of at most MAX_OFFER_LABEL_LENGTH characters (blank: the shop writes one).
 */
export function parseOfferRows(rows: readonly OfferFormRow[]): { ok: true; offers: (OfferRule & { labels: OfferLabels })[] } | { ok: false } {
  const offers: (OfferRule & { labels: OfferLabels })[] = [];
  const whole = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN);
  for (const row of rows) {
    if (row.quantity.trim() === "" && row.value.trim() === "") continue;
    const value = whole(row.value);
    const rule: OfferRule = {
      quantity: whole(row.quantity),
      percentOff: row.kind === "fixed" ? null : value,
      fixedTotal: row.kind === "fixed" ? value : null,
    };
    const label = (text: string) => text.trim() || null;
    const labels = { ar: label(row.labelAr), en: label(row.labelEn), fr: label(row.labelFr) };
    const tooLong = Object.values(labels).some((text) => text !== null && text.length > MAX_OFFER_LABEL_LENGTH);
    if (offerRuleProblem(rule) !== null || tooLong) return { ok: false };
    offers.push({ ...rule, labels });
  }
  return { ok: true, offers };
}

/**
 * Reads a submitted product form: trims, normalises the slug, parses the integers
 * (non-numeric → 0), fills an empty section or category from the page-target preset,
 * then checks required fields, negatives and the compare-at price, the offers and the
 * variants (a variant's picture must be one of `context.imageIds`, the product's images).
 */
export function parseProductForm(fields: ProductFormFields, context: { imageIds: readonly number[] } = { imageIds: [] }): ProductFormResult {
  const filled = applyPageTarget(fields.target, {
    sectionId: typeof fields.sectionId === "string" ? fields.sectionId.trim() : "",
    category: typeof fields.category === "string" ? fields.category.trim() : "",
  });
  const parsed = productFormSchema.safeParse({ ...fields, ...filled });
  const fieldErrors: Partial<Record<ProductFieldName, ProductErrorKey>> = {};
  // Required fields are checked on their own, so their one message shows whatever else is wrong.
  const present = { title: fields.title, slug: fields.slug, ...filled };
  let missing = false;
  for (const field of REQUIRED_FIELDS) {
    const value = present[field];
    const empty = field === "slug" ? normalizeSlug(String(value ?? "")) === "" : String(value ?? "").trim() === "";
    if (empty) {
      fieldErrors[field] = "required";
      missing = true;
    }
  }
  const offers = fields.offers ? parseOfferRows(fields.offers) : undefined;
  if (offers && !offers.ok) fieldErrors.offers = "offerInvalid";
  const variants = fields.variants ? parseVariantRows(fields.variants, context.imageIds, parsed.success ? parsed.data.price : 0) : undefined;
  if (variants && !variants.ok) Object.assign(fieldErrors, variants.fieldErrors);
  if (parsed.success && !missing && !fieldErrors.offers && (!variants || variants.ok)) {
    return {
      ok: true,
      value: {
        ...parsed.data,
        ...(offers?.ok ? { offers: offers.offers } : {}),
        ...(variants?.ok ? { variants: variants.value } : {}),
      },
    };
  }
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as Exclude<ProductFieldName, VariantFieldName> | undefined;
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message as ProductErrorKey;
  }
  return { ok: false, formError: missing ? "requiredFields" : null, fieldErrors };
}
