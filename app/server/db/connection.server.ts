import type { Kysely } from "kysely";
import { env } from "../env.server";
import type { Database } from "./database.server";
import { openDatabase, type DatabaseHandle } from "./db.server";

let handle: DatabaseHandle | undefined;

/** The process-wide database, opened on first use from DATABASE_URL. */
export function getDatabase(): DatabaseHandle {
  handle ??= openDatabase(env().DATABASE_URL);
  return handle;
}

export function getDb(): Kysely<Database> {
  return getDatabase().db;
}

export async function closeDatabase(): Promise<void> {
  const current = handle;
  handle = undefined;
  await current?.close();
}
