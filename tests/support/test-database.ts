import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/database.server";
import { openDatabase, isPostgresUrl, type DialectName } from "~/server/db/db.server";
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

/**
 * A fresh, migrated database for one test file: in-memory SQLite by default,
 * or a private schema on the PostgreSQL server of TEST_DATABASE_URL.
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  let handle;
  let dropSchema = async () => {};
  if (url && isPostgresUrl(url)) {
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    handle = openDatabase(url, { searchPath: schema, poolSize: 5 });
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    };
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
