import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "./database.server";

/** The advisory lock's key (any fixed number; PostgreSQL advisory locks are per database). */
const STARTUP_LOCK_KEY = 7_349_210_001;

/**
 * Runs the start-up work (migrations, seeding) of one app server at a time. Several instances
 * started together on an empty PostgreSQL database would otherwise all find it empty and insert
 * the same reference rows (the second one failing on a unique key): a session-level
 * `pg_advisory_lock`, held on one pooled connection while `work` runs on the others, makes the
 * later ones wait and then find everything done. SQLite (one machine, one process) runs `work` as is.
 */
export async function withStartupLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
