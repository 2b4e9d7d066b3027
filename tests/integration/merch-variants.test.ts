import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { variantFieldName, type PickerProduct } from "~/lib/merchandising";
import type { MerchFormFields } from "~/lib/merchandising.schema";
import {
  getAdminCollection,
  getPageLayout,
  getPublicCollection,
  getPublicCustomPage,
  listAdminPageSections,
  saveCollection,
  saveCustomPage,
  saveSection,
  withPickerVariants,
} from "~/server/merchandising/index.server";
import { LocalStorage } from "~/server/storage/storage.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let dir: string;
let storage: LocalStorage;
const car = demoProducts.find((p) => p.slug === "sport-remote-control-car")!;
const plain = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity > 0)!;
const other = demoProducts.find((p) => p.variants && p.id !== car.id)!;
let red = 0;
let blue = 0;
let otherVariant = 0;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  dir = await mkdtemp(join(tmpdir(), "souq-merch-variants-"));
  storage = new LocalStorage(dir);
  const variants = await t.db.selectFrom("product_variants").select(["id", "product_id", "sku"]).orderBy("position").execute();
  red = variants.find((v) => v.sku === "TOY-001-RED")!.id;
  blue = variants.find((v) => v.sku === "TOY-001-BLU")!.id;
  otherVariant = variants.find((v) => v.product_id === other.id)!.id;
});
afterAll(async () => {
  await t?.destroy();
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
const fields = (): MerchFormFields => ({ title: "مختارات", slug: `picks-${++counter}`, isActive: "on" });
const save = (variants: Record<string, string>, productIds = [car.id, plain.id]) =>
  saveCollection(t.db, storage, { id: null, fields: fields(), productIds, variants, image: null, removeImage: false });

async function savedSlug(variants: Record<string, string>, productIds?: string[]) {
  const before = counter;
  const result = await save(variants, productIds);
  expect(result).toMatchObject({ ok: true });
  return { id: result.ok ? result.id : -1, slug: `picks-${before + 1}` };
}

describe("a collection pointing at a product's variant", () => {
  it("lists the card with that variant: its id, price and picture; the other cards unchanged", async () => {
    const { id, slug } = await savedSlug({ [variantFieldName(car.id)]: String(blue) });
    const page = await getPublicCollection(t.db, slug, "ar");
    const [carCard, plainCard] = page!.products;
    expect(carCard).toMatchObject({ id: car.id, variantId: blue, price: 4900, originalPrice: 5900 });
    expect(carCard!.priceFrom).toBeUndefined();
    expect(carCard!.image?.src).toContain("blue");
    expect(plainCard!.variantId).toBeUndefined();

    // The admin's form shows the chosen variant in the picker, with every active variant labelled.
    const admin = await getAdminCollection(t.db, id);
    const picked = admin!.products.find((p) => p.id === car.id)!;
    expect(picked.variantId).toBe(blue);
    expect(picked.variants?.map((v) => v.labels)).toEqual([
      { ar: "أحمر", en: "Red", fr: "Rouge" },
      { ar: "أزرق", en: "Blue", fr: "Bleu" },
    ]);
    expect(admin!.products.find((p) => p.id === plain.id)!.variants).toBeUndefined();
  });

  it("falls back to the product while the variant is inactive, and once it is deleted", async () => {
    const { slug } = await savedSlug({ [variantFieldName(car.id)]: String(red) });
    await t.db.updateTable("product_variants").set({ is_active: false }).where("id", "=", red).execute();
    let card = (await getPublicCollection(t.db, slug, "ar"))!.products[0]!;
    expect(card.id).toBe(car.id);
    expect(card.variantId).toBeUndefined();
    await t.db.updateTable("product_variants").set({ is_active: true }).where("id", "=", red).execute();
    expect((await getPublicCollection(t.db, slug, "ar"))!.products[0]!.variantId).toBe(red);

    const { slug: otherSlug } = await savedSlug({ [variantFieldName(other.id)]: String(otherVariant) }, [other.id]);
    await t.db.deleteFrom("product_variants").where("id", "=", otherVariant).execute();
    const rows = await t.db.selectFrom("collection_products").select("variant_id").where("product_id", "=", other.id).execute();
    expect(rows.map((row) => row.variant_id)).toEqual([null]);
    card = (await getPublicCollection(t.db, otherSlug, "ar"))!.products[0]!;
    expect(card).toMatchObject({ id: other.id });
    expect(card.variantId).toBeUndefined();
  });

  it("refuses a variant of another product, an unknown or inactive one; blank or absent means any variant", async () => {
    const refused = { ok: false, status: 422, error: "unknownVariant", field: variantFieldName(car.id) };
    const [another] = await t.db.selectFrom("product_variants").select("id").where("product_id", "<>", car.id).execute();
    expect(await save({ [variantFieldName(car.id)]: String(another!.id) })).toEqual(refused);
    expect(await save({ [variantFieldName(car.id)]: "999999" })).toEqual(refused);
    await t.db.updateTable("product_variants").set({ is_active: false }).where("id", "=", blue).execute();
    expect(await save({ [variantFieldName(car.id)]: String(blue) })).toEqual(refused);
    await t.db.updateTable("product_variants").set({ is_active: true }).where("id", "=", blue).execute();
    const { slug } = await savedSlug({ [variantFieldName(car.id)]: "" });
    expect((await getPublicCollection(t.db, slug, "ar"))!.products[0]!.variantId).toBeUndefined();
  });
});

describe("custom pages and page sections pointing at a variant", () => {
  it("a custom page lists the variant's card", async () => {
    const result = await saveCustomPage(t.db, storage, {
      id: null,
      fields: { title: "صفحة", slug: "variant-page", isActive: "on" },
      productIds: [car.id],
      variants: { [variantFieldName(car.id)]: String(blue) },
      image: null,
      removeImage: false,
    });
    expect(result).toMatchObject({ ok: true });
    expect((await getPublicCustomPage(t.db, "variant-page", "ar"))!.products[0]).toMatchObject({ variantId: blue, price: 4900 });
  });

  it("a section lists the variant's card, and the admin reads the choice back", async () => {
    const result = await saveSection(t.db, {
      id: null,
      fields: { pageIdentifier: "games", sectionType: "featured-products", title: "قسم", isActive: "on" },
      productIds: [car.id, plain.id],
      variants: { [variantFieldName(car.id)]: String(blue) },
    });
    expect(result).toMatchObject({ ok: true });
    const id = result.ok ? result.id : -1;
    const admin = (await listAdminPageSections(t.db, "games")).find((section) => section.id === id)!;
    expect(admin.listed).toEqual([
      { productId: car.id, variantId: blue },
      { productId: plain.id, variantId: null },
    ]);
    const section = (await getPageLayout(t.db, "games", "ar")).find((s) => s.id === id)!;
    expect(section.products.map((card) => [card.id, card.variantId])).toEqual([
      [car.id, blue],
      [plain.id, undefined],
    ]);
    expect(section.products[0]!.price).toBe(4900);
  });

  it("the picker's search offers a product's active variants", async () => {
    const [offered] = await withPickerVariants(t.db, [
      { id: car.id, title: car.title, price: car.price, image: null, available: true } satisfies PickerProduct,
    ]);
    expect(offered!.variants?.map((v) => v.id)).toEqual([red, blue]);
    expect(offered!.variantId).toBeNull();
  });
});
