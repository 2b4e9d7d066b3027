import type { ParcelState } from "~/lib/couriers";
import { statusKey } from "./ecotrack-statuses.server";

/**
 * Noest's activity events (`event_key`) mapped onto the shop's parcel states. Noest's tracking
 * answer has no status field: a parcel's state is its latest movement event. Its feed also carries
 * money events (the cash handed to the merchant, a price edited) and edits of the parcel: a money
 * event that says the cash was collected or paid out marks the cash (`cash`, the parcel's state
 * unchanged: `state` null), the others are no movement (null). A word the shop does not know yet
 * maps to `in_transit` and keeps the courier's word for the history.
 */
export type NoestMapped = { state: ParcelState; cash: false } | { state: null; cash: true };

const NOEST_STATUSES: Record<string, NoestMapped> = {
  // Created, not validated: the courier never sees a draft.
  upload: { state: "draft", cash: false },
  customer_validation: { state: "ready", cash: false },
  validation_collect_colis: { state: "in_transit", cash: false },
  pickedup: { state: "in_transit", cash: false },
  valid_return_pickup: { state: "in_transit", cash: false },
  validation_reception_admin: { state: "in_transit", cash: false },
  validation_reception: { state: "in_transit", cash: false },
  colis_pickup_transmit_to_partner: { state: "in_transit", cash: false },
  sent_to_redispatch: { state: "in_transit", cash: false },
  // The driver's road sheet is activated: out for delivery.
  fdr_activated: { state: "in_transit", cash: false },
  return_redispatched_to_livraison: { state: "in_transit", cash: false },
  annulation_dispatch_retour: { state: "in_transit", cash: false },
  cancel_return_dispatched_to_partenaire: { state: "in_transit", cash: false },
  // "Mise à jour" is how Noest records a delivery attempt and its reason.
  mise_a_jour: { state: "attempt_failed", cash: false },
  nouvel_tentative_asked_by_customer: { state: "postponed", cash: false },
  colis_suspendu: { state: "postponed", cash: false },
  livre: { state: "delivered", cash: false },
  livred: { state: "delivered", cash: false },
  echange_valide: { state: "delivered", cash: false },
  echange_valid_by_hub: { state: "delivered", cash: false },
  pickup_picked_recu: { state: "delivered", cash: false },
  return_asked_by_customer: { state: "returning", cash: false },
  return_asked_by_hub: { state: "returning", cash: false },
  retour_dispatched_to_partenaires: { state: "returning", cash: false },
  return_dispatched_to_partenaire: { state: "returning", cash: false },
  colis_retour_transmit_to_partner: { state: "returning", cash: false },
  return_dispatched_to_warehouse: { state: "returning", cash: false },
  livraison_echoue_recu: { state: "returned", cash: false },
  return_validated_by_partener: { state: "returned", cash: false },
  ask_to_delete_by_admin: { state: "cancelled", cash: false },
  ask_to_delete_by_hub: { state: "cancelled", cash: false },
  // Money: the partner received the cash; the merchant was paid.
  validation_reception_cash_by_partener: { state: null, cash: true },
  verssement_admin_cust: { state: null, cash: true },
};

/** Edits and cancelled payments: no movement of the parcel. */
const NOT_A_STATUS = new Set([
  "verssement_admin_cust_canceled",
  "verssement_hub_cust_canceled",
  "edit_price",
  "extra_fee",
  "edited_informations",
  "edit_wilaya",
]);

/** What a Noest event means, or null for an event that is no movement and no cash. */
export function mapNoestStatus(word: string): NoestMapped | null {
  const key = statusKey(word);
  if (key === "" || NOT_A_STATUS.has(key)) return null;
  return NOEST_STATUSES[key] ?? { state: "in_transit", cash: false };
}

export const NOEST_STATUS_WORDS = Object.keys(NOEST_STATUSES);
