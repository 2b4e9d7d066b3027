import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// The merchant's shop settings: one row (id = 1, enforced by a check), one typed column per
// setting, null where nothing is set (docs/decisions/0026-shop-settings-in-one-row.md). Names in
// Arabic, English and French; phone and WhatsApp as 0XXXXXXXXX; e-mail; postal address; the
// Facebook, Instagram and TikTok pages; the trade register number (rc) and tax number (nif).
// The row is not inserted here: the first save creates it, and no row reads as "nothing set".

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("shop_settings")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("name_ar", "text")
    .addColumn("name_en", "text")
    .addColumn("name_fr", "text")
    .addColumn("phone", "text")
    .addColumn("whatsapp", "text")
    .addColumn("email", "text")
    .addColumn("address", "text")
    .addColumn("facebook_url", "text")
    .addColumn("instagram_url", "text")
    .addColumn("tiktok_url", "text")
    .addColumn("rc", "text")
    .addColumn("nif", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("shop_settings").execute();
}
