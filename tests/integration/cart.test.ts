import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { quoteCart } from "~/server/cart/cart.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const plenty = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 10);
const first = plenty.find((p) => p.compareAtPrice > 0)!;
const second = plenty.find((p) => p.id !== first.id && p.images.length > 0)!;
const soldOut = demoProducts.find((p) => !p.inStock)!;

describe("quoteCart", () => {
  it("prices each line from the database, in the shopper's language, whatever the browser believed", async () => {
    const quote = await quoteCart(
      t.db,
      [
        { productId: first.id, quantity: 2 },
        { productId: second.id, quantity: 3 },
      ],
      "fr",
    );
    expect(quote.lines.map((l) => [l.productId, l.status, l.price, l.quantity, l.lineTotal])).toEqual([
      [first.id, "ok", first.price, 2, first.price * 2],
      [second.id, "ok", second.price, 3, second.price * 3],
    ]);
    expect(quote.lines[0]).toMatchObject({
      title: first.titleFr,
      titleAr: first.title,
      slug: first.slug,
      originalPrice: first.compareAtPrice,
      inStock: true,
      stockQuantity: first.stockQuantity,
    });
    expect(quote.lines[1]!.image?.src).toBeTruthy();
    expect(quote.itemsTotal).toBe(first.price * 2 + second.price * 3);
    expect(quote.itemCount).toBe(5);
    expect(quote.orderable).toBe(true);
  });

  it("follows a price change made after the product was added", async () => {
    await t.db
      .updateTable("products")
      .set({ price: first.price + 500 })
      .where("id", "=", first.id)
      .execute();
    try {
      const quote = await quoteCart(t.db, [{ productId: first.id, quantity: 1 }], "ar");
      expect(quote.lines[0]!.price).toBe(first.price + 500);
      expect(quote.itemsTotal).toBe(first.price + 500);
    } finally {
      await t.db.updateTable("products").set({ price: first.price }).where("id", "=", first.id).execute();
    }
  });

  it("flags unknown and out-of-stock products and leaves them out of the total", async () => {
    const quote = await quoteCart(
      t.db,
      [
        { productId: "p404404404", quantity: 1 },
        { productId: soldOut.id, quantity: 1 },
        { productId: first.id, quantity: 1 },
      ],
      "ar",
    );
    expect(quote.lines.map((l) => [l.productId, l.status, l.lineTotal])).toEqual([
      ["p404404404", "unknown", 0],
      [soldOut.id, "out_of_stock", 0],
      [first.id, "ok", first.price],
    ]);
    expect(quote.lines[0]!.title).toBe("");
    expect(quote.lines[1]!.title).toBe(soldOut.title);
    expect(quote.itemsTotal).toBe(first.price);
    expect(quote.itemCount).toBe(1);
    expect(quote.orderable).toBe(false);
  });

  it("flags a quantity above the stock, and a product with no stock left", async () => {
    const quote = await quoteCart(t.db, [{ productId: first.id, quantity: first.stockQuantity + 1 }], "ar");
    expect(quote.lines[0]).toMatchObject({ status: "limited", stockQuantity: first.stockQuantity });
    expect(quote.orderable).toBe(false);

    await t.db.updateTable("products").set({ stock_quantity: 0 }).where("id", "=", second.id).execute();
    try {
      const empty = await quoteCart(t.db, [{ productId: second.id, quantity: 1 }], "ar");
      expect(empty.lines[0]!.status).toBe("out_of_stock");
    } finally {
      await t.db.updateTable("products").set({ stock_quantity: second.stockQuantity }).where("id", "=", second.id).execute();
    }
  });

  it("drops malformed lines, merges repeats and answers an empty cart without a query", async () => {
    const quote = await quoteCart(
      t.db,
      [
        { productId: first.id, quantity: 1 },
        { productId: first.id, quantity: 2 },
        { productId: "bad id", quantity: 1 },
        { productId: second.id, quantity: 0 },
      ],
      "ar",
    );
    expect(quote.lines.map((l) => [l.productId, l.quantity])).toEqual([[first.id, 3]]);
    expect(await quoteCart(t.db, [], "ar")).toEqual({ lines: [], itemsTotal: 0, itemCount: 0, orderable: false });
  });
});
