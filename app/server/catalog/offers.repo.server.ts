import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import type { OfferRule, OfferLabels } from "~/lib/offers";

/** The quantity offers of products (product_offers), in each product's order. */
export function selectOffers(db: Kysely<Database>, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_offers")
    .select(["id", "product_id", "position", "quantity", "percent_off", "fixed_total", "label_ar", "label_en", "label_fr"])
    .where("product_id", "in", productIds)
    .orderBy("product_id")
    .orderBy("position")
    .execute();
}

/** Replaces a product's offers with `offers`, in that order (inside the caller's transaction). */
export async function replaceOffers(
  db: Kysely<Database>,
  productId: string,
  offers: readonly (OfferRule & { labels: OfferLabels })[],
): Promise<void> {
  await db.deleteFrom("product_offers").where("product_id", "=", productId).execute();
  if (offers.length === 0) return;
  await db
    .insertInto("product_offers")
    .values(
      offers.map((offer, position) => ({
        product_id: productId,
        position,
        quantity: offer.quantity,
        percent_off: offer.percentOff,
        fixed_total: offer.fixedTotal,
        label_ar: offer.labels.ar,
        label_en: offer.labels.en,
        label_fr: offer.labels.fr,
      })),
    )
    .execute();
}
