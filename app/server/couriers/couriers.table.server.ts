import type { ColumnType } from "kysely";
import type { CourierFamily } from "~/lib/couriers";
import type { AutoId, Bool, Timestamp } from "../db/types.server";

/** The merchant's accounts at couriers (migration 020). */
export interface CourierAccountsTable {
  id: AutoId;
  family: CourierFamily;
  /** The courier's brand as the merchant names it ("Yalidine", "DHD"). */
  label: string;
  /** The API's base URL ("https://api.yalidine.app/v1"; each Ecotrack courier has its own host). */
  base_url: string;
  /** The family's credential fields as JSON, sealed (app/server/platform/secrets.server.ts): never clear text. */
  credentials: string;
  /** The webhook signing secret, sealed; null: none. */
  webhook_secret: string | null;
  /** At most one account is the default (a partial unique index). */
  is_default: Bool;
  /** Our code of the wilaya the merchant's parcels leave from (migration 021); null: not set yet. */
  origin_wilaya_code: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One of our communes at one courier (migration 021): the courier's wilaya (1–58; a 2026
 * wilaya's parent) and commune as it names them, fetched from its own lists.
 */
export interface CourierPlacesTable {
  account_id: number;
  /** Our commune's code (app's reference data). */
  commune_code: string;
  /** Our wilaya's code (1–69). */
  wilaya_code: string;
  courier_wilaya_code: number;
  courier_wilaya_name: string;
  courier_commune_name: string;
  /** The courier's place ids where it uses ids (ZR's UUIDs), else null. */
  wilaya_place_id: string | null;
  commune_place_id: string | null;
  has_stop_desk: Bool;
  refreshed_at: string;
}

/** A courier's stop-desk (pick-up point), per courier wilaya (migration 021). */
export interface CourierStopDesksTable {
  id: AutoId;
  account_id: number;
  /** The courier's id/code of the desk (Yalidine's center_id…). */
  code: string;
  name: string;
  courier_wilaya_code: number;
  commune_name: string;
  address: string | null;
  refreshed_at: string;
}

export interface CouriersTables {
  courier_accounts: CourierAccountsTable;
  courier_places: CourierPlacesTable;
  courier_stop_desks: CourierStopDesksTable;
}
