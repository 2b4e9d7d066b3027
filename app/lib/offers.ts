import type { TFunction } from "i18next";

/**
 * Quantity offers (pure; shared by the product page, the admin form and the order service): a
 * quantity of one product either at a percentage off that product's own price or at a fixed
 * total the merchant set for it. The price of an offer is always computed from the product's
 * price of the moment, on the server for the order.
 *
 * Rounding: a percentage gives whole dinars rounded half up (the shop's prices are whole dinars,
 * and half a dinar is never charged twice: 2 × 999 DA −15 % = 1,698.3 → 1,698 DA).
 */

export const MIN_OFFER_QUANTITY = 1;
export const MAX_OFFER_QUANTITY = 99;
export const MAX_OFFER_PERCENT = 90;
/** How many offers a product may have. */
export const MAX_OFFERS = 4;
export const MAX_OFFER_LABEL_LENGTH = 60;

export interface OfferRule {
  quantity: number;
  /** Whole percent off the product's price × quantity; null when the total is fixed. */
  percentOff: number | null;
  /** The fixed total in whole dinars; null when a percentage applies. */
  fixedTotal: number | null;
}

export interface OfferLabels {
  ar: string | null;
  en: string | null;
  fr: string | null;
}

/** An offer as pages and the order service see it. */
export interface ProductOffer extends OfferRule {
  id: number;
  labels: OfferLabels;
}

/** The total of an offer for a product priced `price`: whole dinars, never negative. */
export function offerTotal(price: number, offer: OfferRule): number {
  if (offer.fixedTotal !== null) return Math.max(0, Math.round(offer.fixedTotal));
  const full = price * offer.quantity;
  const percent = Math.min(Math.max(offer.percentOff ?? 0, 0), 100);
  // Integer arithmetic: (full × (100 − percent) + 50) / 100, floored, is the half-up rounding.
  return Math.floor((full * (100 - percent) + 50) / 100);
}

/**
 * The order line of an offer: its quantity and total; the unit price is the total divided by
 * the quantity (rounded), the line total stays the offer's total whatever that rounding.
 */
export function offerLine(price: number, compareAtPrice: number, offer: OfferRule) {
  const lineTotal = offerTotal(price, offer);
  return {
    quantity: offer.quantity,
    unitPrice: Math.round(lineTotal / offer.quantity),
    compareAtPrice: Math.max(compareAtPrice, price),
    lineTotal,
  };
}

/** The saving shown beside an offer, in whole percent of the full price (null when none). */
export function offerSavingPercent(price: number, offer: OfferRule): number | null {
  const full = price * offer.quantity;
  if (full <= 0) return null;
  const saving = Math.round(((full - offerTotal(price, offer)) / full) * 100);
  return saving > 0 ? saving : null;
}

/** An offer's label in a language: the merchant's, else the Arabic one, else written by the shop ("2 pieces −20 %"). */
export function offerLabel(offer: ProductOffer, language: string, t: TFunction, price: number): string {
  const own = language === "en" ? offer.labels.en : language === "fr" ? offer.labels.fr : offer.labels.ar;
  const chosen = own?.trim() || offer.labels.ar?.trim();
  if (chosen) return chosen;
  const saving = offerSavingPercent(price, offer);
  const pieces = t("order.offer.plain", { count: offer.quantity });
  // The saving is a number and signs, written the same in every language: "2 pieces −20 %".
  return saving === null ? pieces : `${pieces} −${saving} %`;
}

/** Where an offer's rule is out of bounds, as a code (null: a valid offer). */
export function offerRuleProblem(offer: OfferRule): "quantity" | "percent" | "fixed_total" | "one_price" | null {
  if (!Number.isSafeInteger(offer.quantity) || offer.quantity < MIN_OFFER_QUANTITY || offer.quantity > MAX_OFFER_QUANTITY) return "quantity";
  if ((offer.percentOff === null) === (offer.fixedTotal === null)) return "one_price";
  if (offer.percentOff !== null && (!Number.isSafeInteger(offer.percentOff) || offer.percentOff < 0 || offer.percentOff > MAX_OFFER_PERCENT)) {
    return "percent";
  }
  if (offer.fixedTotal !== null && (!Number.isSafeInteger(offer.fixedTotal) || offer.fixedTotal < 1)) return "fixed_total";
  return null;
}
