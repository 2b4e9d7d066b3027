import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_VARIANT_ROW, type OptionFormRow, type VariantFormRow, type VariantsFormRows } from "~/lib/admin-product-variants";
import { getAdminProduct, getProduct, saveProduct } from "~/server/catalog/index.server";
import { LocalStorage } from "~/server/storage/storage.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let dir: string;
let storage: LocalStorage;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  dir = await mkdtemp(join(tmpdir(), "souq-variants-admin-"));
  storage = new LocalStorage(dir);
});
afterAll(async () => {
  await database?.destroy();
  await rm(dir, { recursive: true, force: true });
});

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

const fields = (slug: string, variants?: VariantsFormRows) => ({
  title: "حقيبة ظهر",
  slug,
  category: "toys",
  sectionId: "featured",
  price: "3000",
  compareAtPrice: "0",
  inStock: "on",
  stockQuantity: "7",
  ...(variants ? { variants } : {}),
});

const value = (key: string, nameAr: string, swatch = "") => ({ key, nameAr, nameEn: "", nameFr: "", swatch });
const row = (combination: string, sku: string, stockQuantity: string, change: Partial<VariantFormRow> = {}): VariantFormRow => ({
  ...EMPTY_VARIANT_ROW,
  combination,
  sku,
  stockQuantity,
  ...change,
});
const colourAndSize = (): OptionFormRow[] => [
  { id: "", nameAr: "اللون", nameEn: "Colour", nameFr: "Couleur", values: [value("nr", "أحمر", "#ff0000"), value("nb", "أزرق", "#0000ff")] },
  { id: "", nameAr: "المقاس", nameEn: "Size", nameFr: "Taille", values: [value("ns", "S"), value("nm", "M")] },
];

async function productRow(id: string) {
  return database.db.selectFrom("products").select(["has_variants", "stock_quantity", "in_stock"]).where("id", "=", id).executeTakeFirstOrThrow();
}

describe("saving a product's options and variants", () => {
  let id: string;
  let firstVariantIds: number[];

  it("saves options, values and variants and reads them back through the product page's query", async () => {
    const created = await saveProduct(database.db, storage, {
      id: null,
      fields: fields("variant-bag"),
      files: [
        { name: "red.png", bytes: await png(200, 30, 30) },
        { name: "blue.png", bytes: await png(30, 30, 200) },
      ],
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    id = created.id;
    const images = (await getAdminProduct(database.db, id))!.images;

    const saved = await saveProduct(database.db, storage, {
      id,
      files: [],
      fields: fields("variant-bag", {
        options: colourAndSize(),
        variants: [
          row("nr-ns", "BAG-R-S", "4", { imageId: String(images[0]!.id) }),
          row("nr-nm", "BAG-R-M", "0"),
          row("nb-ns", "BAG-B-S", "2", { price: "3500", compareAtPrice: "4000", imageId: String(images[1]!.id) }),
          row("nb-nm", "BAG-B-M", "9", { active: false }),
        ],
      }),
    });
    expect(saved).toMatchObject({ ok: true });

    const product = await getProduct(database.db, id, "ar");
    const { options, variants } = product!.variants;
    expect(options.map((option) => option.names)).toEqual([
      { ar: "اللون", en: "Colour", fr: "Couleur" },
      { ar: "المقاس", en: "Size", fr: "Taille" },
    ]);
    expect(options[0]!.values.map((value) => [value.names.ar, value.swatch])).toEqual([
      ["أحمر", "#ff0000"],
      ["أزرق", "#0000ff"],
    ]);
    expect(variants.map((variant) => [variant.sku, variant.stockQuantity, variant.price, variant.active])).toEqual([
      ["BAG-R-S", 4, null, true],
      ["BAG-R-M", 0, null, true],
      ["BAG-B-S", 2, 3500, true],
      ["BAG-B-M", 9, null, false],
    ]);
    const blue = options[0]!.values[1]!.id;
    const small = options[1]!.values[0]!.id;
    expect(variants[2]!.valueIds).toEqual([blue, small]);
    expect(variants[2]!.compareAtPrice).toBe(4000);
    expect(variants[2]!.imageIds).toEqual([images[1]!.id]);
    firstVariantIds = variants.map((variant) => variant.id);

    // The product's stock is its active variants' (the inactive one's 9 do not count).
    expect(await productRow(id)).toMatchObject({ stock_quantity: 6 });
    expect(Boolean((await productRow(id)).has_variants)).toBe(true);
    expect(Boolean((await productRow(id)).in_stock)).toBe(true);
  });

  it("keeps saved ids on a second save, deletes removed rows and recomputes the stock", async () => {
    const form = (await getAdminProduct(database.db, id))!.values.variants;
    expect(form.variants).toHaveLength(4);
    // Drop "red / M", rename a value, swap two SKUs, add a third size with one new variant.
    form.options[0]!.values[0]!.nameEn = "Red";
    form.options[1]!.values.push(value("nl", "L"));
    const [rs, , bs, bm] = form.variants;
    const [blueKey, largeKey] = [form.options[0]!.values[1]!.key, "nl"];
    const next = [
      { ...rs!, sku: "BAG-B-S", stockQuantity: "1" },
      { ...bs!, sku: "BAG-R-S" },
      { ...bm!, active: true },
      row(`${blueKey}-${largeKey}`, "BAG-B-L", "5"),
    ];
    const result = await saveProduct(database.db, storage, { id, files: [], fields: fields("variant-bag", { ...form, variants: next }) });
    expect(result).toMatchObject({ ok: true });

    const { options, variants } = (await getProduct(database.db, id, "en"))!.variants;
    expect(options[0]!.values[0]!.names.en).toBe("Red");
    expect(options[1]!.values.map((value) => value.names.ar)).toEqual(["S", "M", "L"]);
    expect(variants.slice(0, 3).map((variant) => variant.id)).toEqual([firstVariantIds[0], firstVariantIds[2], firstVariantIds[3]]);
    expect(variants.map((variant) => variant.sku)).toEqual(["BAG-B-S", "BAG-R-S", "BAG-B-M", "BAG-B-L"]);
    expect(variants.some((variant) => variant.id === firstVariantIds[1])).toBe(false);
    // 1 + 2 + 9 + 5, every variant active now.
    expect(await productRow(id)).toMatchObject({ stock_quantity: 17 });
  });

  it("refuses a duplicate combination and saves nothing", async () => {
    const before = await getProduct(database.db, id, "ar");
    const form = (await getAdminProduct(database.db, id))!.values.variants;
    const duplicate = { ...form.variants[0]!, id: "", sku: "BAG-NEW" };
    const result = await saveProduct(database.db, storage, {
      id,
      files: [],
      fields: { ...fields("variant-bag", { ...form, variants: [...form.variants, duplicate] }), title: "عنوان آخر" },
    });
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { "variants[4].combination": "duplicateCombination" } });
    const after = await getProduct(database.db, id, "ar");
    expect(after!.title).toBe(before!.title);
    expect(after!.variants).toEqual(before!.variants);
  });

  it("refuses a SKU repeated in the form", async () => {
    const form = (await getAdminProduct(database.db, id))!.values.variants;
    form.variants[1]!.sku = form.variants[0]!.sku.toLowerCase();
    const result = await saveProduct(database.db, storage, { id, files: [], fields: fields("variant-bag", form) });
    expect(result).toMatchObject({ ok: false, fieldErrors: { "variants[1].sku": "duplicateSku" } });
  });

  it("refuses a SKU another product's variant holds, with nothing of the product saved", async () => {
    const other = await saveProduct(database.db, storage, {
      id: null,
      files: [],
      fields: {
        ...fields("variant-ring", { options: [colourAndSize()[1]!], variants: [row("ns", "RING-S", "3"), row("nm", "BAG-B-L", "1")] }),
        title: "خاتم",
      },
    });
    expect(other).toMatchObject({ ok: false, status: 409, fieldErrors: { "variants[1].sku": "skuTaken" } });
    expect(await database.db.selectFrom("products").select("id").where("slug", "=", "variant-ring").executeTakeFirst()).toBeUndefined();
    expect(await database.db.selectFrom("product_variants").select("id").where("sku", "=", "RING-S").executeTakeFirst()).toBeUndefined();
  });

  it("refuses a SKU another product holds as its own, and a value id that is not this product's", async () => {
    const taken = await database.db.selectFrom("products").select("sku").where("sku", "is not", null).where("id", "!=", id).executeTakeFirst();
    const form = (await getAdminProduct(database.db, id))!.values.variants;
    expect(taken?.sku).toBeTruthy();
    const refused = await saveProduct(database.db, storage, {
      id,
      files: [],
      fields: fields("variant-bag", { ...form, variants: form.variants.map((variant, k) => (k === 0 ? { ...variant, sku: taken!.sku! } : variant)) }),
    });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { "variants[0].sku": "skuTaken" } });
    const forged = structuredClone(form);
    forged.options[0]!.values[0]!.key = "999999";
    forged.variants = forged.variants.map((variant) => ({
      ...variant,
      combination: variant.combination.replace(form.options[0]!.values[0]!.key, "999999"),
    }));
    const result = await saveProduct(database.db, storage, { id, files: [], fields: fields("variant-bag", forged) });
    expect(result).toMatchObject({ ok: false, fieldErrors: { variants: "unknownValue" } });
  });

  it("removing every option sells the product as one thing again, from the form's stock", async () => {
    const result = await saveProduct(database.db, storage, { id, files: [], fields: fields("variant-bag", { options: [], variants: [] }) });
    expect(result).toMatchObject({ ok: true });
    expect((await getProduct(database.db, id, "ar"))!.variants).toEqual({ options: [], variants: [] });
    const product = await productRow(id);
    expect(Boolean(product.has_variants)).toBe(false);
    expect(product.stock_quantity).toBe(7);
  });
});
