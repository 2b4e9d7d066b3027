import type { Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// A collection's, a custom page's or a page section's product may point at one of its variants
// (the card then opens the product page with that variant chosen). Null: the product as a whole.
// A deleted variant sets it back to null, so the list falls back to the product.

const LISTS = ["collection_products", "page_products", "page_section_products"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of LISTS) {
    await db.schema
      .alterTable(table)
      .addColumn("variant_id", "integer", (col) => col.references("product_variants.id").onDelete("set null"))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of LISTS) {
    await db.schema.alterTable(table).dropColumn("variant_id").execute();
  }
}
