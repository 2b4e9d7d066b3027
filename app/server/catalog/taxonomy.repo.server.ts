import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/database.server";

/** Admin writes and lists of categories and sections (the storefront reads them in catalog.repo). */

type Db = Kysely<Database> | Transaction<Database>;

/** Every category with the number of its products, in stock or not (a delete moves them all). */
export function selectAdminCategories(db: Db) {
  return db
    .selectFrom("categories")
    .leftJoin("products", "products.category", "categories.slug")
    .select((eb) => [
      "categories.slug",
      "categories.name",
      "categories.name_en",
      "categories.name_fr",
      "categories.created_at",
      eb.fn.count<number>("products.id").as("product_count"),
    ])
    .groupBy(["categories.slug", "categories.name", "categories.name_en", "categories.name_fr", "categories.created_at"])
    .orderBy("categories.name")
    .orderBy("categories.slug")
    .execute();
}

export function categoryExists(db: Db, slug: string) {
  return db.selectFrom("categories").select("slug").where("slug", "=", slug).executeTakeFirst();
}

export function insertCategory(db: Db, row: { slug: string; name: string; name_en: string | null; name_fr: string | null; created_at: string }) {
  return db.insertInto("categories").values(row).execute();
}

/** Names only: the slug is fixed after creation. */
export async function updateCategoryNames(db: Db, slug: string, names: { name: string; name_en: string | null; name_fr: string | null }) {
  const result = await db.updateTable("categories").set(names).where("slug", "=", slug).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function countCategoryProductsAll(db: Db, slug: string): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("category", "=", slug)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function moveCategoryProducts(db: Db, from: string, to: string, updatedAt: string): Promise<number> {
  const result = await db.updateTable("products").set({ category: to, updated_at: updatedAt }).where("category", "=", from).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteCategoryRow(db: Db, slug: string): Promise<number> {
  const result = await db.deleteFrom("categories").where("slug", "=", slug).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every section with the number of its products. */
export function selectAdminSections(db: Db) {
  return db
    .selectFrom("sections")
    .leftJoin("products", "products.section_id", "sections.id")
    .select((eb) => [
      "sections.id",
      "sections.name",
      "sections.name_en",
      "sections.name_fr",
      "sections.created_at",
      eb.fn.count<number>("products.id").as("product_count"),
    ])
    .groupBy(["sections.id", "sections.name", "sections.name_en", "sections.name_fr", "sections.created_at"])
    .orderBy("sections.created_at")
    .orderBy("sections.id")
    .execute();
}

export function sectionExists(db: Db, id: string) {
  return db.selectFrom("sections").select("id").where("id", "=", id).executeTakeFirst();
}

export function insertSection(db: Db, row: { id: string; name: string; name_en: string | null; name_fr: string | null; created_at: string }) {
  return db.insertInto("sections").values(row).execute();
}

/** Names only: the id is fixed after creation. */
export async function updateSectionNames(db: Db, id: string, names: { name: string; name_en: string | null; name_fr: string | null }) {
  const result = await db.updateTable("sections").set(names).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes a section; its products' section_id becomes NULL through the foreign key (ON DELETE SET NULL). */
export async function deleteSectionRow(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom("sections").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
