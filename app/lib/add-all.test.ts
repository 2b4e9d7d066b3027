import { describe, expect, it } from "vitest";
import { addAllProducts, canAddAll } from "./add-all";

const product = (id: string, overrides: Partial<{ hasVariants: boolean; inStock: boolean; stockQuantity: number }> = {}) => ({
  id,
  hasVariants: false,
  inStock: true,
  stockQuantity: 3,
  ...overrides,
});

describe("canAddAll", () => {
  it("takes a product without variants, in stock, with a quantity above 0", () => {
    expect(canAddAll(product("a"))).toBe(true);
    expect(canAddAll(product("a", { stockQuantity: 1 }))).toBe(true);
  });
  it("leaves out products with variants", () => {
    expect(canAddAll(product("a", { hasVariants: true }))).toBe(false);
  });
  it("leaves out products marked out of stock, whatever their quantity", () => {
    expect(canAddAll(product("a", { inStock: false, stockQuantity: 40 }))).toBe(false);
  });
  it("leaves out products with a quantity of 0 or below", () => {
    expect(canAddAll(product("a", { stockQuantity: 0 }))).toBe(false);
    expect(canAddAll(product("a", { stockQuantity: -1 }))).toBe(false);
  });
});

describe("addAllProducts", () => {
  it("keeps the eligible products in the page's order", () => {
    const list = [
      product("first"),
      product("variants", { hasVariants: true }),
      product("second", { stockQuantity: 12 }),
      product("sold-out", { stockQuantity: 0 }),
      product("hidden", { inStock: false }),
      product("third"),
    ];
    expect(addAllProducts(list).map((p) => p.id)).toEqual(["first", "second", "third"]);
  });
  it("is empty for an empty list or one without eligible products", () => {
    expect(addAllProducts([])).toEqual([]);
    expect(addAllProducts([product("x", { hasVariants: true })])).toEqual([]);
  });
});
