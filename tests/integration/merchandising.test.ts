import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "~/lib/admin-product";
import { IMAGE_WIDTHS } from "~/lib/images";
import { MERCH_LIMITS, SECTION_PRODUCT_LIMIT, type PageIdentifier } from "~/lib/merchandising";
import type { MerchFormFields, MerchSaveResult } from "~/lib/merchandising.schema";
import { nowIso } from "~/server/db/types.server";
import {
  deleteCollection,
  getAdminCollection,
  getPublicCollection,
  listAdminCollections,
  listFeaturedCollections,
  saveCollection,
} from "~/server/merchandising/collections.service.server";
import {
  deleteCustomPage,
  getAdminCustomPage,
  getPublicCustomPage,
  listAdminCustomPages,
  saveCustomPage,
} from "~/server/merchandising/custom-pages.service.server";
import {
  deletePageSection,
  getPageLayout,
  listAdminPageSections,
  listCollectionOptions,
  moveSection,
  saveSection,
} from "~/server/merchandising/page-sections.service.server";
import { pickerProductsByIds, searchPickerProducts } from "~/server/catalog/index.server";
import { refreshSearchText } from "~/server/catalog/index.server";
import { publicCollectionAndPagePaths } from "~/server/merchandising/index.server";
import { LocalStorage } from "~/server/storage/storage.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let dir: string;
let storage: LocalStorage;
/** Page sections right after seeding (the seed adds none). */
let seededSections = -1;

/** Test products: m1..m6 in stock, m7 in_stock false, m8 with quantity 0 (newest last). */
const IN_STOCK = ["m1", "m2", "m3", "m4", "m5", "m6"];

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  seededSections = (await t.db.selectFrom("page_sections").select("id").execute()).length;
  dir = await mkdtemp(join(tmpdir(), "souq-merch-"));
  storage = new LocalStorage(dir);
  const rows = [...IN_STOCK, "m7", "m8"].map((id, index) => {
    const stamp = new Date(Date.UTC(2030, 0, 1, 0, index)).toISOString();
    return {
      id,
      slug: `merch-${id}`,
      title: id === "m1" ? "مسطرة إختبار" : `منتج تجريبي ${id}`,
      title_en: id === "m1" ? "Test ruler" : null,
      price: 100 * (index + 1),
      in_stock: id !== "m7",
      stock_quantity: id === "m7" || id === "m8" ? 0 : 10,
      created_at: stamp,
      updated_at: stamp,
    };
  });
  await t.db.insertInto("products").values(rows).execute();
  await refreshSearchText(
    t.db,
    rows.map((row) => row.id),
  );
});
afterAll(async () => {
  await t?.destroy();
  await rm(dir, { recursive: true, force: true });
});

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 1200, height: 400, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

const filesIn = async (folder: string) => {
  try {
    return (await readdir(join(dir, folder))).filter((name) => !name.startsWith("."));
  } catch {
    return [];
  }
};

let slugCounter = 0;
const freshSlug = (prefix: string) => `${prefix}-${++slugCounter}`;

const collectionFields = (overrides: MerchFormFields = {}): MerchFormFields => ({
  title: "عروض الاختبار",
  slug: freshSlug("offers"),
  description: "وصف",
  isActive: "on",
  ...overrides,
});

const newCollection = (fields: MerchFormFields = {}, productIds = ["m1", "m2"], image: { name: string; bytes: Buffer } | null = null) =>
  saveCollection(t.db, storage, { id: null, fields: collectionFields(fields), productIds, image, removeImage: false });

async function createdId(promise: Promise<MerchSaveResult>): Promise<number> {
  const result = await promise;
  expect(result).toMatchObject({ ok: true });
  return result.ok ? result.id : -1;
}

describe("collections", () => {
  it("refuse each invalid form with its error key, title and slug first", async () => {
    expect(await newCollection({ title: "", slug: "" }, [])).toEqual({ ok: false, status: 400, error: "titleSlugRequired" });
    expect(await newCollection({ title: " " }, ["nope"])).toEqual({ ok: false, status: 400, error: "titleSlugRequired" });
    expect(await newCollection({}, [])).toMatchObject({ ok: false, status: 400, error: "productsRequired" });
    expect(await newCollection({}, [" ", ""])).toMatchObject({ ok: false, error: "productsRequired" });
    expect(await newCollection({ slug: "bad/slug" })).toMatchObject({ ok: false, status: 400, error: "slugInvalid", field: "slug" });
    expect(await newCollection({ title: "x".repeat(MERCH_LIMITS.title + 1) })).toMatchObject({ error: "tooLong", field: "title" });
    expect(await newCollection({ description: "x".repeat(MERCH_LIMITS.description + 1) })).toMatchObject({ error: "tooLong", field: "description" });
    const many = Array.from({ length: MERCH_LIMITS.products + 1 }, (_, i) => `p${i}`);
    expect(await newCollection({}, many)).toMatchObject({ ok: false, error: "tooLong", field: "productIds" });
    expect(await newCollection({}, ["m1", "no-such-product"])).toMatchObject({ ok: false, status: 422, error: "unknownProducts" });
    const first = await createdId(newCollection({ slug: "taken-slug" }));
    expect(await newCollection({ slug: " Taken Slug " })).toMatchObject({ ok: false, status: 409, error: "slugTaken", field: "slug" });
    // Its own slug is not "taken" when it is saved again.
    expect(
      await saveCollection(t.db, storage, {
        id: first,
        fields: collectionFields({ slug: "taken-slug" }),
        productIds: ["m1"],
        image: null,
        removeImage: false,
      }),
    ).toEqual({ ok: true, id: first, created: false });
    expect(
      await saveCollection(t.db, storage, { id: 999_999, fields: collectionFields(), productIds: ["m1"], image: null, removeImage: false }),
    ).toMatchObject({ ok: false, status: 404, error: "notFound" });
  });

  it("refuse a file that is not an image or is too large, storing nothing", async () => {
    const before = await t.db.selectFrom("collections").select("id").execute();
    expect(await newCollection({}, ["m1"], { name: "x.png", bytes: Buffer.from("not an image") })).toMatchObject({
      ok: false,
      status: 422,
      error: "notImage",
    });
    expect(await newCollection({}, ["m1"], { name: "big.png", bytes: Buffer.alloc(MAX_IMAGE_BYTES + 1) })).toMatchObject({
      ok: false,
      status: 413,
      error: "tooLarge",
    });
    expect(await t.db.selectFrom("collections").select("id").execute()).toEqual(before);
    expect(await filesIn("collections")).toEqual([]);
  });

  it("keep the chosen order, deduplicated, and show only in-stock products publicly", async () => {
    const slug = freshSlug("ordered");
    const id = await createdId(newCollection({ slug }, ["m3", "m7", "m1", "m3", "m8", "m2"]));
    const admin = await getAdminCollection(t.db, id);
    expect(admin?.values.productIds).toEqual(["m3", "m7", "m1", "m8", "m2"]);
    expect(admin?.products.map((product) => [product.id, product.available])).toEqual([
      ["m3", true],
      ["m7", false],
      ["m1", true],
      ["m8", false],
      ["m2", true],
    ]);
    expect(admin?.card.productCount).toBe(5);
    const collection = await getPublicCollection(t.db, slug, "en");
    expect(collection?.products.map((product) => product.id)).toEqual(["m3", "m1", "m2"]);
    expect(collection?.products[1]?.title).toBe("Test ruler");
  });

  it("are public only while active; featured ones are listed by display order", async () => {
    const hidden = freshSlug("hidden");
    const hiddenId = await createdId(newCollection({ slug: hidden, isActive: "", isFeatured: "on" }));
    expect(await getPublicCollection(t.db, hidden, "ar")).toBeNull();
    expect(await getPublicCollection(t.db, "no-such-collection", "ar")).toBeNull();
    const late = await createdId(newCollection({ isFeatured: "on", displayOrder: "9" }, ["m1", "m7"]));
    const early = await createdId(newCollection({ isFeatured: "on", displayOrder: "-1" }, ["m4"]));
    const featured = await listFeaturedCollections(t.db, "ar");
    const ids = featured.map((teaser) => teaser.id);
    expect(ids).not.toContain(hiddenId);
    expect(ids.indexOf(early)).toBeLessThan(ids.indexOf(late));
    expect(featured.find((teaser) => teaser.id === late)?.productCount).toBe(1);
    const admin = await listAdminCollections(t.db);
    expect(admin.find((card) => card.id === hiddenId)).toMatchObject({ isActive: false, isFeatured: true });
    expect((await listCollectionOptions(t.db)).find((option) => option.id === hiddenId)).toMatchObject({ isActive: false });
    // Activated, it shows.
    await saveCollection(t.db, storage, {
      id: hiddenId,
      fields: collectionFields({ slug: hidden }),
      productIds: ["m1"],
      image: null,
      removeImage: false,
    });
    expect((await getPublicCollection(t.db, hidden, "ar"))?.id).toBe(hiddenId);
  });

  it("refused saves change nothing", async () => {
    const slug = freshSlug("kept");
    const id = await createdId(newCollection({ slug, title: "Kept" }, ["m1", "m2"]));
    const result = await saveCollection(t.db, storage, {
      id,
      fields: collectionFields({ slug, title: "Changed" }),
      productIds: ["m3", "ghost"],
      image: null,
      removeImage: false,
    });
    expect(result).toMatchObject({ ok: false, error: "unknownProducts" });
    const admin = await getAdminCollection(t.db, id);
    expect(admin?.values.title).toBe("Kept");
    expect(admin?.values.productIds).toEqual(["m1", "m2"]);
  });

  it("delete with their product list; 404 after", async () => {
    const id = await createdId(newCollection());
    expect(await deleteCollection(t.db, storage, id)).toEqual({ ok: true });
    expect(await getAdminCollection(t.db, id)).toBeNull();
    expect(await t.db.selectFrom("collection_products").select("product_id").where("collection_id", "=", id).execute()).toEqual([]);
    expect(await deleteCollection(t.db, storage, id)).toEqual({ ok: false, status: 404, error: "notFound" });
  });

  it("store, replace and remove a banner, keeping files another row still shows", async () => {
    const slug = freshSlug("bannered");
    const id = await createdId(newCollection({ slug }, ["m1"], { name: "red.png", bytes: await png(200, 0, 0) }));
    const first = (await getPublicCollection(t.db, slug, "ar"))!.bannerImage!;
    expect(first).toMatchObject({ width: 1200, height: 400, widths: [...IMAGE_WIDTHS] });
    expect(first.src).toMatch(/\/collections\//);
    expect(await filesIn("collections")).toHaveLength(IMAGE_WIDTHS.length);

    // Replaced: the old files go.
    await saveCollection(t.db, storage, {
      id,
      fields: collectionFields({ slug }),
      productIds: ["m1"],
      image: { name: "b.png", bytes: await png(0, 0, 200) },
      removeImage: false,
    });
    const second = (await getPublicCollection(t.db, slug, "ar"))!.bannerImage!;
    expect(second.src).not.toBe(first.src);
    const files = await filesIn("collections");
    expect(files).toHaveLength(IMAGE_WIDTHS.length);
    expect(files.every((name) => second.src.endsWith(name.replace(/-\d+\.webp$/, "")))).toBe(true);

    // Saved without a file: kept.
    await saveCollection(t.db, storage, { id, fields: collectionFields({ slug }), productIds: ["m2"], image: null, removeImage: false });
    expect((await getPublicCollection(t.db, slug, "ar"))!.bannerImage?.src).toBe(second.src);

    // Another row shows the same image: removing it here keeps the files.
    const other = await createdId(newCollection());
    await t.db
      .updateTable("collections")
      .set({ banner_url: second.src, banner_width: 1200, banner_height: 400, banner_widths: IMAGE_WIDTHS.join(",") })
      .where("id", "=", other)
      .execute();
    await saveCollection(t.db, storage, { id, fields: collectionFields({ slug }), productIds: ["m2"], image: null, removeImage: true });
    expect((await getPublicCollection(t.db, slug, "ar"))!.bannerImage).toBeNull();
    expect(await filesIn("collections")).toHaveLength(IMAGE_WIDTHS.length);

    // The last row showing it is deleted: the files go.
    expect(await deleteCollection(t.db, storage, other)).toEqual({ ok: true });
    expect(await filesIn("collections")).toEqual([]);
  });
});

describe("custom pages", () => {
  const pageFields = (overrides: MerchFormFields = {}): MerchFormFields => ({ title: "صفحة", slug: freshSlug("page"), isActive: "on", ...overrides });
  const newPage = (fields: MerchFormFields = {}, productIds: string[] = [], image: { name: string; bytes: Buffer } | null = null) =>
    saveCustomPage(t.db, storage, { id: null, fields: pageFields(fields), productIds, image, removeImage: false });

  it("need title and slug but no products", async () => {
    expect(await newPage({ slug: "" })).toEqual({ ok: false, status: 400, error: "titleSlugRequired" });
    expect(await newPage({}, ["ghost"])).toMatchObject({ ok: false, error: "unknownProducts" });
    await createdId(newPage());
  });

  it("show every chosen product in order, out-of-stock ones too, only while active", async () => {
    const slug = freshSlug("school");
    const id = await createdId(newPage({ slug }, ["m8", "m2", "m7"], { name: "hero.png", bytes: await png(0, 120, 0) }));
    const page = await getPublicCustomPage(t.db, slug, "ar");
    expect(page?.products.map((product) => [product.id, product.inStock])).toEqual([
      ["m8", true],
      ["m2", true],
      ["m7", false],
    ]);
    expect(page?.heroImage?.src).toMatch(/\/pages\//);
    expect((await listAdminCustomPages(t.db)).find((card) => card.id === id)).toMatchObject({ productCount: 3, isActive: true });
    expect(
      await saveCustomPage(t.db, storage, { id, fields: pageFields({ slug, isActive: "" }), productIds: ["m2"], image: null, removeImage: false }),
    ).toEqual({ ok: true, id, created: false });
    expect(await getPublicCustomPage(t.db, slug, "ar")).toBeNull();
    expect((await getAdminCustomPage(t.db, id))?.values).toMatchObject({ isActive: false, productIds: ["m2"] });
    expect(await filesIn("pages")).toHaveLength(IMAGE_WIDTHS.length);
    expect(await deleteCustomPage(t.db, storage, id)).toEqual({ ok: true });
    expect(await filesIn("pages")).toEqual([]);
    expect(await deleteCustomPage(t.db, storage, id)).toEqual({ ok: false, status: 404, error: "notFound" });
  });

  it("refuse a slug another page has", async () => {
    await createdId(newPage({ slug: "same-page" }));
    expect(await newPage({ slug: "same-page" })).toMatchObject({ ok: false, status: 409, error: "slugTaken" });
  });
});

describe("page sections", () => {
  const sectionFields = (page: PageIdentifier, overrides: MerchFormFields = {}): MerchFormFields => ({
    pageIdentifier: page,
    sectionType: "featured-products",
    title: "قسم",
    isActive: "on",
    ...overrides,
  });
  const addSection = (page: PageIdentifier, overrides: MerchFormFields = {}, productIds: string[] = []) =>
    createdId(saveSection(t.db, { id: null, fields: sectionFields(page, overrides), productIds }));
  const orders = async (page: PageIdentifier) => (await listAdminPageSections(t.db, page)).map((section) => [section.id, section.displayOrder]);

  it("refuse each invalid form with its error key", async () => {
    const save = (overrides: MerchFormFields, productIds: string[] = []) =>
      saveSection(t.db, { id: null, fields: sectionFields("games", overrides), productIds });
    expect(await save({ title: "" })).toEqual({ ok: false, status: 400, error: "requiredFields" });
    expect(await save({ sectionType: "" })).toEqual({ ok: false, status: 400, error: "requiredFields" });
    expect(await save({ sectionType: "carousel" })).toMatchObject({ ok: false, error: "invalidType" });
    expect(await save({ pageIdentifier: "admin" })).toMatchObject({ ok: false, error: "invalidPage" });
    expect(await save({ subtitle: "s".repeat(MERCH_LIMITS.subtitle + 1) })).toMatchObject({ ok: false, error: "tooLong", field: "subtitle" });
    expect(await save({ sectionType: "collection-slider" })).toMatchObject({ ok: false, status: 400, error: "collectionRequired" });
    expect(await save({ sectionType: "collection-slider", collectionId: "999999" })).toMatchObject({
      ok: false,
      status: 422,
      error: "unknownCollection",
    });
    expect(await save({}, ["m1", "ghost"])).toMatchObject({ ok: false, status: 422, error: "unknownProducts" });
    expect(await saveSection(t.db, { id: 999_999, fields: sectionFields("games"), productIds: [] })).toMatchObject({
      status: 404,
      error: "notFound",
    });
    expect(await listAdminPageSections(t.db, "games")).toEqual([]);
  });

  it("order: first 0, then max + 1; moves swap with the neighbour, none past the ends; delete leaves the others", async () => {
    const a = await addSection("categories");
    const b = await addSection("categories");
    const c = await addSection("categories");
    expect(await orders("categories")).toEqual([
      [a, 0],
      [b, 1],
      [c, 2],
    ]);

    expect(await moveSection(t.db, c, "up")).toEqual({ ok: true });
    expect(await orders("categories")).toEqual([
      [a, 0],
      [c, 1],
      [b, 2],
    ]);
    expect(await moveSection(t.db, a, "down")).toEqual({ ok: true });
    expect(await orders("categories")).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    expect(await moveSection(t.db, c, "up")).toEqual({ ok: false, status: 409, error: "atEdge" });
    expect(await moveSection(t.db, b, "down")).toEqual({ ok: false, status: 409, error: "atEdge" });
    expect(await moveSection(t.db, 999_999, "up")).toEqual({ ok: false, status: 404, error: "notFound" });

    expect(await deletePageSection(t.db, a)).toEqual({ ok: true });
    expect(await orders("categories")).toEqual([
      [c, 0],
      [b, 2],
    ]);
    expect(await deletePageSection(t.db, a)).toEqual({ ok: false, status: 404, error: "notFound" });
    const d = await addSection("categories");
    expect(await orders("categories")).toEqual([
      [c, 0],
      [b, 2],
      [d, 3],
    ]);
    // Other pages have their own orders.
    expect(await orders("school-supplies")).toEqual([]);
  });

  it("an edit keeps the page and the order, and replaces the products", async () => {
    const id = await addSection("school-supplies", {}, ["m1", "m2"]);
    expect(
      await saveSection(t.db, { id, fields: sectionFields("home", { title: "معدل", sectionType: "special-offers" }), productIds: ["m3"] }),
    ).toEqual({ ok: true, id, created: false });
    const [section] = await listAdminPageSections(t.db, "school-supplies");
    expect(section).toMatchObject({
      id,
      title: "معدل",
      type: "special-offers",
      productIds: ["m3"],
      displayOrder: 0,
      pageIdentifier: "school-supplies",
    });
    await deletePageSection(t.db, id);
  });

  it("10 sections added at once get 10 distinct orders", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => saveSection(t.db, { id: null, fields: sectionFields("games", { title: `S${i}` }), productIds: ["m1"] })),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const sections = await listAdminPageSections(t.db, "games");
    expect(sections.map((section) => section.displayOrder).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("moves at once leave distinct orders", async () => {
    const before = await listAdminPageSections(t.db, "games");
    const results = await Promise.all(
      before.flatMap((section, index) => [moveSection(t.db, section.id, index % 2 ? "up" : "down"), moveSection(t.db, section.id, "down")]),
    );
    for (const result of results) {
      if (!result.ok) expect(["atEdge", "moveFailed"]).toContain(result.error);
    }
    const after = await listAdminPageSections(t.db, "games");
    expect(after).toHaveLength(10);
    expect(new Set(after.map((section) => section.displayOrder)).size).toBe(10);
    expect(after.every((section) => section.displayOrder >= 0)).toBe(true);
  });

  it("resolve the storefront layout: active only, in order, in stock, fallback and collections", async () => {
    const activeCollection = freshSlug("slider");
    const collectionId = await createdId(newCollection({ slug: activeCollection }, ["m7", "m5", "m4"]));
    const hiddenCollection = await createdId(newCollection({ isActive: "" }, ["m1"]));
    const many = await addSection("home", { title: "Chosen" }, ["m8", "m2", "m7", "m1"]);
    await addSection("home", { title: "Hidden", isActive: "" }, ["m1"]);
    const fallback = await addSection("home", { title: "Fallback", sectionType: "special-offers" });
    const slider = await addSection("home", { title: "Slider", sectionType: "collection-slider", collectionId: String(collectionId) });
    const hiddenSlider = await addSection("home", { title: "Gone", sectionType: "collection-slider", collectionId: String(hiddenCollection) });
    const banner = await addSection("home", { title: "Banner", sectionType: "banner", subtitle: "Sub" });

    const layout = await getPageLayout(t.db, "home", "ar");
    expect(layout.map((section) => section.id)).toEqual([many, fallback, slider, hiddenSlider, banner]);
    expect(layout[0]!.products.map((product) => product.id)).toEqual(["m2", "m1"]);
    const offers = await t.db.selectFrom("products").select("id").where("section_id", "=", "special-offers").where("in_stock", "=", true).execute();
    expect(layout[1]!.products.length).toBeGreaterThan(0);
    expect(layout[1]!.products.every((product) => offers.some((row) => row.id === product.id))).toBe(true);
    expect(layout[2]!.collection).toMatchObject({ id: collectionId, slug: activeCollection, productCount: 2 });
    expect(layout[2]!.collection?.products.map((product) => product.id)).toEqual(["m5", "m4"]);
    expect(layout[3]!.collection).toBeNull();
    expect(layout[4]).toMatchObject({ type: "banner", subtitle: "Sub", products: [], collection: null });

    // At most SECTION_PRODUCT_LIMIT products a section.
    const seeded = await t.db
      .selectFrom("products")
      .select("id")
      .where("in_stock", "=", true)
      .where("stock_quantity", ">", 0)
      .limit(SECTION_PRODUCT_LIMIT + 3)
      .execute();
    const big = await addSection(
      "categories",
      { title: "Big" },
      seeded.map((row) => row.id),
    );
    const bigSection = (await getPageLayout(t.db, "categories", "ar")).find((section) => section.id === big);
    expect(bigSection?.products).toHaveLength(SECTION_PRODUCT_LIMIT);

    // A deleted collection leaves its sections without one.
    await deleteCollection(t.db, storage, collectionId);
    expect((await listAdminPageSections(t.db, "home")).find((section) => section.id === slider)?.collectionId).toBeNull();
  });
});

describe("texts in three languages", () => {
  const translated = {
    titleEn: " Summer deals ",
    descriptionEn: "Everything for the beach",
    metaTitleEn: "Summer deals | Souq",
    titleFr: "",
    descriptionFr: "  ",
  };

  it("a collection's English and French texts are saved, read back in the form, and shown in their language, Arabic where none", async () => {
    const slug = freshSlug("summer");
    const id = await createdId(
      newCollection({ slug, title: "عروض الصيف", description: "كل شيء للشاطئ", metaTitle: "عروض الصيف | سوق", ...translated }),
    );
    expect(
      await t.db
        .selectFrom("collections")
        .select(["title_en", "title_fr", "description_fr", "meta_description_en"])
        .where("id", "=", id)
        .executeTakeFirst(),
    ).toEqual({
      title_en: "Summer deals",
      title_fr: null,
      description_fr: null,
      meta_description_en: null,
    });
    expect((await getAdminCollection(t.db, id))?.values).toMatchObject({
      title: "عروض الصيف",
      titleEn: "Summer deals",
      titleFr: "",
      descriptionEn: "Everything for the beach",
      metaTitleEn: "Summer deals | Souq",
      metaDescriptionFr: "",
    });

    expect(await getPublicCollection(t.db, slug, "en")).toMatchObject({
      title: "Summer deals",
      description: "Everything for the beach",
      metaTitle: "Summer deals | Souq",
      metaDescription: null,
    });
    expect(await getPublicCollection(t.db, slug, "fr")).toMatchObject({
      title: "عروض الصيف",
      description: "كل شيء للشاطئ",
      metaTitle: "عروض الصيف | سوق",
    });
    expect(await getPublicCollection(t.db, slug, "ar")).toMatchObject({ title: "عروض الصيف", metaTitle: "عروض الصيف | سوق" });
    // The admin keeps the Arabic reference.
    expect((await listAdminCollections(t.db)).find((card) => card.id === id)?.title).toBe("عروض الصيف");

    // Cleared, the English page falls back to the Arabic again.
    await saveCollection(t.db, storage, {
      id,
      fields: collectionFields({ slug, title: "عروض الصيف", titleEn: "", titleFr: "Offres d'été" }),
      productIds: ["m1"],
      image: null,
      removeImage: false,
    });
    expect((await getPublicCollection(t.db, slug, "en"))?.title).toBe("عروض الصيف");
    expect((await getPublicCollection(t.db, slug, "fr"))?.title).toBe("Offres d'été");
  });

  it("a custom page's texts and its hero's alt follow the page's language", async () => {
    const slug = freshSlug("rentree");
    const fields = { title: "الدخول المدرسي", slug, isActive: "on", titleFr: "La rentrée", descriptionFr: "Tout pour l'école" };
    const result = await saveCustomPage(t.db, storage, {
      id: null,
      fields,
      productIds: ["m2"],
      image: { name: "hero.png", bytes: await png(0, 0, 120) },
      removeImage: false,
    });
    const id = result.ok ? result.id : -1;
    expect(await getPublicCustomPage(t.db, slug, "fr")).toMatchObject({
      title: "La rentrée",
      description: "Tout pour l'école",
      metaTitle: null,
      heroImage: { alt: "La rentrée" },
    });
    expect(await getPublicCustomPage(t.db, slug, "en")).toMatchObject({
      title: "الدخول المدرسي",
      description: null,
      heroImage: { alt: "الدخول المدرسي" },
    });
    expect((await getAdminCustomPage(t.db, id))?.values).toMatchObject({ titleFr: "La rentrée", titleEn: "" });
    await deleteCustomPage(t.db, storage, id);
  });

  it("a page section's title and subtitle, and the collection it shows, are in the page's language", async () => {
    const collectionId = await createdId(newCollection({ title: "ألعاب", titleEn: "Toys", isFeatured: "on" }, ["m4"]));
    const saved = await saveSection(t.db, {
      id: null,
      fields: {
        pageIdentifier: "school-supplies",
        sectionType: "collection-slider",
        title: "تشكيلة",
        subtitle: "الأفضل",
        titleEn: "Selection",
        subtitleFr: "Le meilleur",
        collectionId: String(collectionId),
        isActive: "on",
      },
      productIds: [],
    });
    const id = saved.ok ? saved.id : -1;
    expect((await listAdminPageSections(t.db, "school-supplies")).find((section) => section.id === id)).toMatchObject({
      title: "تشكيلة",
      titleEn: "Selection",
      titleFr: null,
      subtitleEn: null,
      subtitleFr: "Le meilleur",
    });
    const section = async (language: "ar" | "en" | "fr") => (await getPageLayout(t.db, "school-supplies", language)).find((one) => one.id === id);
    expect(await section("en")).toMatchObject({ title: "Selection", subtitle: "الأفضل", collection: { title: "Toys" } });
    expect(await section("fr")).toMatchObject({ title: "تشكيلة", subtitle: "Le meilleur", collection: { title: "ألعاب" } });
    expect(await section("ar")).toMatchObject({ title: "تشكيلة", subtitle: "الأفضل", collection: { title: "ألعاب" } });
    expect((await listFeaturedCollections(t.db, "en")).find((teaser) => teaser.id === collectionId)?.title).toBe("Toys");
    expect(
      await saveSection(t.db, {
        id,
        fields: { pageIdentifier: "school-supplies", sectionType: "banner", title: "ت", titleFr: "x".repeat(MERCH_LIMITS.title + 1) },
        productIds: [],
      }),
    ).toMatchObject({
      ok: false,
      error: "tooLong",
      field: "titleFr",
    });
    await deletePageSection(t.db, id);
    await deleteCollection(t.db, storage, collectionId);
  });
});

describe("product picker", () => {
  it("finds titles whatever the Arabic variant or case, newest first", async () => {
    expect((await searchPickerProducts(t.db, { q: "مسطره اختبار", availableOnly: false })).map((p) => p.id)).toEqual(["m1"]);
    expect((await searchPickerProducts(t.db, { q: "TEST RULER", availableOnly: true })).map((p) => p.id)).toEqual(["m1"]);
    const tests = await searchPickerProducts(t.db, { q: "منتج تجريبي", availableOnly: false });
    expect(tests.map((p) => p.id)).toEqual(["m8", "m7", "m6", "m5", "m4", "m3", "m2"]);
    expect((await searchPickerProducts(t.db, { q: "منتج تجريبي", availableOnly: true })).map((p) => p.id)).toEqual(["m6", "m5", "m4", "m3", "m2"]);
    expect(await searchPickerProducts(t.db, { q: "qq%_zz", availableOnly: false })).toEqual([]);
  });

  it("lists the newest products for an empty query, within the limit", async () => {
    expect(await searchPickerProducts(t.db, { q: "", availableOnly: false, limit: 3 })).toHaveLength(3);
    expect(await searchPickerProducts(t.db, { q: "", availableOnly: false, limit: 500 })).toHaveLength(50);
    expect((await searchPickerProducts(t.db, { q: "", availableOnly: false }))[0]?.id).toBe("m8");
  });

  it("gives products by id in the given order, unknown ones dropped", async () => {
    const products = await pickerProductsByIds(t.db, ["m3", "ghost", "m1"]);
    expect(products.map((p) => p.id)).toEqual(["m3", "m1"]);
    expect(products[1]).toMatchObject({ title: "مسطرة إختبار", price: 100, available: true });
  });
});

describe("sitemap", () => {
  it("lists the active collections and pages", async () => {
    const now = nowIso();
    const paths = (await publicCollectionAndPagePaths(t.db)).map((entry) => entry.path);
    const collections = await t.db.selectFrom("collections").select(["slug", "is_active"]).execute();
    for (const row of collections) expect(paths.includes(`/collections/${encodeURIComponent(row.slug)}`)).toBe(Boolean(row.is_active));
    const pages = await t.db.selectFrom("custom_pages").select(["slug", "is_active"]).execute();
    for (const row of pages) expect(paths.includes(`/pages/${encodeURIComponent(row.slug)}`)).toBe(Boolean(row.is_active));
    expect(now).toBeTruthy();
  });
});

describe("demo seed", () => {
  it("has one featured collection of in-stock products with a banner and one custom page", async () => {
    const offers = await getPublicCollection(t.db, "weekly-offers", "ar");
    expect(offers?.title).toBe("عروض الأسبوع");
    expect(offers?.products.length).toBeGreaterThanOrEqual(4);
    expect(offers?.bannerImage?.src).toMatch(/\/collections\/weekly-offers-/);
    expect((await listFeaturedCollections(t.db, "ar")).map((teaser) => teaser.slug)).toContain("weekly-offers");
    const page = await getPublicCustomPage(t.db, "back-to-school", "ar");
    expect(page?.products.length).toBeGreaterThanOrEqual(3);
    expect(seededSections).toBe(0);
  });

  it("gives the demo collection and page English and French texts: no Arabic merchant text on those pages", async () => {
    const arabic = /\p{Script=Arabic}/u;
    for (const language of ["en", "fr"] as const) {
      const offers = await getPublicCollection(t.db, "weekly-offers", language);
      const page = await getPublicCustomPage(t.db, "back-to-school", language);
      for (const record of [offers, page]) {
        const texts = [record?.title, record?.description, record?.metaTitle, record?.metaDescription];
        for (const text of texts) {
          expect(text, `${language}: ${String(text)}`).toBeTruthy();
          expect(text, language).not.toMatch(arabic);
        }
      }
    }
  });
});
