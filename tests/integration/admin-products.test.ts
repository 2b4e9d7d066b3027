import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "~/lib/admin-product";
import { IMAGE_WIDTHS } from "~/lib/images";
import {
  deleteProduct,
  deleteProductImage,
  getAdminProduct,
  listAdminProducts,
  moveProductImage,
  saveProduct,
} from "~/server/catalog/admin-product.service.server";
import { getProduct } from "~/server/catalog/product.service.server";
import { searchProducts } from "~/server/catalog/index.server";
import { LocalStorage } from "~/server/storage/storage.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let dir: string;
let storage: LocalStorage;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  dir = await mkdtemp(join(tmpdir(), "souq-admin-products-"));
  storage = new LocalStorage(dir);
});
afterAll(async () => {
  await database?.destroy();
  await rm(dir, { recursive: true, force: true });
});

const storedFiles = async () => {
  try {
    return (await readdir(join(dir, "products"))).filter((name) => !name.startsWith("."));
  } catch {
    return [];
  }
};

const png = (r: number, g: number, b: number, width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

const fields = (overrides: Record<string, string> = {}) => ({
  title: "غلاية اختبار كهربائية",
  titleEn: "Test kettle",
  slug: "Test Kettle",
  category: "kitchen",
  sectionId: "featured",
  price: "2500",
  compareAtPrice: "3000",
  inStock: "on",
  stockQuantity: "12",
  sku: "TK-1",
  ...overrides,
});

describe("admin products service", () => {
  let id: string;

  it("creates a product with two images stored in order as WebP variants, and search finds it", async () => {
    const files = [
      { name: "red.png", bytes: await png(200, 30, 30) },
      { name: "blue.png", bytes: await png(30, 30, 200) },
    ];
    const result = await saveProduct(database.db, storage, { id: null, fields: fields(), files });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    id = result.id;
    expect(id).toMatch(/^p\d{13}$/);

    const product = await getAdminProduct(database.db, id);
    expect(product?.slug).toBe("test-kettle");
    expect(product?.images.map((image) => image.position)).toEqual([0, 1]);
    expect(product?.images.every((image) => image.widths.join(",") === IMAGE_WIDTHS.join(","))).toBe(true);
    expect(product?.images[0]!.src).not.toBe(product?.images[1]!.src);
    expect((await storedFiles()).filter((name) => name.endsWith(".webp"))).toHaveLength(6);
    const red = await sharp((await storage.get(`products/${product!.images[0]!.src.split("/").pop()}-320.webp`))!).stats();
    expect(red.dominant.r).toBeGreaterThan(red.dominant.b);

    // The storefront finds it by slug and by its numeric id; /search finds it (refreshSearchText ran).
    expect((await getProduct(database.db, "test-kettle", "ar"))?.price).toBe(2500);
    expect((await getProduct(database.db, id.slice(1), "ar"))?.id).toBe(id);
    const found = await searchProducts(database.db, "غلايه اختبار", "ar", { sort: "relevance", page: 1 });
    expect(found.products.map((p) => p.id)).toContain(id);
    const list = await listAdminProducts(database.db, { q: "test kettle", category: null, sectionId: null, stock: "in", page: 1 }, "ar");
    expect(list.products.map((p) => p.id)).toEqual([id]);
  });

  it("refuses a slug clash, a compare-at below the price and missing required fields", async () => {
    const clash = await saveProduct(database.db, storage, { id: null, fields: fields({ slug: "test kettle " }), files: [] });
    expect(clash).toMatchObject({ ok: false, status: 409, formError: "slugTaken", fieldErrors: { slug: "slugTaken" } });
    const below = await saveProduct(database.db, storage, {
      id: null,
      fields: fields({ slug: "other", compareAtPrice: "2000" }),
      files: [],
    });
    expect(below).toMatchObject({ ok: false, fieldErrors: { compareAtPrice: "compareAtBelowPrice" } });
    const missing = await saveProduct(database.db, storage, { id: null, fields: fields({ title: "", slug: "x" }), files: [] });
    expect(missing).toMatchObject({ ok: false, formError: "requiredFields", fieldErrors: { title: "required" } });
  });

  it("edits a product and refreshes its search text", async () => {
    const result = await saveProduct(database.db, storage, {
      id,
      fields: fields({ price: "1990", compareAtPrice: "0", titleEn: "Renamed teapot" }),
      files: [],
    });
    expect(result).toEqual({ ok: true, id, created: false });
    expect(await getProduct(database.db, "test-kettle", "en")).toMatchObject({ price: 1990, originalPrice: null, title: "Renamed teapot" });
    const found = await searchProducts(database.db, "teapot", "en", { sort: "relevance", page: 1 });
    expect(found.products.map((p) => p.id)).toEqual([id]);
  });

  it("refuses a renamed text file and a file over 5 MB, and stores nothing", async () => {
    const before = await storedFiles();
    const images = (await getAdminProduct(database.db, id))!.images.length;
    const text = await saveProduct(database.db, storage, {
      id: null,
      fields: fields({ slug: "fake-image" }),
      files: [
        { name: "ok.png", bytes: await png(10, 200, 10) },
        { name: "photo.png", bytes: Buffer.from("this is not an image at all") },
      ],
    });
    expect(text).toMatchObject({ ok: false, imageError: { error: "notImage", file: "photo.png" } });
    const big = Buffer.concat([await png(1, 2, 3, 64, 64), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const large = await saveProduct(database.db, storage, { id, fields: fields(), files: [{ name: "huge.png", bytes: big }] });
    expect(large).toMatchObject({ ok: false, status: 413, imageError: { error: "tooLarge", file: "huge.png" } });
    expect(await storedFiles()).toEqual(before);
    expect(await getProduct(database.db, "fake-image", "ar")).toBeNull();
    expect((await getAdminProduct(database.db, id))!.images).toHaveLength(images);
  });

  it("reorders images and deletes one with its files", async () => {
    const before = (await getAdminProduct(database.db, id))!.images;
    expect(await moveProductImage(database.db, id, before[1]!.id, "up")).toEqual({ ok: true });
    const moved = (await getAdminProduct(database.db, id))!.images;
    expect(moved.map((image) => image.id)).toEqual([before[1]!.id, before[0]!.id]);
    expect(moved.map((image) => image.position)).toEqual([0, 1]);

    expect(await deleteProductImage(database.db, storage, id, moved[0]!.id)).toEqual({ ok: true });
    const left = (await getAdminProduct(database.db, id))!.images;
    expect(left.map((image) => [image.id, image.position])).toEqual([[before[0]!.id, 0]]);
    expect(await storedFiles()).toHaveLength(3);
  });

  it("deletes a product used by an order; its files go, the order line keeps its snapshot", async () => {
    const now = new Date().toISOString();
    const wilaya = await database.db.selectFrom("wilayas").select("code").executeTakeFirstOrThrow();
    const order = await database.db
      .insertInto("orders")
      .values({
        order_number: "T-ADMIN-1",
        source: "cart_page",
        status: "new",
        first_name: "أمين",
        last_name: "ب",
        phone: "0550000000",
        wilaya_code: wilaya.code,
        address: null,
        email: null,
        items_total: 1990,
        delivery_price: 0,
        total: 1990,
        ref: null,
        ip: "127.0.0.1",
        user_agent: null,
        idempotency_key: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto("order_items")
      .values({
        order_id: order.id,
        position: 0,
        product_id: id,
        title: "غلاية اختبار كهربائية",
        unit_price: 1990,
        compare_at_price: 0,
        quantity: 1,
        line_total: 1990,
      })
      .execute();

    expect(await deleteProduct(database.db, storage, id)).toEqual({ ok: true });
    expect(await getProduct(database.db, "test-kettle", "ar")).toBeNull();
    expect(await storedFiles()).toEqual([]);
    const line = await database.db.selectFrom("order_items").select(["title", "unit_price"]).where("product_id", "=", id).executeTakeFirst();
    expect(line).toEqual({ title: "غلاية اختبار كهربائية", unit_price: 1990 });
    expect(await deleteProduct(database.db, storage, id)).toMatchObject({ ok: false, status: 404 });
  });
});
