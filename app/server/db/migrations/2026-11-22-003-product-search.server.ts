import type { Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// products.search_text holds the product's titles (ar, en, fr) and SKU folded for
// search (see app/lib/search-text.ts). It is searched with LIKE '%word%', which no
// B-tree index can serve, so none is created. Rows start empty and are filled by the
// application (refreshSearchText), at start-up for rows migrated here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("search_text", "text", (col) => col.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("products").dropColumn("search_text").execute();
}
