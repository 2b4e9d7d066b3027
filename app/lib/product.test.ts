import { describe, expect, it } from "vitest";
import { cardPrice, discountPercent, fewLeft, productPath, searchWithChoice, stockStatus } from "./product";

describe("discountPercent", () => {
  it("is the rounded percent off the original price", () => {
    expect(discountPercent(7500, 10000)).toBe(25);
    expect(discountPercent(2990, 3500)).toBe(15); // 14.57 → 15
    expect(discountPercent(1, 3)).toBe(67);
  });
  it("is absent unless the original price is above the price", () => {
    expect(discountPercent(1000, 1000)).toBeNull();
    expect(discountPercent(1000, 900)).toBeNull();
    expect(discountPercent(1000, 0)).toBeNull();
    expect(discountPercent(1000, null)).toBeNull();
  });
});

describe("stockStatus", () => {
  it("is out at 0 or below, or when the product is marked out of stock", () => {
    expect(stockStatus({ inStock: true, stockQuantity: 0 })).toBe("out");
    expect(stockStatus({ inStock: true, stockQuantity: -2 })).toBe("out");
    expect(stockStatus({ inStock: false, stockQuantity: 40 })).toBe("out");
  });
  it("is low at or below the threshold (default 5)", () => {
    expect(stockStatus({ inStock: true, stockQuantity: 5 })).toBe("low");
    expect(stockStatus({ inStock: true, stockQuantity: 6 })).toBe("available");
    expect(stockStatus({ inStock: true, stockQuantity: 8, lowStockThreshold: 10 })).toBe("low");
  });
});

describe("fewLeft", () => {
  it("shows the count when 20 or fewer remain", () => {
    expect(fewLeft({ inStock: true, stockQuantity: 20 })).toBe(20);
    expect(fewLeft({ inStock: true, stockQuantity: 3 })).toBe(3);
    expect(fewLeft({ inStock: true, stockQuantity: 21 })).toBeNull();
    expect(fewLeft({ inStock: false, stockQuantity: 3 })).toBeNull();
  });
});

describe("productPath", () => {
  it("uses the slug, or the id when there is none", () => {
    expect(productPath({ slug: "blender-1-5l", id: "p1" })).toBe("/products/blender-1-5l");
    expect(productPath({ slug: "", id: 17 })).toBe("/products/17");
    expect(productPath({ slug: null, id: "p1730000000001" })).toBe("/products/p1730000000001");
  });
});

describe("cardPrice", () => {
  it("is the product's price without variants, else the lowest variant price, 'from' when they differ", () => {
    expect(cardPrice(4500, { min: null, max: null })).toEqual({ price: 4500, priceFrom: false });
    expect(cardPrice(4500, { min: 4500, max: 4900 })).toEqual({ price: 4500, priceFrom: true });
    expect(cardPrice(4500, { min: 3900, max: 3900 })).toEqual({ price: 3900, priceFrom: false });
  });
});

describe("searchWithChoice", () => {
  it("replaces the previous choice and keeps the page's other parameters", () => {
    expect(searchWithChoice("", "?variant=7")).toBe("?variant=7");
    expect(searchWithChoice("?utm_source=fb&variant=3", "?variant=7")).toBe("?utm_source=fb&variant=7");
    expect(searchWithChoice("?variant=3", "?o1=2&o2=5")).toBe("?o1=2&o2=5");
    expect(searchWithChoice("?o1=2&o12=4&lang=fr", "?")).toBe("?lang=fr");
    expect(searchWithChoice("?o1=2", "?")).toBe("");
  });
});
