import { describe, expect, it } from "vitest";
import { yalidineParcelState } from "./yalidine-statuses.server";

describe("Yalidine's statuses onto the shop's parcel states", () => {
  it.each([
    ["En préparation", "ready"],
    ["Prêt à expédier", "ready"],
    ["Ramassé", "in_transit"],
    ["Expédié", "in_transit"],
    ["Centre", "in_transit"],
    ["Vers Wilaya", "in_transit"],
    ["Reçu à Wilaya", "in_transit"],
    ["En localisation", "in_transit"],
    ["Sorti en livraison", "in_transit"],
    ["En alerte", "in_transit"],
    ["En attente du client", "at_stop_desk"],
    ["En attente", "postponed"],
    ["Tentative échouée", "attempt_failed"],
    ["Livré", "delivered"],
    ["Echèc livraison", "returning"],
    ["Échec livraison", "returning"],
    ["Retour vers centre", "returning"],
    ["Retour à retirer", "returning"],
    ["Retour vers vendeur", "returning"],
    ["Retourné au vendeur", "returned"],
  ])("%s → %s", (status, state) => {
    expect(yalidineParcelState(status)).toBe(state);
  });

  it("reads the words whatever their case, accents and spacing", () => {
    expect(yalidineParcelState("  LIVRE ")).toBe("delivered");
    expect(yalidineParcelState("retourne   au vendeur")).toBe("returned");
  });

  it("a failed attempt the customer postponed is a postponement", () => {
    expect(yalidineParcelState("Tentative échouée", "Client absent (reporté)")).toBe("postponed");
    expect(yalidineParcelState("Tentative échouée", "Client ne répond pas")).toBe("attempt_failed");
  });

  it("an unknown word never moves the order", () => {
    expect(yalidineParcelState("Retour inventé")).toBe("returning");
    expect(yalidineParcelState("Livré ailleurs")).toBe("in_transit");
    expect(yalidineParcelState("")).toBe("in_transit");
  });
});
