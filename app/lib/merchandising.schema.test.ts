import { describe, expect, it } from "vitest";
import { MERCH_LIMITS } from "./merchandising";
import { metaTextIn, ownText, textIn } from "./merchant-texts";
import {
  collectionValuesFromForm,
  customPageValuesFromForm,
  parseCollectionForm,
  parseCustomPageForm,
  parseSectionForm,
  sectionValuesFromForm,
} from "./merchandising.schema";

const NO_TRANSLATIONS = {
  titleEn: null,
  titleFr: null,
  descriptionEn: null,
  descriptionFr: null,
  metaTitleEn: null,
  metaTitleFr: null,
  metaDescriptionEn: null,
  metaDescriptionFr: null,
};

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
        ...NO_TRANSLATIONS,
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

  it("reads the English and French texts, blank ones as null, each within its Arabic field's limit", () => {
    const result = parseCollectionForm({ title: "T", slug: "s", titleEn: " Summer ", titleFr: " ", descriptionFr: "Été\0" });
    expect(result.ok && result.value).toMatchObject({ titleEn: "Summer", titleFr: null, descriptionEn: null, descriptionFr: "Été" });
    expect(parseCollectionForm({ title: "T", slug: "s", titleFr: "t".repeat(MERCH_LIMITS.title + 1) })).toEqual({
      ok: false,
      error: "tooLong",
      field: "titleFr",
    });
    expect(parseCollectionForm({ title: "T", slug: "s", metaDescriptionEn: "m".repeat(MERCH_LIMITS.metaDescription + 1) })).toEqual({
      ok: false,
      error: "tooLong",
      field: "metaDescriptionEn",
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
      value: {
        title: "Back",
        slug: "back-to-school",
        description: null,
        metaTitle: null,
        metaDescription: null,
        ...NO_TRANSLATIONS,
        displayOrder: 0,
        isActive: true,
      },
    });
  });
});

describe("parseSectionForm", () => {
  const base = { pageIdentifier: "home", sectionType: "featured-products", title: "الأكثر مبيعاً" };

  it("reads a valid section", () => {
    expect(parseSectionForm({ ...base, subtitle: " sub ", titleEn: " Best sellers ", subtitleFr: "", isActive: "on", collectionId: "4" })).toEqual({
      ok: true,
      value: {
        pageIdentifier: "home",
        sectionType: "featured-products",
        title: "الأكثر مبيعاً",
        subtitle: "sub",
        titleEn: "Best sellers",
        titleFr: null,
        subtitleEn: null,
        subtitleFr: null,
        collectionId: null,
        isActive: true,
      },
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
    expect(collectionValuesFromForm({ title: "T", slug: "My Slug", titleFr: "Titre ", isFeatured: "on" }, ["p1", "p1", " p2"])).toEqual({
      title: "T",
      slug: "My Slug",
      description: "",
      metaTitle: "",
      metaDescription: "",
      titleEn: "",
      titleFr: "Titre ",
      descriptionEn: "",
      descriptionFr: "",
      metaTitleEn: "",
      metaTitleFr: "",
      metaDescriptionEn: "",
      metaDescriptionFr: "",
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
      titleEn: "",
      titleFr: "",
      subtitleEn: "",
      subtitleFr: "",
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

describe("merchant texts in the page's language", () => {
  const none = { en: null, fr: null };
  it("show the translation when given, else the Arabic text", () => {
    expect(textIn("صيف", { en: "Summer", fr: "  " }, "en")).toBe("Summer");
    expect(textIn("صيف", { en: "Summer", fr: "  " }, "fr")).toBe("صيف");
    expect(textIn("صيف", { en: "Summer", fr: "Été" }, "ar")).toBe("صيف");
    expect(textIn(null, none, "fr")).toBeNull();
    expect(ownText("صيف", none, "fr")).toBeNull();
  });

  it("pair a translated title with its own meta text, never with the Arabic one", () => {
    const title = { arabic: "صيف", translations: { en: "Summer", fr: null } };
    const meta = { arabic: "عروض الصيف", translations: { en: null, fr: null } };
    expect(metaTextIn(meta, title, "ar")).toBe("عروض الصيف");
    // English has its own title but no meta title: the title is used (null).
    expect(metaTextIn(meta, title, "en")).toBeNull();
    // French has neither: the Arabic meta title, as the page shows the Arabic title.
    expect(metaTextIn(meta, title, "fr")).toBe("عروض الصيف");
    expect(metaTextIn({ ...meta, translations: { en: "Summer deals", fr: null } }, title, "en")).toBe("Summer deals");
    expect(metaTextIn({ arabic: " ", translations: none }, title, "ar")).toBeNull();
  });
});
