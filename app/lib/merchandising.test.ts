import { describe, expect, it } from "vitest";
import {
  cardAtVariant,
  listedProducts,
  MERCH_ID_MAX,
  MERCH_LIMITS,
  merchIdLinkOf,
  moveInList,
  nextDisplayOrder,
  normalizeProductIds,
  swapPartner,
  variantFieldName,
} from "./merchandising";
import type { ProductCardData } from "./product";

describe("nextDisplayOrder", () => {
  it("gives 0 to the first section", () => {
    expect(nextDisplayOrder([])).toBe(0);
  });
  it("gives the highest order plus 1, whatever the gaps", () => {
    expect(nextDisplayOrder([0])).toBe(1);
    expect(nextDisplayOrder([3, 0, 7])).toBe(8);
  });
});

describe("swapPartner", () => {
  const sorted = [{ id: 5 }, { id: 2 }, { id: 9 }];
  it("is the neighbour before (up) or after (down)", () => {
    expect(swapPartner(sorted, 2, "up")).toEqual({ id: 5 });
    expect(swapPartner(sorted, 2, "down")).toEqual({ id: 9 });
  });
  it("is null past either end or for an unknown id", () => {
    expect(swapPartner(sorted, 5, "up")).toBeNull();
    expect(swapPartner(sorted, 9, "down")).toBeNull();
    expect(swapPartner(sorted, 42, "up")).toBeNull();
    expect(swapPartner([], 1, "down")).toBeNull();
  });
});

describe("normalizeProductIds", () => {
  it("trims, drops blanks, non-strings and repeats, keeping the first place", () => {
    expect(normalizeProductIds([" p2", "p1", "", "p2", 3, null, "p3 ", "p1"])).toEqual(["p2", "p1", "p3"]);
  });
  it("keeps at most MERCH_LIMITS.products", () => {
    const ids = Array.from({ length: MERCH_LIMITS.products + 5 }, (_, i) => `p${i}`);
    expect(normalizeProductIds(ids)).toHaveLength(MERCH_LIMITS.products);
  });
});

describe("moveInList", () => {
  it("moves an entry one place up or down", () => {
    expect(moveInList(["a", "b", "c"], 1, "up")).toEqual(["b", "a", "c"]);
    expect(moveInList(["a", "b", "c"], 1, "down")).toEqual(["a", "c", "b"]);
  });
  it("leaves the list unchanged at the ends and for a bad index, without mutating it", () => {
    const list = ["a", "b"] as const;
    expect(moveInList(list, 0, "up")).toEqual(["a", "b"]);
    expect(moveInList(list, 1, "down")).toEqual(["a", "b"]);
    expect(moveInList(list, 5, "up")).toEqual(["a", "b"]);
    expect(list).toEqual(["a", "b"]);
  });
});

describe("listedProducts", () => {
  it("reads each product's posted variant: positive digits, else the product as a whole", () => {
    const posted: Record<string, string> = {
      [variantFieldName("a")]: "12",
      [variantFieldName("b")]: "",
      [variantFieldName("c")]: "-3",
      [variantFieldName("d")]: "1e3",
      [variantFieldName("e")]: " 7 ",
    };
    expect(listedProducts(["a", "b", "c", "d", "e", "f"], (field) => posted[field])).toEqual([
      { productId: "a", variantId: 12 },
      { productId: "b", variantId: null },
      { productId: "c", variantId: null },
      { productId: "d", variantId: null },
      { productId: "e", variantId: 7 },
      { productId: "f", variantId: null },
    ]);
    expect(variantFieldName("p1")).toBe("variants[p1]");
  });
});

describe("cardAtVariant", () => {
  const card: ProductCardData = {
    id: "p",
    slug: "p",
    title: "p",
    titleAr: "p",
    description: "",
    price: 4500,
    priceFrom: true,
    originalPrice: 5900,
    image: { src: "/red.svg", width: 8, height: 8, alt: "", widths: [] },
    inStock: true,
    stockQuantity: 3,
    lowStockThreshold: 5,
    hasVariants: true,
  };
  const product = { price: 4500, compareAtPrice: 5900 };

  it("shows the variant's price, compare-at and picture, each falling back to the product's, never 'from'", () => {
    const blue = { src: "/blue.svg", width: 8, height: 8, alt: "", widths: [] };
    const atBlue = cardAtVariant(card, product, { id: 9, price: 4900, compareAtPrice: null }, blue);
    expect(atBlue).toMatchObject({ variantId: 9, price: 4900, originalPrice: 5900, image: blue });
    expect(atBlue.priceFrom).toBeUndefined();
    expect(cardAtVariant(card, { price: 4500, compareAtPrice: 0 }, { id: 8, price: null, compareAtPrice: null }, null)).toMatchObject({
      variantId: 8,
      price: 4500,
      originalPrice: null,
      image: card.image,
    });
  });

  it("leaves the card unchanged without a variant", () => {
    expect(cardAtVariant(card, product, null)).toBe(card);
  });
});

describe("merchIdLinkOf", () => {
  it("reads /collections/{id} and /pages/{id}, the id written plainly and within the ids' range", () => {
    expect(merchIdLinkOf("/collections/7")).toEqual({ kind: "collection", key: "7", id: 7 });
    expect(merchIdLinkOf("/pages/42/")).toEqual({ kind: "page", key: "42", id: 42 });
    expect(merchIdLinkOf(`/pages/${MERCH_ID_MAX}`)?.id).toBe(MERCH_ID_MAX);
  });

  it("is null for any other path", () => {
    for (const path of [
      "/collections/07",
      "/collections/0",
      "/collections/+7",
      "/collections/7.0",
      "/collections/summer",
      "/products/7",
      "/collections/7/x",
    ]) {
      expect(merchIdLinkOf(path), path).toBeNull();
    }
    expect(merchIdLinkOf(`/pages/${MERCH_ID_MAX + 1}`)).toBeNull();
    expect(merchIdLinkOf("/pages/12345678901")).toBeNull();
  });
});
