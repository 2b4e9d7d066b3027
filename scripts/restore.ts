// `npm run restore -- FILE`: replaces the SQLite database of DATABASE_URL with a backup made by
// `npm run backup`, after checking that FILE is a sound Souq database (PRAGMA integrity_check,
// Kysely's migration table, orders and products). Stop the server first; start it afterwards
// (it applies any newer migration). The replaced file is kept as <file>.before-restore-<stamp>.
import { PG_DUMP_HINT, restoreSqlite, sqlitePath } from "./lib/sqlite-backup";

const file = process.argv.slice(2).find((arg) => arg !== "--");
if (!file) {
  console.error("Usage: npm run restore -- backups/shop-YYYYMMDD-HHMMSS.db   (stop the server first)");
  process.exit(1);
}
try {
  const target = sqlitePath(process.env.DATABASE_URL?.trim() || "file:data/shop.db");
  if (target === null) {
    console.error(PG_DUMP_HINT);
    process.exit(2);
  }
  const { kept } = restoreSqlite(file, target);
  console.log(`Restored ${file} to ${target}.${kept ? ` The previous database is kept as ${kept}.` : ""} Start the server now.`);
} catch (error) {
  console.error(`Restore refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
