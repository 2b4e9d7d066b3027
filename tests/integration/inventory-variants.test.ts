import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { inventoryCsv, inventoryRowKey } from "~/lib/inventory";
import { listInventoryItems, loadInventory, setStock, setVariantStock } from "~/server/catalog/index.server";
import { seededInventoryRows, seededProducts } from "../support/seeded-catalogue";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { insertVariants } from "../support/variants";

let t: TestDatabase;
let productId: string;
let variantIds: number[];
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  // A product of the demo catalogue without variants of its own, given two colours × two sizes.
  const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity > 10)!;
  productId = product.id;
  ({ variantIds } = await insertVariants(t.db, productId, {
    options: [
      { name: "اللون", values: ["أحمر", "أزرق"] },
      { name: "المقاس", values: ["S", "M"] },
    ],
    skuPrefix: "INV-VAR",
    stock: (index) => [0, 3, 20, 30][index]!,
    price: (index) => (index === 3 ? 9000 : null),
  }));
});
afterAll(async () => {
  await t.destroy();
});

const product = () => seededProducts.find((p) => p.id === productId)!;
const productRow = () => t.db.selectFrom("products").select(["stock_quantity", "in_stock"]).where("id", "=", productId).executeTakeFirstOrThrow();

describe("the inventory of a product with variants", () => {
  it("lists one row per variant (label, SKU, quantity, threshold, price) and none for the product itself", async () => {
    const items = (await listInventoryItems(t.db)).filter((item) => item.id === productId);
    expect(items.map((item) => [item.variantId, item.variantName, item.sku, item.stockQuantity, item.price])).toEqual([
      [variantIds[0], "أحمر / S", "INV-VAR-0", 0, product().price],
      [variantIds[1], "أحمر / M", "INV-VAR-1", 3, product().price],
      [variantIds[2], "أزرق / S", "INV-VAR-2", 20, product().price],
      [variantIds[3], "أزرق / M", "INV-VAR-3", 30, 9000],
    ]);
    expect(items.every((item) => item.title === product().title && item.image !== null)).toBe(true);
  });

  it("counts variants in the stats and raises an alert per low or sold-out variant", async () => {
    const { stats, alerts } = await loadInventory(t.db);
    const others = seededInventoryRows.filter((p) => p.id !== productId);
    expect(stats.totalProducts).toBe(others.length + 4);
    expect(stats.stockValue).toBe(others.reduce((sum, p) => sum + p.price * p.stockQuantity, 0) + (3 + 20) * product().price + 30 * 9000);
    const mine = alerts.filter((alert) => alert.productId === productId);
    expect(mine.map((alert) => [alert.variantId, alert.variantName, alert.status, alert.currentStock, alert.threshold])).toEqual([
      [variantIds[0], "أحمر / S", "out", 0, 5],
      [variantIds[1], "أحمر / M", "low", 3, 5],
    ]);
    expect(alerts.filter((alert) => alert.variantId === null).every((alert) => alert.variantName === null)).toBe(true);
  });

  it("exports one CSV row per variant", async () => {
    const items = (await listInventoryItems(t.db)).filter((item) => item.id === productId);
    const csv = inventoryCsv(items, {
      header: { product: "P", variant: "V", sku: "S", quantity: "Q", minimum: "M", status: "St" },
      status: { out: "out", low: "low", available: "ok" },
      unknownProduct: "?",
    });
    const title = product().title;
    expect(csv.split("\r\n").slice(1, 5)).toEqual([
      `${title},أحمر / S,INV-VAR-0,0,5,out`,
      `${title},أحمر / M,INV-VAR-1,3,5,low`,
      `${title},أزرق / S,INV-VAR-2,20,5,ok`,
      `${title},أزرق / M,INV-VAR-3,30,5,ok`,
    ]);
  });

  it("sets a variant's stock and recomputes the product's total and in-stock flag from its active variants", async () => {
    expect(await productRow()).toMatchObject({ stock_quantity: 53 });
    expect(await setVariantStock(t.db, productId, variantIds[0]!, "7")).toEqual({ ok: true, productId, variantId: variantIds[0], quantity: 7 });
    expect((await productRow()).stock_quantity).toBe(60);

    // An inactive variant's stock is not the product's.
    await t.db.updateTable("product_variants").set({ is_active: false }).where("id", "=", variantIds[3]!).execute();
    await setVariantStock(t.db, productId, variantIds[2]!, "0");
    expect((await productRow()).stock_quantity).toBe(10);
    const items = (await listInventoryItems(t.db)).filter((item) => item.id === productId);
    expect(items.map(inventoryRowKey)).not.toContain(`${productId}:${variantIds[3]}`);

    await setVariantStock(t.db, productId, variantIds[0]!, "0");
    await setVariantStock(t.db, productId, variantIds[1]!, "0");
    expect(await productRow()).toMatchObject({ stock_quantity: 0 });
    expect(Boolean((await productRow()).in_stock)).toBe(false);
    await setVariantStock(t.db, productId, variantIds[1]!, "2");
    expect(Boolean((await productRow()).in_stock)).toBe(true);
  });

  it("refuses a negative quantity, a variant of another product, and the product's own stock", async () => {
    expect(await setVariantStock(t.db, productId, variantIds[1]!, "-1")).toEqual({ ok: false, error: "negative" });
    const other = demoProducts.find((p) => !p.variants && p.id !== productId)!;
    expect(await setVariantStock(t.db, other.id, variantIds[1]!, "5")).toEqual({ ok: false, error: "not_found" });
    expect(await setVariantStock(t.db, productId, 999_999, "5")).toEqual({ ok: false, error: "not_found" });
    // Its stock is the sum of its variants': set per variant only.
    expect(await setStock(t.db, productId, "100")).toEqual({ ok: false, error: "not_found" });
    expect((await productRow()).stock_quantity).toBe(2);
  });
});
