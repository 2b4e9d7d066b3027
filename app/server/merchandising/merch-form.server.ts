/**
 * Shared by the admin merchandising forms (collections, custom pages, page layouts): their size
 * limits, their text fields and product ids, and record ids from the URL.
 */
import { FORM_OVERHEAD_BYTES, MAX_IMAGE_BYTES } from "~/lib/admin-product";
import { RECORD_TEXTS, SECTION_TEXTS, translatedFieldNames, type MerchFormFields } from "~/lib/merchandising.schema";
import { uploadedFiles, type UploadedFile } from "../images/index.server";

/** A collection or page form: one image of at most 5 MB plus the text fields. */
export const MERCH_IMAGE_FORM_BYTES = MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES;
/** A form without files (a section, a delete, a move). */
export const MERCH_TEXT_FORM_BYTES = FORM_OVERHEAD_BYTES;

/** The text fields of `names` as posted (absent ones left out). */
export function textFields(form: FormData, names: readonly string[]): MerchFormFields {
  const fields: MerchFormFields = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string") fields[name] = value;
  }
  return fields;
}

/** The posted productIds, in order. */
export function postedProductIds(form: FormData): string[] {
  return form.getAll("productIds").filter((value): value is string => typeof value === "string");
}

/** The posted variant choices of a product list, by field name (variantFieldName): "" is any variant. */
export function postedVariants(form: FormData): Record<string, string> {
  const variants: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (name.startsWith("variants[") && typeof value === "string") variants[name] = value;
  }
  return variants;
}

/** The first file of the `image` input, or null when none was chosen. */
export async function postedImage(form: FormData): Promise<UploadedFile | null> {
  return (await uploadedFiles(form.getAll("image")))[0] ?? null;
}

/** A positive integer id from a URL segment or a field, else null. */
export function parseRecordId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The fields of the collection and custom page forms (isFeatured is ignored by pages). */
export const MERCH_TEXT_FIELDS = [
  "title",
  "slug",
  "description",
  "metaTitle",
  "metaDescription",
  ...translatedFieldNames(RECORD_TEXTS),
  "displayOrder",
  "isActive",
  "isFeatured",
] as const;

/** The fields of the section form. */
export const SECTION_TEXT_FIELDS = [
  "pageIdentifier",
  "sectionType",
  "title",
  "subtitle",
  ...translatedFieldNames(SECTION_TEXTS),
  "collectionId",
  "isActive",
] as const;
