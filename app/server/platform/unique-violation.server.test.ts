import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "./unique-violation.server";

/** The error a statement throws on a real SQLite database, so the codes are the driver's own. */
function sqliteError(statement: string): unknown {
  try {
    sqlite.prepare(statement).run();
  } catch (error) {
    return error;
  }
  throw new Error(`expected "${statement}" to fail`);
}

const sqlite = new Database(":memory:");
sqlite.pragma("foreign_keys = ON");
sqlite.exec(`
  create table parents (id integer primary key, slug text not null unique);
  create table children (id integer primary key, parent_id integer not null references parents (id), age integer check (age >= 0));
  insert into parents (id, slug) values (1, 'one');
`);
afterAll(() => sqlite.close());

describe("isUniqueViolation", () => {
  it("is true for a unique index or a primary key on SQLite", () => {
    expect(isUniqueViolation(sqliteError("insert into parents (id, slug) values (2, 'one')"))).toBe(true);
    expect(isUniqueViolation(sqliteError("insert into parents (id, slug) values (1, 'two')"))).toBe(true);
  });

  it("is false for a foreign key, a not-null or a check failure on SQLite", () => {
    const foreignKey = sqliteError("insert into children (parent_id) values (99)");
    const notNull = sqliteError("insert into children (parent_id) values (null)");
    const check = sqliteError("insert into children (parent_id, age) values (1, -1)");
    expect((foreignKey as { code: string }).code).toBe("SQLITE_CONSTRAINT_FOREIGNKEY");
    expect((notNull as { code: string }).code).toBe("SQLITE_CONSTRAINT_NOTNULL");
    expect((check as { code: string }).code).toBe("SQLITE_CONSTRAINT_CHECK");
    for (const error of [foreignKey, notNull, check]) expect(isUniqueViolation(error)).toBe(false);
  });

  it("is true for PostgreSQL's unique_violation (23505) only", () => {
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    // foreign_key_violation, not_null_violation, check_constraint_violation, exclusion_violation
    for (const code of ["23503", "23502", "23514", "23P01"]) expect(isUniqueViolation({ code })).toBe(false);
  });

  it("is false for anything without such a code", () => {
    for (const error of [undefined, null, "23505", new Error("unique"), { code: 23505 }, { code: "SQLITE_CONSTRAINT" }]) {
      expect(isUniqueViolation(error)).toBe(false);
    }
  });
});
