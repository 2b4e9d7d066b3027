import { describe, expect, it } from "vitest";
import { cartReducer, cartTotals, parseStoredCart, type NewCartItem } from "./cart";

const kettle: NewCartItem = {
  id: "p1",
  title: "Kettle",
  titleAr: "غلاية",
  description: "",
  descriptionAr: "",
  price: 2500,
  image: "",
};
const book: NewCartItem = { ...kettle, id: "p2", title: "Book", titleAr: "كتاب", price: 800 };

describe("cartReducer", () => {
  it("adds a new item with quantity 1 and raises it by 1 when added again", () => {
    let items = cartReducer([], { type: "add", item: kettle });
    expect(items).toEqual([{ ...kettle, quantity: 1 }]);
    items = cartReducer(items, { type: "add", item: kettle });
    expect(items).toHaveLength(1);
    expect(items[0]?.quantity).toBe(2);
  });

  it("sets a quantity, and removes the line at 0 or below", () => {
    const items = cartReducer(cartReducer([], { type: "add", item: kettle }), { type: "add", item: book });
    expect(cartReducer(items, { type: "setQuantity", id: "p2", quantity: 4 })[1]?.quantity).toBe(4);
    expect(cartReducer(items, { type: "setQuantity", id: "p2", quantity: 0 }).map((l) => l.id)).toEqual(["p1"]);
    expect(cartReducer(items, { type: "setQuantity", id: "p1", quantity: -3 }).map((l) => l.id)).toEqual(["p2"]);
  });

  it("removes by id and clears", () => {
    const items = cartReducer(cartReducer([], { type: "add", item: kettle }), { type: "add", item: book });
    expect(cartReducer(items, { type: "remove", id: "p1" }).map((l) => l.id)).toEqual(["p2"]);
    expect(cartReducer(items, { type: "clear" })).toEqual([]);
  });
});

describe("cartTotals", () => {
  it("sums price × quantity and quantities", () => {
    expect(
      cartTotals([
        { ...kettle, quantity: 2 },
        { ...book, quantity: 3 },
      ]),
    ).toEqual({ totalPrice: 2 * 2500 + 3 * 800, itemCount: 5 });
    expect(cartTotals([])).toEqual({ totalPrice: 0, itemCount: 0 });
  });
});

describe("parseStoredCart", () => {
  it("restores a saved cart", () => {
    const saved = JSON.stringify([{ ...kettle, quantity: 2 }]);
    expect(parseStoredCart(saved)).toEqual({ items: [{ ...kettle, quantity: 2 }] });
  });
  it("ignores a corrupted cart and says why", () => {
    expect(parseStoredCart("{not json").items).toEqual([]);
    expect(parseStoredCart("{not json").error).toMatch(/not JSON/);
    expect(parseStoredCart(JSON.stringify([{ id: "p1", quantity: -1 }])).error).toMatch(/invalid/);
    expect(parseStoredCart(null)).toEqual({ items: [] });
  });
});
