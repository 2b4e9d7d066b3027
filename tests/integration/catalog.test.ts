import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { fallbackBackpacks, fallbackPools, fallbackToys } from "~/data/fallback-products";
import { getCategory, getHomeProducts, getProduct, listCategoryProducts, listSectionsProducts, PAGE_SIZE } from "~/server/catalog/index.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) => b.createdAt.localeCompare(a.createdAt);

describe("home sections", () => {
  it("answers an empty listing for a category slug that names an Object.prototype member, never a server error", async () => {
    for (const slug of ["valueOf", "constructor", "toString", "__proto__"]) {
      const listing = await listCategoryProducts(t.db, slug, "ar", { sort: "newest", page: 1 });
      expect(listing, slug).toMatchObject({ products: [], total: 0, fallback: false });
    }
  });

  it("show the 8 newest in-stock products of each section, with their main image", async () => {
    for (const section of ["featured", "special-offers"] as const) {
      const expected = demoProducts
        .filter((p) => p.sectionId === section && p.inStock)
        .sort(newestFirst)
        .slice(0, 8);
      const cards = (await listSectionsProducts(t.db, [section], "ar")).get(section)!;
      expect(cards.map((c) => c.id)).toEqual(expected.map((p) => p.id));
      expect(cards.every((c) => c.inStock && c.image !== null)).toBe(true);
    }
  });

  it("give the card its compare-at price only when it is set, and the title in the shopper's language", async () => {
    const [card] = (await listSectionsProducts(t.db, ["featured"], "fr")).get("featured")!;
    const source = demoProducts.find((p) => p.id === card!.id)!;
    expect(card!.title).toBe(source.titleFr);
    expect(card!.titleAr).toBe(source.title);
    expect(card!.originalPrice).toBe(source.compareAtPrice > 0 ? source.compareAtPrice : null);
  });
});

describe("category listing", () => {
  it("pages through a category's in-stock products in the chosen order", async () => {
    const now = new Date().toISOString();
    await t.db.insertInto("categories").values({ slug: "paging", name: "صفحات", created_at: now }).execute();
    const prices = Array.from({ length: PAGE_SIZE + 3 }, (_, i) => 1000 + ((i * 7) % 15) * 100);
    await t.db
      .insertInto("products")
      .values(
        prices.map((price, i) => ({
          id: `p90000${String(i).padStart(2, "0")}`,
          slug: `paging-${i}`,
          title: `منتج ${i}`,
          price,
          category: "paging",
          in_stock: true,
          stock_quantity: 50,
          created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
          updated_at: now,
        })),
      )
      .execute();
    // An out-of-stock one is never listed.
    await t.db
      .insertInto("products")
      .values({ id: "p9000099", slug: "paging-out", title: "نفد", price: 1, category: "paging", in_stock: false, created_at: now, updated_at: now })
      .execute();

    const first = await listCategoryProducts(t.db, "paging", "ar", { sort: "newest", page: 1 });
    const second = await listCategoryProducts(t.db, "paging", "ar", { sort: "newest", page: 2 });
    expect(first).toMatchObject({ total: PAGE_SIZE + 3, pageCount: 2, page: 1, fallback: false });
    expect(first.products).toHaveLength(PAGE_SIZE);
    expect(second.products).toHaveLength(3);
    expect(first.products[0]!.slug).toBe(`paging-${PAGE_SIZE + 2}`);
    const all = [...first.products, ...second.products].map((p) => p.slug);
    expect(new Set(all).size).toBe(PAGE_SIZE + 3);
    expect(all).not.toContain("paging-out");

    const cheapest = await listCategoryProducts(t.db, "paging", "ar", { sort: "price-asc", page: 1 });
    const costliest = await listCategoryProducts(t.db, "paging", "ar", { sort: "price-desc", page: 1 });
    expect(cheapest.products[0]!.price).toBe(Math.min(...prices));
    expect(costliest.products[0]!.price).toBe(Math.max(...prices));
    const ascending = cheapest.products.map((p) => p.price);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    const beyond = await listCategoryProducts(t.db, "paging", "ar", { sort: "newest", page: 9 });
    expect(beyond).toMatchObject({ products: [], total: PAGE_SIZE + 3, pageCount: 2 });
  });

  it("falls back to the built-in samples for toys and books only", async () => {
    const empty = await createTestDatabase();
    try {
      const toys = await listCategoryProducts(empty.db, "toys", "en", { sort: "newest", page: 1 });
      expect(toys.fallback).toBe(true);
      expect(toys.products.map((p) => p.title)).toEqual(fallbackToys.map((p) => p.title));
      const kitchen = await listCategoryProducts(empty.db, "kitchen", "en", { sort: "newest", page: 1 });
      expect(kitchen).toMatchObject({ products: [], fallback: false });
    } finally {
      await empty.destroy();
    }
  });
});

describe("home fallback", () => {
  it("shows the first 8 pools and backpacks when the database has no products", async () => {
    const empty = await createTestDatabase();
    try {
      const home = await getHomeProducts(empty.db, "ar");
      expect(home.fallback).toBe(true);
      expect(home.featured.map((p) => p.titleAr)).toEqual(fallbackPools.slice(0, 8).map((p) => p.titleAr));
      expect(home.specialOffers.map((p) => p.titleAr)).toEqual(fallbackBackpacks.slice(0, 8).map((p) => p.titleAr));
    } finally {
      await empty.destroy();
    }
  });

  it("shows the fallback lists when the database fails", async () => {
    const broken = await createTestDatabase();
    await broken.destroy();
    const errors: unknown[] = [];
    const { logger } = await import("~/server/logger.server");
    const original = logger.error.bind(logger);
    logger.error = ((...args: unknown[]) => void errors.push(args)) as typeof logger.error;
    try {
      const home = await getHomeProducts(broken.db, "ar");
      expect(home.fallback).toBe(true);
      expect(home.featured).toHaveLength(8);
      expect(errors).toHaveLength(1);
    } finally {
      logger.error = original;
    }
  });
});

describe("product detail", () => {
  const withGallery = demoProducts.find((p) => p.images.length > 1)!;

  it("is found by slug, by stored id and by the digits of the id, with its whole gallery in order", async () => {
    const bySlug = await getProduct(t.db, withGallery.slug, "ar");
    expect(bySlug?.id).toBe(withGallery.id);
    expect(bySlug?.images.map((i) => i.alt)).toEqual(withGallery.images.map((i) => i.alt));
    expect((await getProduct(t.db, withGallery.id, "ar"))?.slug).toBe(withGallery.slug);
    expect((await getProduct(t.db, withGallery.id.slice(1), "ar"))?.slug).toBe(withGallery.slug);
  });

  it("is null for an unknown key", async () => {
    expect(await getProduct(t.db, "no-such-product", "ar")).toBeNull();
    expect(await getProduct(t.db, "12345", "ar")).toBeNull();
  });

  it("shows an out-of-stock product's page (it cannot be added, but it exists)", async () => {
    const out = demoProducts.find((p) => !p.inStock)!;
    expect(await getProduct(t.db, out.slug, "en")).toMatchObject({ inStock: false, title: out.titleEn });
  });
});

describe("category", () => {
  it("is named in the shopper's language, its Arabic description only in Arabic", async () => {
    expect(await getCategory(t.db, "kitchen", "fr")).toMatchObject({ slug: "kitchen", description: null });
    expect((await getCategory(t.db, "kitchen", "ar"))?.description).toBeTruthy();
    expect(await getCategory(t.db, "nope", "ar")).toBeNull();
  });
});

describe("products with variants on cards", () => {
  it("shows the lowest price of the active variants, 'from' when their prices differ", async () => {
    const toys = await listCategoryProducts(t.db, "toys", "en", { sort: "newest", page: 1 });
    const car = toys.products.find((p) => p.slug === "sport-remote-control-car")!;
    expect(car).toMatchObject({ hasVariants: true, price: 4500, priceFrom: true });
    const backpacks = await listCategoryProducts(t.db, "backpacks", "en", { sort: "newest", page: 1 });
    const school = backpacks.products.find((p) => p.slug === "ergonomic-school-backpack")!;
    expect(school).toMatchObject({ hasVariants: true, price: 3500 });
    expect(school.priceFrom).toBeUndefined();
    const plain = backpacks.products.find((p) => !p.hasVariants)!;
    expect(plain.priceFrom).toBeUndefined();
  });

  it("leaves inactive variants out of the range", async () => {
    const car = demoProducts.find((p) => p.slug === "sport-remote-control-car")!;
    await t.db.updateTable("product_variants").set({ is_active: false }).where("sku", "=", "TOY-001-BLU").execute();
    try {
      const toys = await listCategoryProducts(t.db, "toys", "en", { sort: "newest", page: 1 });
      expect(toys.products.find((p) => p.id === car.id)).toMatchObject({ price: 4500 });
      expect(toys.products.find((p) => p.id === car.id)?.priceFrom).toBeUndefined();
    } finally {
      await t.db.updateTable("product_variants").set({ is_active: true }).where("sku", "=", "TOY-001-BLU").execute();
    }
  });

  it("gives the product page the product's own price, its options and its variants with their pictures", async () => {
    const car = await getProduct(t.db, "sport-remote-control-car", "fr");
    expect(car?.price).toBe(4500);
    expect(car?.variants.options.map((o) => o.names.fr)).toEqual(["Couleur"]);
    const blue = car!.variants.variants.find((v) => v.sku === "TOY-001-BLU")!;
    expect(blue).toMatchObject({ price: 4900, stockQuantity: 10, active: true });
    expect(car!.images.find((image) => image.id === blue.imageIds[0])?.src).toContain("toys-rc-car-blue");
  });
});
