import type { Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// product_images.widths lists the widths (px) of the WebP variants stored for the image,
// comma-separated in ascending order ("320,640,960"); url is then their base URL and each
// variant is url + "-<width>.webp". '' is a plain image with no variants (url is the file).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("product_images")
    .addColumn("widths", "text", (col) => col.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("product_images").dropColumn("widths").execute();
}
