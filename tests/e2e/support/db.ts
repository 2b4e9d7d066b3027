import { inject } from "vitest";
import { openDatabase } from "~/server/db/db.server";

type Db = ReturnType<typeof openDatabase>["db"];

/** Runs `work` on the e2e server's SQLite file (setup, checks and clean-up a browser cannot do), then closes it. */
export async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  try {
    return await work(db);
  } finally {
    await close();
  }
}
