import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

export function selectActiveWilayas(db: Kysely<Database>) {
  return db
    .selectFrom("wilayas")
    .select(["code", "name", "name_ar", "home_price", "stop_desk_price", "delivery_time", "zone", "parent_code"])
    .where("active", "=", true)
    .orderBy("code")
    .execute();
}

/** Every wilaya, active or not (the admin's delivery settings). */
export function selectAllWilayas(db: Kysely<Database>) {
  return db
    .selectFrom("wilayas")
    .select(["code", "name", "name_ar", "home_price", "stop_desk_price", "delivery_time", "zone", "parent_code", "active"])
    .orderBy("code")
    .execute();
}

/** One wilaya by code (active or not), or undefined. */
export function selectWilaya(db: Kysely<Database>, code: string) {
  return db.selectFrom("wilayas").select(["code", "active"]).where("code", "=", code).executeTakeFirst();
}

/** The communes of a wilaya, by French name. */
export function selectCommunesOfWilaya(db: Kysely<Database>, wilayaCode: string) {
  return db
    .selectFrom("communes")
    .select(["code", "name", "name_ar"])
    .where("wilaya_code", "=", wilayaCode)
    .orderBy("name")
    .orderBy("code")
    .execute();
}

/** One commune by code, or undefined. */
export function selectCommune(db: Kysely<Database>, code: string) {
  return db.selectFrom("communes").select(["code", "wilaya_code", "name", "name_ar"]).where("code", "=", code).executeTakeFirst();
}

export interface WilayaSettingsUpdate {
  home_price: number;
  stop_desk_price: number | null;
  delivery_time: string;
  zone: "A" | "B" | "C" | "D";
  active: boolean;
}

/** Writes one wilaya's delivery settings; false when there is no such wilaya. */
export async function updateWilayaSettings(db: Kysely<Database>, code: string, settings: WilayaSettingsUpdate): Promise<boolean> {
  const result = await db.updateTable("wilayas").set(settings).where("code", "=", code).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An active wilaya with its fees (what an order is priced with), or undefined. */
export function selectActiveWilayaFees(db: Kysely<Database>, code: string) {
  return db
    .selectFrom("wilayas")
    .select(["code", "name", "name_ar", "home_price", "stop_desk_price"])
    .where("code", "=", code)
    .where("active", "=", true)
    .executeTakeFirst();
}

/** Both names of every wilaya, active or not, by code. */
export function selectWilayaNames(db: Kysely<Database>) {
  return db.selectFrom("wilayas").select(["code", "name", "name_ar"]).orderBy("code", "asc").execute();
}

/** The communes of `codes` (at most a few hundred: callers batch longer lists). */
export function selectCommunesByCodes(db: Kysely<Database>, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom("communes").select(["code", "name", "name_ar"]).where("code", "in", codes).execute();
}

/** Every commune with its wilaya's parent (set for the wilayas created in 2026). */
export function selectCommunesWithWilayaParents(db: Kysely<Database>) {
  return db
    .selectFrom("communes")
    .innerJoin("wilayas", "wilayas.code", "communes.wilaya_code")
    .select(["communes.code", "communes.wilaya_code", "communes.name", "communes.name_ar", "wilayas.parent_code"])
    .orderBy("communes.code")
    .execute();
}
