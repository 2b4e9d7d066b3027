import type { TFunction } from "i18next";
import type { Language } from "~/i18n/config";
import { formatDinars } from "./money";
import { MAX_OFFER_LABEL_LENGTH, offerLabel, offerTotal, type ProductOffer } from "./offers";

/**
 * The product page's "order on WhatsApp" message (pure): the product, the quantity offer the
 * shopper picked (its label and total) or else the price, and the page's address, written in
 * the page's language for the shop to read in the chat.
 */

/** Whether the stock the shop shows (undefined: not counted) can fill an offer. */
export function offerFitsStock(offer: Pick<ProductOffer, "quantity">, stock: number | undefined): boolean {
  return stock === undefined || offer.quantity <= stock;
}

/** The offer a product's order form holds before the shopper picks one: the first the stock can fill. */
export function defaultOffer(offers: readonly ProductOffer[], stock: number | undefined): ProductOffer | undefined {
  return offers.find((offer) => offerFitsStock(offer, stock));
}

export function productWhatsAppMessage(
  product: { title: string; price: number; url: string },
  offer: ProductOffer | undefined,
  language: Language,
  t: TFunction,
): string {
  if (!offer) return t("settings.product.whatsappMessage", { title: product.title, price: formatDinars(product.price, language), url: product.url });
  // A merchant's label is bounded where it is saved; cut here too, so the message always is.
  const label = offerLabel(offer, language, t, product.price).slice(0, MAX_OFFER_LABEL_LENGTH);
  return t("settings.product.whatsappOfferMessage", {
    title: product.title,
    offer: label,
    total: formatDinars(offerTotal(product.price, offer), language),
    url: product.url,
  });
}
