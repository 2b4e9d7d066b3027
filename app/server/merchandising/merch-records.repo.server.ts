import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database } from "../db/database.server";
import type { CollectionsTable, CustomPagesTable } from "./merchandising.table.server";

/**
 * Writes shared by collections and custom_pages rows (their reads, with each table's own columns,
 * stay in collections.repo.server.ts and custom-pages.repo.server.ts). Both tables key rows by
 * id and slug, so one set of functions serves them both.
 */
export type MerchRecordTable = "collections" | "custom_pages";

/** Columns of a collections or a custom_pages row, for a write to that table. */
export type MerchRecordValues = Updateable<CollectionsTable> | Updateable<CustomPagesTable>;

/*
 * Queries are typed against collections and run on `table`: the id and slug columns they name
 * are alike in both, and the values written are columns of the caller's own table.
 */
const typed = (table: MerchRecordTable) => table as "collections";

/** The id of the row with this slug, if any. */
export async function recordSlugOwner(db: Kysely<Database>, table: MerchRecordTable, slug: string): Promise<number | undefined> {
  return (await db.selectFrom(typed(table)).select("id").where("slug", "=", slug).executeTakeFirst())?.id;
}

export async function insertRecord(
  trx: Kysely<Database>,
  table: MerchRecordTable,
  values: MerchRecordValues & { slug: string; title: string; created_at: string; updated_at: string },
): Promise<number> {
  const row = await trx
    .insertInto(typed(table))
    .values(values as Insertable<CollectionsTable>)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates the row with this id; how many rows changed (0 when it is gone). */
export async function updateRecord(trx: Kysely<Database>, table: MerchRecordTable, id: number, values: MerchRecordValues): Promise<number> {
  const result = await trx
    .updateTable(typed(table))
    .set(values as Updateable<CollectionsTable>)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes the row with this id; its product list cascades (and sections showing a deleted
 * collection keep a null collection).
 */
export async function deleteRecord(trx: Kysely<Database>, table: MerchRecordTable, id: number): Promise<number> {
  const result = await trx.deleteFrom(typed(table)).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
