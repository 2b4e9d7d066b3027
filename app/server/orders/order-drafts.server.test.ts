import { describe, expect, it } from "vitest";
import { cartKey } from "./order-drafts.server";

describe("a draft's cart key", () => {
  it("is the same for the same products and variants, whatever their order and quantities", () => {
    const a = cartKey({
      items: [
        { productId: "p1", quantity: 1 },
        { productId: "p2", quantity: 2, variantId: 4 },
      ],
    });
    const b = cartKey({
      items: [
        { productId: "p2", quantity: 5, variantId: 4 },
        { productId: "p1", quantity: 3 },
      ],
    });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it("differs for another product, variant, offer or bundle", () => {
    const base = cartKey({ items: [{ productId: "p1", quantity: 1 }] });
    expect(cartKey({ items: [{ productId: "p2", quantity: 1 }] })).not.toBe(base);
    expect(cartKey({ items: [{ productId: "p1", quantity: 1, variantId: 2 }] })).not.toBe(base);
    expect(cartKey({ items: [{ productId: "p1", quantity: 1 }], offer: 3 })).not.toBe(base);
    expect(cartKey({ items: [{ productId: "p1", quantity: 1 }], bundle: "double" })).not.toBe(base);
  });
});
