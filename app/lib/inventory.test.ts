import { describe, expect, it } from "vitest";
import { UTF8_BOM } from "./csv";
import {
  inventoryCsv,
  inventoryCsvFilename,
  inventoryRowKey,
  inventoryRowName,
  inventoryStats,
  parseStockQuantity,
  sortInventory,
  STOCK_ALERTS_SHOWN,
  stockAlerts,
  type InventoryItem,
} from "./inventory";

const item = (id: string, stockQuantity: number, extra: Partial<InventoryItem> = {}): InventoryItem => ({
  id,
  variantId: null,
  variantName: null,
  title: `منتج ${id}`,
  sku: `SKU-${id}`,
  price: 1000,
  stockQuantity,
  lowStockThreshold: 5,
  inStock: true,
  image: null,
  ...extra,
});

describe("inventoryStats", () => {
  it("counts products, out of stock and low stock, and sums price × quantity", () => {
    const items = [
      item("a", 0),
      item("b", 3, { price: 2500 }),
      item("c", 40, { price: 100 }),
      item("d", 12, { inStock: false, price: 10 }),
      item("e", 8, { lowStockThreshold: 10, price: 1 }),
    ];
    expect(inventoryStats(items)).toEqual({
      totalProducts: 5,
      outOfStock: 2, // a (0) and d (marked out)
      lowStock: 2, // b (3 ≤ 5) and e (8 ≤ 10)
      stockValue: 3 * 2500 + 40 * 100 + 12 * 10 + 8 * 1,
    });
  });

  it("is all zeros for an empty shop and never counts a negative quantity", () => {
    expect(inventoryStats([])).toEqual({ totalProducts: 0, outOfStock: 0, lowStock: 0, stockValue: 0 });
    expect(inventoryStats([item("a", -4)]).stockValue).toBe(0);
  });
});

describe("stockAlerts", () => {
  it("lists out-of-stock products first, then low ones, lowest stock first", () => {
    const alerts = stockAlerts([
      item("low4", 4),
      item("ok", 30),
      item("out-flag", 9, { inStock: false }),
      item("low1", 1),
      item("out0", 0),
      item("low4b", 4, { lowStockThreshold: 4 }),
    ]);
    expect(alerts.map((a) => [a.productId, a.status, a.currentStock])).toEqual([
      ["out0", "out", 0],
      ["out-flag", "out", 9],
      ["low1", "low", 1],
      ["low4", "low", 4],
      ["low4b", "low", 4],
    ]);
    expect(alerts[3]!.threshold).toBe(5);
  });

  it("leaves the title empty (unknown product) when the product has none", () => {
    expect(stockAlerts([item("x", 0, { title: "  " })])[0]!.title).toBeNull();
  });

  it("shows at most five in the panel", () => {
    expect(STOCK_ALERTS_SHOWN).toBe(5);
  });
});

describe("parseStockQuantity", () => {
  it("reads integers, with non-numeric input as 0", () => {
    expect(parseStockQuantity("12")).toEqual({ ok: true, quantity: 12 });
    expect(parseStockQuantity(" 7 ")).toEqual({ ok: true, quantity: 7 });
    expect(parseStockQuantity("12.9")).toEqual({ ok: true, quantity: 12 });
    expect(parseStockQuantity("abc")).toEqual({ ok: true, quantity: 0 });
    expect(parseStockQuantity("")).toEqual({ ok: true, quantity: 0 });
    expect(parseStockQuantity(null)).toEqual({ ok: true, quantity: 0 });
    expect(parseStockQuantity("١٥")).toEqual({ ok: true, quantity: 15 });
    expect(parseStockQuantity("-0")).toEqual({ ok: true, quantity: 0 });
  });

  it("refuses negative and absurdly large quantities", () => {
    expect(parseStockQuantity("-3")).toEqual({ ok: false, reason: "negative" });
    expect(parseStockQuantity(-1)).toEqual({ ok: false, reason: "negative" });
    expect(parseStockQuantity("99999999999")).toEqual({ ok: false, reason: "too_large" });
  });
});

describe("the CSV export", () => {
  it("is named after the ISO date", () => {
    expect(inventoryCsvFilename(new Date("2026-11-22T23:30:00Z"))).toBe("inventory-2026-11-22.csv");
  });

  it("has the product, SKU, quantity, minimum and status columns, with statuses in words", () => {
    const csv = inventoryCsv([item("a", 0), item("b", 3, { title: "=cmd|' /C calc'!A0", sku: null }), item("c", 9, { title: "" })], {
      header: { product: "المنتج", variant: "المتغير", sku: "SKU", quantity: "الكمية", minimum: "الحد الأدنى", status: "الحالة" },
      status: { out: "نفد", low: "منخفض", available: "متوفر" },
      unknownProduct: "منتج غير معروف",
    });
    expect(csv.split("\r\n")).toEqual([
      `${UTF8_BOM}المنتج,المتغير,SKU,الكمية,الحد الأدنى,الحالة`,
      "منتج a,,SKU-a,0,5,نفد",
      "'=cmd|' /C calc'!A0,,,3,5,منخفض",
      "منتج غير معروف,,SKU-c,9,5,متوفر",
      "",
    ]);
  });

  it("has one row per variant, with its label and SKU", () => {
    const csv = inventoryCsv(
      [item("car", 2, { variantId: 7, variantName: "أحمر", sku: "CAR-RED" }), item("car", 0, { variantId: 8, variantName: "أزرق", sku: "CAR-BLUE" })],
      {
        header: { product: "P", variant: "V", sku: "S", quantity: "Q", minimum: "M", status: "St" },
        status: { out: "out", low: "low", available: "ok" },
        unknownProduct: "?",
      },
    );
    expect(csv.split("\r\n").slice(1, 3)).toEqual(["منتج car,أحمر,CAR-RED,2,5,low", "منتج car,أزرق,CAR-BLUE,0,5,out"]);
  });
});

describe("variant rows", () => {
  const red = item("car", 3, { variantId: 7, variantName: "أحمر", price: 4000 });
  const blue = item("car", 0, { variantId: 8, variantName: "أزرق", price: 4500 });
  const plain = item("bag", 40, { price: 100 });

  it("are counted one by one in the stats, each valued at its own price", () => {
    expect(inventoryStats([red, blue, plain])).toEqual({ totalProducts: 3, outOfStock: 1, lowStock: 1, stockValue: 3 * 4000 + 40 * 100 });
  });

  it("raise alerts that name the product and the variant (null for a product without variants)", () => {
    const alerts = stockAlerts([red, blue, item("x", 1)]);
    expect(alerts.map((a) => [a.productId, a.variantId, a.variantName, a.status, a.currentStock])).toEqual([
      ["car", 8, "أزرق", "out", 0],
      ["x", null, null, "low", 1],
      ["car", 7, "أحمر", "low", 3],
    ]);
  });

  it("have their own key and name, and sort by stock, product then variant", () => {
    expect(inventoryRowKey(red)).toBe("car:7");
    expect(inventoryRowKey(plain)).toBe("bag");
    expect(inventoryRowName(red, "?")).toBe("منتج car — أحمر");
    expect(inventoryRowName(item("y", 1, { title: " " }), "?")).toBe("?");
    const twin = item("car", 3, { variantId: 2, variantName: "أخضر" });
    expect(sortInventory([plain, red, blue, twin]).map(inventoryRowKey)).toEqual(["car:8", "car:2", "car:7", "bag"]);
  });
});
