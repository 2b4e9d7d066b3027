import { describe, expect, it } from "vitest";
import { APPLIANCE_CATEGORIES, APPLIANCES_LIMIT, appliancesHref, isApplianceCategory, parseApplianceCategory } from "./appliances";

const parse = (query: string) => parseApplianceCategory(new URLSearchParams(query));

describe("appliance categories", () => {
  it("are the six fixed ones, in the filter's order, with 12 products at most", () => {
    expect(APPLIANCE_CATEGORIES).toEqual(["kitchen", "cleaning", "cooling", "personal-care", "small-appliances", "laundry"]);
    expect(APPLIANCES_LIMIT).toBe(12);
  });

  it("recognise only the six keys", () => {
    for (const key of APPLIANCE_CATEGORIES) expect(isApplianceCategory(key)).toBe(true);
    for (const other of ["toys", "Cooling", "", " cooling", null, undefined, 3, ["cooling"]]) {
      expect(isApplianceCategory(other), String(other)).toBe(false);
    }
  });
});

describe("parseApplianceCategory", () => {
  it("reads each of the six", () => {
    for (const key of APPLIANCE_CATEGORIES) expect(parse(`category=${key}`)).toBe(key);
    expect(parse("lng=fr&category=personal-care&utm_source=fb")).toBe("personal-care");
  });

  it("forgives surrounding spaces and capitals", () => {
    expect(parse("category=%20Cooling%20")).toBe("cooling");
    expect(parse("category=SMALL-APPLIANCES")).toBe("small-appliances");
  });

  it("means all categories when the parameter is absent, empty or unknown", () => {
    for (const query of [
      "",
      "category=",
      "category=toys",
      "category=cooling%2Ckitchen",
      "category=<script>",
      "categorie=cooling",
      "category=__proto__",
    ]) {
      expect(parse(query), query).toBeNull();
    }
  });

  it("takes the first of repeated parameters", () => {
    expect(parse("category=laundry&category=kitchen")).toBe("laundry");
    expect(parse("category=nope&category=kitchen")).toBeNull();
  });
});

describe("appliancesHref", () => {
  it("names the category in the query, and nothing for all", () => {
    expect(appliancesHref(null)).toBe("/home-appliances");
    expect(appliancesHref("cooling")).toBe("/home-appliances?category=cooling");
    expect(appliancesHref("personal-care")).toBe("/home-appliances?category=personal-care");
  });

  it("round-trips through the parser", () => {
    for (const key of [...APPLIANCE_CATEGORIES, null]) {
      expect(parseApplianceCategory(new URL(appliancesHref(key), "http://localhost").searchParams)).toBe(key);
    }
  });
});
