import type { Kysely, Selectable } from "kysely";
import type { Database } from "../db/database.server";
import type { CourierPlacesTable, CourierStopDesksTable } from "./couriers.table.server";

export type CourierPlaceRow = Selectable<CourierPlacesTable>;
export type CourierStopDeskRow = Selectable<CourierStopDesksTable>;

export function selectCourierPlace(db: Kysely<Database>, accountId: number, communeCode: string): Promise<CourierPlaceRow | undefined> {
  return db.selectFrom("courier_places").selectAll().where("account_id", "=", accountId).where("commune_code", "=", communeCode).executeTakeFirst();
}

/** Any mapped commune of one of our wilayas: the courier's name (and id) of that wilaya. */
export function selectCourierWilaya(
  db: Kysely<Database>,
  accountId: number,
  wilayaCode: string,
): Promise<Pick<CourierPlaceRow, "courier_wilaya_code" | "courier_wilaya_name" | "wilaya_place_id"> | undefined> {
  return db
    .selectFrom("courier_places")
    .select(["courier_wilaya_code", "courier_wilaya_name", "wilaya_place_id"])
    .where("account_id", "=", accountId)
    .where("wilaya_code", "=", wilayaCode)
    .limit(1)
    .executeTakeFirst();
}

export function selectCourierStopDesk(db: Kysely<Database>, accountId: number, code: string): Promise<CourierStopDeskRow | undefined> {
  return db.selectFrom("courier_stop_desks").selectAll().where("account_id", "=", accountId).where("code", "=", code).executeTakeFirst();
}
