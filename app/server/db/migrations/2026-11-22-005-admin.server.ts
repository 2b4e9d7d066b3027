import { PostgresAdapter, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Admin accounts and their sessions. Emails are stored trimmed and lower-cased (unique);
// passwords as `scrypt$N$r$p$salt$hash`. A session's id is the SHA-256 (hex) of the random
// token in the admin's cookie: a copy of this table cannot be used to sign in.
// Failed sign-ins are counted in rate_limit_counters (004) under 'login-email:' and 'login-ip:'.
// Timestamps are ISO-8601 UTC text.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("admin_users")
    .addColumn("id", postgres ? "serial" : "integer", (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("admin_sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("admin_id", "integer", (col) => col.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("ip", "text", (col) => col.notNull())
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("admin_sessions_admin").on("admin_sessions").column("admin_id").execute();
  await db.schema.createIndex("admin_sessions_expires").on("admin_sessions").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("admin_sessions").execute();
  await db.schema.dropTable("admin_users").execute();
}
