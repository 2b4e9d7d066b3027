// `npm run backup`: an online backup of the SQLite database of DATABASE_URL (the server may keep
// running) to BACKUP_DIR/shop-YYYYMMDD-HHMMSS.db (default folder: backups/, time in UTC); prints
// the file's path. PostgreSQL: use pg_dump (docs/operations.md, "Backups and restore").
import { backupSqlite, PG_DUMP_HINT, sqlitePath } from "./lib/sqlite-backup";

try {
  const source = sqlitePath(process.env.DATABASE_URL?.trim() || "file:data/shop.db");
  if (source === null) {
    console.error(PG_DUMP_HINT);
    process.exit(2);
  }
  const file = await backupSqlite(source, process.env.BACKUP_DIR?.trim() || "backups");
  console.log(file);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
