import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/database.server";
import { openDatabase, isPostgresUrl, type DatabaseHandle, type DialectName } from "~/server/db/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { seed } from "~/server/db/seed.server";
import { LocalStorage } from "~/server/storage/storage.server";

export interface TestDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the seed stores the demo pictures: the shared test folder (see testUploads). */
  storage: LocalStorage;
  /** Closes the connection and, on PostgreSQL, drops the file's private schema. */
  destroy(): Promise<void>;
}

/**
 * The uploads of every test database: one folder in the system's temporary directory, kept
 * between runs. Its keys are content hashes and its writes atomic, so test files (and workers)
 * share it safely, and only the first seeding on a machine pays for re-encoding the demo
 * pictures (seconds); later seeds find them and skip. A test that deletes files, or needs an
 * empty storage, makes its own LocalStorage in a fresh temporary folder.
 */
export const testUploads = new LocalStorage(join(tmpdir(), "souq-test-uploads"));

/** A schema of its own on the PostgreSQL server at `url`, and how to drop it with everything in it. */
async function privateSchema(url: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${schema}`);
  return { schema, drop: () => run(`drop schema ${schema} cascade`) };
}

/**
 * A fresh, migrated database for one test file: in-memory SQLite by default,
 * or a private schema on the PostgreSQL server of TEST_DATABASE_URL.
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  let handle;
  let dropSchema = async () => {};
  if (url && isPostgresUrl(url)) {
    const { schema, drop } = await privateSchema(url);
    handle = openDatabase(url, { searchPath: schema, poolSize: 5 });
    dropSchema = drop;
  } else {
    handle = openDatabase("file::memory:");
  }
  await migrateToLatest(handle.db);
  if (options.seed) await seed(handle.db, { demoCatalogue: true, storage: testUploads });
  return {
    db: handle.db,
    dialect: handle.dialect,
    storage: testUploads,
    async destroy() {
      await handle.close();
      await dropSchema();
    },
  };
}

/** The engine the integration tests run on: PostgreSQL when TEST_DATABASE_URL names a server, else SQLite. */
export const testEngine = (): "PostgreSQL" | "SQLite" => {
  const url = process.env.TEST_DATABASE_URL;
  return url && isPostgresUrl(url) ? "PostgreSQL" : "SQLite";
};

/**
 * `count` connections to one fresh, migrated database, each with its own pool of one, as that
 * many app servers (or agents) would hold: a private schema on the PostgreSQL server of
 * TEST_DATABASE_URL, else one SQLite file in WAL mode. For tests of claims and locks under
 * concurrency. `close` closes them all and removes the schema or the file.
 */
export async function openConnections(count: number): Promise<{ handles: DatabaseHandle[]; close: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  let handles: DatabaseHandle[];
  let remove: () => Promise<void>;
  if (url && isPostgresUrl(url)) {
    const { schema, drop } = await privateSchema(url);
    handles = Array.from({ length: count }, () => openDatabase(url, { searchPath: schema, poolSize: 1 }));
    remove = drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), "souq-connections-"));
    const file = join(dir, "shop.db");
    handles = Array.from({ length: count }, () => openDatabase(`file:${file}`));
    remove = async () => rmSync(dir, { recursive: true, force: true });
  }
  await migrateToLatest(handles[0]!.db);
  return {
    handles,
    close: async () => {
      await Promise.all(handles.map((handle) => handle.close()));
      await remove();
    },
  };
}
