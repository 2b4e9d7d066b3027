import { PostgresAdapter, type Kysely, type Selectable } from "kysely";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";
import type { CourierAccountsTable } from "./couriers.table.server";

/** Reads and writes of courier_accounts (migration 020). Credentials arrive and leave sealed. */

export type CourierAccountRow = Selectable<CourierAccountsTable>;

export function selectCourierAccounts(db: Kysely<Database>): Promise<CourierAccountRow[]> {
  return db.selectFrom("courier_accounts").selectAll().orderBy("id").execute();
}

export function selectCourierAccount(db: Kysely<Database>, id: number): Promise<CourierAccountRow | undefined> {
  return db.selectFrom("courier_accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Inserts an account; with `defaultIfFirst`, the first account becomes the default one. */
export async function insertCourierAccount(
  db: Kysely<Database>,
  row: Pick<CourierAccountRow, "family" | "label" | "base_url" | "credentials" | "webhook_secret" | "origin_wilaya_code">,
  at: string,
  defaultIfFirst: boolean,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const existing = defaultIfFirst ? await trx.selectFrom("courier_accounts").select("id").limit(1).executeTakeFirst() : { id: 0 };
    const inserted = await trx
      .insertInto("courier_accounts")
      .values({ ...row, is_default: existing === undefined, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
}

export async function updateCourierAccount(
  db: Kysely<Database>,
  id: number,
  changes: Pick<CourierAccountRow, "label" | "base_url" | "credentials" | "webhook_secret" | "origin_wilaya_code">,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("courier_accounts")
    .set({ ...changes, updated_at: at })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes an account; when it was the default, the oldest remaining one becomes the default. */
export async function deleteCourierAccount(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom("courier_accounts").where("id", "=", id).returning("is_default").executeTakeFirst();
    if (!deleted) return false;
    if (toBool(deleted.is_default)) {
      const next = await trx.selectFrom("courier_accounts").select("id").orderBy("id").limit(1).executeTakeFirst();
      if (next) await trx.updateTable("courier_accounts").set({ is_default: true, updated_at: at }).where("id", "=", next.id).execute();
    }
    return true;
  });
}

/**
 * Makes one account the default: the previous default is unset first (at most one, by a unique
 * index). On PostgreSQL every account row is locked first (in id order), so admins choosing
 * defaults at once take turns and each sees the one before: the last one wins, as if they had
 * come one after the other (SQLite runs one write transaction at a time).
 */
export async function setDefaultCourierAccount(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter)
      await trx.selectFrom("courier_accounts").select("id").orderBy("id").forUpdate().execute();
    const target = await trx.selectFrom("courier_accounts").select("id").where("id", "=", id).executeTakeFirst();
    if (!target) return false;
    await trx.updateTable("courier_accounts").set({ is_default: false }).where("is_default", "=", true).where("id", "<>", id).execute();
    await trx.updateTable("courier_accounts").set({ is_default: true, updated_at: at }).where("id", "=", id).execute();
    return true;
  });
}

/** The default account's id, or undefined when there is none. */
export async function selectDefaultCourierAccountId(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db.selectFrom("courier_accounts").select("id").where("is_default", "=", true).executeTakeFirst();
  return row?.id;
}
