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
}

export interface DeliveryTables {
  wilayas: WilayasTable;
}
