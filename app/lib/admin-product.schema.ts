import { z } from "zod";
import { formText, optionalFormText } from "./form-text";
import { applyPageTarget, compareAtBelowPrice, DEFAULT_LOW_STOCK_THRESHOLD, normalizeSlug, parseIntegerField } from "./admin-product";

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
  | "sku";

export type ProductErrorKey =
  "requiredFields" | "required" | "tooLong" | "negative" | "compareAtBelowPrice" | "slugTaken" | "unknownCategory" | "unknownSection";

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

/** The text fields of a submitted form (files and intents are read elsewhere). */
export type ProductFormFields = Partial<Record<ProductFieldName | "inStock" | "target", unknown>>;

/**
 * Reads a submitted product form: trims, normalises the slug, parses the integers
 * (non-numeric → 0), fills an empty section or category from the page-target preset,
 * then checks required fields, negatives and the compare-at price.
 */
export function parseProductForm(fields: ProductFormFields): ProductFormResult {
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
  if (parsed.success && !missing) return { ok: true, value: parsed.data };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as ProductFieldName | undefined;
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message as ProductErrorKey;
  }
  return { ok: false, formError: missing ? "requiredFields" : null, fieldErrors };
}
