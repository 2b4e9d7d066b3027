import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import type { Database } from "../db/database.server";
import { cachedReference } from "../reference-cache.server";
import { selectCategoriesBySlug, selectCategoriesWithCounts, selectCategory } from "./catalog.repo.server";

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

/**
 * Every category with its in-stock count: reference data every storefront page may need, kept a
 * few seconds in memory (reference-cache.server.ts; admin writes invalidate it).
 */
function categoryTable(db: Kysely<Database>) {
  return cachedReference(db, "categories", () => selectCategoriesWithCounts(db));
}

export async function listCategories(db: Kysely<Database>, language: Language): Promise<CategorySummary[]> {
  const rows = await categoryTable(db);
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

type CategoryRow = Pick<NonNullable<Awaited<ReturnType<typeof selectCategory>>>, "slug" | "name" | "name_en" | "name_fr" | "description">;

function toCategory(row: CategoryRow, language: Language): Category {
  // Descriptions are written in Arabic only: other languages show none rather than the wrong language.
  return { slug: row.slug, name: localizedName(row, language), description: language === "ar" ? row.description : null };
}

/**
 * A category by slug: from the cached category table (no query while it is fresh); a slug it
 * does not know is looked up in the database, so a category just created (by another process of
 * a fleet, or straight in the database) shows at once.
 */
export async function getCategory(db: Kysely<Database>, slug: string, language: Language): Promise<Category | null> {
  const row = (await categoryTable(db)).find((category) => category.slug === slug) ?? (await selectCategory(db, slug));
  return row ? toCategory(row, language) : null;
}

/** Several categories by slug, keyed by slug; a slug without a row is absent from the map. */
export async function getCategoriesBySlug(db: Kysely<Database>, slugs: readonly string[], language: Language): Promise<Map<string, Category>> {
  const rows = await selectCategoriesBySlug(db, slugs);
  return new Map(rows.map((row) => [row.slug, toCategory(row, language)]));
}
