import { describe, expect, it } from "vitest";
import { variantView, type ChoosableProduct } from "./variant-view";
import type { ProductVariant } from "./variants";

const names = (ar: string, fr: string) => ({ ar, en: null, fr });
const variant = (id: number, valueId: number, extra: Partial<ProductVariant> = {}): ProductVariant => ({
  id,
  valueIds: [valueId],
  sku: `CAR-${id}`,
  price: null,
  compareAtPrice: null,
  stockQuantity: 5,
  lowStockThreshold: 2,
  imageIds: [],
  active: true,
  ...extra,
});
const car: ChoosableProduct = {
  price: 4500,
  originalPrice: 5900,
  inStock: true,
  stockQuantity: 15,
  images: [{ id: 1 }, { id: 2 }],
  variants: {
    options: [
      {
        id: 7,
        names: names("اللون", "Couleur"),
        values: [
          { id: 70, names: names("أحمر", "Rouge"), swatch: "#dc2626" },
          { id: 71, names: names("أزرق", "Bleu"), swatch: "#2563eb" },
          { id: 72, names: names("أخضر", "Vert"), swatch: "#16a34a" },
        ],
      },
    ],
    variants: [
      variant(1, 70, { imageIds: [1] }),
      variant(2, 71, { price: 4900, stockQuantity: 10, imageIds: [2] }),
      variant(3, 72, { stockQuantity: 0 }),
    ],
  },
};

describe("variantView", () => {
  it("before a choice: the lowest price 'from', the product's stock and gallery, the option to choose named", () => {
    expect(variantView(car, new Map(), "fr")).toMatchObject({
      variant: null,
      price: 4500,
      priceFrom: true,
      originalPrice: 5900,
      inStock: true,
      stockQuantity: 15,
      available: true,
      missing: "Couleur",
      imageIds: [1, 2],
    });
  });

  it("with a variant: its price, compare-at price, stock, label, SKU and pictures first", () => {
    expect(variantView(car, new Map([[7, 71]]), "ar")).toMatchObject({
      selection: [[7, 71]],
      variant: { id: 2, label: "أزرق", sku: "CAR-2" },
      price: 4900,
      priceFrom: false,
      originalPrice: 5900,
      stockQuantity: 10,
      available: true,
      missing: null,
      imageIds: [2, 1],
    });
  });

  it("a sold-out variant cannot be bought; a product without options is itself", () => {
    expect(variantView(car, new Map([[7, 72]]), "ar")).toMatchObject({ inStock: false, available: false, stockQuantity: 0 });
    const plain = { ...car, variants: { options: [], variants: [] } };
    expect(variantView(plain, new Map(), "ar")).toMatchObject({ variant: null, price: 4500, priceFrom: false, available: true, missing: null });
  });
});
