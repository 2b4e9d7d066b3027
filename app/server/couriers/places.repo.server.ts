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

export type NewCourierPlace = Omit<CourierPlaceRow, "account_id" | "refreshed_at" | "has_stop_desk"> & { has_stop_desk: boolean };
export type NewCourierStopDesk = Omit<CourierStopDeskRow, "id" | "account_id" | "refreshed_at">;

/** Rows inserted per statement (SQLite's bound-parameter limit). */
const INSERT_BATCH = 50;

/** Replaces one account's places and stop-desks with a fresh list, in one transaction: readers see the old lists or the new ones. */
export async function replaceCourierPlaces(
  db: Kysely<Database>,
  accountId: number,
  places: readonly NewCourierPlace[],
  desks: readonly NewCourierStopDesk[],
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("courier_places").where("account_id", "=", accountId).execute();
    await trx.deleteFrom("courier_stop_desks").where("account_id", "=", accountId).execute();
    for (let start = 0; start < places.length; start += INSERT_BATCH) {
      const values = places.slice(start, start + INSERT_BATCH).map((place) => ({ ...place, account_id: accountId, refreshed_at: at }));
      await trx.insertInto("courier_places").values(values).execute();
    }
    for (let start = 0; start < desks.length; start += INSERT_BATCH) {
      const values = desks.slice(start, start + INSERT_BATCH).map((desk) => ({ ...desk, account_id: accountId, refreshed_at: at }));
      await trx.insertInto("courier_stop_desks").values(values).execute();
    }
  });
}

/** Per account: how many communes are mapped, how many stop-desks, and when they were last fetched. */
export async function selectPlacesCounts(
  db: Kysely<Database>,
): Promise<Map<number, { places: number; stopDesks: number; refreshedAt: string | null }>> {
  const [places, desks] = await Promise.all([
    db
      .selectFrom("courier_places")
      .select(["account_id", (eb) => eb.fn.countAll<number | string>().as("count"), (eb) => eb.fn.max("refreshed_at").as("at")])
      .groupBy("account_id")
      .execute(),
    db
      .selectFrom("courier_stop_desks")
      .select(["account_id", (eb) => eb.fn.countAll<number | string>().as("count"), (eb) => eb.fn.max("refreshed_at").as("at")])
      .groupBy("account_id")
      .execute(),
  ]);
  const counts = new Map<number, { places: number; stopDesks: number; refreshedAt: string | null }>();
  const entry = (id: number) => counts.get(id) ?? counts.set(id, { places: 0, stopDesks: 0, refreshedAt: null }).get(id)!;
  for (const row of places) Object.assign(entry(row.account_id), { places: Number(row.count), refreshedAt: row.at ?? null });
  for (const row of desks) {
    const counted = entry(row.account_id);
    counted.stopDesks = Number(row.count);
    if (row.at && (!counted.refreshedAt || row.at > counted.refreshedAt)) counted.refreshedAt = row.at;
  }
  return counts;
}

/** One account's stop-desks in one courier wilaya, by name. */
export function selectStopDesksInWilaya(db: Kysely<Database>, accountId: number, courierWilayaCode: number): Promise<CourierStopDeskRow[]> {
  return db
    .selectFrom("courier_stop_desks")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("courier_wilaya_code", "=", courierWilayaCode)
    .orderBy("name")
    .orderBy("code")
    .execute();
}

/** One account's mapped communes of one of our wilayas. */
export function selectPlacesOfWilaya(
  db: Kysely<Database>,
  accountId: number,
  wilayaCode: string,
): Promise<Pick<CourierPlaceRow, "commune_code" | "courier_commune_name">[]> {
  return db
    .selectFrom("courier_places")
    .select(["commune_code", "courier_commune_name"])
    .where("account_id", "=", accountId)
    .where("wilaya_code", "=", wilayaCode)
    .execute();
}
