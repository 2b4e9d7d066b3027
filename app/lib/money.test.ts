import { describe, expect, it } from "vitest";
import { formatDeliveryFee, formatDinars } from "./money";

const nbsp = "\u00a0";

describe("formatDinars", () => {
  it("writes N DA in English and French and N دج in Arabic", () => {
    expect(formatDinars(500, "en")).toBe(`500${nbsp}DA`);
    expect(formatDinars(500, "fr")).toBe(`500${nbsp}DA`);
    expect(formatDinars(500, "ar")).toBe(`500${nbsp}دج`);
  });

  it("groups thousands with non-breaking spaces and rounds to whole dinars", () => {
    expect(formatDinars(12500, "en")).toBe(`12${nbsp}500${nbsp}DA`);
    expect(formatDinars(1234567.6, "ar")).toBe(`1${nbsp}234${nbsp}568${nbsp}دج`);
  });
});

describe("formatDeliveryFee", () => {
  it("shows a zero fee as the free label", () => {
    expect(formatDeliveryFee(0, "ar", "مجاني")).toBe("مجاني");
    expect(formatDeliveryFee(0, "en", "FREE")).toBe("FREE");
    expect(formatDeliveryFee(400, "en", "FREE")).toBe(`400${nbsp}DA`);
  });
});
