import type { Bool } from "../db/types.server";

export interface WilayasTable {
  /** Official two-digit code, '01' to '69'. */
  code: string;
  name: string;
  name_ar: string;
  /** Home-delivery fee in whole dinars; 0 is free. */
  home_price: number;
  /** Text range such as '1-2 days'. */
  delivery_time: string;
  zone: "A" | "B" | "C" | "D";
  /** For the wilayas created in 2026: the wilaya they were carved from. */
  parent_code: string | null;
  active: Bool;
  /** Stop-desk (pick-up point) fee in whole dinars; null: no stop-desk in this wilaya. */
  stop_desk_price: number | null;
}

export interface CommunesTable {
  /** ONS commune code, e.g. '0101'. */
  code: string;
  wilaya_code: string;
  /** French (Latin) name. */
  name: string;
  name_ar: string;
  /** For the communes moved to the wilayas created in 2026: their wilaya before. */
  wilaya_before: string | null;
}

export interface DeliveryTables {
  wilayas: WilayasTable;
  communes: CommunesTable;
}
