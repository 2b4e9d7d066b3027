import { describe, expect, it } from "vitest";
import { declaredQuery, isMarketingParameter, keptQuery } from "./page-query";

describe("page query", () => {
  it("knows the marketing parameters ads and newsletters append", () => {
    for (const name of [
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_term",
      "utm_content",
      "utm_id",
      "fbclid",
      "gclid",
      "gbraid",
      "wbraid",
      "dclid",
      "msclkid",
      "ttclid",
      "twclid",
      "li_fat_id",
      "igshid",
      "mc_cid",
      "mc_eid",
      "_ga",
      "yclid",
    ]) {
      expect(isMarketingParameter(name), name).toBe(true);
    }
    for (const name of ["page", "sort", "q", "category", "ref", "lng", "utm"]) expect(isMarketingParameter(name), name).toBe(false);
  });

  it("keeps only the declared parameters, ordered by name, whatever else the URL carries", () => {
    const kept = new Set(["sort", "page"]);
    expect(keptQuery("", kept)).toBe("");
    expect(keptQuery("?fbclid=abc&utm_source=fb&a=1", kept)).toBe("");
    expect(keptQuery("?page=2&fbclid=abc&sort=price-asc", kept)).toBe("?page=2&sort=price-asc");
    expect(keptQuery("?sort=price-asc&x=1&page=2", kept)).toBe("?page=2&sort=price-asc");
    expect(keptQuery("?sort=price-asc", new Set())).toBe("");
    // "o#": o followed by digits (the product page's option pickers), nothing else starting with o.
    expect(keptQuery("?o12=5&oops=1&o=2&o3x=1&variant=9&o4=7", new Set(["variant", "o#"]))).toBe("?o12=5&o4=7&variant=9");
    // Values are kept as given (the loader decides what they mean), encoded once.
    expect(keptQuery("?q=%D8%AE%D9%84%D8%A7%D8%B7+x&gclid=1", new Set(["q"]))).toBe("?q=%D8%AE%D9%84%D8%A7%D8%B7+x");
  });

  it("reads a route's declaration from its handle", () => {
    expect(declaredQuery({ query: ["sort", "page"] })).toEqual(["sort", "page"]);
    expect(declaredQuery(undefined)).toEqual([]);
    expect(declaredQuery({ other: true })).toEqual([]);
  });
});
