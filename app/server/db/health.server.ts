import { DEFAULT_MIGRATION_TABLE, sql, type Kysely } from "kysely";
import type { Database } from "./database.server";
import { migrations } from "./migrations/index.server";

/** Throws unless the database answers and is migrated (the wilayas table is readable). */
export async function checkDatabase(db: Kysely<Database>): Promise<void> {
  await db.selectFrom("wilayas").select("code").limit(1).execute();
}

export type Readiness = { ready: true } | { ready: false; reason: "database_unavailable" | "migrations_pending"; pending?: string[] };

/**
 * Ready to serve: the database answers and every migration this build ships
 * (migrations/index.server.ts) is recorded in Kysely's migration table.
 */
export async function checkReadiness(db: Kysely<Database>): Promise<Readiness> {
  let applied: Set<string>;
  try {
    await sql`select 1`.execute(db);
  } catch {
    return { ready: false, reason: "database_unavailable" };
  }
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    applied = new Set(rows.map((row) => row.name));
  } catch {
    // No migration table yet: nothing is applied.
    applied = new Set();
  }
  const pending = Object.keys(migrations).filter((name) => !applied.has(name));
  return pending.length === 0 ? { ready: true } : { ready: false, reason: "migrations_pending", pending };
}
