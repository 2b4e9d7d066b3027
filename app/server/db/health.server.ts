import type { Kysely } from "kysely";
import type { Database } from "./database.server";

/** Throws unless the database answers and is migrated (the wilayas table is readable). */
export async function checkDatabase(db: Kysely<Database>): Promise<void> {
  await db.selectFrom("wilayas").select("code").limit(1).execute();
}
