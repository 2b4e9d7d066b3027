import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import type { Database } from "../db/database.server";
import { selectCategoriesWithCounts, selectCategory } from "./catalog.repo.server";

export interface CategorySummary {
  slug: string;
  name: string;
  productCount: number;
}

/** A stored name in the shopper's language, falling back to the Arabic one. */
export function localizedName(row: { name: string; name_en: string | null; name_fr: string | null }, language: Language): string {
  if (language === "en") return row.name_en || row.name;
  if (language === "fr") return row.name_fr || row.name;
  return row.name;
}

export async function listCategories(db: Kysely<Database>, language: Language): Promise<CategorySummary[]> {
  const rows = await selectCategoriesWithCounts(db);
  return rows.map((row) => ({
    slug: row.slug,
    name: localizedName(row, language),
    productCount: Number(row.product_count),
  }));
}

export interface Category {
  slug: string;
  name: string;
  description: string | null;
}

export async function getCategory(db: Kysely<Database>, slug: string, language: Language): Promise<Category | null> {
  const row = await selectCategory(db, slug);
  // Descriptions are written in Arabic only: other languages show none rather than the wrong language.
  return row
    ? { slug: row.slug, name: localizedName(row, language), description: language === "ar" ? row.description : null }
    : null;
}
