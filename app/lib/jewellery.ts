/**
 * Pure jewellery rules shared by the pages and the order service: the three bundles, the
 * sub-categories of the jewellery catalogue, the order line a bundle makes, and the split of the
 * customer's name.
 */

import { offerTotal, type OfferRule } from "./offers";
import { discountPercent } from "./product";

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

/**
 * A bundle is a quantity offer (app/lib/offers.ts) every jewellery product has: single, the
 * piece at its own price; double and triple, two or three pieces at 20 % off. Its price is
 * always computed from the piece's price, so a 198,000 DA bracelet's triple is 3 × 198,000 −20 %.
 */
export interface JewelleryBundle extends OfferRule {
  id: BundleId;
}

export const JEWELLERY_BUNDLES: readonly JewelleryBundle[] = [
  { id: "single", quantity: 1, percentOff: 0, fixedTotal: null },
  { id: "double", quantity: 2, percentOff: 20, fixedTotal: null },
  { id: "triple", quantity: 3, percentOff: 20, fixedTotal: null },
];

/** A piece's prices: its price and its compare-at price (0 or less: none). */
export interface PiecePrice {
  price: number;
  compareAtPrice: number;
}

export function isBundleId(value: unknown): value is BundleId {
  return typeof value === "string" && (BUNDLE_IDS as readonly string[]).includes(value);
}

export function bundleById(id: BundleId): JewelleryBundle {
  return JEWELLERY_BUNDLES.find((bundle) => bundle.id === id)!;
}

/**
 * What the page shows of a bundle for a piece: its price, the price it is compared with (the
 * piece's compare-at price for single, the pieces at full price for double and triple) and the
 * rounded percent saved (null when nothing is).
 */
export function bundlePrice(id: BundleId, piece: PiecePrice): { quantity: number; price: number; originalPrice: number; discount: number | null } {
  const bundle = bundleById(id);
  const price = offerTotal(piece.price, bundle);
  const full = piece.price * bundle.quantity;
  const originalPrice = bundle.percentOff === 0 ? Math.max(piece.compareAtPrice * bundle.quantity, full) : full;
  return { quantity: bundle.quantity, price, originalPrice, discount: discountPercent(price, originalPrice) };
}

/**
 * The order line of a bundle: `quantity` pieces for the bundle's price computed from the piece's
 * price. Unit and compare-at prices are whole dinars (the bundle's prices divided by the
 * quantity, rounded); the line total stays the bundle's price whatever the rounding.
 */
export function bundleLine(id: BundleId, piece: PiecePrice): { quantity: number; unitPrice: number; compareAtPrice: number; lineTotal: number } {
  const priced = bundlePrice(id, piece);
  return {
    quantity: priced.quantity,
    unitPrice: Math.round(priced.price / priced.quantity),
    compareAtPrice: Math.round(priced.originalPrice / priced.quantity),
    lineTotal: priced.price,
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
