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
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CouriersTables {
  courier_accounts: CourierAccountsTable;
}
