import { Migrator, PostgresAdapter, sql, type Kysely, type MigrationResultSet } from "kysely";
import type { Database } from "./database.server";
import { migrations } from "./migrations/index.server";

/**
 * On PostgreSQL, Kysely looks for its migration tables in every schema unless
 * told which one; pinning them to the connection's schema keeps databases that
 * share a server in separate schemas (as the tests do) apart.
 */
async function migrationSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await migrationSchema(db),
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "(before any migration ran)";
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return (result.results ?? []).map((r) => r.migrationName);
}
