import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { JEWELLERY_SUBCATEGORIES } from "~/lib/jewellery";
import { discountPercent } from "~/lib/product";
import { demoProducts } from "./demo-catalogue";
import { jewelleryCatalogue, jewelleryCategory, jewelleryItemById } from "./jewellery-catalogue";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const ARABIC = /[\u0600-\u06FF]/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const duplicates = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);

describe("the jewellery catalogue", () => {
  it("has about 20 items with unique slugs and product ids, none shared with the demo catalogue", () => {
    expect(jewelleryCatalogue.length).toBeGreaterThanOrEqual(18);
    expect(jewelleryCatalogue.length).toBeLessThanOrEqual(24);
    expect(duplicates(jewelleryCatalogue.map((i) => i.id))).toEqual([]);
    expect(duplicates(jewelleryCatalogue.map((i) => i.productId))).toEqual([]);
    const demoSlugs = new Set(demoProducts.map((p) => p.slug));
    const demoIds = new Set(demoProducts.map((p) => p.id));
    for (const item of jewelleryCatalogue) {
      expect(item.id).toMatch(SLUG);
      expect(item.productId).toMatch(/^p\d{13}$/);
      expect(item.productId, item.id).toBe(`p${Date.parse(item.createdAt)}`);
      expect(demoSlugs.has(item.id), item.id).toBe(false);
      expect(demoIds.has(item.productId), item.id).toBe(false);
    }
  });

  it("prices every item 35,000 to 200,000 DA below its original price, with the matching discount", () => {
    for (const item of jewelleryCatalogue) {
      expect(item.price, item.id).toBeGreaterThanOrEqual(35_000);
      expect(item.price, item.id).toBeLessThanOrEqual(200_000);
      expect(item.originalPrice, item.id).toBeGreaterThan(item.price);
      expect(discountPercent(item.price, item.originalPrice), item.id).toBe(item.discount);
    }
  });

  it("covers the six sub-categories, in 18K gold, with texts in three languages", () => {
    expect(new Set(jewelleryCatalogue.map((i) => i.category))).toEqual(new Set(JEWELLERY_SUBCATEGORIES));
    for (const item of jewelleryCatalogue) {
      expect(item.material).toBe("18K Gold");
      expect(item.nameAr, item.id).toMatch(ARABIC);
      expect(item.descriptionAr, item.id).toMatch(ARABIC);
      for (const text of [item.name, item.nameFr, item.description, item.descriptionFr, item.brand, item.weight, item.stones]) {
        expect(text.trim().length, item.id).toBeGreaterThan(0);
        expect(text, item.id).not.toMatch(ARABIC);
      }
      expect(item.features.length, item.id).toBe(item.featuresAr.length);
      expect(item.features.length, item.id).toBeGreaterThanOrEqual(3);
      for (const feature of item.featuresAr) expect(feature, item.id).toMatch(ARABIC);
      for (const line of [...item.features, ...item.featuresAr, ...item.tags]) expect(line, item.id).not.toMatch(/\n/);
      expect(item.tags.length, item.id).toBeGreaterThan(0);
      expect(Number.isInteger(item.stockQuantity) && item.stockQuantity >= 0, item.id).toBe(true);
    }
    expect(jewelleryCategory.slug).toBe("jewellery");
    expect(jewelleryCategory.name).toMatch(ARABIC);
  });

  it("ships a small, text-free 800×800 SVG for every picture", () => {
    for (const item of jewelleryCatalogue) {
      expect(item.image).toBe(item.images[0]);
      for (const src of item.images) {
        expect(src).toMatch(/^\/images\/demo\/jewellery\/[a-z0-9-]+\.svg$/);
        const file = join(repoRoot, "public", src);
        expect(existsSync(file), src).toBe(true);
        expect(statSync(file).size, src).toBeLessThan(6 * 1024);
        const svg = readFileSync(file, "utf8").replace('xmlns="http://www.w3.org/2000/svg"', "");
        expect(svg, src).toMatch(/^<svg [^>]*width="800" height="800" viewBox="0 0 800 800"/);
        expect(svg, src).not.toMatch(/<text|<image|href=|https?:/);
      }
    }
  });

  it("is read by id", () => {
    expect(jewelleryItemById("heart-pendant")?.category).toBe("Pendants");
    expect(jewelleryItemById("no-such-jewel")).toBeUndefined();
  });
});
