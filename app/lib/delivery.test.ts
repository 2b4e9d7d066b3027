import { describe, expect, it } from "vitest";
import { deliveryFeeSummary, parseDeliveryDays } from "./delivery";

describe("parseDeliveryDays", () => {
  it("reads the stored ranges", () => {
    expect(parseDeliveryDays("1-2 days")).toEqual({ min: 1, max: 2 });
    expect(parseDeliveryDays("5-6 days")).toEqual({ min: 5, max: 6 });
  });
  it("returns null for free text", () => {
    expect(parseDeliveryDays("next week")).toBeNull();
  });
});

describe("deliveryFeeSummary", () => {
  it("names the free wilayas and the cheapest paid fee", () => {
    expect(
      deliveryFeeSummary([
        { name: "Alger", homePrice: 0 },
        { name: "Blida", homePrice: 200 },
        { name: "Adrar", homePrice: 1000 },
      ]),
    ).toEqual({ freeIn: ["Alger"], minPaidFee: 200 });
  });
  it("has no paid fee when delivery is free everywhere", () => {
    expect(deliveryFeeSummary([{ name: "Alger", homePrice: 0 }])).toEqual({ freeIn: ["Alger"], minPaidFee: null });
  });
});
