import { describe, expect, it } from "vitest";
import { listingHref, parseListingQuery } from "./listing";
import { escapeLike, normalizeSearchText, SEARCH_MAX_TOKENS, searchDocument, searchPatterns, searchTokens } from "./search-text";

/** What SQL LIKE with ESCAPE '\' answers, for checking patterns without a database. */
function like(text: string, pattern: string): boolean {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") source += (pattern[++i] ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (c === "%") source += "[\\s\\S]*";
    else if (c === "_") source += "[\\s\\S]";
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "u").test(text);
}

describe("normalizeSearchText", () => {
  it("unifies the alif forms, ta marbuta, alif maqsura, waw and ya with hamza", () => {
    expect(normalizeSearchText("أطلس إبريق آلة ٱلكتاب")).toBe("اطلس ابريق اله الكتاب");
    expect(normalizeSearchText("غلاية")).toBe(normalizeSearchText("غلايه"));
    expect(normalizeSearchText("مستشفى")).toBe("مستشفي");
    expect(normalizeSearchText("مؤسسة")).toBe("موسسه");
    expect(normalizeSearchText("هادئ")).toBe("هادي");
  });

  it("strips tashkeel, superscript alif and tatweel", () => {
    expect(normalizeSearchText("غَلَّايَةٌ")).toBe("غلايه");
    expect(normalizeSearchText("هٰذا")).toBe("هذا");
    expect(normalizeSearchText("مـــكـــنـــسـة")).toBe("مكنسه");
  });

  it("folds decomposed hamza and presentation forms the same as the plain letters", () => {
    expect(normalizeSearchText("\u0627\u0654طلس")).toBe("اطلس");
    // ﻻ (lam-alif ligature) and ﺏ (isolated ba) are presentation forms.
    expect(normalizeSearchText("\ufefb\ufe8f")).toBe("لاب");
  });

  it("turns Arabic-Indic and Eastern Arabic-Indic digits into 0-9", () => {
    expect(normalizeSearchText("١٢٣٤٥٦٧٨٩٠")).toBe("1234567890");
    expect(normalizeSearchText("۱۶ بوصة")).toBe("16 بوصه");
  });

  it("removes French accents and lowers case", () => {
    expect(normalizeSearchText("Téléviseur À Œuvre ÇA")).toBe("televiseur a oeuvre ca");
    expect(normalizeSearchText("ÉLECTRONIQUE")).toBe("electronique");
    expect(normalizeSearchText("ＦＵＬＬ ＨＤ")).toBe("full hd");
  });

  it("turns punctuation into single spaces and trims", () => {
    expect(normalizeSearchText("  Atlas illustré de l’Algérie,  et du monde!  ")).toBe("atlas illustre de l algerie et du monde");
    expect(normalizeSearchText("قاموس عربي - فرنسي، مدرسي؟")).toBe("قاموس عربي فرنسي مدرسي");
    expect(normalizeSearchText("100% coton_bio\\x")).toBe("100 coton bio x");
    expect(normalizeSearchText("")).toBe("");
    expect(normalizeSearchText(" -- ")).toBe("");
  });
});

describe("searchTokens", () => {
  it("gives the distinct folded words, in order", () => {
    expect(searchTokens("  آلة   قهوة آلة ")).toEqual(["اله", "قهوه"]);
    expect(searchTokens("Piscine PISCINE piscine gonflable")).toEqual(["piscine", "gonflable"]);
  });

  it("gives nothing for an empty or punctuation-only query", () => {
    expect(searchTokens("")).toEqual([]);
    expect(searchTokens("  %_\\ ؟ ")).toEqual([]);
  });

  it("keeps at most 8 tokens", () => {
    const tokens = searchTokens("a b c d e f g h i j k");
    expect(tokens).toHaveLength(SEARCH_MAX_TOKENS);
    expect(tokens).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
  });

  it("reads only the first 100 characters", () => {
    expect(searchTokens(`${"x".repeat(99)} tail`)).toEqual(["x".repeat(99)]);
    expect(searchTokens("y".repeat(500))).toEqual(["y".repeat(100)]);
  });
});

describe("search documents and LIKE patterns", () => {
  const kettle = searchDocument({
    title: "غلاية ماء كهربائية 1.7 لتر",
    titleEn: "Electric Kettle 1.7 L",
    titleFr: "Bouilloire électrique 1,7 L",
    sku: "KIT-010",
  });

  it("stores the folded titles and SKU between markers", () => {
    expect(kettle).toBe("غلايه ماء كهرباييه 1 7 لتر # electric kettle 1 7 l ~ bouilloire electrique 1 7 l ^ kit 010");
  });

  it("uses the Arabic title for a missing translation", () => {
    expect(searchDocument({ title: "أطلس", titleEn: null, titleFr: "  ", sku: null })).toBe("اطلس # اطلس ~ اطلس ^ ");
  });

  it("finds a token in the right language's title, and a title's first word", () => {
    expect(like(kettle, searchPatterns("كهرباييه", "ar").anywhere)).toBe(true);
    expect(like(kettle, searchPatterns("كهرباييه", "ar").inTitle)).toBe(true);
    expect(like(kettle, searchPatterns("kettle", "ar").inTitle)).toBe(false);
    expect(like(kettle, searchPatterns("kettle", "en").inTitle)).toBe(true);
    expect(like(kettle, searchPatterns("kettle", "fr").inTitle)).toBe(false);
    expect(like(kettle, searchPatterns("electrique", "fr").inTitle)).toBe(true);
    expect(like(kettle, searchPatterns("kit", "fr").inTitle)).toBe(false);
    expect(like(kettle, searchPatterns("غلا", "ar").titleStartsWith)).toBe(true);
    expect(like(kettle, searchPatterns("ماء", "ar").titleStartsWith)).toBe(false);
    expect(like(kettle, searchPatterns("elec", "en").titleStartsWith)).toBe(true);
    expect(like(kettle, searchPatterns("bouil", "fr").titleStartsWith)).toBe(true);
    expect(like(kettle, searchPatterns("elec", "fr").titleStartsWith)).toBe(false);
  });

  it("escapes LIKE wildcards and the escape character", () => {
    expect(escapeLike("100%_a\\b")).toBe("100\\%\\_a\\\\b");
    expect(like("50% off", `%${escapeLike("0%")}%`)).toBe(true);
    expect(like("500 off", `%${escapeLike("0%")}%`)).toBe(false);
    expect(like("a_b", `%${escapeLike("a_b")}%`)).toBe(true);
    expect(like("axb", `%${escapeLike("a_b")}%`)).toBe(false);
  });
});

describe("search listing query (app/lib/listing.ts)", () => {
  it("accepts relevance, and defaults to it, only for search", () => {
    expect(parseListingQuery(new URLSearchParams("q=x"), { search: true })).toEqual({ sort: "relevance", page: 1 });
    expect(parseListingQuery(new URLSearchParams("sort=price-desc&page=2"), { search: true })).toEqual({ sort: "price-desc", page: 2 });
    expect(parseListingQuery(new URLSearchParams("sort=bogus"), { search: true })).toEqual({ sort: "relevance", page: 1 });
    expect(parseListingQuery(new URLSearchParams("sort=relevance"))).toEqual({ sort: "newest", page: 1 });
  });

  it("drops the search default (relevance) from page links, and keeps newest", () => {
    expect(listingHref("/search", { q: "sac", sort: "relevance", page: 2, defaultSort: "relevance" })).toBe("/search?q=sac&page=2");
    expect(listingHref("/search", { q: "sac", sort: "newest", page: 2, defaultSort: "relevance" })).toBe("/search?q=sac&sort=newest&page=2");
  });
});
