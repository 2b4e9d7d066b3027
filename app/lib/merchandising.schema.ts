/**
 * The admin forms of collections, custom pages and page sections: field values, error keys and
 * results, shared by the browser (to echo and show) and the server (which parses and decides).
 */
import { z } from "zod";
import { formText, optionalFormText } from "./form-text";
import { parseIntegerField } from "./admin-product";
import { isPageIdentifier, isSectionType, MERCH_LIMITS, normalizeProductIds, type PageIdentifier, type SectionType } from "./merchandising";
import { normalizeSlug } from "./slug";

/** Raw text fields of a form as posted (field names in docs of each form). */
export type MerchFormFields = Partial<Record<string, string>>;

/** Why a save, move or delete was refused; translated under adminMerchandising.errors. */
export type MerchErrorKey =
  /** يرجى ملء العنوان والرابط */
  | "titleSlugRequired"
  /** يرجى اختيار منتج واحد على الأقل */
  | "productsRequired"
  /** يرجى ملء جميع الحقول المطلوبة (a section's type and title) */
  | "requiredFields"
  | "slugTaken"
  | "slugInvalid"
  | "tooLong"
  | "unknownProducts"
  /** A chosen variant is not an active variant of its product. */
  | "unknownVariant"
  | "collectionRequired"
  | "unknownCollection"
  | "invalidPage"
  | "invalidType"
  | "notFound"
  | "saveFailed"
  | "deleteFailed"
  | "moveFailed"
  | "notImage"
  | "tooLarge"
  | "uploadFailed";

export type MerchSaveResult =
  { ok: true; id: number; created: boolean } | { ok: false; status: 400 | 404 | 409 | 413 | 422 | 500; error: MerchErrorKey; field?: string };

export type MerchDeleteResult = { ok: true } | { ok: false; status: 404 | 500; error: "notFound" | "deleteFailed" };

/**
 * The English and French fields beside the Arabic ones (`titleEn`, `titleFr`, …): optional, a
 * blank one shows the Arabic text (app/lib/merchant-texts.ts).
 */
type TranslatedFields<Name extends string, Value> = { [Key in `${Name}${"En" | "Fr"}`]: Value };

/** The texts of a collection or custom page the shopper reads, each in Arabic and translated. */
export const RECORD_TEXTS = ["title", "description", "metaTitle", "metaDescription"] as const;
/** The texts of a page section. */
export const SECTION_TEXTS = ["title", "subtitle"] as const;

/** The translated field names of `texts` (titleEn, titleFr, …), in the form's order. */
export function translatedFieldNames<Name extends string>(texts: readonly Name[]): `${Name}${"En" | "Fr"}`[] {
  return texts.flatMap((name) => [`${name}En` as const, `${name}Fr` as const]);
}

export interface CollectionFormValues extends TranslatedFields<(typeof RECORD_TEXTS)[number], string> {
  title: string;
  slug: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  displayOrder: string;
  isActive: boolean;
  isFeatured: boolean;
  productIds: string[];
}

/** A custom page's form: a collection's without featured. */
export type CustomPageFormValues = Omit<CollectionFormValues, "isFeatured">;

export interface SectionFormValues extends TranslatedFields<(typeof SECTION_TEXTS)[number], string> {
  pageIdentifier: PageIdentifier;
  sectionType: SectionType | "";
  title: string;
  subtitle: string;
  collectionId: string;
  isActive: boolean;
  productIds: string[];
}

const noTranslations = <Name extends string>(texts: readonly Name[]) =>
  Object.fromEntries(translatedFieldNames(texts).map((name) => [name, ""])) as TranslatedFields<Name, string>;

/** New collections and pages start active, with display_order 0. */
export const EMPTY_CUSTOM_PAGE_FORM: CustomPageFormValues = {
  title: "",
  slug: "",
  description: "",
  metaTitle: "",
  metaDescription: "",
  ...noTranslations(RECORD_TEXTS),
  displayOrder: "0",
  isActive: true,
  productIds: [],
};

export const EMPTY_COLLECTION_FORM: CollectionFormValues = { ...EMPTY_CUSTOM_PAGE_FORM, isFeatured: false };

export function emptySectionForm(page: PageIdentifier): SectionFormValues {
  return {
    pageIdentifier: page,
    sectionType: "",
    title: "",
    subtitle: "",
    ...noTranslations(SECTION_TEXTS),
    collectionId: "",
    isActive: true,
    productIds: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Parsing (the server's reading of a posted form)

/** What a valid collection form saves (camelCase; the repository maps it to columns). */
export interface CollectionInput extends TranslatedFields<(typeof RECORD_TEXTS)[number], string | null> {
  title: string;
  /** Normalised (normalizeSlug) and checked against MERCH_SLUG_PATTERN. */
  slug: string;
  description: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  displayOrder: number;
  isActive: boolean;
  isFeatured: boolean;
}

export type CustomPageInput = Omit<CollectionInput, "isFeatured">;

export interface SectionInput extends TranslatedFields<(typeof SECTION_TEXTS)[number], string | null> {
  pageIdentifier: PageIdentifier;
  sectionType: SectionType;
  title: string;
  subtitle: string | null;
  /** Only kept for collection-slider (null for every other type). */
  collectionId: number | null;
  isActive: boolean;
}

export type MerchParseResult<T> = { ok: true; value: T } | { ok: false; error: MerchErrorKey; field?: string };

/** A stored slug: lowercase Latin letters, digits or Arabic letters, in hyphen-separated runs. */
export const MERCH_SLUG_PATTERN = /^[a-z0-9\u0600-\u06ff]+(?:-[a-z0-9\u0600-\u06ff]+)*$/;

/** Keeps display_order inside a 32-bit integer column (PostgreSQL). */
const DISPLAY_ORDER_BOUND = 1_000_000;

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());
const text = formText;
const optionalText = optionalFormText;
const slug = z.preprocess(
  (value) => (typeof value === "string" ? normalizeSlug(value) : ""),
  z.string().max(MERCH_LIMITS.slug, "tooLong").regex(MERCH_SLUG_PATTERN, "slugInvalid"),
);
const displayOrder = z.preprocess(
  (value) => Math.max(-DISPLAY_ORDER_BOUND, Math.min(DISPLAY_ORDER_BOUND, parseIntegerField(value, 0))),
  z.number().int(),
);

/** Each translation is optional (null when blank) with its Arabic field's limit. */
function translations<Name extends keyof typeof MERCH_LIMITS>(texts: readonly Name[]) {
  return Object.fromEntries(
    texts.flatMap((name) => [
      [`${name}En`, optionalText(MERCH_LIMITS[name])],
      [`${name}Fr`, optionalText(MERCH_LIMITS[name])],
    ]),
  ) as { [Key in `${Name}${"En" | "Fr"}`]: ReturnType<typeof optionalText> };
}

const collectionSchema = z.object({
  title: text(MERCH_LIMITS.title),
  slug,
  description: optionalText(MERCH_LIMITS.description),
  metaTitle: optionalText(MERCH_LIMITS.metaTitle),
  metaDescription: optionalText(MERCH_LIMITS.metaDescription),
  ...translations(RECORD_TEXTS),
  displayOrder,
  isActive: checkbox,
  isFeatured: checkbox,
});

const customPageSchema = collectionSchema.omit({ isFeatured: true });

const sectionSchema = z.object({
  title: text(MERCH_LIMITS.title),
  subtitle: optionalText(MERCH_LIMITS.subtitle),
  ...translations(SECTION_TEXTS),
  isActive: checkbox,
});

const blank = (value: unknown) => typeof value !== "string" || value.trim() === "";

/** The first issue of a failed parse, as an error key and the field it is about. */
function firstIssue(error: z.ZodError): { ok: false; error: MerchErrorKey; field?: string } {
  const issue = error.issues[0];
  const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
  const key = issue?.message === "slugInvalid" ? "slugInvalid" : "tooLong";
  return field ? { ok: false, error: key, field } : { ok: false, error: key };
}

/**
 * A collection form: title and slug are required (titleSlugRequired, checked first, the shop's
 * one message for them), then the slug's shape (slugInvalid) and the lengths (tooLong, with the field).
 * The product list is checked by the service (productsRequired, unknownProducts).
 */
export function parseCollectionForm(fields: MerchFormFields): MerchParseResult<CollectionInput> {
  if (blank(fields.title) || normalizeSlug(fields.slug ?? "") === "") return { ok: false, error: "titleSlugRequired" };
  const parsed = collectionSchema.safeParse(fields);
  return parsed.success ? { ok: true, value: parsed.data } : firstIssue(parsed.error);
}

/** A custom page form: the same rules as a collection's, without featured and with products optional. */
export function parseCustomPageForm(fields: MerchFormFields): MerchParseResult<CustomPageInput> {
  if (blank(fields.title) || normalizeSlug(fields.slug ?? "") === "") return { ok: false, error: "titleSlugRequired" };
  const parsed = customPageSchema.safeParse(fields);
  return parsed.success ? { ok: true, value: parsed.data } : firstIssue(parsed.error);
}

/**
 * A page section form: the page must be known (invalidPage); type and title are required
 * (requiredFields), the type must be known (invalidType); a collection-slider names a
 * collection (collectionRequired; whether it exists is the service's check).
 */
export function parseSectionForm(fields: MerchFormFields): MerchParseResult<SectionInput> {
  const pageIdentifier = fields.pageIdentifier?.trim();
  if (!isPageIdentifier(pageIdentifier)) return { ok: false, error: "invalidPage", field: "pageIdentifier" };
  if (blank(fields.sectionType) || blank(fields.title)) return { ok: false, error: "requiredFields" };
  const sectionType = fields.sectionType!.trim();
  if (!isSectionType(sectionType)) return { ok: false, error: "invalidType", field: "sectionType" };
  const parsed = sectionSchema.safeParse(fields);
  if (!parsed.success) return firstIssue(parsed.error);
  let collectionId: number | null = null;
  if (sectionType === "collection-slider") {
    const raw = fields.collectionId?.trim() ?? "";
    if (raw === "") return { ok: false, error: "collectionRequired", field: "collectionId" };
    if (!/^\d{1,9}$/.test(raw)) return { ok: false, error: "unknownCollection", field: "collectionId" };
    collectionId = Number(raw);
  }
  return { ok: true, value: { pageIdentifier, sectionType, collectionId, ...parsed.data } };
}

// ---------------------------------------------------------------------------------------------
// Echo (what the form showed, to render it again after a refusal)

const echo = (value: string | undefined) => (typeof value === "string" ? value : "");
const checked = (value: string | undefined) => value === "on" || value === "true";
const echoTranslations = <Name extends string>(fields: MerchFormFields, texts: readonly Name[]) =>
  Object.fromEntries(translatedFieldNames(texts).map((name) => [name, echo(fields[name])])) as TranslatedFields<Name, string>;

export function collectionValuesFromForm(fields: MerchFormFields, productIds: readonly string[]): CollectionFormValues {
  return { ...customPageValuesFromForm(fields, productIds), isFeatured: checked(fields.isFeatured) };
}

export function customPageValuesFromForm(fields: MerchFormFields, productIds: readonly string[]): CustomPageFormValues {
  return {
    title: echo(fields.title),
    slug: echo(fields.slug),
    description: echo(fields.description),
    metaTitle: echo(fields.metaTitle),
    metaDescription: echo(fields.metaDescription),
    ...echoTranslations(fields, RECORD_TEXTS),
    displayOrder: echo(fields.displayOrder) || "0",
    isActive: checked(fields.isActive),
    productIds: normalizeProductIds(productIds),
  };
}

export function sectionValuesFromForm(fields: MerchFormFields, productIds: readonly string[], page: PageIdentifier = "home"): SectionFormValues {
  const pageIdentifier = fields.pageIdentifier?.trim();
  const sectionType = fields.sectionType?.trim();
  return {
    pageIdentifier: isPageIdentifier(pageIdentifier) ? pageIdentifier : page,
    sectionType: isSectionType(sectionType) ? sectionType : "",
    title: echo(fields.title),
    subtitle: echo(fields.subtitle),
    ...echoTranslations(fields, SECTION_TEXTS),
    collectionId: echo(fields.collectionId),
    isActive: checked(fields.isActive),
    productIds: normalizeProductIds(productIds),
  };
}
