import { describe, expect, it } from "vitest";
import {
  allCombinations,
  combinationKey,
  findVariant,
  firstDuplicate,
  isValueAvailable,
  missingOptions,
  priceRange,
  selectionFromQuery,
  selectionQuery,
  variantLabel,
  type ProductOption,
  type ProductVariant,
} from "./variants";

// A backpack in red and blue, sizes S and M; blue S does not exist, red M is sold out.
const colour: ProductOption = {
  id: 1,
  names: { ar: "اللون", en: "Colour", fr: "Couleur" },
  values: [
    { id: 11, names: { ar: "أحمر", en: "Red", fr: "Rouge" }, swatch: "#d32f2f" },
    { id: 12, names: { ar: "أزرق", en: "Blue", fr: null }, swatch: "#1976d2" },
  ],
};
const size: ProductOption = {
  id: 2,
  names: { ar: "المقاس", en: "Size", fr: "Taille" },
  values: [
    { id: 21, names: { ar: "S", en: null, fr: null }, swatch: null },
    { id: 22, names: { ar: "M", en: null, fr: null }, swatch: null },
  ],
};
const options = [colour, size];
const variant = (id: number, valueIds: number[], stockQuantity: number, price: number | null = null): ProductVariant => ({
  id,
  valueIds,
  sku: `BP-${id}`,
  price,
  compareAtPrice: null,
  stockQuantity,
  lowStockThreshold: 2,
  imageIds: [],
  active: true,
});
const variants = [variant(101, [11, 21], 3), variant(102, [11, 22], 0), variant(103, [12, 22], 5, 5200)];

describe("variants", () => {
  it("names a variant in the page's language, falling back to Arabic", () => {
    expect(variantLabel(options, variants[2]!, "en")).toBe("Blue / M");
    expect(variantLabel(options, variants[2]!, "fr")).toBe("أزرق / M");
    expect(variantLabel(options, variants[0]!, "ar")).toBe("أحمر / S");
  });

  it("finds the variant of a complete selection only", () => {
    expect(
      findVariant(
        options,
        variants,
        new Map([
          [1, 12],
          [2, 22],
        ]),
      )?.id,
    ).toBe(103);
    expect(findVariant(options, variants, new Map([[1, 12]]))).toBeUndefined();
    expect(
      findVariant(
        options,
        variants,
        new Map([
          [1, 12],
          [2, 21],
        ]),
      ),
    ).toBeUndefined();
    expect(missingOptions(options, new Map([[1, 12]])).map((option) => option.id)).toEqual([2]);
  });

  it("marks a value unavailable when no sellable variant has it with the other choices", () => {
    // Red chosen: S is sellable, M is sold out.
    expect(isValueAvailable(options, variants, new Map([[1, 11]]), 1, 21)).toBe(true);
    expect(isValueAvailable(options, variants, new Map([[1, 11]]), 1, 22)).toBe(false);
    // Size S chosen: blue S does not exist.
    expect(isValueAvailable(options, variants, new Map([[2, 21]]), 0, 12)).toBe(false);
    // Nothing chosen: both colours lead somewhere.
    expect(isValueAvailable(options, variants, new Map(), 0, 12)).toBe(true);
  });

  it("reads the selection from ?variant= or o<id>= pairs, ignoring what is unknown", () => {
    expect([...selectionFromQuery(options, variants, new URLSearchParams("variant=103"))]).toEqual([
      [1, 12],
      [2, 22],
    ]);
    expect([...selectionFromQuery(options, variants, new URLSearchParams("o1=11&o2=999&o7=1"))]).toEqual([[1, 11]]);
    expect(selectionFromQuery(options, variants, new URLSearchParams("variant=1e3")).size).toBe(0);
  });

  it("links a picker to the next selection: a whole variant as ?variant=, else the pairs", () => {
    expect(selectionQuery(options, variants, new Map([[1, 12]]), 2, 22)).toBe("?variant=103");
    expect(selectionQuery(options, variants, new Map(), 1, 11)).toBe("?o1=11");
    // Choosing the chosen value again clears it.
    expect(selectionQuery(options, variants, new Map([[1, 11]]), 1, 11)).toBe("?");
  });

  it("prices from the variant, else the product; the range of the active ones", () => {
    expect(priceRange({ price: 4800 }, variants)).toEqual({ min: 4800, max: 5200 });
    expect(priceRange({ price: 4800 }, [])).toBeNull();
  });

  it("generates every combination and finds duplicates", () => {
    expect(allCombinations(options)).toEqual([
      [11, 21],
      [11, 22],
      [12, 21],
      [12, 22],
    ]);
    expect(combinationKey([12, 22])).toBe("12-22");
    expect(firstDuplicate(["BP-1", "bp-1"], { ignoreCase: true })).toBe("bp-1");
    expect(firstDuplicate(["11-21", "11-22"])).toBeNull();
  });
});
