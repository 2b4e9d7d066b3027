import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// The merchant's courier accounts: one row per account at a courier (its API family, the
// courier's brand as the merchant names it, the API's base URL, which differs per courier in
// the Ecotrack family). `credentials` is the family's fields as JSON, sealed (AES-256-GCM, the
// key of SECRETS_KEY): the database never holds them in clear; likewise the optional webhook
// secret. At most one account is the default one (a partial unique index).

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("courier_accounts")
    .addColumn("id", postgres ? "serial" : "integer", (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("family", "text", (col) => col.notNull().check(sql`family in ('yalidine', 'ecotrack', 'noest', 'zr')`))
    .addColumn("label", "text", (col) => col.notNull())
    .addColumn("base_url", "text", (col) => col.notNull())
    .addColumn("credentials", "text", (col) => col.notNull())
    .addColumn("webhook_secret", "text")
    .addColumn("is_default", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await sql`create unique index courier_accounts_one_default on courier_accounts (is_default) where is_default`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("courier_accounts").execute();
}
