/**
 * Product variants, the pure rules (shared by the product page, the cart, the admin form and
 * the order service; docs/decisions/0028-product-variants.md). A product may have options
 * (Colour, Size), each with values; a variant is one combination of values, one per option,
 * with its own SKU, stock and optional prices. A product without options has no variants and
 * is sold as one thing, as before.
 */

/** Bounds the admin form and the storefront's parameters enforce. */
export const MAX_OPTIONS = 3;
export const MAX_VALUES_PER_OPTION = 20;
export const MAX_VARIANTS = 100;
export const MAX_OPTION_NAME_LENGTH = 40;
export const MAX_VARIANT_SKU_LENGTH = 64;
/** A colour swatch: "#rrggbb". */
export const SWATCH_PATTERN = /^#[0-9a-f]{6}$/i;

export interface TextIn3 {
  ar: string;
  en: string | null;
  fr: string | null;
}

export interface OptionValue {
  id: number;
  names: TextIn3;
  /** "#rrggbb", shown as a colour swatch; null: a plain button. */
  swatch: string | null;
}

export interface ProductOption {
  id: number;
  names: TextIn3;
  /** In the merchant's order. */
  values: OptionValue[];
}

export interface ProductVariant {
  id: number;
  /** One value id per option, in the options' order. */
  valueIds: number[];
  sku: string;
  /** Whole dinars; null: the product's. */
  price: number | null;
  compareAtPrice: number | null;
  stockQuantity: number;
  lowStockThreshold: number;
  /** Ids of the product's images shown for this variant, in order (empty: the product's gallery). */
  imageIds: number[];
  active: boolean;
}

/** A product's options and variants (both empty for a product sold as one thing). */
export interface ProductVariants {
  options: ProductOption[];
  variants: ProductVariant[];
}

/** The key of a combination: its value ids in the options' order, joined by "-" (unique per product). */
export function combinationKey(valueIds: readonly number[]): string {
  return valueIds.join("-");
}

/** A name in the page's language, else the Arabic one. */
export function nameIn(names: TextIn3, language: string): string {
  const own = language === "en" ? names.en : language === "fr" ? names.fr : names.ar;
  return own?.trim() || names.ar;
}

/** A variant's label in a language: its values' names in the options' order, "أزرق / XL". */
export function variantLabel(options: readonly ProductOption[], variant: Pick<ProductVariant, "valueIds">, language: string): string {
  return options
    .map((option, index) => option.values.find((value) => value.id === variant.valueIds[index]))
    .filter((value): value is OptionValue => value !== undefined)
    .map((value) => nameIn(value.names, language))
    .join(" / ");
}

/** What a shopper can buy: active, with stock. */
export function isSellable(variant: Pick<ProductVariant, "active" | "stockQuantity">): boolean {
  return variant.active && variant.stockQuantity > 0;
}

/** The price of a variant of a product: its own, else the product's. */
export function variantPrice(product: { price: number }, variant: Pick<ProductVariant, "price"> | null | undefined): number {
  return variant?.price ?? product.price;
}

/** The compare-at price of a variant of a product: its own, else the product's (0: none). */
export function variantCompareAtPrice(
  product: { compareAtPrice: number },
  variant: Pick<ProductVariant, "compareAtPrice"> | null | undefined,
): number {
  return variant?.compareAtPrice ?? product.compareAtPrice;
}

/** The lowest and highest price of a product's active variants (null without any): a card says "from X" when they differ. */
export function priceRange(product: { price: number }, variants: readonly ProductVariant[]): { min: number; max: number } | null {
  const prices = variants.filter((variant) => variant.active).map((variant) => variantPrice(product, variant));
  if (prices.length === 0) return null;
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/**
 * The shopper's choice so far: a value id per option id (an option not chosen yet is absent).
 * Read from `?o<optionId>=<valueId>` or from a variant id (`?variant=`).
 */
export type Selection = ReadonlyMap<number, number>;

/** The selection of one variant (every option chosen). */
export function selectionOf(options: readonly ProductOption[], variant: Pick<ProductVariant, "valueIds">): Map<number, number> {
  return new Map(options.map((option, index) => [option.id, variant.valueIds[index]!]));
}

/** The active variant a complete selection names (undefined while an option is missing or for a combination that does not exist). */
export function findVariant(
  options: readonly ProductOption[],
  variants: readonly ProductVariant[],
  selection: Selection,
): ProductVariant | undefined {
  if (options.length === 0 || options.some((option) => !selection.has(option.id))) return undefined;
  const key = combinationKey(options.map((option) => selection.get(option.id)!));
  return variants.find((variant) => variant.active && combinationKey(variant.valueIds) === key);
}

/** The options the selection still lacks, in order (the form names the first one missing). */
export function missingOptions(options: readonly ProductOption[], selection: Selection): ProductOption[] {
  return options.filter((option) => !selection.has(option.id));
}

/**
 * Whether choosing `valueId` for `option`, with the other options as selected, can lead to a
 * sellable variant: the pickers mark the others unavailable (a combination that does not exist
 * or is sold out).
 */
export function isValueAvailable(
  options: readonly ProductOption[],
  variants: readonly ProductVariant[],
  selection: Selection,
  optionIndex: number,
  valueId: number,
): boolean {
  return variants.some(
    (variant) =>
      isSellable(variant) &&
      variant.valueIds[optionIndex] === valueId &&
      options.every((option, index) => index === optionIndex || !selection.has(option.id) || selection.get(option.id) === variant.valueIds[index]),
  );
}

/**
 * A selection from a page's query: `?variant=<id>` names a whole variant; `?o<optionId>=<valueId>`
 * pairs choose values one by one (the pickers' links without JavaScript). Unknown options,
 * values and variants are ignored, so a stale or forged link still opens the product.
 */
export function selectionFromQuery(
  options: readonly ProductOption[],
  variants: readonly ProductVariant[],
  query: URLSearchParams,
): Map<number, number> {
  const variantParam = query.get("variant");
  if (variantParam !== null && /^\d{1,9}$/.test(variantParam)) {
    const variant = variants.find((candidate) => candidate.id === Number(variantParam) && candidate.active);
    if (variant) return selectionOf(options, variant);
  }
  const selection = new Map<number, number>();
  for (const option of options) {
    const raw = query.get(`o${option.id}`);
    if (raw === null || !/^\d{1,9}$/.test(raw)) continue;
    const value = option.values.find((candidate) => candidate.id === Number(raw));
    if (value) selection.set(option.id, value.id);
  }
  return selection;
}

/**
 * The query of a picker's link: the selection with `optionId` set to `valueId` (or cleared when
 * it is already that value), as `?variant=` once it names a variant, else as `o<id>=` pairs.
 */
export function selectionQuery(
  options: readonly ProductOption[],
  variants: readonly ProductVariant[],
  selection: Selection,
  optionId: number,
  valueId: number,
): string {
  const next = new Map(selection);
  if (next.get(optionId) === valueId) next.delete(optionId);
  else next.set(optionId, valueId);
  const variant = findVariant(options, variants, next);
  if (variant) return `?variant=${variant.id}`;
  const pairs = options.filter((option) => next.has(option.id)).map((option) => `o${option.id}=${next.get(option.id)}`);
  return pairs.length > 0 ? `?${pairs.join("&")}` : "?";
}

/** Every combination of the options' values (the admin's "generate all"), in the options' order. */
export function allCombinations(options: readonly { values: readonly { id: number }[] }[]): number[][] {
  if (options.length === 0) return [];
  return options.reduce<number[][]>(
    (combinations, option) => combinations.flatMap((prefix) => option.values.map((value) => [...prefix, value.id])),
    [[]],
  );
}

/** The first duplicate among combinations or SKUs (case-insensitive), or null: the admin form refuses duplicates. */
export function firstDuplicate(keys: readonly string[], { ignoreCase = false } = {}): string | null {
  const seen = new Set<string>();
  for (const key of keys) {
    const folded = ignoreCase ? key.toLowerCase() : key;
    if (seen.has(folded)) return key;
    seen.add(folded);
  }
  return null;
}
