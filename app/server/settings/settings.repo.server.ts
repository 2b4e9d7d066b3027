import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import type { ShopSettingsTable } from "./settings.table.server";

/** Reads and writes of shop_settings (migration 014): its one row, id 1. */

/** The contact and legal settings; the confirmation team's setting (max_unanswered_attempts) is read and written apart. */
export type ShopSettingsRow = Omit<ShopSettingsTable, "id" | "updated_at" | "max_unanswered_attempts">;

const COLUMNS = [
  "name_ar",
  "name_en",
  "name_fr",
  "phone",
  "whatsapp",
  "email",
  "address",
  "facebook_url",
  "instagram_url",
  "tiktok_url",
  "rc",
  "nif",
] as const satisfies readonly (keyof ShopSettingsRow)[];

/** The row, or undefined before the first save. */
export function selectShopSettings(db: Kysely<Database>): Promise<ShopSettingsRow | undefined> {
  return db.selectFrom("shop_settings").select(COLUMNS).where("id", "=", 1).executeTakeFirst();
}

/** Writes the row whole (created on the first save). */
export async function upsertShopSettings(db: Kysely<Database>, row: ShopSettingsRow, updatedAt: string): Promise<void> {
  await db
    .insertInto("shop_settings")
    .values({ id: 1, ...row, updated_at: updatedAt })
    .onConflict((oc) => oc.column("id").doUpdateSet({ ...row, updated_at: updatedAt }))
    .execute();
}

/** The confirmation team's setting: unanswered calls after which an order is suggested for cancellation. */
export async function selectMaxUnansweredAttempts(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db.selectFrom("shop_settings").select("max_unanswered_attempts").where("id", "=", 1).executeTakeFirst();
  return row?.max_unanswered_attempts;
}

/** Writes it alone (the row is created, its other settings empty, when the shop has none yet). */
export async function updateMaxUnansweredAttempts(db: Kysely<Database>, value: number, updatedAt: string): Promise<void> {
  await db
    .insertInto("shop_settings")
    .values({ id: 1, max_unanswered_attempts: value, updated_at: updatedAt })
    .onConflict((oc) => oc.column("id").doUpdateSet({ max_unanswered_attempts: value, updated_at: updatedAt }))
    .execute();
}
