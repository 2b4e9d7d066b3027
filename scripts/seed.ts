// `npm run seed`: migrate the database of DATABASE_URL and fill it if empty
// (the same as start-up does). Safe to run again: nothing is inserted twice.
import { closeDatabase, getDatabase } from "../app/server/db/connection.server";
import { migrateToLatest } from "../app/server/db/migrate.server";
import { seed } from "../app/server/db/seed.server";
import { env } from "../app/server/env.server";
import { createStorage } from "../app/server/storage/storage.server";

const { db, dialect } = getDatabase();
const migrations = await migrateToLatest(db);
const report = await seed(db, { demoCatalogue: env().SEED_DEMO_CATALOGUE, storage: createStorage(env()) });
console.log(JSON.stringify({ dialect, migrations, ...report }));
await closeDatabase();
