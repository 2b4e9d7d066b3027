import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { defaultStopDeskPrice } from "~/lib/delivery-options";
import { listCommunes, listDeliveryRates, listWilayaSettings, saveWilayaSettings } from "~/server/delivery/delivery.service.server";
import { placeOrder, type OrderSettings, type PlaceOrderContext } from "~/server/orders/order.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const toy = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 20).sort((a, b) => b.stockQuantity - a.stockQuantity)[0]!;
const open: OrderSettings = { perIp: { limit: 10_000, windowSeconds: 600 }, perPhone: { limit: 10_000, windowSeconds: 3600 } };
const context = (extra: Partial<PlaceOrderContext> = {}): PlaceOrderContext => ({ ip: "192.0.2.50", language: "ar", ...extra });
let phone = 0;
function body(customer: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  phone += 1;
  return {
    source: "cart_page",
    items: [{ productId: toy.id, quantity: 1 }],
    customer: { firstName: "أمين", lastName: "بن علي", phone: `0771${String(phone).padStart(6, "0")}`, ...customer },
    ...extra,
  };
}
const settingsOf = async (code: string) => (await listWilayaSettings(t.db)).find((w) => w.code === code)!;

describe("delivery options", () => {
  it("seeds the 1,541 communes and the default stop-desk prices", async () => {
    const row = await t.db
      .selectFrom("communes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(1541);
    const rates = await listDeliveryRates(t.db);
    expect(rates).toHaveLength(69);
    for (const rate of rates) expect(rate.stopDeskPrice).toBe(defaultStopDeskPrice(rate.homePrice));
    expect(rates.find((r) => r.code === "31")!.stopDeskPrice).toBe(400);
    expect(rates.find((r) => r.code === "16")!.stopDeskPrice).toBeNull();
  });

  it("lists a wilaya's communes (null for an unknown wilaya; the HTTP answer is in tests/e2e/delivery.test.ts)", async () => {
    const blida = await listCommunes(t.db, "09");
    expect(blida).toHaveLength(25);
    expect(blida).toContainEqual({ code: "0901", name: "Blida", nameAr: "البليدة" });
    expect(await listCommunes(t.db, "99")).toBeNull();
    expect(await listCommunes(t.db, "x")).toBeNull();
  });

  it("charges the stop-desk price for stop_desk and stores the commune and the delivery type", async () => {
    const result = await placeOrder(t.db, body({ wilayaCode: "31", communeCode: "3101" }, { deliveryType: "stop_desk" }), context(), open);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order.deliveryPrice).toBe(400);
    expect(result.order.total).toBe(toy.price + 400);
    const stored = await t.db
      .selectFrom("orders")
      .select(["commune_code", "delivery_type", "delivery_price"])
      .where("order_number", "=", result.order.orderNumber)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ commune_code: "3101", delivery_type: "stop_desk", delivery_price: 400 });

    const home = await placeOrder(t.db, body({ wilayaCode: "31", communeCode: "3101" }), context(), open);
    expect(home.ok && home.order.deliveryPrice).toBe(600);
    const homeRow = await t.db
      .selectFrom("orders")
      .select(["delivery_type"])
      .where("order_number", "=", home.ok ? home.order.orderNumber : "")
      .executeTakeFirstOrThrow();
    expect(homeRow.delivery_type).toBe("home");
  });

  it("refuses a commune of another wilaya, an unknown commune and stop_desk where there is none", async () => {
    const other = await placeOrder(t.db, body({ wilayaCode: "31", communeCode: "0901" }), context(), open);
    expect(other.ok).toBe(false);
    if (!other.ok) {
      expect(other.status).toBe(422);
      expect(Object.keys(other.error.fields)).toEqual(["communeCode"]);
    }
    const unknown = await placeOrder(t.db, body({ wilayaCode: "31", communeCode: "9999" }), context(), open);
    expect(unknown.ok).toBe(false);
    const malformed = await placeOrder(t.db, body({ wilayaCode: "31", communeCode: "abc" }), context(), open);
    expect(!malformed.ok && malformed.error.fields.communeCode).toBeTruthy();

    const noDesk = await placeOrder(t.db, body({ wilayaCode: "16" }, { deliveryType: "stop_desk" }), context({ language: "fr" }), open);
    expect(noDesk.ok).toBe(false);
    if (!noDesk.ok) expect(noDesk.error.fields.deliveryType).toBe("Cette wilaya n'a pas de stop-desk");
    const badType = await placeOrder(t.db, body({ wilayaCode: "31" }, { deliveryType: "drone" }), context(), open);
    expect(!badType.ok && badType.error.fields.deliveryType).toBeTruthy();
  });

  it("validates and saves the delivery settings; an inactive wilaya is neither listed nor orderable", async () => {
    const before = await settingsOf("13");
    const invalid = await saveWilayaSettings(t.db, "13", { homePrice: "-5", stopDeskPrice: "1.5", deliveryTime: "soon", zone: "E", active: "on" });
    expect(invalid).toEqual({
      ok: false,
      error: "invalid",
      fields: { homePrice: "price", stopDeskPrice: "price", deliveryTime: "time", zone: "zone" },
    });
    expect(
      await saveWilayaSettings(t.db, "13", { homePrice: "700", stopDeskPrice: "", deliveryTime: "3-2 days", zone: "B", active: "on" }),
    ).toMatchObject({
      ok: false,
      fields: { deliveryTime: "time" },
    });
    expect(await settingsOf("13")).toEqual(before);
    expect(await saveWilayaSettings(t.db, "98", { homePrice: "1", stopDeskPrice: "", deliveryTime: "1-2 days", zone: "A", active: "on" })).toEqual({
      ok: false,
      error: "not_found",
    });

    expect(
      await saveWilayaSettings(t.db, "13", { homePrice: " 650 ", stopDeskPrice: "", deliveryTime: "2 - 3 day", zone: "b", active: "on" }),
    ).toEqual({ ok: true });
    expect(await settingsOf("13")).toMatchObject({ homePrice: 650, stopDeskPrice: null, deliveryTime: "2-3 days", zone: "B", active: true });
    const refused = await placeOrder(t.db, body({ wilayaCode: "13" }, { deliveryType: "stop_desk" }), context(), open);
    expect(!refused.ok && refused.error.fields.deliveryType).toBeTruthy();

    // Deactivated (checkbox absent): gone from the shop's list and refused by placeOrder.
    expect(
      await saveWilayaSettings(t.db, "13", { homePrice: "650", stopDeskPrice: "450", deliveryTime: "2-3 days", zone: "B", active: undefined }),
    ).toEqual({ ok: true });
    expect((await listDeliveryRates(t.db)).map((r) => r.code)).not.toContain("13");
    const inactive = await placeOrder(t.db, body({ wilayaCode: "13" }), context(), open);
    expect(inactive.ok).toBe(false);
    if (!inactive.ok) expect(inactive.error.code).toBe("unknown_wilaya");
    expect(await settingsOf("13")).toMatchObject({ active: false, stopDeskPrice: 450 });
  });
});
