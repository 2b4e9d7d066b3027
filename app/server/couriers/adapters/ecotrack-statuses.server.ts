import type { ParcelState } from "~/lib/couriers";

/**
 * Ecotrack's status words mapped onto the shop's parcel states. Ecotrack speaks two vocabularies:
 * the events of a parcel's activity (`picked`, `livred`, `encaissed`…) and the parcel's status
 * (`prete_a_expedier`, `livre_non_encaisse`, `paye_et_archive`…), and a tenant's tracking answer
 * may carry either: both are mapped. `cash` marks the words that say the courier collected the
 * amount (or paid it out). A word the shop does not know yet maps to `in_transit`, the nearest
 * state of a parcel that has left the merchant, and keeps the courier's word for the history.
 */
export interface MappedStatus {
  state: ParcelState;
  cash: boolean;
}

const delivered = { state: "delivered", cash: false } as const;
const paid = { state: "delivered", cash: true } as const;

const ECOTRACK_STATUSES: Record<string, MappedStatus> = {
  // The activity's events.
  order_information_received_by_carrier: { state: "ready", cash: false },
  picked: { state: "in_transit", cash: false },
  accepted_by_carrier: { state: "in_transit", cash: false },
  dispatched_to_driver: { state: "in_transit", cash: false },
  // "Tentative de livraison": an attempt that did not deliver (a delivered parcel says livred).
  attempt_delivery: { state: "attempt_failed", cash: false },
  return_asked: { state: "returning", cash: false },
  return_in_transit: { state: "returning", cash: false },
  return_received: { state: "returned", cash: false },
  livred: delivered,
  encaissed: paid,
  payed: paid,
  // The parcel's statuses.
  prete_a_expedier: { state: "ready", cash: false },
  pret_a_expedier: { state: "ready", cash: false },
  pret_a_preparer: { state: "ready", cash: false },
  en_preparation_stock: { state: "ready", cash: false },
  stock_en_preparation: { state: "ready", cash: false },
  en_preparation: { state: "ready", cash: false },
  en_ramassage: { state: "in_transit", cash: false },
  vers_hub: { state: "in_transit", cash: false },
  en_hub: { state: "in_transit", cash: false },
  vers_wilaya: { state: "in_transit", cash: false },
  en_livraison: { state: "in_transit", cash: false },
  // Held by the courier, usually at the customer's request: delivery resumes later.
  suspendu: { state: "postponed", cash: false },
  suspendus: { state: "postponed", cash: false },
  livre_non_encaisse: delivered,
  encaisse_non_paye: paid,
  livre_encaisse_non_paye: paid,
  paiements_prets: paid,
  paiement_pret: paid,
  paye_et_archive: paid,
  paiement_archive: paid,
  retour_chez_livreur: { state: "returning", cash: false },
  retours_chez_livreur: { state: "returning", cash: false },
  retour_transit_entrepot: { state: "returning", cash: false },
  retour_en_traitement: { state: "returning", cash: false },
  retours_en_traitement: { state: "returning", cash: false },
  retours_prets: { state: "returning", cash: false },
  retour_recu: { state: "returned", cash: false },
  retours_recu: { state: "returned", cash: false },
  retour_archive: { state: "returned", cash: false },
  retours_archive: { state: "returned", cash: false },
  retours_en_stock: { state: "returned", cash: false },
  annule: { state: "cancelled", cash: false },
};

/** Words that are no movement of the parcel (a remark added to it): not an event of its history. */
const NOT_A_STATUS = new Set(["notification_on_order"]);

/** "Livré non encaissé" and "livre_non_encaisse" are one word: lower case, no accents, underscores. */
export function statusKey(word: string): string {
  return word
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, "_");
}

/** The state an Ecotrack word means, or null for a word that is no status. */
export function mapEcotrackStatus(word: string): MappedStatus | null {
  const key = statusKey(word);
  if (key === "" || NOT_A_STATUS.has(key)) return null;
  return ECOTRACK_STATUSES[key] ?? { state: "in_transit", cash: false };
}

/** Every word the map knows (the tests walk them all). */
export const ECOTRACK_STATUS_WORDS = Object.keys(ECOTRACK_STATUSES);
