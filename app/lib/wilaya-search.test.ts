import { describe, expect, it } from "vitest";
import wilayaData from "~/data/wilayas.json";
import { filterWilayas, wilayaLabel } from "./wilaya-search";

const wilayas = wilayaData.wilayas.map((w) => ({ code: w.code, name: w.name, nameAr: w.nameAr }));
const codes = (query: string) => filterWilayas(wilayas, query).map((w) => w.code);

describe("filterWilayas", () => {
  it("keeps every wilaya, in order, for an empty or blank query", () => {
    expect(codes("")).toHaveLength(wilayas.length);
    expect(codes("   ")).toEqual(wilayas.map((w) => w.code));
  });

  it("finds Arabic names whatever the letter variant (ة/ه, أ/ا, ى/ي) or tashkeel", () => {
    expect(codes("البليده")).toEqual(["09"]);
    expect(codes("البليدة")).toEqual(["09"]);
    expect(codes("بليدة")).toEqual(["09"]);
    expect(codes("ادرار")).toEqual(["01"]);
    expect(codes("الْبُلَيْدَة")).toEqual(["09"]);
  });

  it("finds Latin names whatever the case or accents", () => {
    expect(codes("bejaia")).toEqual(["06"]);
    expect(codes("BÉJAÏA")).toEqual(["06"]);
    expect(codes("setif")).toEqual(["19"]);
    expect(codes("alger")).toContain("16");
  });

  it("finds a wilaya by its code, with or without the leading zero, then codes containing it", () => {
    expect(codes("09")[0]).toBe("09");
    expect(codes("9")[0]).toBe("09");
    expect(codes("16")).toEqual(["16"]);
    expect(codes("٠٩")[0]).toBe("09");
  });

  it("finds Algiers by its English, French and Arabic names and by its code", () => {
    for (const query of ["Algiers", "algiers", "Alger", "الجزائر", "16"]) expect(codes(query)[0], query).toBe("16");
  });

  it("matches every word of a multi-word query", () => {
    expect(codes("bordj bou")).toEqual(["34"]);
    expect(codes("nothing here")).toEqual([]);
  });
});

describe("wilayaLabel", () => {
  it("shows the code and the Arabic name in Arabic, the Latin name otherwise", () => {
    const blida = wilayas.find((w) => w.code === "09")!;
    expect(wilayaLabel(blida, "ar")).toBe("09 - البليدة");
    expect(wilayaLabel(blida, "fr")).toBe("09 - Blida");
  });

  it("names Algiers in English on an English page", () => {
    const algiers = wilayas.find((w) => w.code === "16")!;
    expect(wilayaLabel(algiers, "en")).toBe("16 - Algiers");
    expect(wilayaLabel(algiers, "fr")).toBe("16 - Alger");
  });
});
