import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { confirmationPanel, getAdminOrder } from "~/server/orders/index.server";
import { placeOrder, type OrderSettings } from "~/server/orders/order.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// The confirmation panel of an order page or of the call queue: built from the order the page
// already loaded, its WhatsApp messages name the delivery place in each message's language,
// whatever the admin's own.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const toy = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 5)!;
const open: OrderSettings = { perIp: { limit: 10_000, windowSeconds: 600 }, perPhone: { limit: 10_000, windowSeconds: 3600 } };

/** The text a wa.me link carries. */
const textOf = (url: string) => decodeURIComponent(url.split("?text=")[1]!);

describe("confirmationPanel", () => {
  it("writes each WhatsApp message with the commune and wilaya named in its own language, from an order loaded in French", async () => {
    const placed = await placeOrder(
      t.db,
      {
        source: "cart_page",
        items: [{ productId: toy.id, quantity: 1 }],
        customer: { firstName: "Karim", lastName: "Saadi", phone: "0551234567", wilayaCode: "25", communeCode: "2506", address: "Cité 500" },
        deliveryType: "home",
      },
      { ip: "192.0.2.80", language: "fr" },
      open,
    );
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const order = await t.db.selectFrom("orders").select("id").where("order_number", "=", placed.order.orderNumber).executeTakeFirstOrThrow();

    const found = await getAdminOrder(t.db, order.id, "fr");
    const panel = await confirmationPanel(t.db, found!);
    expect(panel).toMatchObject({ orderId: order.id, phone: "0551234567", confirmation: { state: "to_call" } });
    const message = (template: string, language: string) =>
      textOf(panel!.whatsapp.find((m) => m.template === template && m.language === language)!.url);
    // "Confirm your order" says where it goes; both templates name the order.
    expect(message("confirm", "ar")).toContain("الخروب، قسنطينة");
    expect(message("confirm", "fr")).toContain("El Khroub, Constantine");
    for (const template of ["confirm", "unreachable"])
      for (const language of ["ar", "fr"]) expect(message(template, language)).toContain(placed.order.orderNumber);
    expect(panel!.customer).toBeDefined();
  });
});
