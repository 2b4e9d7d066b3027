import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database } from "../db/database.server";
import type { CustomPagesTable } from "./merchandising.table.server";

/** Reads and writes of custom_pages rows (their product lists: product-lists.repo.server.ts). */

const pageColumns = [
  "id",
  "slug",
  "title",
  "description",
  "hero_url",
  "hero_width",
  "hero_height",
  "hero_widths",
  "is_active",
  "display_order",
  "meta_title",
  "meta_description",
  "updated_at",
] as const;

export function selectCustomPages(db: Kysely<Database>, filter: { activeOnly?: boolean } = {}) {
  let query = db.selectFrom("custom_pages").select(pageColumns);
  if (filter.activeOnly) query = query.where("is_active", "=", true);
  return query.orderBy("display_order").orderBy("id").execute();
}

export type CustomPageRow = Awaited<ReturnType<typeof selectCustomPages>>[number];

export function selectCustomPage(db: Kysely<Database>, id: number) {
  return db.selectFrom("custom_pages").select(pageColumns).where("id", "=", id).executeTakeFirst();
}

export function selectActiveCustomPageBySlug(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom("custom_pages")
    .select(pageColumns)
    .where("slug", "=", slug)
    .where("is_active", "=", true)
    .executeTakeFirst();
}

export async function customPageSlugOwner(db: Kysely<Database>, slug: string): Promise<number | undefined> {
  return (await db.selectFrom("custom_pages").select("id").where("slug", "=", slug).executeTakeFirst())?.id;
}

export async function insertCustomPage(trx: Kysely<Database>, values: Insertable<CustomPagesTable>): Promise<number> {
  const row = await trx.insertInto("custom_pages").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCustomPage(trx: Kysely<Database>, id: number, values: Updateable<CustomPagesTable>): Promise<number> {
  const result = await trx.updateTable("custom_pages").set(values).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteCustomPageRow(trx: Kysely<Database>, id: number): Promise<number> {
  const result = await trx.deleteFrom("custom_pages").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
