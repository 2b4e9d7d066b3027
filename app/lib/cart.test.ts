import { describe, expect, it } from "vitest";
import {
  addCartLine,
  cartCookie,
  cartImageUrl,
  cartLineStatus,
  removeCartLine,
  setCartLine,
  cartFromCookieHeader,
  cartLinesOf,
  cartReducer,
  cartTotals,
  decodeCartCookie,
  encodeCartCookie,
  MAX_CART_LINES,
  parseStoredCart,
  reconcileCart,
  stockLimitReached,
  type NewCartItem,
} from "./cart";

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

describe("cart limits in the reducer", () => {
  it("keeps a line at 99 at most and a cart at 50 lines", () => {
    let items = cartReducer([], { type: "add", item: kettle });
    items = cartReducer(items, { type: "setQuantity", id: "p1", quantity: 250 });
    expect(items[0]?.quantity).toBe(99);
    expect(cartReducer(items, { type: "add", item: kettle })[0]?.quantity).toBe(99);
    let full: ReturnType<typeof cartReducer> = [];
    for (let i = 0; i < MAX_CART_LINES + 3; i++) full = cartReducer(full, { type: "add", item: { ...kettle, id: `p${i}` } });
    expect(full).toHaveLength(MAX_CART_LINES);
  });

  it("refreshes prices of known lines only, and keeps the same array when nothing changed", () => {
    const items = cartReducer(cartReducer([], { type: "add", item: { ...kettle, originalPrice: 3000 } }), { type: "add", item: book });
    const refreshed = cartReducer(items, {
      type: "refresh",
      updates: [
        { id: "p1", price: 2700, originalPrice: undefined },
        { id: "nope", price: 1 },
      ],
    });
    expect(refreshed[0]).toMatchObject({ id: "p1", price: 2700, quantity: 1 });
    expect(refreshed[0]?.originalPrice).toBeUndefined();
    expect(refreshed[1]).toBe(items[1]);
    expect(cartReducer(items, { type: "refresh", updates: [{ id: "p2", price: 800 }] })).toBe(items);
  });

  it("merges fetched lines it does not have yet", () => {
    const items = cartReducer([], { type: "add", item: kettle });
    const merged = cartReducer(items, {
      type: "merge",
      items: [
        { ...kettle, quantity: 5 },
        { ...book, quantity: 2 },
      ],
    });
    expect(merged.map((l) => [l.id, l.quantity])).toEqual([
      ["p1", 1],
      ["p2", 2],
    ]);
  });
});

describe("the cart cookie", () => {
  it("encodes lines as id:qty,id:qty and decodes them back", () => {
    const lines = [
      { productId: "p1", quantity: 2 },
      { productId: "p20250101", quantity: 1 },
    ];
    expect(encodeCartCookie(lines)).toBe("p1:2,p20250101:1");
    expect(decodeCartCookie("p1:2,p20250101:1")).toEqual(lines);
    expect(encodeCartCookie([])).toBe("");
    expect(decodeCartCookie("")).toEqual([]);
    expect(decodeCartCookie(undefined)).toEqual([]);
  });

  it("rejects malformed parts and keeps the good ones", () => {
    expect(decodeCartCookie("p1:2,garbage,p2:,:3,p3:0,p4:-1,p5:1.5,p 6:1,p7:x,p8:3:4,<script>:1,p9:4")).toEqual([
      { productId: "p1", quantity: 2 },
      { productId: "p9", quantity: 4 },
    ]);
    expect(decodeCartCookie("%E0%A4%A")).toEqual([]);
    expect(decodeCartCookie("p1%3A2%2Cp2%3A1")).toEqual([
      { productId: "p1", quantity: 2 },
      { productId: "p2", quantity: 1 },
    ]);
  });

  it("caps quantities at 99, merges repeats and keeps 50 lines", () => {
    expect(decodeCartCookie("p1:500,p2:99,p1:3")).toEqual([
      { productId: "p1", quantity: 99 },
      { productId: "p2", quantity: 99 },
    ]);
    expect(decodeCartCookie("p1:2,p1:3")).toEqual([{ productId: "p1", quantity: 5 }]);
    const many = Array.from({ length: 60 }, (_, i) => `p${i}:1`).join(",");
    const decoded = decodeCartCookie(many);
    expect(decoded).toHaveLength(50);
    expect(decoded.at(-1)?.productId).toBe("p49");
    expect(encodeCartCookie(Array.from({ length: 60 }, (_, i) => ({ productId: `p${i}`, quantity: 150 })))).toBe(
      Array.from({ length: 50 }, (_, i) => `p${i}:99`).join(","),
    );
    expect(
      encodeCartCookie([
        { productId: "a,b", quantity: 1 },
        { productId: "p1", quantity: 0 },
      ]),
    ).toBe("");
  });

  it("is read from a Cookie header, telling an emptied cart from none", () => {
    expect(cartFromCookieHeader("lng=fr; cart=p1:2; other=x")).toEqual([{ productId: "p1", quantity: 2 }]);
    expect(cartFromCookieHeader("lng=fr; cart=")).toEqual([]);
    expect(cartFromCookieHeader("lng=fr; mycart=p1:1")).toBeNull();
    expect(cartFromCookieHeader(null)).toBeNull();
  });

  it("is written for 30 days on the whole site", () => {
    expect(cartCookie([{ productId: "p1", quantity: 2 }])).toBe("cart=p1:2; Path=/; Max-Age=2592000; SameSite=Lax");
    expect(cartCookie([], { secure: true })).toBe("cart=; Path=/; Max-Age=2592000; SameSite=Lax; Secure");
    expect(cartLinesOf([{ ...kettle, quantity: 3 }])).toEqual([{ productId: "p1", quantity: 3 }]);
  });
});

describe("reconcileCart", () => {
  const saved = [
    { ...kettle, quantity: 2 },
    { ...book, quantity: 1 },
  ];
  it("keeps the saved cart when there is no cookie, or the cookie is the one the browser wrote", () => {
    expect(reconcileCart(saved, null, null)).toEqual({ items: saved, missing: [] });
    expect(reconcileCart(saved, [], "")).toEqual({ items: saved, missing: [] });
    expect(reconcileCart(saved, [{ productId: "p1", quantity: 2 }], "p1:2")).toEqual({ items: saved, missing: [] });
  });
  it("follows a cookie the server changed: its lines and quantities, with the saved details", () => {
    const result = reconcileCart(
      saved,
      [
        { productId: "p2", quantity: 4 },
        { productId: "p9", quantity: 1 },
      ],
      "p1:2,p2:1",
    );
    expect(result.items).toEqual([{ ...book, quantity: 4 }]);
    expect(result.missing).toEqual([{ productId: "p9", quantity: 1 }]);
    // Nothing written by this browser yet (first visit, added before the page was interactive).
    expect(reconcileCart([], [{ productId: "p9", quantity: 1 }], null).missing).toEqual([{ productId: "p9", quantity: 1 }]);
  });
  it("empties the cart when the server emptied the cookie (an order placed without JavaScript)", () => {
    expect(reconcileCart(saved, [], "p1:2,p2:1")).toEqual({ items: [], missing: [] });
  });
});

describe("the cookie's lines without JavaScript", () => {
  const lines = [{ productId: "p1", quantity: 2 }];
  it("adds, sets and removes", () => {
    expect(addCartLine(lines, "p1")).toEqual([{ productId: "p1", quantity: 3 }]);
    expect(addCartLine(lines, "p2")).toEqual([...lines, { productId: "p2", quantity: 1 }]);
    expect(addCartLine([{ productId: "p1", quantity: 99 }], "p1")).toEqual([{ productId: "p1", quantity: 99 }]);
    expect(addCartLine(lines, "not valid")).toEqual(lines);
    expect(setCartLine(lines, "p1", 5)).toEqual([{ productId: "p1", quantity: 5 }]);
    expect(setCartLine(lines, "p1", 0)).toEqual([]);
    expect(setCartLine(lines, "p1", 400)).toEqual([{ productId: "p1", quantity: 99 }]);
    expect(removeCartLine(lines, "p1")).toEqual([]);
  });
});

describe("cartLineStatus", () => {
  it("follows the quantity against the stock", () => {
    const product = { status: "ok" as const, inStock: true, stockQuantity: 3 };
    expect(cartLineStatus(product, 3)).toBe("ok");
    expect(cartLineStatus(product, 4)).toBe("limited");
    expect(cartLineStatus({ ...product, inStock: false }, 1)).toBe("out_of_stock");
    expect(cartLineStatus({ ...product, stockQuantity: 0 }, 1)).toBe("out_of_stock");
    expect(cartLineStatus({ ...product, status: "unknown" }, 1)).toBe("unknown");
  });
});

describe("cartImageUrl", () => {
  it("keeps the smallest variant as the line's thumbnail", () => {
    expect(cartImageUrl({ src: "/uploads/products/kettle-ab12", widths: [640, 320, 960] })).toBe("/uploads/products/kettle-ab12-320.webp");
    expect(cartImageUrl({ src: "/demo/kettle.svg", widths: [] })).toBe("/demo/kettle.svg");
    expect(cartImageUrl(null)).toBe("");
  });
});

describe("the stock the shop shows", () => {
  it("adding stops at the stock a line was added with, and the page can tell why", () => {
    const scarce = { ...kettle, stock: 2 };
    let items = cartReducer([], { type: "add", item: scarce });
    items = cartReducer(items, { type: "add", item: scarce });
    expect(stockLimitReached(items, scarce.id, 2)).toBe(true);
    expect(cartReducer(items, { type: "add", item: scarce })).toBe(items);
    expect(items[0]).toMatchObject({ quantity: 2, stock: 2 });
  });

  it("a product shown out of stock is never added; a cart below the stock is not at its limit", () => {
    expect(cartReducer([], { type: "add", item: { ...kettle, stock: 0 } })).toEqual([]);
    expect(stockLimitReached([], kettle.id, 0)).toBe(true);
    expect(stockLimitReached([{ ...kettle, quantity: 1 }], kettle.id, 3)).toBe(false);
  });

  it("a saved line keeps its stock; a line without one (saved before) is still read", () => {
    const saved = JSON.stringify([
      { ...kettle, quantity: 1, stock: 4 },
      { ...book, quantity: 1 },
    ]);
    expect(parseStoredCart(saved).items.map((line) => line.stock)).toEqual([4, undefined]);
  });
});

describe("lines of variants", () => {
  const blue: NewCartItem = { ...kettle, variantId: 4, variantLabel: "أزرق", sku: "CAR-BLUE", image: "/blue.webp" };
  const red: NewCartItem = { ...kettle, variantId: 3, variantLabel: "أحمر", sku: "CAR-RED", image: "/red.webp" };

  it("a line is a product and a variant: two colours are two lines, changed and removed one at a time", () => {
    let items = cartReducer([], { type: "add", item: blue });
    items = cartReducer(items, { type: "add", item: red });
    items = cartReducer(items, { type: "add", item: blue });
    expect(items.map((line) => [line.variantId, line.quantity, line.image])).toEqual([
      [4, 2, "/blue.webp"],
      [3, 1, "/red.webp"],
    ]);
    items = cartReducer(items, { type: "setQuantity", id: "p1", variantId: 3, quantity: 5 });
    expect(items.map((line) => line.quantity)).toEqual([2, 5]);
    items = cartReducer(items, { type: "remove", id: "p1", variantId: 4 });
    expect(items.map((line) => line.variantId)).toEqual([3]);
    // The product's line without a variant is another line still.
    expect(cartReducer(items, { type: "remove", id: "p1" })).toEqual(items);
    expect(stockLimitReached(items, "p1", 5, 3)).toBe(true);
    expect(stockLimitReached(items, "p1", 5, 4)).toBe(false);
  });

  it("reads old and new saved lines, and refuses a bad variant id", () => {
    const old = { id: "p1", title: "Kettle", titleAr: "غلاية", price: 2500, quantity: 1 };
    expect(parseStoredCart(JSON.stringify([old])).items[0]).toEqual({ ...old, description: "", descriptionAr: "", image: "" });
    const saved = parseStoredCart(JSON.stringify([{ ...old, variantId: 4, variantLabel: "أزرق", sku: "CAR-BLUE" }]));
    expect(saved.items[0]).toMatchObject({ variantId: 4, variantLabel: "أزرق", sku: "CAR-BLUE" });
    expect(parseStoredCart(JSON.stringify([{ ...old, variantId: "4" }])).error).toMatch(/variantId/);
  });

  it("the cookie carries the variant after a dot, bounded like the rest", () => {
    const lines = [
      { productId: "p1", quantity: 2, variantId: 4 },
      { productId: "p1", quantity: 1, variantId: 3 },
      { productId: "p2", quantity: 1 },
    ];
    expect(encodeCartCookie(lines)).toBe("p1.4:2,p1.3:1,p2:1");
    expect(decodeCartCookie("p1.4:2,p1.3:1,p2:1")).toEqual(lines);
    expect(decodeCartCookie("p1.4:2,p1.4:3,p1.x:1,p1.:1,p1.1234567890:1,p1.0:1")).toEqual([{ productId: "p1", quantity: 5, variantId: 4 }]);
    expect(addCartLine(lines, "p1", 3)).toEqual([lines[0], { ...lines[1], quantity: 2 }, lines[2]]);
    expect(addCartLine(lines, "p1")).toEqual([...lines, { productId: "p1", quantity: 1 }]);
    expect(setCartLine(lines, "p1", 7, 4)[0]).toEqual({ productId: "p1", quantity: 7, variantId: 4 });
    expect(removeCartLine(lines, "p1", 4)).toEqual(lines.slice(1));
    expect(cartLinesOf([{ ...blue, quantity: 2 }])).toEqual([{ productId: "p1", quantity: 2, variantId: 4 }]);
    // A saved cart and a cookie changed since meet line by line, variants included.
    const savedLines = [
      { ...blue, quantity: 1 },
      { ...red, quantity: 1 },
    ];
    expect(reconcileCart(savedLines, [{ productId: "p1", quantity: 3, variantId: 3 }], "p1.4:1,p1.3:1").items).toEqual([{ ...red, quantity: 3 }]);
  });
});
