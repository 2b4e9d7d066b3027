/**
 * Pure jewellery rules shared by the pages and the order service: the three bundles, the
 * sub-categories of the jewellery catalogue, the order line a bundle makes, and the split of the
 * customer's name.
 */

/** The category (products.category) every jewellery product belongs to. */
export const JEWELLERY_CATEGORY = "jewellery";

/** The sub-categories of the jewellery catalogue, in display order. */
export const JEWELLERY_SUBCATEGORIES = ["Necklaces", "Pendants", "Rings", "Bracelets", "Earrings", "Crowns"] as const;
export type JewellerySubcategory = (typeof JEWELLERY_SUBCATEGORIES)[number];

export function isJewellerySubcategory(value: unknown): value is JewellerySubcategory {
  return typeof value === "string" && (JEWELLERY_SUBCATEGORIES as readonly string[]).includes(value);
}

export const BUNDLE_IDS = ["single", "double", "triple"] as const;
export type BundleId = (typeof BUNDLE_IDS)[number];
export const DEFAULT_BUNDLE: BundleId = "single";

export interface JewelleryBundle {
  id: BundleId;
  /** How many pieces of the item the bundle holds. */
  quantity: number;
  /** Whole dinars, whatever the item. */
  price: number;
  originalPrice: number;
  /** Percent, as the page states it. */
  discount: number;
}

/** Single 55,000 / 65,000 / 15%, double 88,000 / 110,000 / 20%, triple 132,000 / 165,000 / 20%. */
export const JEWELLERY_BUNDLES: readonly JewelleryBundle[] = [
  { id: "single", quantity: 1, price: 55_000, originalPrice: 65_000, discount: 15 },
  { id: "double", quantity: 2, price: 88_000, originalPrice: 110_000, discount: 20 },
  { id: "triple", quantity: 3, price: 132_000, originalPrice: 165_000, discount: 20 },
];

export function isBundleId(value: unknown): value is BundleId {
  return typeof value === "string" && (BUNDLE_IDS as readonly string[]).includes(value);
}

export function bundleById(id: BundleId): JewelleryBundle {
  return JEWELLERY_BUNDLES.find((bundle) => bundle.id === id)!;
}

/**
 * The order line of a bundle: `quantity` pieces for the bundle's price. Unit and compare-at
 * prices are the bundle's prices divided by the quantity (whole dinars; every bundle divides
 * exactly, and the line total stays the bundle price whatever the rounding).
 */
export function bundleLine(id: BundleId): { quantity: number; unitPrice: number; compareAtPrice: number; lineTotal: number } {
  const bundle = bundleById(id);
  return {
    quantity: bundle.quantity,
    unitPrice: Math.round(bundle.price / bundle.quantity),
    compareAtPrice: Math.round(bundle.originalPrice / bundle.quantity),
    lineTotal: bundle.price,
  };
}

/**
 * The jewellery form's one name field split at the first space: "Amine Ben Ali"
 * → Amine / Ben Ali. Surrounding and repeated spaces are ignored; no space gives an empty last name.
 */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim().replace(/\s+/g, " ");
  const space = trimmed.indexOf(" ");
  if (space === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

/** The address of a jewellery item's page. */
export function jewelleryItemPath(id: string): string {
  return `/jewellery/${encodeURIComponent(id)}`;
}

/** The listing's address for a sub-category (none: every item). */
export function jewelleryListPath(category: JewellerySubcategory | null): string {
  return category ? `/jewellery?category=${encodeURIComponent(category)}` : "/jewellery";
}
