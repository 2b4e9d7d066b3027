/**
 * The variants part of the admin product form (docs/decisions/0028-product-variants.md): its
 * rows as the inputs show them, their field names, and the pure checks the server applies
 * before saving (the browser's editor uses the same rows). A value is named in the form by a
 * key: its id for a saved value, "n…" for a new one, so a combination can name values that do
 * not exist yet; saved rows keep their ids, so order lines and share links keep their variant.
 */
import { cleanFormText } from "./form-text";
import { compareAtBelowPrice, parseIntegerField } from "./admin-product";
import {
  firstDuplicate,
  MAX_OPTION_NAME_LENGTH,
  MAX_OPTIONS,
  MAX_VALUES_PER_OPTION,
  MAX_VARIANT_SKU_LENGTH,
  MAX_VARIANTS,
  SWATCH_PATTERN,
  type ProductVariants,
  type TextIn3,
} from "./variants";

/** The largest number a variant's price or stock may hold (whole dinars, pieces). */
export const MAX_VARIANT_NUMBER = 100_000_000;
/** The default low-stock threshold of a new variant. */
export const DEFAULT_VARIANT_THRESHOLD = 5;

export interface OptionValueFormRow {
  /** A saved value's id ("12"), or "n…" for a value added in this form. */
  key: string;
  nameAr: string;
  nameEn: string;
  nameFr: string;
  /** "#rrggbb" or "". */
  swatch: string;
}

export interface OptionFormRow {
  /** A saved option's id, "" for a new one. */
  id: string;
  nameAr: string;
  nameEn: string;
  nameFr: string;
  values: OptionValueFormRow[];
}

export interface VariantFormRow {
  /** A saved variant's id, "" for a new one. */
  id: string;
  /** The value keys, one per option in the options' order, joined by "-". */
  combination: string;
  sku: string;
  /** "" for the product's price. */
  price: string;
  compareAtPrice: string;
  stockQuantity: string;
  lowStockThreshold: string;
  /** A product image's id, "" for the product's gallery. */
  imageId: string;
  /** Further pictures' ids after `imageId`, joined by "," (the form picks one; more set elsewhere are kept). */
  moreImageIds: string;
  active: boolean;
}

export interface VariantsFormRows {
  options: OptionFormRow[];
  variants: VariantFormRow[];
}

export const EMPTY_VARIANTS_FORM: VariantsFormRows = { options: [], variants: [] };

/** The hidden input that says the form carried the variants editor (another client's save leaves variants alone). */
export const VARIANTS_MARKER = "variantsForm";

export const OPTION_TEXT_KEYS = ["nameAr", "nameEn", "nameFr"] as const;
export const VALUE_KEYS = ["key", "nameAr", "nameEn", "nameFr", "swatch"] as const;
export const VARIANT_KEYS = [
  "id",
  "combination",
  "sku",
  "price",
  "compareAtPrice",
  "stockQuantity",
  "lowStockThreshold",
  "imageId",
  "moreImageIds",
] as const;

export function optionFieldName(index: number, key: "id" | (typeof OPTION_TEXT_KEYS)[number]): `options[${number}].${string}` {
  return `options[${index}].${key}`;
}

export function valueFieldName(option: number, index: number, key: (typeof VALUE_KEYS)[number]): `options[${number}].${string}` {
  return `options[${option}].values[${index}].${key}`;
}

export function variantFieldName(index: number, key: (typeof VARIANT_KEYS)[number] | "active"): `variants[${number}].${string}` {
  return `variants[${index}].${key}`;
}

/** A field of the variants part, named as its input (options[0].values[1].nameAr, variants[2].sku), or the part as a whole. */
export type VariantFieldName = `options[${number}].${string}` | `variants[${number}].${string}` | "variants";

/**
 * The rows of a submitted form (`get` reads one field), one more than each bound at most so a
 * form past a bound is refused rather than cut. Rows stop at the first one missing.
 */
export function variantRowsOf(get: (name: string) => unknown): VariantsFormRows {
  const text = (name: string) => {
    const value = get(name);
    return typeof value === "string" ? value : "";
  };
  const options: OptionFormRow[] = [];
  for (let i = 0; i <= MAX_OPTIONS && typeof get(optionFieldName(i, "nameAr")) === "string"; i++) {
    const values: OptionValueFormRow[] = [];
    for (let j = 0; j <= MAX_VALUES_PER_OPTION && typeof get(valueFieldName(i, j, "key")) === "string"; j++) {
      values.push({
        key: text(valueFieldName(i, j, "key")),
        nameAr: text(valueFieldName(i, j, "nameAr")),
        nameEn: text(valueFieldName(i, j, "nameEn")),
        nameFr: text(valueFieldName(i, j, "nameFr")),
        swatch: text(valueFieldName(i, j, "swatch")),
      });
    }
    options.push({
      id: text(optionFieldName(i, "id")),
      nameAr: text(optionFieldName(i, "nameAr")),
      nameEn: text(optionFieldName(i, "nameEn")),
      nameFr: text(optionFieldName(i, "nameFr")),
      values,
    });
  }
  const variants: VariantFormRow[] = [];
  for (let k = 0; k <= MAX_VARIANTS && typeof get(variantFieldName(k, "combination")) === "string"; k++) {
    const active = get(variantFieldName(k, "active"));
    variants.push({
      id: text(variantFieldName(k, "id")),
      combination: text(variantFieldName(k, "combination")),
      sku: text(variantFieldName(k, "sku")),
      price: text(variantFieldName(k, "price")),
      compareAtPrice: text(variantFieldName(k, "compareAtPrice")),
      stockQuantity: text(variantFieldName(k, "stockQuantity")),
      lowStockThreshold: text(variantFieldName(k, "lowStockThreshold")),
      imageId: text(variantFieldName(k, "imageId")),
      moreImageIds: text(variantFieldName(k, "moreImageIds")),
      active: active === "on" || active === "true",
    });
  }
  return { options, variants };
}

/** A product's saved options and variants as the editor's rows. */
export function variantRowsFromVariants({ options, variants }: ProductVariants): VariantsFormRows {
  return {
    options: options.map((option) => ({
      id: String(option.id),
      nameAr: option.names.ar,
      nameEn: option.names.en ?? "",
      nameFr: option.names.fr ?? "",
      values: option.values.map((value) => ({
        key: String(value.id),
        nameAr: value.names.ar,
        nameEn: value.names.en ?? "",
        nameFr: value.names.fr ?? "",
        swatch: value.swatch ?? "",
      })),
    })),
    variants: variants.map((variant) => ({
      id: String(variant.id),
      combination: variant.valueIds.join("-"),
      sku: variant.sku,
      price: variant.price === null ? "" : String(variant.price),
      compareAtPrice: variant.compareAtPrice === null ? "" : String(variant.compareAtPrice),
      stockQuantity: String(variant.stockQuantity),
      lowStockThreshold: String(variant.lowStockThreshold),
      imageId: variant.imageIds[0] === undefined ? "" : String(variant.imageIds[0]),
      moreImageIds: variant.imageIds.slice(1).join(","),
      active: variant.active,
    })),
  };
}

/** The rows of combinations the options have and `existing` lacks, appended to it (the editor's "generate all"). */
export function withAllCombinations(options: readonly OptionFormRow[], existing: readonly VariantFormRow[]): VariantFormRow[] {
  const have = new Set(existing.map((row) => row.combination));
  const combinations = options.reduce<string[][]>(
    (prefixes, option) => prefixes.flatMap((prefix) => option.values.map((value) => [...prefix, value.key])),
    [[]],
  );
  const added = (options.length === 0 ? [] : combinations)
    .map((keys) => keys.join("-"))
    .filter((combination) => !have.has(combination))
    .map((combination) => ({ ...EMPTY_VARIANT_ROW, combination }));
  return [...existing, ...added].slice(0, MAX_VARIANTS);
}

export const EMPTY_VARIANT_ROW: VariantFormRow = {
  id: "",
  combination: "",
  sku: "",
  price: "",
  compareAtPrice: "",
  stockQuantity: "0",
  lowStockThreshold: String(DEFAULT_VARIANT_THRESHOLD),
  imageId: "",
  moreImageIds: "",
  active: true,
};

/** Why the variants part is refused; keys under `adminProducts.errors`. */
export type VariantErrorKey =
  | "required"
  | "compareAtBelowPrice"
  | "tooLong"
  | "negative"
  | "notWhole"
  | "badSwatch"
  | "tooManyOptions"
  | "tooManyValues"
  | "tooManyVariants"
  | "optionWithoutValues"
  | "variantsMissing"
  | "duplicateValue"
  | "duplicateCombination"
  | "duplicateSku"
  | "skuTaken"
  | "unknownValue"
  | "unknownImage";

export interface VariantsInput {
  options: {
    /** null: a new option. */
    id: number | null;
    names: TextIn3;
    values: { key: string; id: number | null; names: TextIn3; swatch: string | null }[];
  }[];
  variants: {
    id: number | null;
    /** The value keys, one per option in the options' order. */
    valueKeys: string[];
    sku: string;
    price: number | null;
    compareAtPrice: number | null;
    stockQuantity: number;
    lowStockThreshold: number;
    imageIds: number[];
    active: boolean;
  }[];
}

export type VariantsParseResult = { ok: true; value: VariantsInput } | { ok: false; fieldErrors: Partial<Record<VariantFieldName, VariantErrorKey>> };

const SAVED_ID = /^\d{1,9}$/;
const NEW_KEY = /^n[0-9a-z]{1,20}$/;

/** A saved row's id, or null (blank or not an id: treated as a new row). */
function savedId(text: string): number | null {
  return SAVED_ID.test(text.trim()) ? Number(text.trim()) : null;
}

/** Whole non-negative number from a field ("" → `blank`), or the reason it is refused. */
function wholeNumber(text: string, blank: number | null): number | null | "negative" | "notWhole" {
  const cleaned = text.trim();
  if (cleaned === "") return blank;
  if (!/^-?[\d\s\u0660-\u0669\u06f0-\u06f9,]+$/.test(cleaned)) return "notWhole";
  const value = parseIntegerField(cleaned, Number.NaN);
  if (!Number.isSafeInteger(value)) return "notWhole";
  if (value < 0) return "negative";
  if (value > MAX_VARIANT_NUMBER) return "notWhole";
  return value;
}

/** Names in three languages: Arabic required, each at most MAX_OPTION_NAME_LENGTH characters. */
function names(
  row: { nameAr: string; nameEn: string; nameFr: string },
  field: (key: "nameAr" | "nameEn" | "nameFr") => VariantFieldName,
  errors: Partial<Record<VariantFieldName, VariantErrorKey>>,
): TextIn3 {
  const ar = cleanFormText(row.nameAr);
  const en = cleanFormText(row.nameEn);
  const fr = cleanFormText(row.nameFr);
  if (ar === "") errors[field("nameAr")] = "required";
  for (const [key, text] of [
    ["nameAr", ar],
    ["nameEn", en],
    ["nameFr", fr],
  ] as const) {
    if (text.length > MAX_OPTION_NAME_LENGTH) errors[field(key)] = "tooLong";
  }
  return { ar, en: en || null, fr: fr || null };
}

/**
 * Checks the variants part of a submitted form: bounds, names, swatches, that each combination
 * names one value of each option, no duplicate combination or SKU (case-insensitive), whole
 * non-negative numbers, a compare-at price not below the variant's price (its own, else
 * `productPrice`), a picture among `imageIds` (the product's). Options need at least one
 * value and, together, at least one variant. Every problem is reported at its field.
 */
export function parseVariantRows(rows: VariantsFormRows, imageIds: readonly number[], productPrice = 0): VariantsParseResult {
  const errors: Partial<Record<VariantFieldName, VariantErrorKey>> = {};
  if (rows.options.length > MAX_OPTIONS) return { ok: false, fieldErrors: { variants: "tooManyOptions" } };
  if (rows.variants.length > MAX_VARIANTS) return { ok: false, fieldErrors: { variants: "tooManyVariants" } };
  const options: VariantsInput["options"] = rows.options.map((option, i) => {
    if (option.values.length > MAX_VALUES_PER_OPTION) errors[optionFieldName(i, "nameAr")] = "tooManyValues";
    else if (option.values.length === 0) errors[optionFieldName(i, "nameAr")] = "optionWithoutValues";
    const optionNames = names(option, (key) => optionFieldName(i, key), errors);
    const values = option.values.map((value, j) => {
      const key = value.key.trim();
      if (!SAVED_ID.test(key) && !NEW_KEY.test(key)) errors[valueFieldName(i, j, "nameAr")] = "unknownValue";
      const swatch = value.swatch.trim();
      if (swatch !== "" && !SWATCH_PATTERN.test(swatch)) errors[valueFieldName(i, j, "swatch")] = "badSwatch";
      return {
        key,
        id: savedId(key),
        names: names(value, (name) => valueFieldName(i, j, name), errors),
        swatch: swatch === "" ? null : swatch.toLowerCase(),
      };
    });
    const duplicateName = firstDuplicate(
      values.map((value) => value.names.ar),
      { ignoreCase: true },
    );
    if (duplicateName !== null) {
      const j = values.findLastIndex((value) => value.names.ar.toLowerCase() === duplicateName.toLowerCase());
      errors[valueFieldName(i, j, "nameAr")] ??= "duplicateValue";
    }
    return { id: savedId(option.id), names: optionNames, values };
  });
  const allKeys = options.flatMap((option) => option.values.map((value) => value.key));
  if (firstDuplicate(allKeys) !== null) errors.variants ??= "unknownValue";

  if (options.length > 0 && rows.variants.length === 0) errors.variants ??= "variantsMissing";
  const variants: VariantsInput["variants"] = [];
  const combinations: string[] = [];
  const skus: string[] = [];
  rows.variants.forEach((row, k) => {
    const valueKeys = row.combination.split("-").map((key) => key.trim());
    const known =
      options.length > 0 &&
      valueKeys.length === options.length &&
      valueKeys.every((key, index) => options[index]!.values.some((value) => value.key === key));
    if (!known) errors[variantFieldName(k, "combination")] = "unknownValue";
    const combination = valueKeys.join("-");
    if (known && combinations.includes(combination)) errors[variantFieldName(k, "combination")] = "duplicateCombination";
    combinations.push(combination);

    const sku = cleanFormText(row.sku);
    if (sku === "") errors[variantFieldName(k, "sku")] = "required";
    else if (sku.length > MAX_VARIANT_SKU_LENGTH) errors[variantFieldName(k, "sku")] = "tooLong";
    else if (skus.some((other) => other.toLowerCase() === sku.toLowerCase())) errors[variantFieldName(k, "sku")] = "duplicateSku";
    skus.push(sku);

    const number = (key: "price" | "compareAtPrice" | "stockQuantity" | "lowStockThreshold", blank: number | null) => {
      const value = wholeNumber(row[key], blank);
      if (value === "negative" || value === "notWhole") {
        errors[variantFieldName(k, key)] = value;
        return 0;
      }
      return value;
    };
    const price = number("price", null);
    const compareAtPrice = number("compareAtPrice", null);
    if (compareAtPrice !== null && compareAtBelowPrice(price ?? productPrice, compareAtPrice)) {
      errors[variantFieldName(k, "compareAtPrice")] ??= "compareAtBelowPrice";
    }
    const stockQuantity = number("stockQuantity", 0) ?? 0;
    const lowStockThreshold = number("lowStockThreshold", DEFAULT_VARIANT_THRESHOLD) ?? DEFAULT_VARIANT_THRESHOLD;
    // The chosen picture first, then any further ones; none without a chosen one.
    const image = row.imageId.trim();
    const pictures =
      image === ""
        ? []
        : [
            image,
            ...row.moreImageIds
              .split(",")
              .map((id) => id.trim())
              .filter((id) => id !== ""),
          ];
    const pictureIds = [...new Set(pictures.map(savedId))];
    if (pictureIds.some((id) => id === null || !imageIds.includes(id))) errors[variantFieldName(k, "imageId")] = "unknownImage";
    variants.push({
      id: savedId(row.id),
      valueKeys,
      sku,
      price,
      compareAtPrice,
      stockQuantity,
      lowStockThreshold,
      imageIds: pictureIds.filter((id): id is number => id !== null),
      active: row.active,
    });
  });
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, value: { options, variants } };
}
