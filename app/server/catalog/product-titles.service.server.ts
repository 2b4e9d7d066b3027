import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import type { Database } from "../db/database.server";
import { selectProductsByIds } from "./product.repo.server";

/** A product as an order's line names it today. */
export interface ProductLineTitle {
  /** Its own title in the language: the Arabic one, or the English or French one the merchant wrote (null when none). */
  title: string | null;
  /** Its current price (an offer's saving is shown from it). */
  price: number;
}

/**
 * The title in `language` and the current price of each of `productIds` that still exists: an
 * order's lines store the title in the shop's language, and a shopper reading the order in
 * French or English reads the product's own title there when it has one.
 */
export async function productTitlesByIds(
  db: Kysely<Database>,
  productIds: readonly string[],
  language: Language,
): Promise<Map<string, ProductLineTitle>> {
  const rows = await selectProductsByIds(db, [...new Set(productIds)]);
  return new Map(
    rows.map((row) => {
      const own = language === "en" ? row.title_en : language === "fr" ? row.title_fr : row.title;
      return [row.id, { title: own?.trim() ? own : null, price: row.price }];
    }),
  );
}
