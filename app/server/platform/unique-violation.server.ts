/**
 * True when a write broke a unique index or a primary key, and nothing else: on SQLite
 * (better-sqlite3) SQLITE_CONSTRAINT_UNIQUE or SQLITE_CONSTRAINT_PRIMARYKEY, on PostgreSQL (pg)
 * 23505. A foreign-key, not-null or check failure is a fault, not "taken", so callers that turn
 * this into "already exists" or "try another code" never hide it.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}
