import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import { selectCourierPlace, selectCourierStopDesk, selectCourierWilaya } from "./places.repo.server";

/** Where a parcel goes, in one courier's words (its wilaya 1–58, its names and ids). */
export interface CourierDestination {
  wilayaCode: number;
  wilayaName: string;
  communeName: string;
  wilayaPlaceId: string | null;
  communePlaceId: string | null;
  /** The stop-desk's code at that courier, when the order asked for one of its desks. */
  stopDeskId: string | null;
}

export type CourierDestinationResult =
  | { ok: true; destination: CourierDestination }
  /** The commune is not in the courier's list (refresh its places, or the courier does not deliver there). */
  | { ok: false; error: "commune_unmapped" }
  /** The order's stop-desk is not (or no longer) one of this account's. */
  | { ok: false; error: "stop_desk_unknown" };

/**
 * Our commune (and the order's stop-desk) in one courier account's words, from the places
 * fetched from that courier (docs/decisions/0030-parcels.md).
 */
export async function courierDestination(
  db: Kysely<Database>,
  accountId: number,
  order: { communeCode: string; stopDesk: { accountId: number; code: string } | null },
): Promise<CourierDestinationResult> {
  const place = await selectCourierPlace(db, accountId, order.communeCode);
  if (!place) return { ok: false, error: "commune_unmapped" };
  let stopDeskId: string | null = null;
  if (order.stopDesk) {
    const desk = order.stopDesk.accountId === accountId ? await selectCourierStopDesk(db, accountId, order.stopDesk.code) : undefined;
    if (!desk) return { ok: false, error: "stop_desk_unknown" };
    stopDeskId = desk.code;
  }
  return {
    ok: true,
    destination: {
      wilayaCode: place.courier_wilaya_code,
      wilayaName: place.courier_wilaya_name,
      communeName: place.courier_commune_name,
      wilayaPlaceId: place.wilaya_place_id,
      communePlaceId: place.commune_place_id,
      stopDeskId,
    },
  };
}

/** The courier's name of one of our wilayas (the parcels' origin), or null when its places are not fetched yet. */
export async function courierWilayaName(db: Kysely<Database>, accountId: number, wilayaCode: string): Promise<string | null> {
  const row = await selectCourierWilaya(db, accountId, wilayaCode);
  return row?.courier_wilaya_name ?? null;
}
