import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAdminByEmail } from "~/server/auth/auth.repo.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// NUL in text: PostgreSQL's text cannot hold it and fails any query naming it; the
// database layer drops it there (db.server.ts), so no input can turn into a 500. On SQLite,
// which stores NUL, the same calls simply work.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

describe("text with a NUL character", () => {
  it("a lookup with one answers (nothing found) instead of failing", async () => {
    await expect(findAdminByEmail(t.db, "no\0body@souq.test")).resolves.toBeUndefined();
    const rows = await t.db.selectFrom("products").select("id").where("slug", "in", ["x\0y", "\0"]).execute();
    expect(rows).toEqual([]);
  });

  it("a write with one succeeds, and PostgreSQL keeps the text without it", async () => {
    const product = await t.db.selectFrom("products").select(["id", "title"]).orderBy("id").executeTakeFirstOrThrow();
    await t.db.updateTable("products").set({ title: "Mix\0eur" }).where("id", "=", product.id).execute();
    const { title } = await t.db.selectFrom("products").select("title").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(title).toBe(t.dialect === "postgres" ? "Mixeur" : "Mix\0eur");
  });
});
