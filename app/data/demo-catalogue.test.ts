import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { demoCategories, demoProducts, demoSections, type DemoProduct } from "./demo-catalogue";
import {
  fallbackBackpacks,
  fallbackBooks,
  fallbackPools,
  fallbackToys,
  type FallbackProduct,
} from "./fallback-products";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const publicFile = (src: string): string => join(repoRoot, "public", src);

const CATEGORY_SLUGS = [
  "toys",
  "books",
  "home-equipment",
  "electronics",
  "accessories",
  "pools",
  "backpacks",
  "perfumery",
  "kitchen",
  "cleaning",
  "cooling",
  "personal-care",
  "small-appliances",
  "laundry",
];
const ARABIC = /[\u0600-\u06FF]/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function duplicates(values: readonly (string | number)[]): (string | number)[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

/** A demo SVG: exists, is small, and carries no text or external reference. */
function expectDemoSvg(src: string): void {
  expect(src, src).toMatch(/^\/images\/demo\/[a-z0-9-]+\.svg$/);
  const path = publicFile(src);
  expect(existsSync(path), `${src} exists`).toBe(true);
  expect(statSync(path).size, `${src} size`).toBeLessThan(6 * 1024);
  const svg = readFileSync(path, "utf8").replace('xmlns="http://www.w3.org/2000/svg"', "");
  expect(svg, src).toMatch(/^<svg [^>]*width="800" height="800" viewBox="0 0 800 800"/);
  expect(svg, src).not.toMatch(/<text|<image|href=|https?:/);
}

describe("demo categories and sections", () => {
  it("has exactly the 14 categories, each named in three languages", () => {
    expect(demoCategories.map((c) => c.slug).sort()).toEqual([...CATEGORY_SLUGS].sort());
    for (const c of demoCategories) {
      expect(c.name, c.slug).toMatch(ARABIC);
      expect(c.description, c.slug).toMatch(ARABIC);
      expect(c.nameEn.length && c.nameFr.length, c.slug).toBeGreaterThan(0);
    }
  });

  it("has the two home sections", () => {
    expect(demoSections.map((s) => s.id)).toEqual(["featured", "special-offers"]);
    expect(demoSections.find((s) => s.id === "featured")?.name).toBe("المنتجات المميزة");
    expect(demoSections.find((s) => s.id === "special-offers")?.name).toBe("العروض الخاصة");
  });
});

describe("demo products", () => {
  const categorySlugs = new Set(demoCategories.map((c) => c.slug));
  const sectionIds = new Set<string>(demoSections.map((s) => s.id));
  const inStock = (p: DemoProduct): boolean => p.inStock && p.stockQuantity > 0;

  it("has unique ids, slugs and skus in the expected shapes", () => {
    expect(duplicates(demoProducts.map((p) => p.id))).toEqual([]);
    expect(duplicates(demoProducts.map((p) => p.slug))).toEqual([]);
    expect(duplicates(demoProducts.map((p) => p.sku))).toEqual([]);
    for (const p of demoProducts) {
      expect(p.id).toMatch(/^p\d{13}$/);
      expect(p.slug).toMatch(SLUG);
      expect(p.sku).toMatch(/^[A-Z]{3}-\d{3}$/);
    }
  });

  it("puts every product in a known category and section, 4 to 6 per category", () => {
    for (const p of demoProducts) {
      expect(categorySlugs.has(p.category), `${p.slug} category ${p.category}`).toBe(true);
      if (p.sectionId !== null) expect(sectionIds.has(p.sectionId), `${p.slug} section`).toBe(true);
    }
    for (const slug of CATEGORY_SLUGS) {
      const n = demoProducts.filter((p) => p.category === slug).length;
      expect(n, slug).toBeGreaterThanOrEqual(4);
      expect(n, slug).toBeLessThanOrEqual(6);
    }
  });

  it("has texts in Arabic, English and French", () => {
    for (const p of demoProducts) {
      expect(p.title, p.slug).toMatch(ARABIC);
      expect(p.description, p.slug).toMatch(ARABIC);
      for (const text of [p.titleEn, p.titleFr, p.descriptionEn, p.descriptionFr]) {
        expect(text.length, p.slug).toBeGreaterThan(0);
        expect(text, p.slug).not.toMatch(ARABIC);
      }
    }
  });

  it("has whole-dinar prices and a compare-at price above the price when set", () => {
    for (const p of demoProducts) {
      expect(Number.isInteger(p.price) && p.price > 0, p.slug).toBe(true);
      expect(Number.isInteger(p.compareAtPrice) && p.compareAtPrice >= 0, p.slug).toBe(true);
      if (p.compareAtPrice !== 0) expect(p.compareAtPrice, p.slug).toBeGreaterThan(p.price);
    }
    const discounted = demoProducts.filter((p) => p.compareAtPrice > 0).length;
    expect(discounted).toBeGreaterThanOrEqual(Math.floor(demoProducts.length / 4));
  });

  it("keeps stock consistent: out of stock means quantity 0", () => {
    for (const p of demoProducts) {
      expect(Number.isInteger(p.stockQuantity) && p.stockQuantity >= 0, p.slug).toBe(true);
      expect(Number.isInteger(p.lowStockThreshold) && p.lowStockThreshold >= 0, p.slug).toBe(true);
      if (!p.inStock) expect(p.stockQuantity, p.slug).toBe(0);
      else expect(p.stockQuantity, p.slug).toBeGreaterThan(0);
    }
    const out = demoProducts.filter((p) => !p.inStock).length;
    expect(out).toBeGreaterThanOrEqual(5);
    expect(out).toBeLessThanOrEqual(8);
    expect(demoProducts.some((p) => p.inStock && p.stockQuantity <= p.lowStockThreshold)).toBe(true);
    // The "only {n} left" badge also shows at 20 or fewer: keep it for a minority.
    const available = demoProducts.filter(inStock);
    expect(available.filter((p) => p.stockQuantity <= 20).length).toBeLessThan(available.length / 2);
  });

  it("fills each home section with at least 8 products in stock", () => {
    for (const id of ["featured", "special-offers"] as const) {
      const n = demoProducts.filter((p) => p.sectionId === id && inStock(p)).length;
      expect(n, id).toBeGreaterThanOrEqual(8);
    }
    const featuredIn = (category: string): number =>
      demoProducts.filter((p) => p.sectionId === "featured" && p.category === category && inStock(p)).length;
    expect(featuredIn("toys")).toBeGreaterThanOrEqual(2);
    expect(featuredIn("books")).toBeGreaterThanOrEqual(2);
  });

  it("has creation dates in 2026, unique, matching the id timestamps", () => {
    expect(duplicates(demoProducts.map((p) => p.createdAt))).toEqual([]);
    for (const p of demoProducts) {
      const ms = Date.parse(p.createdAt);
      expect(Number.isNaN(ms), p.slug).toBe(false);
      expect(new Date(ms).getUTCFullYear(), p.slug).toBe(2026);
      expect(p.id, p.slug).toBe(`p${ms}`);
    }
  });

  it("has 1 to 3 images per product, all existing 800x800 SVGs", () => {
    for (const p of demoProducts) {
      expect(p.images.length, p.slug).toBeGreaterThanOrEqual(1);
      expect(p.images.length, p.slug).toBeLessThanOrEqual(3);
      for (const image of p.images) {
        expectDemoSvg(image.src);
        expect([image.width, image.height], image.src).toEqual([800, 800]);
        expect(image.alt, image.src).toMatch(ARABIC);
      }
      expect(duplicates(p.images.map((i) => i.src)), p.slug).toEqual([]);
    }
  });
});

describe("demo variants", () => {
  const withVariants = demoProducts.filter((p): p is DemoProduct & { variants: NonNullable<DemoProduct["variants"]> } => p.variants !== undefined);

  it("has the RC car in red and blue, a backpack in three colours, a ring in sizes, a perfume in two volumes and a sold-out combination", () => {
    const bySlug = new Map(withVariants.map((p) => [p.slug, p.variants]));
    expect(bySlug.get("sport-remote-control-car")?.variants.map((v) => v.values[0])).toEqual(["Red", "Blue"]);
    expect(bySlug.get("ergonomic-school-backpack")?.options[0]?.values.every((value) => value.swatch)).toBe(true);
    expect(bySlug.get("ergonomic-school-backpack")?.variants).toHaveLength(3);
    expect(bySlug.get("twisted-band-ring")?.options[0]?.nameEn).toBe("Size");
    const perfume = demoProducts.find((p) => p.slug === "womens-rose-perfume-50ml")!;
    const [small, large] = perfume.variants!.variants;
    expect((large!.price ?? perfume.price) > (small!.price ?? perfume.price)).toBe(true);
    expect(withVariants.some((p) => p.variants.variants.some((v) => v.stockQuantity === 0))).toBe(true);
  });

  it("names each combination with one known value per option, unique SKUs, pictures among the product's, stock the variants' sum", () => {
    const skus = withVariants.flatMap((p) => p.variants.variants.map((v) => v.sku));
    expect(duplicates([...skus, ...demoProducts.map((p) => p.sku)])).toEqual([]);
    for (const p of withVariants) {
      const { options, variants } = p.variants;
      for (const option of options) {
        expect(option.name, p.slug).toMatch(ARABIC);
        expect(duplicates(option.values.map((value) => value.nameEn)), p.slug).toEqual([]);
        for (const value of option.values) if (value.swatch) expect(value.swatch, p.slug).toMatch(/^#[0-9a-f]{6}$/);
      }
      const combinations = variants.map((v) => v.values.join("|"));
      expect(duplicates(combinations), p.slug).toEqual([]);
      for (const variant of variants) {
        expect(variant.values.length, variant.sku).toBe(options.length);
        variant.values.forEach((name, index) => expect(options[index]!.values.some((value) => value.nameEn === name), variant.sku).toBe(true));
        for (const src of variant.images ?? []) expect(p.images.some((image) => image.src === src), variant.sku).toBe(true);
        if (variant.price !== undefined) expect(Number.isInteger(variant.price) && variant.price > 0, variant.sku).toBe(true);
      }
      expect(p.stockQuantity, p.slug).toBe(variants.reduce((sum, v) => sum + v.stockQuantity, 0));
    }
  });
});

describe("fallback products", () => {
  const all: FallbackProduct[] = [...fallbackPools, ...fallbackBackpacks, ...fallbackToys, ...fallbackBooks];

  it("has the fixed size of each list", () => {
    expect(fallbackPools).toHaveLength(8);
    expect(fallbackBackpacks).toHaveLength(12);
    expect(fallbackToys).toHaveLength(8);
    expect(fallbackBooks).toHaveLength(8);
  });

  it("has pools without an original price and backpacks with one above the price", () => {
    for (const p of fallbackPools) expect(p.originalPrice, p.slug).toBeUndefined();
    for (const p of fallbackBackpacks) {
      expect(p.originalPrice, p.slug).toBeDefined();
      expect(p.originalPrice ?? 0, p.slug).toBeGreaterThan(p.price);
    }
    for (const p of all) {
      if (p.originalPrice !== undefined) expect(p.originalPrice, p.slug).toBeGreaterThan(p.price);
    }
  });

  it("has unique numeric ids and slugs across the four lists", () => {
    expect(duplicates(all.map((p) => p.id))).toEqual([]);
    expect(duplicates(all.map((p) => p.slug))).toEqual([]);
    for (const p of all) {
      expect(Number.isInteger(p.id) && p.id > 0, p.slug).toBe(true);
      expect(p.slug).toMatch(SLUG);
      expect(Number.isInteger(p.price) && p.price > 0, p.slug).toBe(true);
      expect(p.titleAr, p.slug).toMatch(ARABIC);
      expect(p.descriptionAr, p.slug).toMatch(ARABIC);
      expect(p.title, p.slug).not.toMatch(ARABIC);
      expect(p.description, p.slug).not.toMatch(ARABIC);
    }
  });

  it("points every image at an existing demo SVG", () => {
    for (const p of all) expectDemoSvg(p.image);
  });
});
