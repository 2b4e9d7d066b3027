import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import type { Database } from "../db/database.server";
import { selectOrderableProducts } from "./orderable-products.repo.server";

export interface OrderableProduct {
  id: string;
  /** In the shopper's language when the product has one, else the Arabic title. */
  title: string;
  price: number;
}

/** The in-stock products of the contact page's quick order, by title in the shopper's language. */
export async function listOrderableProducts(db: Kysely<Database>, language: Language): Promise<OrderableProduct[]> {
  const rows = await selectOrderableProducts(db);
  const titled = rows.map((row) => {
    const localized = language === "en" ? row.title_en : language === "fr" ? row.title_fr : null;
    return { id: row.id, title: localized?.trim() ? localized : row.title, price: row.price };
  });
  return titled.sort((a, b) => a.title.localeCompare(b.title, language) || a.id.localeCompare(b.id));
}
