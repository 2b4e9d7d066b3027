import SqliteDatabase from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./db.server";

describe("SQLite transactions shared by several processes", () => {
  let dir: string | undefined;
  let handle: DatabaseHandle | undefined;
  let other: SqliteDatabase.Database | undefined;
  afterEach(async () => {
    other?.close();
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    other = handle = dir = undefined;
  });

  /** Another process's write, as a second connection to the file that does not wait for a lock. */
  function writeElsewhere(): () => void {
    other = new SqliteDatabase(join(dir!, "shop.db"));
    other.pragma("busy_timeout = 0");
    return () => other!.prepare("insert into counters (value) values (1)").run();
  }

  it("hold the write lock from their first statement, so another process's write waits until they commit", async () => {
    dir = mkdtempSync(join(tmpdir(), "souq-db-"));
    handle = openDatabase(`file:${join(dir, "shop.db")}`);
    await sql`create table counters (value integer not null)`.execute(handle.db);
    const write = writeElsewhere();

    await handle.db.transaction().execute(async (trx) => {
      // Only a read so far: a deferred transaction would not hold the lock yet.
      await trx
        .selectFrom("counters" as never)
        .selectAll()
        .execute();
      expect(write).toThrow(/database is locked/);
    });
    expect(write).not.toThrow();
  });
});
