// Shared by `npm run backup` and `npm run restore` (SQLite only; PostgreSQL:
// docs/operations.md, "Backups and restore").
import SqliteDatabase from "better-sqlite3";
import { DEFAULT_MIGRATION_TABLE } from "kysely";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const PG_DUMP_HINT =
  'DATABASE_URL is PostgreSQL: back it up with pg_dump -Fc and restore with pg_restore into a fresh database (docs/operations.md, "Backups and restore").';

/** The SQLite file a DATABASE_URL names, or null for PostgreSQL; throws for an in-memory database. */
export function sqlitePath(databaseUrl: string): string | null {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return null;
  if (!databaseUrl.startsWith("file:")) throw new Error(`Unsupported DATABASE_URL "${databaseUrl}"`);
  const path = databaseUrl.slice("file:".length);
  if (path === "" || path === ":memory:") throw new Error("DATABASE_URL is an in-memory database: nothing to back up or restore.");
  return resolve(path);
}

/** shop-YYYYMMDD-HHMMSS.db, in UTC. */
export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `shop-${stamp}.db`;
}

/**
 * An online backup (SQLite's backup API through better-sqlite3): consistent even while the server
 * writes, without stopping it. Returns the new file's path.
 */
export async function backupSqlite(source: string, directory: string, now = new Date()): Promise<string> {
  if (!existsSync(source)) throw new Error(`No database at ${source}`);
  mkdirSync(directory, { recursive: true });
  const target = resolve(join(directory, backupFileName(now)));
  if (existsSync(target)) throw new Error(`${target} already exists`);
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    await db.backup(target);
  } finally {
    db.close();
  }
  return target;
}

/** Throws unless `file` is a sound SQLite database holding a Souq shop (integrity check, migration table, orders and products). */
export function checkSouqDatabase(file: string): { migrations: number } {
  if (!existsSync(file)) throw new Error(`No such file: ${file}`);
  let db: SqliteDatabase.Database;
  try {
    db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(`${file} is not an SQLite database (${String(error)})`, { cause: error });
  }
  try {
    let integrity: unknown;
    try {
      integrity = db.pragma("integrity_check", { simple: true });
    } catch (error) {
      throw new Error(`${file} is not an SQLite database (${String(error)})`, { cause: error });
    }
    if (integrity !== "ok") throw new Error(`${file} failed PRAGMA integrity_check: ${String(integrity)}`);
    const tables = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((row) => row.name));
    for (const table of [DEFAULT_MIGRATION_TABLE, "orders", "products"]) {
      if (!tables.has(table)) throw new Error(`${file} is not a Souq database: no ${table} table`);
    }
    const { count } = db.prepare(`select count(*) as count from ${DEFAULT_MIGRATION_TABLE}`).get() as { count: number };
    if (count === 0) throw new Error(`${file} is not a Souq database: no migration recorded`);
    return { migrations: count };
  } finally {
    db.close();
  }
}

/**
 * Replaces the database file `target` with `backup` (checked first). The server must be stopped.
 * The replaced file (if any) is kept beside it as `<target>.before-restore-<stamp>`; its -wal and
 * -shm files are removed so SQLite never replays a journal of the old database onto the restored one.
 */
export function restoreSqlite(backup: string, target: string, now = new Date()): { kept: string | null } {
  const source = resolve(backup);
  checkSouqDatabase(source);
  if (source === resolve(target)) throw new Error("The backup is the database file itself.");
  mkdirSync(dirname(target), { recursive: true });
  let kept: string | null = null;
  if (existsSync(target)) {
    // Fold the old database's WAL into it first, so the kept copy is complete on its own.
    const old = new SqliteDatabase(target, { fileMustExist: true });
    try {
      old.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      old.close();
    }
    kept = `${target}.before-restore-${backupFileName(now).slice("shop-".length, -".db".length)}`;
    renameSync(target, kept);
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
  const partial = `${target}.restoring`;
  copyFileSync(source, partial);
  renameSync(partial, target);
  return { kept };
}
