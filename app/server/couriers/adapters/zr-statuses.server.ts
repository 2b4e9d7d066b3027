import type { ParcelState } from "~/lib/couriers";
import { statusKey } from "./ecotrack-statuses.server";

/**
 * ZR Express's parcel states mapped onto the shop's. ZR's states are named by each tenant's
 * workflow (free text: "Out for Delivery", "OutForDelivery", "Livré"…), so a word is compared
 * without case, accents, spaces or punctuation, in English and in French. A state that says the
 * cash was collected or paid out is a delivery with the cash marked. A word the shop does not
 * know yet maps to `in_transit` and keeps the courier's word for the history.
 */
export interface ZrMapped {
  state: ParcelState;
  cash: boolean;
}

const ZR_STATES: Record<string, ParcelState> = {
  // Created, waiting for the courier to pick it up (ZR has no separate validation).
  orderreceived: "ready",
  commanderecue: "ready",
  nouveau: "ready",
  readytodispatch: "ready",
  pretaexpedier: "ready",
  enpreparation: "ready",
  pickedup: "in_transit",
  ramasse: "in_transit",
  collected: "in_transit",
  dispatched: "in_transit",
  expedie: "in_transit",
  intransit: "in_transit",
  entransit: "in_transit",
  athub: "in_transit",
  auhub: "in_transit",
  transfer: "in_transit",
  transfert: "in_transit",
  outfordelivery: "in_transit",
  enlivraison: "in_transit",
  sortieenlivraison: "in_transit",
  // Waiting for the customer at a pick-up point.
  atpickuppoint: "at_stop_desk",
  readyforpickup: "at_stop_desk",
  arrivedatpickuppoint: "at_stop_desk",
  aubureau: "at_stop_desk",
  enattenteduclient: "at_stop_desk",
  deliveryfailed: "attempt_failed",
  failed: "attempt_failed",
  failedattempt: "attempt_failed",
  echec: "attempt_failed",
  echeclivraison: "attempt_failed",
  tentativeechouee: "attempt_failed",
  postponed: "postponed",
  reporte: "postponed",
  delivered: "delivered",
  livre: "delivered",
  returning: "returning",
  returninprogress: "returning",
  returntosender: "returning",
  enretour: "returning",
  retourencours: "returning",
  returned: "returned",
  returnedtosender: "returned",
  retourne: "returned",
  retourneauvendeur: "returned",
  cancelled: "cancelled",
  canceled: "cancelled",
  annule: "cancelled",
};

/** States after a delivery that say the cash is collected or paid out to the merchant. */
const CASH_STATES = new Set(["paid", "cashcollected", "encaisse", "paye", "verse", "livreencaisse"]);

/** "Out for Delivery", "OutForDelivery" and "out_for_delivery" are one word. */
export function zrStatusKey(word: string): string {
  return statusKey(word).replace(/[^a-z0-9]/g, "");
}

/** What a ZR state name means, or null for an empty word. */
export function mapZrStatus(word: string): ZrMapped | null {
  const key = zrStatusKey(word);
  if (key === "") return null;
  if (CASH_STATES.has(key)) return { state: "delivered", cash: true };
  return { state: ZR_STATES[key] ?? "in_transit", cash: false };
}

/**
 * A situation ZR attaches to the current state (a call attempt, a postponement, a refusal…): a
 * postponement when its words say so, otherwise a failed attempt whose reason is kept.
 */
export function mapZrSituation(word: string): ParcelState {
  const key = zrStatusKey(word);
  return key.includes("report") || key.includes("postpon") ? "postponed" : "attempt_failed";
}

export const ZR_STATUS_WORDS = [...Object.keys(ZR_STATES), ...CASH_STATES];
