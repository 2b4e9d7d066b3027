import type { ColumnType, Generated } from "kysely";

/**
 * Column helpers shared by every table definition.
 *
 * Booleans: PostgreSQL returns true/false, SQLite returns 1/0; writes always
 * take a boolean (the SQLite dialect turns it into 1/0, see db.server.ts).
 * Read them through `toBool`.
 *
 * Timestamps are ISO-8601 UTC text (`2026-11-22T10:00:00.000Z`) in both
 * dialects: sortable and comparable as strings (docs/decisions/0002).
 */
export type Bool = ColumnType<boolean | 0 | 1, boolean | undefined, boolean>;
export type BoolRequired = ColumnType<boolean | 0 | 1, boolean, boolean>;
export type Timestamp = ColumnType<string, string | undefined, string>;
export type AutoId = Generated<number>;

export function toBool(value: boolean | 0 | 1 | number): boolean {
  return value === true || value === 1;
}

export function nowIso(): string {
  return new Date().toISOString();
}
