import { describe, expect, it } from "vitest";
import { PARCEL_STATES } from "~/lib/couriers";
import { ZR_STATUS_WORDS, mapZrSituation, mapZrStatus, zrStatusKey } from "./zr-statuses.server";

describe("ZR Express's states", () => {
  it.each([
    ["OrderReceived", "ready"],
    ["ReadyToDispatch", "ready"],
    ["Prêt à expédier", "ready"],
    ["Picked Up", "in_transit"],
    ["In Transit", "in_transit"],
    ["At Hub", "in_transit"],
    ["Out for Delivery", "in_transit"],
    ["En livraison", "in_transit"],
    ["At Pickup Point", "at_stop_desk"],
    ["Delivery Failed", "attempt_failed"],
    ["Tentative échouée", "attempt_failed"],
    ["Postponed", "postponed"],
    ["Reporté", "postponed"],
    ["Delivered", "delivered"],
    ["Livré", "delivered"],
    ["Returning", "returning"],
    ["Retour en cours", "returning"],
    ["Returned", "returned"],
    ["Retourné au vendeur", "returned"],
    ["Cancelled", "cancelled"],
    ["Annulé", "cancelled"],
  ])("%s is %s", (word, state) => {
    expect(mapZrStatus(word)).toEqual({ state, cash: false });
  });

  it("reads one word however the tenant's workflow spells it", () => {
    expect(zrStatusKey("Out for Delivery")).toBe("outfordelivery");
    expect(zrStatusKey("OutForDelivery")).toBe("outfordelivery");
    expect(zrStatusKey("out_for_delivery")).toBe("outfordelivery");
    expect(zrStatusKey("Out-for-délivery ")).toBe("outfordelivery");
  });

  it("marks the cash on a paid state, as a delivery", () => {
    expect(mapZrStatus("Paid")).toEqual({ state: "delivered", cash: true });
    expect(mapZrStatus("Encaissé")).toEqual({ state: "delivered", cash: true });
  });

  it("keeps an unknown word as in transit, and skips an empty one", () => {
    expect(mapZrStatus("Nouvel état du tenant")).toEqual({ state: "in_transit", cash: false });
    expect(mapZrStatus("  ")).toBeNull();
  });

  it("reads a situation as a postponement or a failed attempt", () => {
    expect(mapZrSituation("Reporté par le client")).toBe("postponed");
    expect(mapZrSituation("Customer postponed")).toBe("postponed");
    expect(mapZrSituation("Client injoignable")).toBe("attempt_failed");
  });

  it("maps every known word onto a parcel state", () => {
    for (const word of ZR_STATUS_WORDS) expect(PARCEL_STATES).toContain(mapZrStatus(word)?.state);
  });
});
