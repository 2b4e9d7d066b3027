import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import wilayaData from "~/data/wilayas.json";
import { demoProducts } from "~/data/demo-catalogue";
import { IMAGE_WIDTHS, parseImageWidths, variantUrl } from "~/lib/images";
import { migrateToLatest } from "~/server/db/migrate.server";
import { seed } from "~/server/db/seed.server";
import { toBool } from "~/server/db/types.server";
import { checkDatabase } from "~/server/db/health.server";
import { seededCategories, seededProducts } from "../support/seeded-catalogue";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

describe(`database (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "SQLite"})`, () => {
  it("migrates an empty database and a second run applies nothing", async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
    await expect(checkDatabase(t.db)).resolves.toBeUndefined();
  });

  it("seeds the 69 wilayas and the demo catalogue into an empty shop, once", async () => {
    const first = await seed(t.db, { demoCatalogue: true, storage: t.storage });
    expect(first.wilayas).toBe(69);
    expect(first.communes).toBe(1541);
    // The demo catalogue's 14 categories and the jewellery one, with their products.
    expect(first.categories).toBe(seededCategories.length);
    expect(first.products).toBe(seededProducts.length);

    const again = await seed(t.db, { demoCatalogue: true, storage: t.storage });
    expect(again).toEqual({ wilayas: 0, communes: 0, categories: 0, sections: 0, products: 0 });
    const products = await t.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(products.n)).toBe(seededProducts.length);
  });

  it("stores every demo picture as WebP variants at each ladder width, files present", async () => {
    const rows = await t.db.selectFrom("product_images").select(["url", "widths", "width", "height"]).execute();
    expect(rows).toHaveLength(seededProducts.reduce((n, p) => n + p.imageCount, 0));
    for (const row of rows) {
      expect(row.widths).toBe("320,640,960");
      expect(row.url).toMatch(/^\/uploads\/products\/[a-z0-9-]+-[0-9a-f]{8}$/);
      expect([row.width, row.height]).toEqual([800, 800]);
      for (const width of parseImageWidths(row.widths)) {
        const key = variantUrl(row.url, width).slice("/uploads/".length);
        expect(existsSync(t.storage.pathOf(key)), key).toBe(true);
      }
    }
    expect(parseImageWidths(rows[0]!.widths)).toEqual([...IMAGE_WIDTHS]);
  });

  it("stores the wilayas of the reference file, 2026 ones pointing at their parent", async () => {
    const rows = await t.db.selectFrom("wilayas").selectAll().orderBy("code").execute();
    expect(rows).toHaveLength(wilayaData.wilayas.length);
    const alger = rows.find((w) => w.code === "16");
    expect(alger).toMatchObject({ name: "Alger", name_ar: "الجزائر", home_price: 0, zone: "A" });
    const newest = rows.find((w) => w.code === "69");
    expect(newest?.parent_code).toBe("32");
    expect(rows.every((w) => toBool(w.active))).toBe(true);
  });

  it("keeps product images in their order and reads booleans the same on both dialects", async () => {
    const product = demoProducts.find((p) => p.images.length > 1) ?? demoProducts[0]!;
    const images = await t.db
      .selectFrom("product_images")
      .select(["url", "alt", "position"])
      .where("product_id", "=", product.id)
      .orderBy("position")
      .execute();
    expect(images.map((i) => i.alt)).toEqual(product.images.map((i) => i.alt));
    // The stored base URL is named after the demo file: /images/demo/x.svg → /uploads/products/x-<hash>.
    const slug = (url: string) => url.replace(/^.*\//, "").replace(/(\.svg|-[0-9a-f]{8})$/, "");
    expect(images.map((i) => slug(i.url))).toEqual(product.images.map((i) => slug(i.src)));

    const outOfStock = demoProducts.find((p) => !p.inStock)!;
    const row = await t.db.selectFrom("products").select(["in_stock"]).where("id", "=", outOfStock.id).executeTakeFirstOrThrow();
    expect(toBool(row.in_stock)).toBe(false);
    const inStockCount = await t.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("in_stock", "=", true)
      .executeTakeFirstOrThrow();
    expect(Number(inStockCount.n)).toBe(seededProducts.filter((p) => p.inStock).length);
  });

  it("binds booleans wherever a query takes a value: a write, an IN list, a literal, a transaction", async () => {
    const outOfStock = demoProducts.find((p) => !p.inStock)!;
    const inStock = async () =>
      toBool((await t.db.selectFrom("products").select("in_stock").where("id", "=", outOfStock.id).executeTakeFirstOrThrow()).in_stock);
    await t.db.updateTable("products").set({ in_stock: true }).where("id", "=", outOfStock.id).execute();
    expect(await inStock()).toBe(true);
    const listed = await t.db.selectFrom("products").select("id").where("in_stock", "in", [true]).where("id", "=", outOfStock.id).execute();
    expect(listed).toHaveLength(1);
    const literal = await t.db
      .selectFrom("products")
      .select("id")
      .where((eb) => eb("in_stock", "=", eb.lit(true)))
      .where("id", "=", outOfStock.id)
      .execute();
    expect(literal).toHaveLength(1);
    await t.db.transaction().execute((trx) => trx.updateTable("products").set({ in_stock: false }).where("id", "=", outOfStock.id).execute());
    expect(await inStock()).toBe(false);
  });

  it("enforces foreign keys: deleting a product deletes its images", async () => {
    const product = demoProducts[0]!;
    await t.db.deleteFrom("products").where("id", "=", product.id).execute();
    const left = await t.db.selectFrom("product_images").select("id").where("product_id", "=", product.id).execute();
    expect(left).toEqual([]);
    await expect(
      t.db.insertInto("product_images").values({ product_id: "p-missing", position: 0, url: "/x.svg", width: 1, height: 1, alt: "" }).execute(),
    ).rejects.toThrow();
  });

  it("refuses a negative price", async () => {
    await expect(
      t.db
        .insertInto("products")
        .values({
          id: "p1",
          slug: "bad-price",
          title: "سعر سالب",
          price: -1,
          in_stock: true,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
    // The failed insert left nothing behind.
    const row = await t.db.selectFrom("products").select("id").where("slug", "=", "bad-price").executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
