import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database } from "../db/database.server";
import type { PageSectionsTable } from "./merchandising.table.server";

/** Reads and writes of page_sections rows (their product lists: product-lists.repo.server.ts). */

const sectionColumns = [
  "page_sections.id",
  "page_sections.page_identifier",
  "page_sections.section_type",
  "page_sections.title",
  "page_sections.title_en",
  "page_sections.title_fr",
  "page_sections.subtitle",
  "page_sections.subtitle_en",
  "page_sections.subtitle_fr",
  "page_sections.collection_id",
  "page_sections.display_order",
  "page_sections.is_active",
] as const;

/** A page's sections by display_order (then id), each with the title of the collection it names. */
export function selectPageSections(db: Kysely<Database>, page: string, filter: { activeOnly?: boolean } = {}) {
  let query = db
    .selectFrom("page_sections")
    .leftJoin("collections", "collections.id", "page_sections.collection_id")
    .select(sectionColumns)
    .select("collections.title as collection_title")
    .where("page_sections.page_identifier", "=", page);
  if (filter.activeOnly) query = query.where("page_sections.is_active", "=", true);
  return query.orderBy("page_sections.display_order").orderBy("page_sections.id").execute();
}

export type PageSectionRow = Awaited<ReturnType<typeof selectPageSections>>[number];

export function selectPageSection(db: Kysely<Database>, id: number) {
  return db.selectFrom("page_sections").select(sectionColumns).where("page_sections.id", "=", id).executeTakeFirst();
}

/** The display_order values of a page's sections (id and order), by order. */
export function selectSectionOrders(db: Kysely<Database>, page: string) {
  return db
    .selectFrom("page_sections")
    .select(["id", "display_order"])
    .where("page_identifier", "=", page)
    .orderBy("display_order")
    .orderBy("id")
    .execute();
}

export async function insertPageSection(trx: Kysely<Database>, values: Insertable<PageSectionsTable>): Promise<number> {
  const row = await trx.insertInto("page_sections").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePageSection(trx: Kysely<Database>, id: number, values: Updateable<PageSectionsTable>): Promise<number> {
  const result = await trx.updateTable("page_sections").set(values).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Sets a section's display_order when it still has the order the caller read (optimistic: a
 * concurrent move changed it otherwise); returns whether it did.
 */
export async function setSectionOrder(trx: Kysely<Database>, id: number, from: number, to: number): Promise<boolean> {
  const result = await trx
    .updateTable("page_sections")
    .set({ display_order: to })
    .where("id", "=", id)
    .where("display_order", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePageSectionRow(trx: Kysely<Database>, id: number): Promise<number> {
  const result = await trx.deleteFrom("page_sections").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every collection for the section form's select, by display_order then id. */
export function selectCollectionOptions(db: Kysely<Database>) {
  return db.selectFrom("collections").select(["id", "title", "is_active"]).orderBy("display_order").orderBy("id").execute();
}

export async function collectionExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom("collections").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}
