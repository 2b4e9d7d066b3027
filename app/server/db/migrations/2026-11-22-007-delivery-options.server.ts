import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Delivery options: a stop-desk (pick-up point) fee per wilaya (null: no stop-desk there),
// the communes of each wilaya (reference data, filled by the seed), and on each order the
// commune and whether it goes to the door ('home') or to a stop-desk ('stop_desk').

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("wilayas")
    .addColumn("stop_desk_price", "integer", (col) => col.check(sql`stop_desk_price >= 0`))
    .execute();
  // Existing shops: the documented default (docs/decisions/0010-stop-desk-default-prices.md),
  // home fee − 200 DA where the home fee is at least 400 DA; the merchant edits them.
  await sql`update wilayas set stop_desk_price = home_price - 200 where home_price >= 400`.execute(db);

  await db.schema
    .createTable("communes")
    .addColumn("code", "text", (col) => col.primaryKey())
    .addColumn("wilaya_code", "text", (col) => col.notNull().references("wilayas.code"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("name_ar", "text", (col) => col.notNull())
    .addColumn("wilaya_before", "text")
    .execute();
  await db.schema.createIndex("communes_wilaya").on("communes").columns(["wilaya_code", "name"]).execute();

  await db.schema
    .alterTable("orders")
    .addColumn("commune_code", "text", (col) => col.references("communes.code"))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("delivery_type", "text", (col) =>
      col.notNull().defaultTo("home").check(sql`delivery_type in ('home', 'stop_desk')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("delivery_type").execute();
  await db.schema.alterTable("orders").dropColumn("commune_code").execute();
  await db.schema.dropTable("communes").execute();
  await db.schema.alterTable("wilayas").dropColumn("stop_desk_price").execute();
}
