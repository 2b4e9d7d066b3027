import type { Kysely } from "kysely";
import { courierWilayaCode } from "~/lib/couriers";
import { matchCommunes, placeNameKey, type StopDeskChoice } from "~/lib/courier-places";
import type { Database } from "../db/database.server";
import { nowIso } from "../db/types.server";
import { activeWilayaParentCode, communesForCourierPlaces } from "../delivery/index.server";
import { logger } from "../logger.server";
import type { CourierAdapterDeps, CourierFailure } from "./adapter.server";
import { courierAccountAccess, courierFeaturesEnabled } from "./accounts.service.server";
import { selectDefaultCourierAccountId } from "./accounts.repo.server";
import { adapterFor } from "./registry.server";
import {
  replaceCourierPlaces,
  selectCourierPlace,
  selectCourierStopDesk,
  selectCourierWilaya,
  selectPlacesCounts,
  selectPlacesOfWilaya,
  selectStopDesksInWilaya,
  type NewCourierPlace,
} from "./places.repo.server";

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

/** How many of our unmatched communes a refresh report names (the count is always whole). */
const UNMATCHED_SAMPLE = 20;

export interface PlacesRefreshReport {
  /** Our communes found in the courier's lists. */
  mapped: number;
  /** Our communes not found (the courier does not deliver there, or names them too differently). */
  unmatched: number;
  /** A few of them: code, name and our wilaya. */
  unmatchedSample: { code: string; name: string; wilayaCode: string }[];
  stopDesks: number;
}

export type PlacesRefreshResult =
  | { ok: true; report: PlacesRefreshReport }
  | { ok: false; error: "disabled" | "not_found" | "unreadable" | "not_available" }
  | { ok: false; error: "failure"; failure: CourierFailure };

/**
 * Fetches one account's communes and stop-desks from the courier and stores them: each of our
 * communes mapped by name within the courier's wilaya (a 2026 wilaya's under its parent), the
 * stop-desks as the courier lists them. The account's previous lists are replaced at once; a
 * courier's failure leaves them as they were.
 */
export async function refreshCourierPlaces(db: Kysely<Database>, accountId: number, deps?: CourierAdapterDeps): Promise<PlacesRefreshResult> {
  const opened = await courierAccountAccess(db, accountId);
  if (!opened.ok) return opened;
  const adapter = adapterFor(opened.access, deps);
  if (!adapter) return { ok: false, error: "not_available" };
  const places = await adapter.places();
  if (!places.ok) return refreshFailed(accountId, places.failure);
  const desks = await adapter.stopDesks();
  if (!desks.ok) return refreshFailed(accountId, desks.failure);

  const ours = (await communesForCourierPlaces(db)).map((commune) => ({
    ...commune,
    courierWilayaCode: courierWilayaCode(commune.wilayaCode, () => commune.parentCode),
    names: [commune.name, commune.nameAr],
  }));
  const matched = matchCommunes(ours, places.value);
  const rows: NewCourierPlace[] = [];
  const unmatched: PlacesRefreshReport["unmatchedSample"] = [];
  let unmatchedCount = 0;
  for (const commune of ours) {
    const place = matched.get(commune.code);
    if (!place) {
      unmatchedCount += 1;
      if (unmatched.length < UNMATCHED_SAMPLE) unmatched.push({ code: commune.code, name: commune.name, wilayaCode: commune.wilayaCode });
      continue;
    }
    rows.push({
      commune_code: commune.code,
      wilaya_code: commune.wilayaCode,
      courier_wilaya_code: place.wilayaCode,
      courier_wilaya_name: place.wilayaName,
      courier_commune_name: place.communeName,
      wilaya_place_id: place.wilayaPlaceId ?? null,
      commune_place_id: place.placeId,
      has_stop_desk: place.hasStopDesk,
    });
  }
  // A desk listed twice keeps its first entry (the code is unique per account).
  const seen = new Set<string>();
  const deskRows = desks.value
    .filter((desk) => desk.id !== "" && Number.isInteger(desk.wilayaCode) && !seen.has(desk.id) && Boolean(seen.add(desk.id)))
    .map((desk) => ({
      code: desk.id,
      name: desk.name || desk.communeName,
      courier_wilaya_code: desk.wilayaCode,
      commune_name: desk.communeName,
      address: desk.address,
    }));
  await replaceCourierPlaces(db, accountId, rows, deskRows, nowIso());
  const report = { mapped: rows.length, unmatched: unmatchedCount, unmatchedSample: unmatched, stopDesks: deskRows.length };
  logger.info(
    { courierAccount: accountId, family: opened.access.family, mapped: report.mapped, unmatched: report.unmatched, stopDesks: report.stopDesks },
    "courier places refreshed",
  );
  return { ok: true, report };
}

function refreshFailed(accountId: number, failure: CourierFailure): PlacesRefreshResult {
  // The kind only: a courier's answer is not logged, in case it echoes what it was sent.
  logger.info({ courierAccount: accountId, failure: failure.kind }, "courier places refresh failed");
  return { ok: false, error: "failure", failure };
}

/** Per account: mapped communes, stop-desks and the last refresh (ISO-8601), for /admin/couriers. */
export function courierPlacesCounts(db: Kysely<Database>): Promise<Map<number, { places: number; stopDesks: number; refreshedAt: string | null }>> {
  return selectPlacesCounts(db);
}

/**
 * The default courier account's stop-desks in one of our (active) wilayas, for the shopper who
 * chose stop-desk: empty without a default account, without its stored desks there, or with the
 * courier features off (the checkout then stays as without couriers). Each desk says which of
 * our communes it stands in, when its commune is one of the account's mapped ones.
 */
export async function stopDeskChoices(db: Kysely<Database>, wilayaCode: string): Promise<StopDeskChoice[]> {
  if (!courierFeaturesEnabled() || !/^\d{2}$/.test(wilayaCode)) return [];
  const [accountId, parent] = await Promise.all([selectDefaultCourierAccountId(db), activeWilayaParentCode(db, wilayaCode)]);
  if (accountId === undefined || parent === undefined) return [];
  const desks = await selectStopDesksInWilaya(
    db,
    accountId,
    courierWilayaCode(wilayaCode, () => parent),
  );
  if (desks.length === 0) return [];
  const places = await selectPlacesOfWilaya(db, accountId, wilayaCode);
  const communeByKey = new Map(places.map((place) => [placeNameKey(place.courier_commune_name), place.commune_code]));
  return desks.map((desk) => ({
    code: desk.code,
    name: desk.name,
    communeName: desk.commune_name,
    address: desk.address,
    communeCode: communeByKey.get(placeNameKey(desk.commune_name)) ?? null,
  }));
}

/** The default account's desk `code` when it is one of the desks offered in `wilayaCode`. */
export async function stopDeskForOrder(
  db: Kysely<Database>,
  wilayaCode: string,
  code: string,
): Promise<{ offered: false } | { offered: true; desk: { accountId: number; code: string; name: string } | null }> {
  const choices = await stopDeskChoices(db, wilayaCode);
  if (choices.length === 0) return { offered: false };
  const accountId = await selectDefaultCourierAccountId(db);
  const desk = choices.find((choice) => choice.code === code);
  return { offered: true, desk: desk && accountId !== undefined ? { accountId, code: desk.code, name: desk.name } : null };
}
