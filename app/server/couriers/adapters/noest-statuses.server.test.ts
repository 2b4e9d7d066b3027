import { describe, expect, it } from "vitest";
import { PARCEL_STATES } from "~/lib/couriers";
import { NOEST_STATUS_WORDS, mapNoestStatus } from "./noest-statuses.server";

describe("Noest's events", () => {
  it.each([
    ["upload", "draft"],
    ["customer_validation", "ready"],
    ["validation_collect_colis", "in_transit"],
    ["validation_reception_admin", "in_transit"],
    ["fdr_activated", "in_transit"],
    ["mise_a_jour", "attempt_failed"],
    ["nouvel_tentative_asked_by_customer", "postponed"],
    ["colis_suspendu", "postponed"],
    ["livre", "delivered"],
    ["livred", "delivered"],
    ["return_asked_by_customer", "returning"],
    ["return_dispatched_to_warehouse", "returning"],
    ["livraison_echoue_recu", "returned"],
    ["return_validated_by_partener", "returned"],
    ["ask_to_delete_by_admin", "cancelled"],
  ])("%s is %s", (word, state) => {
    expect(mapNoestStatus(word)).toEqual({ state, cash: false });
  });

  it("marks the cash on money events without moving the parcel", () => {
    expect(mapNoestStatus("verssement_admin_cust")).toEqual({ state: null, cash: true });
    expect(mapNoestStatus("validation_reception_cash_by_partener")).toEqual({ state: null, cash: true });
  });

  it("ignores edits and cancelled payments, and keeps an unknown word as in transit", () => {
    for (const word of ["edit_price", "extra_fee", "edited_informations", "edit_wilaya", "verssement_admin_cust_canceled"]) {
      expect(mapNoestStatus(word)).toBeNull();
    }
    expect(mapNoestStatus("nouvel_evenement")).toEqual({ state: "in_transit", cash: false });
  });

  it("maps every known word onto a parcel state or a cash mark", () => {
    for (const word of NOEST_STATUS_WORDS) {
      const mapped = mapNoestStatus(word);
      if (mapped?.state === null) expect(mapped.cash).toBe(true);
      else expect(PARCEL_STATES).toContain(mapped?.state);
    }
  });
});
