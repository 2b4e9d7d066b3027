import { describe, expect, it } from "vitest";
import { PARCEL_STATES } from "~/lib/couriers";
import { ECOTRACK_STATUS_WORDS, mapEcotrackStatus, statusKey } from "./ecotrack-statuses.server";

describe("Ecotrack's statuses", () => {
  it.each([
    ["order_information_received_by_carrier", "ready", false],
    ["prete_a_expedier", "ready", false],
    ["picked", "in_transit", false],
    ["vers_wilaya", "in_transit", false],
    ["en_livraison", "in_transit", false],
    ["dispatched_to_driver", "in_transit", false],
    ["attempt_delivery", "attempt_failed", false],
    ["suspendu", "postponed", false],
    ["livred", "delivered", false],
    ["livre_non_encaisse", "delivered", false],
    ["encaissed", "delivered", true],
    ["encaisse_non_paye", "delivered", true],
    ["paiements_prets", "delivered", true],
    ["payed", "delivered", true],
    ["paye_et_archive", "delivered", true],
    ["return_asked", "returning", false],
    ["retour_chez_livreur", "returning", false],
    ["retour_en_traitement", "returning", false],
    ["Return_received", "returned", false],
    ["retour_recu", "returned", false],
    ["retour_archive", "returned", false],
    ["annule", "cancelled", false],
  ])("%s is %s (cash %s)", (word, state, cash) => {
    expect(mapEcotrackStatus(word)).toEqual({ state, cash });
  });

  it("reads the French words with accents and spaces as the slugs", () => {
    expect(statusKey("Livré non encaissé")).toBe("livre_non_encaisse");
    expect(mapEcotrackStatus("Prête à expédier")).toEqual({ state: "ready", cash: false });
    expect(mapEcotrackStatus("Encaissé non payé")).toEqual({ state: "delivered", cash: true });
  });

  it("keeps an unknown word as in transit, and a remark is no status", () => {
    expect(mapEcotrackStatus("nouveau_statut_2027")).toEqual({ state: "in_transit", cash: false });
    expect(mapEcotrackStatus("notification_on_order")).toBeNull();
    expect(mapEcotrackStatus("")).toBeNull();
  });

  it("maps every known word onto a parcel state, and only delivered words carry cash", () => {
    for (const word of ECOTRACK_STATUS_WORDS) {
      const mapped = mapEcotrackStatus(word);
      expect(PARCEL_STATES).toContain(mapped?.state);
      if (mapped?.cash) expect(mapped.state).toBe("delivered");
    }
  });
});
