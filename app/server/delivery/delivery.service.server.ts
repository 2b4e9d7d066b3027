import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { deliveryFeeSummary } from "~/lib/delivery";
import type { Database } from "../db/database.server";
import { selectActiveWilayas } from "./delivery.repo.server";

export interface Wilaya {
  code: string;
  name: string;
  homePrice: number;
  deliveryTime: string;
  zone: "A" | "B" | "C" | "D";
}

/** The wilayas a shopper can order to, named in their language (Arabic, or the Latin name). */
export async function listWilayas(db: Kysely<Database>, language: Language): Promise<Wilaya[]> {
  const rows = await selectActiveWilayas(db);
  return rows.map((row) => ({
    code: row.code,
    name: language === "ar" ? row.name_ar : row.name,
    homePrice: row.home_price,
    deliveryTime: row.delivery_time,
    zone: row.zone,
  }));
}

/** What the shop can truthfully promise about delivery (used by the home hero). */
export async function getDeliveryPromise(db: Kysely<Database>, language: Language) {
  return deliveryFeeSummary(await listWilayas(db, language));
}

export interface DeliveryRate {
  code: string;
  name: string;
  nameAr: string;
  homePrice: number;
  deliveryTime: string;
  zone: "A" | "B" | "C" | "D";
}

/** GET /api/delivery: every active wilaya with both names, for forms that switch language in the browser. */
export async function listDeliveryRates(db: Kysely<Database>): Promise<DeliveryRate[]> {
  const rows = await selectActiveWilayas(db);
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    nameAr: row.name_ar,
    homePrice: row.home_price,
    deliveryTime: row.delivery_time,
    zone: row.zone,
  }));
}
