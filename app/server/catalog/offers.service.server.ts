import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import type { OfferLabels, OfferRule, ProductOffer } from "~/lib/offers";
import { replaceOffers, selectOffers } from "./offers.repo.server";

/**
 * A product's quantity offers (product_offers, owned by the catalogue): read by the product page
 * and the order service, written by the admin's product form. Their prices are computed from
 * the product's price (app/lib/offers.ts), never stored but for a fixed total the merchant set.
 */

type OfferRow = Awaited<ReturnType<typeof selectOffers>>[number];

function toOffer(row: OfferRow): ProductOffer {
  return {
    id: row.id,
    quantity: row.quantity,
    percentOff: row.percent_off,
    fixedTotal: row.fixed_total,
    labels: { ar: row.label_ar, en: row.label_en, fr: row.label_fr },
  };
}

/** The offers of each of `productIds` (a product without offers is absent). */
export async function offersOfProducts(db: Kysely<Database>, productIds: readonly string[]): Promise<Map<string, ProductOffer[]>> {
  const byProduct = new Map<string, ProductOffer[]>();
  for (const row of await selectOffers(db, productIds)) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(toOffer(row));
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/** One product's offers, in the merchant's order. */
export async function productOffers(db: Kysely<Database>, productId: string): Promise<ProductOffer[]> {
  return (await offersOfProducts(db, [productId])).get(productId) ?? [];
}

/** Sets a product's offers (the admin's product form), inside the caller's transaction. */
export function saveProductOffers(db: Kysely<Database>, productId: string, offers: readonly (OfferRule & { labels: OfferLabels })[]): Promise<void> {
  return replaceOffers(db, productId, offers);
}
