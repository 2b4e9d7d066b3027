import { describe, expect, it } from "vitest";
import {
  applyPageTarget,
  compareAtBelowPrice,
  normalizeSlug,
  pageTargetOf,
  parseIntegerField,
  PAGE_TARGET_PRESETS,
  presetFor,
  slugAsTyped,
} from "./admin-product";
import { parseProductForm } from "./admin-product.schema";

describe("slug normalisation", () => {
  it("lowercases and turns whitespace runs into one hyphen as typed", () => {
    expect(slugAsTyped("Electric  Kettle")).toBe("electric-kettle");
    expect(slugAsTyped("Big\tRed \n Ball ")).toBe("big-red-ball-");
  });
  it("trims on the server before replacing", () => {
    expect(normalizeSlug("  Electric Kettle 2L ")).toBe("electric-kettle-2l");
    expect(normalizeSlug("   ")).toBe("");
  });
});

describe("integer fields", () => {
  it("parse as integers, non-numeric or empty → 0", () => {
    expect(parseIntegerField("1200")).toBe(1200);
    expect(parseIntegerField("12.7")).toBe(12);
    expect(parseIntegerField("1 200")).toBe(1200);
    expect(parseIntegerField("٢٥٠٠")).toBe(2500);
    expect(parseIntegerField("abc")).toBe(0);
    expect(parseIntegerField("")).toBe(0);
    expect(parseIntegerField(undefined)).toBe(0);
    expect(parseIntegerField("-3")).toBe(-3);
    expect(parseIntegerField("x", 5)).toBe(5);
  });
  it("refuse a compare-at price above 0 and below the price", () => {
    expect(compareAtBelowPrice(1000, 900)).toBe(true);
    expect(compareAtBelowPrice(1000, 0)).toBe(false);
    expect(compareAtBelowPrice(1000, 1000)).toBe(false);
    expect(compareAtBelowPrice(1000, 1500)).toBe(false);
  });
});

describe("page-target presets", () => {
  it("map each target to its section and category", () => {
    expect(PAGE_TARGET_PRESETS).toEqual({
      games: { sectionId: "featured", category: "toys" },
      school: { sectionId: "featured", category: "books" },
      home: { sectionId: "featured", category: "home-equipment" },
      electronics: { sectionId: "special-offers", category: "electronics" },
      accessories: { sectionId: "special-offers", category: "accessories" },
    });
    expect(presetFor("custom")).toBeNull();
    expect(presetFor("nope")).toBeNull();
  });
  it("fill only the empty fields", () => {
    expect(applyPageTarget("games", { sectionId: "", category: "" })).toEqual({ sectionId: "featured", category: "toys" });
    expect(applyPageTarget("games", { sectionId: "special-offers", category: "" })).toEqual({
      sectionId: "special-offers",
      category: "toys",
    });
    expect(applyPageTarget("custom", { sectionId: "", category: "" })).toEqual({ sectionId: "", category: "" });
  });
  it("recognise a product's target", () => {
    expect(pageTargetOf({ sectionId: "special-offers", category: "electronics" })).toBe("electronics");
    expect(pageTargetOf({ sectionId: "featured", category: "electronics" })).toBe("custom");
  });
});

describe("parseProductForm", () => {
  const valid = { title: "غلاية", slug: "Electric Kettle", category: "kitchen", sectionId: "featured", price: "2500" };
  it("reads a valid form with defaults", () => {
    const result = parseProductForm(valid);
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        slug: "electric-kettle",
        price: 2500,
        compareAtPrice: 0,
        stockQuantity: 0,
        lowStockThreshold: 5,
        inStock: false,
        titleEn: null,
        sku: null,
        description: "",
      }),
    });
  });
  it("gives the one missing-field message when a required field is missing, whatever else is wrong", () => {
    const result = parseProductForm({ ...valid, title: " ", sectionId: "", price: "-5" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.formError).toBe("requiredFields");
    expect(result.fieldErrors).toMatchObject({ title: "required", sectionId: "required", price: "negative" });
  });
  it("fills the section and category from the target when left empty", () => {
    const result = parseProductForm({ ...valid, category: "", sectionId: "", target: "school" });
    expect(result.ok && result.value).toMatchObject({ category: "books", sectionId: "featured" });
  });
  it("non-numeric prices and stock become 0; negatives and a compare-at below the price are refused", () => {
    const numeric = parseProductForm({ ...valid, price: "abc", stockQuantity: "lots" });
    expect(numeric.ok && numeric.value).toMatchObject({ price: 0, stockQuantity: 0 });
    const negative = parseProductForm({ ...valid, stockQuantity: "-1" });
    expect(!negative.ok && negative.fieldErrors.stockQuantity).toBe("negative");
    const below = parseProductForm({ ...valid, price: "2500", compareAtPrice: "2000" });
    expect(!below.ok && below.fieldErrors.compareAtPrice).toBe("compareAtBelowPrice");
    expect(!below.ok && below.formError).toBeNull();
  });
});
