import { describe, expect, it } from "vitest";
import { loosePlaceNameKey, matchCommunes, placeNameKey } from "./courier-places";

describe("place name keys", () => {
  it("ignore accents, case, hyphens and apostrophes", () => {
    expect(placeNameKey("Aïn Arnat")).toBe(placeNameKey("AIN-ARNAT"));
    expect(placeNameKey("Sétif")).toBe("setif");
    expect(placeNameKey("M’Sila")).toBe(placeNameKey("M'Sila"));
    expect(placeNameKey("  Bordj   El-Kiffan ")).toBe("bordj el kiffan");
  });
  it("unify the usual variant spellings", () => {
    expect(placeNameKey("Al Kseur")).toBe(placeNameKey("El Kseur"));
    expect(placeNameKey("Ayn Defla")).toBe(placeNameKey("Aïn Defla"));
    expect(placeNameKey("Oulad Fayet")).toBe(placeNameKey("Ouled Fayet"));
    expect(placeNameKey("Bni Messous")).toBe(placeNameKey("Beni Messous"));
  });
  it("in the loose form, run the words together without the article", () => {
    expect(loosePlaceNameKey("Boussaada")).toBe(loosePlaceNameKey("Bou Saâda"));
    expect(loosePlaceNameKey("Msila")).toBe(loosePlaceNameKey("M’Sila"));
    expect(loosePlaceNameKey("Bir Djir")).toBe(loosePlaceNameKey("Bir El Djir"));
    expect(loosePlaceNameKey("El")).toBe("el");
  });
  it("keep Arabic letters without diacritics or hamza variants", () => {
    expect(placeNameKey("عين أرنات")).toBe(placeNameKey("عين ارنات"));
    expect(placeNameKey("بُوسعادة")).toBe(placeNameKey("بوسعاده"));
  });
});

describe("matching our communes to a courier's", () => {
  const theirs = [
    { wilayaCode: 19, communeName: "Ain Arnat", id: "a" },
    { wilayaCode: 19, communeName: "Setif", id: "b" },
    { wilayaCode: 28, communeName: "Boussaada", id: "c" },
    { wilayaCode: 16, communeName: "Setif", id: "d" },
    { wilayaCode: 16, communeName: "Oued Smar", id: "e" },
    { wilayaCode: 16, communeName: "Oued-Smar", id: "f" },
  ];

  it("matches by name within the courier's wilaya only", () => {
    const matched = matchCommunes(
      [
        { code: "1926", courierWilayaCode: 19, names: ["Aïn Arnat", "عين أرنات"] },
        { code: "1901", courierWilayaCode: 19, names: ["Sétif", "سطيف"] },
        { code: "2820", courierWilayaCode: 28, names: ["Bou Saada", "بوسعادة"] },
        { code: "3103", courierWilayaCode: 31, names: ["Bir El Djir"] },
      ],
      theirs,
    );
    expect(Object.fromEntries([...matched].map(([code, commune]) => [code, commune.id]))).toEqual({ "1926": "a", "1901": "b", "2820": "c" });
  });

  it("matches none when a name fits several of the courier's communes", () => {
    const matched = matchCommunes([{ code: "1630", courierWilayaCode: 16, names: ["Oued Smar"] }], theirs);
    expect(matched.size).toBe(0);
  });

  it("matches by the Arabic name when the courier writes Arabic", () => {
    const matched = matchCommunes(
      [{ code: "1926", courierWilayaCode: 19, names: ["Aïn Arnat", "عين أرنات"] }],
      [{ wilayaCode: 19, communeName: "عين ارنات" }],
    );
    expect(matched.get("1926")?.communeName).toBe("عين ارنات");
  });
});
