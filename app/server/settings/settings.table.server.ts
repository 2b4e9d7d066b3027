import type { ColumnType } from "kysely";
import type { Timestamp } from "../db/types.server";

/** The shop's settings (migration 014): one row, id 1; a null column is a setting not set. */
export interface ShopSettingsTable {
  id: number;
  name_ar: string | null;
  name_en: string | null;
  name_fr: string | null;
  /** 0XXXXXXXXX */
  phone: string | null;
  /** 0XXXXXXXXX */
  whatsapp: string | null;
  email: string | null;
  address: string | null;
  facebook_url: string | null;
  instagram_url: string | null;
  tiktok_url: string | null;
  /** Trade register number (registre du commerce). */
  rc: string | null;
  /** Tax identification number (numéro d'identification fiscale). */
  nif: string | null;
  /** After this many unanswered calls an order is suggested for cancellation (migration 022). */
  max_unanswered_attempts: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface SettingsTables {
  shop_settings: ShopSettingsTable;
}
