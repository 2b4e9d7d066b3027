import { describe, expect, it } from "vitest";
import { normalizeSlug, parseTaxonomyForm, slugAsTyped } from "./taxonomy";

describe("slugs", () => {
  it("are lowercased with whitespace runs as hyphens, as typed", () => {
    expect(slugAsTyped("Home  Equipment")).toBe("home-equipment");
    expect(slugAsTyped("Toys ")).toBe("toys-");
  });
  it("lose the hyphens and spaces at their ends when stored", () => {
    expect(normalizeSlug("  Small Appliances \t")).toBe("small-appliances");
    expect(normalizeSlug("-toys-")).toBe("toys");
  });
});

describe("parseTaxonomyForm", () => {
  it("reads a category with optional English and French names", () => {
    expect(parseTaxonomyForm({ key: " Garden Tools ", name: " أدوات الحديقة ", nameEn: "", nameFr: "Jardin" })).toEqual({
      ok: true,
      value: { key: "garden-tools", name: "أدوات الحديقة", nameEn: null, nameFr: "Jardin" },
    });
  });

  it("asks for every field when the name or the key is missing", () => {
    expect(parseTaxonomyForm({ key: "toys", name: "  " })).toEqual({ ok: false, error: "required" });
    expect(parseTaxonomyForm({ key: "   ", name: "ألعاب" })).toEqual({ ok: false, error: "required" });
    expect(parseTaxonomyForm({})).toEqual({ ok: false, error: "required" });
    expect(parseTaxonomyForm({ key: 3, name: ["x"] })).toEqual({ ok: false, error: "required" });
  });

  it("refuses a key that cannot be part of an address, and over-long texts", () => {
    expect(parseTaxonomyForm({ key: "ألعاب", name: "ألعاب" })).toEqual({ ok: false, error: "invalidKey" });
    expect(parseTaxonomyForm({ key: "a/b", name: "x" })).toEqual({ ok: false, error: "invalidKey" });
    expect(parseTaxonomyForm({ key: "a".repeat(61), name: "x" })).toEqual({ ok: false, error: "tooLong" });
    expect(parseTaxonomyForm({ key: "a", name: "x".repeat(101) })).toEqual({ ok: false, error: "tooLong" });
  });

  it("needs no key for an edit (the key is fixed)", () => {
    expect(parseTaxonomyForm({ key: "Changed Slug!", name: "اسم" }, { requireKey: false })).toMatchObject({ ok: true });
    expect(parseTaxonomyForm({ name: "" }, { requireKey: false })).toEqual({ ok: false, error: "required" });
  });
});
