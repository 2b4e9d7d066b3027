import { afterEach, describe, expect, it } from "vitest";
import { demoCategories, demoProducts } from "../../app/data/demo-catalogue";
import { searchDocument, searchTokens } from "../../app/lib/search-text";
import { openDatabase, type DatabaseHandle } from "../../app/server/db/db.server";
import { migrateToLatest } from "../../app/server/db/migrate.server";
import { refreshSearchText } from "../../app/server/catalog/index.server";
import { BENCH_MANY_RESULTS_QUERY, benchProducts, growCatalogue, type TemplateProduct } from "./bench-catalogue";

const template = (over: Partial<TemplateProduct>): TemplateProduct => ({
  id: "p1",
  slug: "blender",
  title: "خلاط كهربائي",
  title_en: "Electric Blender",
  title_fr: "Mixeur électrique",
  description: "خلاط قوي.",
  description_en: "A strong blender.",
  description_fr: "Un mixeur puissant.",
  price: 5000,
  section_id: "featured",
  category: "kitchen",
  low_stock_threshold: 5,
  sku: "KIT-001",
  images: [{ position: 0, url: "/uploads/products/blender", width: 800, height: 800, alt: "خلاط", widths: "320,640" }],
  ...over,
});

describe("benchProducts", () => {
  const templates = [
    template({}),
    template({ id: "p2", slug: "kettle", title: "غلاية", sku: "KIT-002", images: [] }),
    template({ id: "p3", slug: "doll", title: "دمية", category: "toys", sku: "TOY-001" }),
  ];
  const newest = new Date("2026-11-18T00:00:00.000Z");

  it("spreads products over the categories with unique ids, slugs and SKUs, and reuses the images", () => {
    const { products, images } = benchProducts(templates, 0, 600, newest);
    expect(products).toHaveLength(600);
    expect(products.filter((p) => p.category === "kitchen")).toHaveLength(300);
    expect(new Set(products.map((p) => p.id)).size).toBe(600);
    expect(new Set(products.map((p) => p.slug)).size).toBe(600);
    expect(new Set(products.map((p) => p.sku)).size).toBe(600);
    for (const p of products) {
      expect(p.id).toMatch(/^p\d{13}$/);
      expect(p.price).toBeGreaterThanOrEqual(100);
      expect(p.price % 10).toBe(0);
      expect(p.in_stock).toBe(Number(p.stock_quantity) > 0);
      expect(String(p.created_at) <= newest.toISOString()).toBe(true);
    }
    // Two templates of three have one image each.
    expect(images.length).toBe(products.filter((p) => !p.slug.startsWith("kettle")).length);
    expect(images.every((image) => image.url === "/uploads/products/blender" && image.widths === "320,640")).toBe(true);
    expect(products.some((p) => !p.in_stock)).toBe(true);
    expect(products.some((p) => Number(p.compare_at_price) > p.price)).toBe(true);
  });

  it("is deterministic, and numbers from `first`", () => {
    expect(benchProducts(templates, 0, 50, newest)).toEqual(benchProducts(templates, 0, 50, newest));
    const later = benchProducts(templates, 50, 10, newest).products;
    expect(later[0]).toEqual(benchProducts(templates, 0, 60, newest).products[50]);
  });

  it("puts the many-results query in about one title in six", () => {
    const { products } = benchProducts(templates, 0, 600, newest);
    const [token] = searchTokens(BENCH_MANY_RESULTS_QUERY);
    const matches = products.filter((p) =>
      searchDocument({ title: p.title, titleEn: p.title_en ?? null, titleFr: p.title_fr ?? null, sku: p.sku ?? null }).includes(token!),
    );
    expect(matches.length).toBeGreaterThan(60);
    expect(matches.length).toBeLessThan(200);
  });
});

describe("growCatalogue", () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it("grows a demo-seeded database to the target, with search_text and images, in one go", async () => {
    handle = openDatabase("file::memory:");
    const { db } = handle;
    await migrateToLatest(db);
    const now = new Date().toISOString();
    await db
      .insertInto("categories")
      .values(
        demoCategories.map((c) => ({
          slug: c.slug,
          name: c.name,
          name_en: c.nameEn,
          name_fr: c.nameFr,
          description: c.description,
          created_at: now,
        })),
      )
      .execute();
    await db
      .insertInto("sections")
      .values([
        { id: "featured", name: "x", name_en: null, name_fr: null, created_at: now },
        { id: "special-offers", name: "y", name_en: null, name_fr: null, created_at: now },
      ])
      .execute();
    const seeded = demoProducts.slice(0, 8);
    for (const p of seeded) {
      await db
        .insertInto("products")
        .values({
          id: p.id,
          slug: p.slug,
          title: p.title,
          title_en: p.titleEn,
          title_fr: p.titleFr,
          description: p.description,
          price: p.price,
          section_id: p.sectionId,
          category: p.category,
          in_stock: p.inStock,
          sku: p.sku,
          created_at: p.createdAt,
          updated_at: p.createdAt,
        })
        .execute();
      await db
        .insertInto("product_images")
        .values({ product_id: p.id, position: 0, url: `/uploads/${p.slug}`, width: 800, height: 800, alt: p.title, widths: "320" })
        .execute();
    }
    await refreshSearchText(db); // as the seed does

    const report = await growCatalogue(db, 1_200);
    expect(report).toMatchObject({ before: 8, after: 1_200, inserted: 1_192 });
    const empty = await db.selectFrom("products").select("id").where("search_text", "=", "").execute();
    expect(empty).toEqual([]);
    const images = await db
      .selectFrom("product_images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(images.n)).toBe(1_200);
    const category = seeded[0]!.category;
    const slug = report.sampleSlug(category);
    const sample = await db.selectFrom("products").selectAll().where("slug", "=", slug!).executeTakeFirstOrThrow();
    expect(sample.category).toBe(category);
    expect(sample.search_text).toBe(searchDocument({ title: sample.title, titleEn: sample.title_en, titleFr: sample.title_fr, sku: sample.sku }));

    // Again: nothing to do at the target; a higher target numbers on without clashes.
    expect((await growCatalogue(db, 1_200)).inserted).toBe(0);
    expect(await growCatalogue(db, 1_300)).toMatchObject({ inserted: 100, after: 1_300 });
  });
});
