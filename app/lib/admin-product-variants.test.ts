import { describe, expect, it } from "vitest";
import {
  EMPTY_VARIANT_ROW,
  parseVariantRows,
  variantRowsFromVariants,
  variantRowsOf,
  withAllCombinations,
  type OptionFormRow,
  type VariantFormRow,
  type VariantsFormRows,
} from "./admin-product-variants";
import { parseProductForm } from "./admin-product.schema";
import { MAX_OPTIONS, MAX_VALUES_PER_OPTION, MAX_VARIANTS } from "./variants";

const value = (key: string, nameAr: string, swatch = "") => ({ key, nameAr, nameEn: "", nameFr: "", swatch });
const colour: OptionFormRow = {
  id: "",
  nameAr: "اللون",
  nameEn: "Colour",
  nameFr: "Couleur",
  values: [value("na", "أحمر", "#ff0000"), value("nb", "أزرق")],
};
const size: OptionFormRow = { id: "", nameAr: "المقاس", nameEn: "", nameFr: "", values: [value("nc", "S"), value("nd", "M")] };
const variant = (combination: string, sku: string, change: Partial<VariantFormRow> = {}): VariantFormRow => ({
  ...EMPTY_VARIANT_ROW,
  combination,
  sku,
  stockQuantity: "3",
  ...change,
});
const form = (variants: VariantFormRow[], options = [colour, size]): VariantsFormRows => ({ options, variants });

describe("variants form: generating combinations", () => {
  it("appends the combinations the list lacks, in the options' order", () => {
    const rows = withAllCombinations([colour, size], [variant("nb-nc", "X")]);
    expect(rows.map((row) => row.combination)).toEqual(["nb-nc", "na-nc", "na-nd", "nb-nd"]);
    expect(rows[0]!.sku).toBe("X");
  });
  it("gives nothing without options", () => {
    expect(withAllCombinations([], [])).toEqual([]);
  });
});

describe("variants form: checks", () => {
  it("accepts a valid form and reads blanks as the product's price", () => {
    const result = parseVariantRows(form([variant("na-nc", "BAG-RS"), variant("nb-nd", "BAG-BM", { price: "2 500", active: false })]), []);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.options[0]!.values[0]).toMatchObject({ key: "na", id: null, swatch: "#ff0000" });
    expect(result.value.variants[0]).toMatchObject({ valueKeys: ["na", "nc"], price: null, compareAtPrice: null, stockQuantity: 3, active: true });
    expect(result.value.variants[1]).toMatchObject({ price: 2500, active: false });
  });
  it("refuses a duplicate combination at its row", () => {
    const result = parseVariantRows(form([variant("na-nc", "A"), variant("na-nc", "B")]), []);
    expect(result).toEqual({ ok: false, fieldErrors: { "variants[1].combination": "duplicateCombination" } });
  });
  it("refuses a duplicate SKU, whatever its case", () => {
    const result = parseVariantRows(form([variant("na-nc", "bag-1"), variant("nb-nc", "BAG-1")]), []);
    expect(result).toEqual({ ok: false, fieldErrors: { "variants[1].sku": "duplicateSku" } });
  });
  it("refuses a combination naming a value the options do not have, or too few values", () => {
    expect(parseVariantRows(form([variant("na-zz", "A")]), [])).toMatchObject({
      ok: false,
      fieldErrors: { "variants[0].combination": "unknownValue" },
    });
    expect(parseVariantRows(form([variant("na", "A")]), [])).toMatchObject({ ok: false, fieldErrors: { "variants[0].combination": "unknownValue" } });
    expect(parseVariantRows(form([variant("nc-na", "A")]), [])).toMatchObject({
      ok: false,
      fieldErrors: { "variants[0].combination": "unknownValue" },
    });
  });
  it("refuses negative, fractional and non-numeric numbers, an empty or too long SKU", () => {
    const result = parseVariantRows(
      form([
        variant("na-nc", "", { price: "-1" }),
        variant("na-nd", "x".repeat(65), { stockQuantity: "1.5" }),
        variant("nb-nc", "C", { lowStockThreshold: "abc" }),
      ]),
      [],
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        "variants[0].sku": "required",
        "variants[0].price": "negative",
        "variants[1].sku": "tooLong",
        "variants[1].stockQuantity": "notWhole",
        "variants[2].lowStockThreshold": "notWhole",
      },
    });
  });
  it("refuses empty or too long names, a bad swatch and a repeated value", () => {
    const bad: OptionFormRow = { id: "", nameAr: "", nameEn: "x".repeat(41), nameFr: "", values: [value("na", "أحمر", "red"), value("nb", "أحمر")] };
    const result = parseVariantRows(form([variant("na", "A")], [bad]), []);
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        "options[0].nameAr": "required",
        "options[0].nameEn": "tooLong",
        "options[0].values[0].swatch": "badSwatch",
        "options[0].values[1].nameAr": "duplicateValue",
      },
    });
  });
  it("refuses more than the bounds, an option without values, options without variants", () => {
    const many = Array.from({ length: MAX_OPTIONS + 1 }, () => colour);
    expect(parseVariantRows(form([], many), [])).toEqual({ ok: false, fieldErrors: { variants: "tooManyOptions" } });
    const rows = Array.from({ length: MAX_VARIANTS + 1 }, (_, k) => variant("na-nc", `S${k}`));
    expect(parseVariantRows(form(rows), [])).toEqual({ ok: false, fieldErrors: { variants: "tooManyVariants" } });
    const wide = { ...colour, values: Array.from({ length: MAX_VALUES_PER_OPTION + 1 }, (_, j) => value(`n${j}`, `v${j}`)) };
    expect(parseVariantRows(form([], [wide]), [])).toMatchObject({ ok: false, fieldErrors: { "options[0].nameAr": "tooManyValues" } });
    expect(parseVariantRows(form([], [{ ...colour, values: [] }]), [])).toMatchObject({
      ok: false,
      fieldErrors: { "options[0].nameAr": "optionWithoutValues", variants: "variantsMissing" },
    });
  });
  it("refuses a compare-at price below the variant's price, its own or the product's", () => {
    expect(parseVariantRows(form([variant("na-nc", "A", { price: "500", compareAtPrice: "400" })]), [])).toMatchObject({
      ok: false,
      fieldErrors: { "variants[0].compareAtPrice": "compareAtBelowPrice" },
    });
    expect(parseVariantRows(form([variant("na-nc", "A", { compareAtPrice: "400" })]), [], 500).ok).toBe(false);
    expect(parseVariantRows(form([variant("na-nc", "A", { compareAtPrice: "600" })]), [], 500).ok).toBe(true);
    expect(parseVariantRows(form([variant("na-nc", "A", { stockQuantity: "1-2" })]), [])).toMatchObject({
      ok: false,
      fieldErrors: { "variants[0].stockQuantity": "notWhole" },
    });
  });
  it("accepts a picture only among the product's images", () => {
    expect(parseVariantRows(form([variant("na-nc", "A", { imageId: "7" })]), [7]).ok).toBe(true);
    expect(parseVariantRows(form([variant("na-nc", "A", { imageId: "8" })]), [7])).toMatchObject({
      ok: false,
      fieldErrors: { "variants[0].imageId": "unknownImage" },
    });
  });
  it("accepts no options and no variants (a product sold as one thing)", () => {
    expect(parseVariantRows({ options: [], variants: [] }, [])).toEqual({ ok: true, value: { options: [], variants: [] } });
  });
});

describe("variants form: fields", () => {
  it("reads the posted rows back, one past each bound at most", () => {
    const posted = new Map<string, string>([
      ["options[0].id", "4"],
      ["options[0].nameAr", "اللون"],
      ["options[0].values[0].key", "9"],
      ["options[0].values[0].nameAr", "أحمر"],
      ["options[0].values[0].swatch", "#ff0000"],
      ["variants[0].id", "12"],
      ["variants[0].combination", "9"],
      ["variants[0].sku", "R"],
      ["variants[0].active", "on"],
      ["variants[1].combination", "9"],
    ]);
    const rows = variantRowsOf((name) => posted.get(name) ?? null);
    expect(rows.options).toEqual([
      { id: "4", nameAr: "اللون", nameEn: "", nameFr: "", values: [{ key: "9", nameAr: "أحمر", nameEn: "", nameFr: "", swatch: "#ff0000" }] },
    ]);
    expect(rows.variants.map((row) => [row.id, row.sku, row.active])).toEqual([
      ["12", "R", true],
      ["", "", false],
    ]);
  });
  it("round-trips saved variants through the rows", () => {
    const rows = variantRowsFromVariants({
      options: [{ id: 4, names: { ar: "اللون", en: null, fr: null }, values: [{ id: 9, names: { ar: "أحمر", en: "Red", fr: null }, swatch: null }] }],
      variants: [
        { id: 12, valueIds: [9], sku: "R", price: null, compareAtPrice: 900, stockQuantity: 2, lowStockThreshold: 1, imageIds: [3, 5], active: true },
      ],
    });
    expect(rows.variants[0]).toEqual({
      id: "12",
      combination: "9",
      sku: "R",
      price: "",
      compareAtPrice: "900",
      stockQuantity: "2",
      lowStockThreshold: "1",
      imageId: "3",
      moreImageIds: "5",
      active: true,
    });
    const parsed = parseVariantRows(rows, [3, 5]);
    expect(parseVariantRows(rows, [3]).ok).toBe(false);
    expect(parsed.ok && parsed.value.variants[0]).toMatchObject({ id: 12, valueKeys: ["9"], compareAtPrice: 900, imageIds: [3, 5] });
    expect(parsed.ok && parsed.value.options[0]!.values[0]).toMatchObject({ id: 9, names: { ar: "أحمر", en: "Red", fr: null } });
  });
  it("are refused at their field by the product form", () => {
    const result = parseProductForm({
      title: "حقيبة",
      slug: "bag",
      category: "toys",
      sectionId: "featured",
      variants: form([variant("na-nc", "A"), variant("na-nc", "A")]),
    });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { "variants[1].combination": "duplicateCombination", "variants[1].sku": "duplicateSku" },
    });
  });
});
