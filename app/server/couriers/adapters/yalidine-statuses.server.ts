import type { ParcelState } from "~/lib/couriers";

/**
 * Yalidine's status words (the `status` of a history row, the `last_status` of a parcel, the
 * `status` of a webhook event) onto the shop's parcel states. The courier's word and reason are
 * kept beside the state, so a word this table does not know yet loses nothing: it maps to the
 * nearest state that is not final (only "Livré" and "Retourné au vendeur" move the order).
 */
const YALIDINE_STATES: Record<string, ParcelState> = {
  // Created, not picked up yet.
  "pas encore expedie": "ready",
  "a verifier": "ready",
  "en preparation": "ready",
  "pas encore ramasse": "ready",
  "pret a expedier": "ready",
  // Picked up, between centres and wilayas, with the driver; a hold (bloqué, en alerte) keeps its reason.
  ramasse: "in_transit",
  bloque: "in_transit",
  debloque: "in_transit",
  transfert: "in_transit",
  expedie: "in_transit",
  centre: "in_transit",
  "en localisation": "in_transit",
  "vers wilaya": "in_transit",
  "recu a wilaya": "in_transit",
  "pret pour livreur": "in_transit",
  "sorti en livraison": "in_transit",
  "en alerte": "in_transit",
  "alerte resolue": "in_transit",
  // Waiting for the customer at a stop-desk.
  "en attente du client": "at_stop_desk",
  // Another attempt is planned (the customer asked for another day).
  "en attente": "postponed",
  "tentative echouee": "attempt_failed",
  livre: "delivered",
  // The delivery failed for good: the parcel comes back.
  "echec livraison": "returning",
  "echange echoue": "returning",
  "retour vers centre": "returning",
  "retourne au centre": "returning",
  "retour transfert": "returning",
  "retour groupe": "returning",
  "retour a retirer": "returning",
  "retour vers vendeur": "returning",
  "retourne au vendeur": "returned",
};

/** Lower case, no accents, single spaces: Yalidine writes "Echèc" and "Échec" alike. */
function normalise(word: string): string {
  return word
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The shop's state for a Yalidine status. A failed attempt whose reason says "reporté" (the
 * customer asked for another day) is a postponement, not a failure.
 */
export function yalidineParcelState(status: string, reason: string | null = null): ParcelState {
  const word = normalise(status);
  const known = YALIDINE_STATES[word];
  if (known === "attempt_failed" && reason !== null && normalise(reason).includes("reporte")) return "postponed";
  if (known) return known;
  // An unknown word never moves the order: only the two final words above do.
  if (word.startsWith("retour") || word.startsWith("echec")) return "returning";
  return "in_transit";
}
