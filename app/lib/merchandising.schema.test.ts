import { describe, expect, it } from "vitest";
import { MERCH_LIMITS } from "./merchandising";
import {
  collectionValuesFromForm,
  customPageValuesFromForm,
  parseCollectionForm,
  parseCustomPageForm,
  parseSectionForm,
  sectionValuesFromForm,
} from "./merchandising.schema";

describe("parseCollectionForm", () => {
  it("reads a valid form: trims, normalises the slug, checkboxes and order", () => {
    const result = parseCollectionForm({
      title: "  عروض الأسبوع ",
      slug: " Weekly Offers ",
      description: " ",
      metaTitle: "Offers",
      displayOrder: "٣",
      isActive: "on",
      isFeatured: "on",
    });
    expect(result).toEqual({
      ok: true,
      value: {
        title: "عروض الأسبوع",
        slug: "weekly-offers",
        description: null,
        metaTitle: "Offers",
        metaDescription: null,
        displayOrder: 3,
        isActive: true,
        isFeatured: true,
      },
    });
  });

  it("asks for title and slug before anything else", () => {
    expect(parseCollectionForm({ title: "", slug: "x", description: "d".repeat(5000) })).toEqual({ ok: false, error: "titleSlugRequired" });
    expect(parseCollectionForm({ title: "T", slug: " - " })).toEqual({ ok: false, error: "titleSlugRequired" });
    expect(parseCollectionForm({})).toEqual({ ok: false, error: "titleSlugRequired" });
  });

  it("refuses a slug with other characters", () => {
    expect(parseCollectionForm({ title: "T", slug: "a/b" })).toEqual({ ok: false, error: "slugInvalid", field: "slug" });
    expect(parseCollectionForm({ title: "T", slug: "a--b" })).toEqual({ ok: false, error: "slugInvalid", field: "slug" });
    expect(parseCollectionForm({ title: "T", slug: "عروض-2026" }).ok).toBe(true);
  });

  it("names the field that is too long", () => {
    expect(parseCollectionForm({ title: "t".repeat(MERCH_LIMITS.title + 1), slug: "s" })).toEqual({ ok: false, error: "tooLong", field: "title" });
    expect(parseCollectionForm({ title: "t", slug: "s".repeat(MERCH_LIMITS.slug + 1) })).toEqual({ ok: false, error: "tooLong", field: "slug" });
    expect(parseCollectionForm({ title: "t", slug: "s", metaDescription: "m".repeat(MERCH_LIMITS.metaDescription + 1) })).toEqual({
      ok: false,
      error: "tooLong",
      field: "metaDescription",
    });
  });

  it("reads absent checkboxes as false and a bad order as 0", () => {
    const result = parseCollectionForm({ title: "T", slug: "s", displayOrder: "abc" });
    expect(result.ok && result.value).toMatchObject({ isActive: false, isFeatured: false, displayOrder: 0 });
  });
});

describe("parseCustomPageForm", () => {
  it("has the same rules, without featured", () => {
    expect(parseCustomPageForm({ title: "", slug: "" })).toEqual({ ok: false, error: "titleSlugRequired" });
    const result = parseCustomPageForm({ title: "Back", slug: "back-to-school", isActive: "on", isFeatured: "on" });
    expect(result).toEqual({
      ok: true,
      value: { title: "Back", slug: "back-to-school", description: null, metaTitle: null, metaDescription: null, displayOrder: 0, isActive: true },
    });
  });
});

describe("parseSectionForm", () => {
  const base = { pageIdentifier: "home", sectionType: "featured-products", title: "الأكثر مبيعاً" };

  it("reads a valid section", () => {
    expect(parseSectionForm({ ...base, subtitle: " sub ", isActive: "on", collectionId: "4" })).toEqual({
      ok: true,
      value: { pageIdentifier: "home", sectionType: "featured-products", title: "الأكثر مبيعاً", subtitle: "sub", collectionId: null, isActive: true },
    });
  });

  it("refuses an unknown page, then asks for type and title", () => {
    expect(parseSectionForm({ ...base, pageIdentifier: "admin" })).toEqual({ ok: false, error: "invalidPage", field: "pageIdentifier" });
    expect(parseSectionForm({ ...base, sectionType: "" })).toEqual({ ok: false, error: "requiredFields" });
    expect(parseSectionForm({ ...base, title: "  " })).toEqual({ ok: false, error: "requiredFields" });
    expect(parseSectionForm({ ...base, sectionType: "carousel" })).toEqual({ ok: false, error: "invalidType", field: "sectionType" });
    expect(parseSectionForm({ ...base, subtitle: "s".repeat(MERCH_LIMITS.subtitle + 1) })).toEqual({
      ok: false,
      error: "tooLong",
      field: "subtitle",
    });
  });

  it("needs a collection for a collection-slider", () => {
    const slider = { ...base, sectionType: "collection-slider" };
    expect(parseSectionForm(slider)).toEqual({ ok: false, error: "collectionRequired", field: "collectionId" });
    expect(parseSectionForm({ ...slider, collectionId: "x" })).toEqual({ ok: false, error: "unknownCollection", field: "collectionId" });
    const result = parseSectionForm({ ...slider, collectionId: "12" });
    expect(result.ok && result.value.collectionId).toBe(12);
  });
});

describe("values from a refused form", () => {
  it("echo what was typed, with the product list normalised", () => {
    expect(collectionValuesFromForm({ title: "T", slug: "My Slug", isFeatured: "on" }, ["p1", "p1", " p2"])).toEqual({
      title: "T",
      slug: "My Slug",
      description: "",
      metaTitle: "",
      metaDescription: "",
      displayOrder: "0",
      isActive: false,
      isFeatured: true,
      productIds: ["p1", "p2"],
    });
    expect(customPageValuesFromForm({ title: "P", isActive: "on", displayOrder: "2" }, [])).toMatchObject({
      title: "P",
      isActive: true,
      displayOrder: "2",
    });
    expect(sectionValuesFromForm({ pageIdentifier: "games", sectionType: "banner", title: "B" }, [])).toEqual({
      pageIdentifier: "games",
      sectionType: "banner",
      title: "B",
      subtitle: "",
      collectionId: "",
      isActive: false,
      productIds: [],
    });
    expect(sectionValuesFromForm({ pageIdentifier: "nope", sectionType: "nope" }, [], "school-supplies")).toMatchObject({
      pageIdentifier: "school-supplies",
      sectionType: "",
    });
  });
});
