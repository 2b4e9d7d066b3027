/**
 * Pure rules of the admin product form, shared by the browser (the form fills and
 * normalises as the merchant types) and the server (which applies them again and
 * trusts nothing else). The Zod schema built on them is in admin-product.schema.ts.
 */

/** Most images one request may carry, and the most bytes each may have: 5 MB per image. */
export const MAX_IMAGES_PER_UPLOAD = 10;
export const MAX_IMAGE_MEGABYTES = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MEGABYTES * 1024 * 1024;
/** Room for the form's text fields and the multipart boundaries. */
export const FORM_OVERHEAD_BYTES = 1024 * 1024;
/** The largest product-form body accepted before it is read (413 above). */
export const MAX_PRODUCT_FORM_BYTES = MAX_IMAGES_PER_UPLOAD * MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES;

/** Admin list page size. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

/** Default low-stock threshold: at or below it, a product counts as low in stock. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

import { normalizeSlug, slugAsTyped } from "./slug";
import { MAX_OFFERS, type ProductOffer } from "./offers";
import type { VariantsFormRows } from "./admin-product-variants";

export { normalizeSlug, slugAsTyped };

/** Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits to 0-9: phones type either. */
function asciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/**
 * An integer form field the way the shop reads prices and stock: parsed as an
 * integer (leading digits, "12.5" → 12, "1 200" → 1200), non-numeric or empty → `fallback` (0).
 * A minus sign is kept, so a negative number can be refused rather than silently changed.
 */
export function parseIntegerField(value: unknown, fallback = 0): number {
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : fallback;
  if (typeof value !== "string") return fallback;
  const text = asciiDigits(value).replace(/[\s\u00a0\u202f,]/g, "");
  const parsed = Number.parseInt(text, 10);
  if (!Number.isFinite(parsed) || !Number.isSafeInteger(parsed)) return fallback;
  return parsed;
}

/** A compare-at price is refused when it is set (above 0) and below the price. */
export function compareAtBelowPrice(price: number, compareAtPrice: number): boolean {
  return compareAtPrice > 0 && compareAtPrice < price;
}

/** Where a product is shown: each target fixes its section and category. */
export const PAGE_TARGETS = ["games", "school", "home", "electronics", "accessories", "custom"] as const;
export type PageTarget = (typeof PAGE_TARGETS)[number];

export const PAGE_TARGET_PRESETS: Record<Exclude<PageTarget, "custom">, { sectionId: string; category: string }> = {
  games: { sectionId: "featured", category: "toys" },
  school: { sectionId: "featured", category: "books" },
  home: { sectionId: "featured", category: "home-equipment" },
  electronics: { sectionId: "special-offers", category: "electronics" },
  accessories: { sectionId: "special-offers", category: "accessories" },
};

export function isPageTarget(value: unknown): value is PageTarget {
  return typeof value === "string" && (PAGE_TARGETS as readonly string[]).includes(value);
}

/** The preset of a target, or null for "custom" and anything unknown. */
export function presetFor(target: unknown): { sectionId: string; category: string } | null {
  return isPageTarget(target) && target !== "custom" ? PAGE_TARGET_PRESETS[target] : null;
}

/**
 * Fills the section and the category a merchant left empty from the chosen target
 * (the server's half of the preset select; with JavaScript the form fills them at once).
 * What the merchant chose is never overwritten.
 */
export function applyPageTarget(target: unknown, fields: { sectionId: string; category: string }): { sectionId: string; category: string } {
  const preset = presetFor(target);
  if (!preset) return fields;
  return {
    sectionId: fields.sectionId || preset.sectionId,
    category: fields.category || preset.category,
  };
}

/** The target whose preset matches a product's section and category, else "custom" (the edit form's initial choice). */
export function pageTargetOf(product: { sectionId: string | null; category: string | null }): PageTarget {
  for (const [target, preset] of Object.entries(PAGE_TARGET_PRESETS)) {
    if (preset.sectionId === product.sectionId && preset.category === product.category) return target as PageTarget;
  }
  return "custom";
}

/** Stock filter of the admin list: in (above its threshold), low (1 to the threshold), out (none, or marked out). */
export const STOCK_FILTERS = ["in", "low", "out"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export function isStockFilter(value: unknown): value is StockFilter {
  return typeof value === "string" && (STOCK_FILTERS as readonly string[]).includes(value);
}

/** A new product's id: "p" + a millisecond timestamp. */
export function productIdAt(timestamp: number): string {
  return `p${Math.trunc(timestamp)}`;
}

/** One row of the form's quantity offers, as its inputs show it (a row left blank is no offer). */
export interface OfferFormRow {
  quantity: string;
  /** "percent": `value` is the percentage off the product's price; "fixed": the offer's total in dinars. */
  kind: string;
  value: string;
  labelAr: string;
  labelEn: string;
  labelFr: string;
}

export const OFFER_ROW_KEYS = ["quantity", "kind", "value", "labelAr", "labelEn", "labelFr"] as const;

export const EMPTY_OFFER_ROW: OfferFormRow = { quantity: "", kind: "percent", value: "", labelAr: "", labelEn: "", labelFr: "" };

/** The name of an offer row's input: offers[0].quantity… */
export function offerFieldName(index: number, key: (typeof OFFER_ROW_KEYS)[number]): string {
  return `offers[${index}].${key}`;
}

/** The form's MAX_OFFERS rows read from a submitted form (`get` reads one field). */
export function offerRowsOf(get: (name: string) => unknown): OfferFormRow[] {
  return Array.from({ length: MAX_OFFERS }, (_, index) => {
    const row = { ...EMPTY_OFFER_ROW };
    for (const key of OFFER_ROW_KEYS) {
      const value = get(offerFieldName(index, key));
      if (typeof value === "string") row[key] = value;
    }
    return row;
  });
}

/** A product's offers as the form's rows, padded with blank rows to MAX_OFFERS. */
export function offerRowsFromOffers(offers: readonly ProductOffer[]): OfferFormRow[] {
  const rows = offers.slice(0, MAX_OFFERS).map((offer) => ({
    quantity: String(offer.quantity),
    kind: offer.fixedTotal !== null ? "fixed" : "percent",
    value: String(offer.fixedTotal ?? offer.percentOff ?? 0),
    labelAr: offer.labels.ar ?? "",
    labelEn: offer.labels.en ?? "",
    labelFr: offer.labels.fr ?? "",
  }));
  while (rows.length < MAX_OFFERS) rows.push({ ...EMPTY_OFFER_ROW });
  return rows;
}

/** The form's values as inputs show them (strings; the checkbox a boolean). */
export interface ProductFormValues {
  slug: string;
  title: string;
  titleEn: string;
  titleFr: string;
  description: string;
  descriptionEn: string;
  descriptionFr: string;
  price: string;
  compareAtPrice: string;
  category: string;
  sectionId: string;
  inStock: boolean;
  stockQuantity: string;
  lowStockThreshold: string;
  sku: string;
  target: string;
  offers: OfferFormRow[];
  /** The options and variants editor's rows. */
  variants: VariantsFormRows;
}

/** A new product's form. */
export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  slug: "",
  title: "",
  titleEn: "",
  titleFr: "",
  description: "",
  descriptionEn: "",
  descriptionFr: "",
  price: "0",
  compareAtPrice: "0",
  category: "",
  sectionId: "",
  inStock: true,
  stockQuantity: "0",
  lowStockThreshold: "5",
  sku: "",
  target: "custom",
  offers: offerRowsFromOffers([]),
  variants: { options: [], variants: [] },
};
