import { describe, expect, it } from "vitest";
import { offerLabel, offerLine, offerRuleProblem, offerSavingPercent, offerTotal, type ProductOffer } from "./offers";

const percent = (quantity: number, percentOff: number) => ({ quantity, percentOff, fixedTotal: null });
const fixed = (quantity: number, fixedTotal: number) => ({ quantity, percentOff: null, fixedTotal });

describe("an offer's price", () => {
  it("is computed from the product's own price, in whole dinars rounded half up", () => {
    expect(offerTotal(4_500, percent(1, 0))).toBe(4_500);
    expect(offerTotal(4_500, percent(2, 20))).toBe(7_200);
    expect(offerTotal(198_000, percent(3, 20))).toBe(475_200);
    expect(offerTotal(999, percent(2, 15))).toBe(1_698); // 1,698.3
    expect(offerTotal(1_001, percent(1, 50))).toBe(501); // 500.5, half up
    expect(offerTotal(3, percent(1, 50))).toBe(2); // 1.5, half up
  });

  it("is the merchant's fixed total when one is set, whatever the product's price", () => {
    expect(offerTotal(4_500, fixed(3, 10_000))).toBe(10_000);
    expect(offerTotal(9_999, fixed(3, 10_000))).toBe(10_000);
  });

  it("makes one order line whose total is the offer's price", () => {
    expect(offerLine(1_000, 1_200, percent(3, 10))).toEqual({ quantity: 3, unitPrice: 900, compareAtPrice: 1_200, lineTotal: 2_700 });
    expect(offerLine(1_000, 0, fixed(3, 2_000))).toEqual({ quantity: 3, unitPrice: 667, compareAtPrice: 1_000, lineTotal: 2_000 });
  });

  it("states its saving in whole percent, none when nothing is saved", () => {
    expect(offerSavingPercent(1_000, percent(2, 20))).toBe(20);
    expect(offerSavingPercent(1_000, fixed(3, 2_000))).toBe(33);
    expect(offerSavingPercent(1_000, percent(1, 0))).toBeNull();
    expect(offerSavingPercent(1_000, fixed(1, 1_500))).toBeNull();
  });
});

describe("an offer's bounds", () => {
  it("accept 1 to 99 pieces, 0 to 90 % off or a fixed total of at least 1 DA, exactly one price", () => {
    expect(offerRuleProblem(percent(1, 0))).toBeNull();
    expect(offerRuleProblem(percent(99, 90))).toBeNull();
    expect(offerRuleProblem(fixed(2, 1))).toBeNull();
    expect(offerRuleProblem(percent(0, 10))).toBe("quantity");
    expect(offerRuleProblem(percent(100, 10))).toBe("quantity");
    expect(offerRuleProblem(percent(1.5, 10))).toBe("quantity");
    expect(offerRuleProblem(percent(2, 91))).toBe("percent");
    expect(offerRuleProblem(percent(2, -1))).toBe("percent");
    expect(offerRuleProblem(percent(2, 12.5))).toBe("percent");
    expect(offerRuleProblem(fixed(2, 0))).toBe("fixed_total");
    expect(offerRuleProblem({ quantity: 2, percentOff: 10, fixedTotal: 100 })).toBe("one_price");
    expect(offerRuleProblem({ quantity: 2, percentOff: null, fixedTotal: null })).toBe("one_price");
  });
});

describe("an offer's label", () => {
  const t = ((_key: string, options: { count: number }) => `${options.count} pieces`) as never;
  const offer = (labels: ProductOffer["labels"]): ProductOffer => ({ id: 1, ...percent(2, 20), labels });

  it("is the merchant's in the page's language, else the Arabic one, else written from the offer", () => {
    expect(offerLabel(offer({ ar: "قطعتان", en: null, fr: "Deux" }), "fr", t, 1_000)).toBe("Deux");
    expect(offerLabel(offer({ ar: "قطعتان", en: " ", fr: null }), "en", t, 1_000)).toBe("قطعتان");
    expect(offerLabel(offer({ ar: null, en: null, fr: null }), "fr", t, 1_000)).toBe("2 pieces −20 %");
    expect(offerLabel({ ...offer({ ar: null, en: null, fr: null }), percentOff: 0 }, "ar", t, 1_000)).toBe("2 pieces");
  });
});
