import type { Kysely } from "kysely";
import type { AdminTaxonomyEntry, TaxonomyInput } from "~/lib/taxonomy";

export type { AdminTaxonomyEntry } from "~/lib/taxonomy";
import type { Database } from "../db/database.server";
import { invalidateReferenceData } from "../reference-cache.server";
import { nowIso } from "../db/types.server";
import { isUniqueViolation } from "../platform/index.server";
import {
  categoryExists,
  countCategoryProductsAll,
  deleteCategoryRow,
  deleteSectionRow,
  insertCategory,
  insertSection,
  moveCategoryProducts,
  sectionExists,
  selectAdminCategories,
  selectAdminSections,
  updateCategoryNames,
  updateSectionNames,
} from "./taxonomy.repo.server";

const toEntry = (
  key: string,
  row: { name: string; name_en: string | null; name_fr: string | null; product_count: number | string },
): AdminTaxonomyEntry => ({
  key,
  name: row.name,
  nameEn: row.name_en,
  nameFr: row.name_fr,
  productCount: Number(row.product_count),
});

const names = (input: Pick<TaxonomyInput, "name" | "nameEn" | "nameFr">) => ({
  name: input.name,
  name_en: input.nameEn,
  name_fr: input.nameFr,
});

export type CreateResult = { ok: true; key: string } | { ok: false; error: "taken" };
export type UpdateResult = { ok: true } | { ok: false; error: "not_found" };

// Categories

export async function listAdminCategories(db: Kysely<Database>): Promise<AdminTaxonomyEntry[]> {
  return (await selectAdminCategories(db)).map((row) => toEntry(row.slug, row));
}

/** A new category; its slug must be free (a clear "taken" error otherwise). */
export async function createCategory(db: Kysely<Database>, input: TaxonomyInput): Promise<CreateResult> {
  if (await categoryExists(db, input.key)) return { ok: false, error: "taken" };
  try {
    await insertCategory(db, { slug: input.key, ...names(input), created_at: nowIso() });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "taken" };
    throw error;
  }
  invalidateReferenceData();
  return { ok: true, key: input.key };
}

/** New names for a category; its slug never changes (whatever slug a form sends is ignored). */
export async function updateCategory(
  db: Kysely<Database>,
  slug: string,
  input: Pick<TaxonomyInput, "name" | "nameEn" | "nameFr">,
): Promise<UpdateResult> {
  const updated = (await updateCategoryNames(db, slug, names(input))) > 0;
  if (updated) invalidateReferenceData();
  return updated ? { ok: true } : { ok: false, error: "not_found" };
}

export type DeleteCategoryResult =
  | { ok: true; moved: number }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "in_use"; productCount: number }
  | { ok: false; error: "invalid_target" };

/**
 * Deletes a category. Refused while products use it, unless `reassignTo` names another existing
 * category: then its products move there and the category goes, in one transaction.
 */
export async function deleteCategory(
  db: Kysely<Database>,
  slug: string,
  options: { reassignTo?: string | null } = {},
): Promise<DeleteCategoryResult> {
  const target = options.reassignTo?.trim() || null;
  const result = await db.transaction().execute(async (trx): Promise<DeleteCategoryResult> => {
    if (!(await categoryExists(trx, slug))) return { ok: false, error: "not_found" };
    const productCount = await countCategoryProductsAll(trx, slug);
    let moved = 0;
    if (productCount > 0) {
      if (!target) return { ok: false, error: "in_use", productCount };
      if (target === slug || !(await categoryExists(trx, target))) return { ok: false, error: "invalid_target" };
      moved = await moveCategoryProducts(trx, slug, target, nowIso());
    }
    await deleteCategoryRow(trx, slug);
    return { ok: true, moved };
  });
  if (result.ok) invalidateReferenceData();
  return result;
}

// Sections

export async function listAdminSections(db: Kysely<Database>): Promise<AdminTaxonomyEntry[]> {
  return (await selectAdminSections(db)).map((row) => toEntry(row.id, row));
}

export async function createSection(db: Kysely<Database>, input: TaxonomyInput): Promise<CreateResult> {
  if (await sectionExists(db, input.key)) return { ok: false, error: "taken" };
  try {
    await insertSection(db, { id: input.key, ...names(input), created_at: nowIso() });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "taken" };
    throw error;
  }
  return { ok: true, key: input.key };
}

/** New names for a section; its id never changes. */
export async function updateSection(
  db: Kysely<Database>,
  id: string,
  input: Pick<TaxonomyInput, "name" | "nameEn" | "nameFr">,
): Promise<UpdateResult> {
  return (await updateSectionNames(db, id, names(input))) === 0 ? { ok: false, error: "not_found" } : { ok: true };
}

/** Deletes a section; its products stay, with no section (section_id NULL, by the foreign key). */
export async function deleteSection(db: Kysely<Database>, id: string): Promise<{ ok: true } | { ok: false; error: "not_found" }> {
  return (await deleteSectionRow(db, id)) === 0 ? { ok: false, error: "not_found" } : { ok: true };
}
