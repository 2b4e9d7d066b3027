import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { jewelleryCatalogue } from "~/data/jewellery-catalogue";
import ar from "~/i18n/ar";
import type { OrderRequestBody } from "~/lib/order-request";
import { getJewelleryItem, listJewellery } from "~/server/jewellery/jewellery.service.server";
import { placeOrder, type OrderSettings, type PlaceOrderContext } from "~/server/orders/order.service.server";
import { orderWebhookFields } from "~/server/notify/order-webhook.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const open: OrderSettings = { perIp: { limit: 10_000, windowSeconds: 600 }, perPhone: { limit: 10_000, windowSeconds: 3600 } };
const context: PlaceOrderContext = { ip: "192.0.2.7", language: "ar" };
const plenty = jewelleryCatalogue.find((item) => item.stockQuantity >= 5)!;
const two = jewelleryCatalogue.find((item) => item.stockQuantity === 2)!;
const soldOut = jewelleryCatalogue.find((item) => item.stockQuantity === 0)!;
const toy = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 20)!;

let phoneCounter = 0;
function body(overrides: Partial<OrderRequestBody> = {}, customer: Partial<OrderRequestBody["customer"]> = {}) {
  phoneCounter += 1;
  return {
    source: "jewellery" as const,
    items: [{ productId: plenty.productId, quantity: 1 }],
    bundle: "double" as const,
    ...overrides,
    customer: {
      firstName: "Nadia",
      lastName: "Belkacem",
      phone: `0770${String(phoneCounter).padStart(6, "0")}`,
      wilayaCode: "31",
      email: "nadia@example.dz",
      ...customer,
    },
  };
}

async function stockOf(productId: string): Promise<number> {
  const row = await t.db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirstOrThrow();
  return row.stock_quantity;
}

describe("the seeded jewellery catalogue", () => {
  it("is stored as products of the jewellery category with their details", async () => {
    const category = await t.db.selectFrom("categories").selectAll().where("slug", "=", "jewellery").executeTakeFirstOrThrow();
    expect([category.name, category.name_en, category.name_fr]).toEqual(["مجوهرات", "Jewellery", "Bijouterie"]);
    const products = await t.db
      .selectFrom("products")
      .select(["id", "slug", "price", "compare_at_price"])
      .where("category", "=", "jewellery")
      .execute();
    expect(products).toHaveLength(jewelleryCatalogue.length);
    const details = await t.db.selectFrom("product_details").selectAll().execute();
    expect(details).toHaveLength(jewelleryCatalogue.length);
    const images = await t.db
      .selectFrom("product_images")
      .select(["product_id", "url", "widths"])
      .where(
        "product_id",
        "in",
        jewelleryCatalogue.map((item) => item.productId),
      )
      .execute();
    expect(images).toHaveLength(jewelleryCatalogue.reduce((n, item) => n + item.images.length, 0));
    // Re-encoded like uploads (WebP variants), not served from the SVG.
    for (const image of images) expect(image.widths, image.url).not.toBe("");
  });

  it("lists the pieces newest first, and one sub-category on demand", async () => {
    const all = await listJewellery(t.db, "ar", null);
    expect(all).toHaveLength(jewelleryCatalogue.length);
    expect(all[0]!.slug).toBe([...jewelleryCatalogue].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!.id);
    const rings = await listJewellery(t.db, "en", "Rings");
    expect(rings.map((r) => r.slug).sort()).toEqual(
      jewelleryCatalogue
        .filter((i) => i.category === "Rings")
        .map((i) => i.id)
        .sort(),
    );
    expect(rings.every((r) => r.subcategory === "Rings" && r.image !== null)).toBe(true);
  });

  it("reads one piece by id with its attributes in the shopper's language", async () => {
    const source = jewelleryCatalogue[0]!;
    const ar = await getJewelleryItem(t.db, source.id, "ar");
    expect(ar).toMatchObject({
      id: source.productId,
      slug: source.id,
      title: source.nameAr,
      nameAr: source.nameAr,
      nameEn: source.name,
      price: source.price,
      originalPrice: source.originalPrice,
      subcategory: source.category,
      brand: source.brand,
      material: "18K Gold",
      weight: source.weight,
      stones: source.stones,
      features: source.featuresAr,
      tags: source.tags,
    });
    const en = await getJewelleryItem(t.db, source.id, "en");
    expect(en?.title).toBe(source.name);
    expect(en?.features).toEqual(source.features);
    expect(await getJewelleryItem(t.db, "no-such-jewel", "ar")).toBeNull();
    // A product of another category is not a jewellery item.
    expect(await getJewelleryItem(t.db, toy.slug, "ar")).toBeNull();
  });
});

describe("a jewellery order", () => {
  it("with the double bundle: two pieces at 20 % off the piece's own price, plus the wilaya's delivery fee", async () => {
    const double = (plenty.price * 2 * 80) / 100;
    const wilaya = await t.db.selectFrom("wilayas").select("home_price").where("code", "=", "31").executeTakeFirstOrThrow();
    const stock = await stockOf(plenty.productId);
    const result = await placeOrder(t.db, body(), context, open);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order).toMatchObject({ itemsTotal: double, deliveryPrice: wilaya.home_price, total: double + wilaya.home_price });
    const order = await t.db
      .selectFrom("orders")
      .select(["id", "source", "bundle", "email", "first_name", "last_name", "items_total", "total"])
      .where("order_number", "=", result.order.orderNumber)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ source: "jewellery", bundle: "double", email: "nadia@example.dz", items_total: double });
    const lines = await t.db
      .selectFrom("order_items")
      .select(["product_id", "title", "quantity", "unit_price", "compare_at_price", "line_total"])
      .where("order_id", "=", order.id)
      .execute();
    expect(lines).toEqual([
      { product_id: plenty.productId, title: plenty.nameAr, quantity: 2, unit_price: double / 2, compare_at_price: plenty.price, line_total: double },
    ]);
    // Orders do not move stock (the merchant's confirmation does): unchanged here.
    expect(await stockOf(plenty.productId)).toBe(stock);
  });

  it("prices single and triple from the piece's price, whatever the quantity sent", async () => {
    const single = await placeOrder(
      t.db,
      body({ bundle: "single", items: [{ productId: plenty.productId, quantity: 7 }] }, { wilayaCode: "16" }),
      context,
      open,
    );
    expect(single.ok && single.order).toMatchObject({ itemsTotal: plenty.price });
    const triple = await placeOrder(t.db, body({ bundle: "triple" }, { wilayaCode: "16" }), context, open);
    expect(triple.ok && triple.order).toMatchObject({ itemsTotal: (plenty.price * 3 * 80) / 100 });
  });

  it("a 198,000 DA bracelet's triple is computed from 198,000 DA: 475,200 DA, not a price fixed for every piece", async () => {
    const before = await t.db.selectFrom("products").select("price").where("id", "=", plenty.productId).executeTakeFirstOrThrow();
    await t.db.updateTable("products").set({ price: 198_000 }).where("id", "=", plenty.productId).execute();
    try {
      const triple = await placeOrder(t.db, body({ bundle: "triple" }, { wilayaCode: "16" }), context, open);
      expect(triple.ok && triple.order).toMatchObject({ itemsTotal: 475_200 });
    } finally {
      await t.db.updateTable("products").set({ price: before.price }).where("id", "=", plenty.productId).execute();
    }
  });

  it("is refused when the stock cannot cover the bundle, or the piece is sold out", async () => {
    const tooFew = await placeOrder(t.db, body({ bundle: "triple", items: [{ productId: two.productId, quantity: 1 }] }), context, open);
    expect(tooFew.ok).toBe(false);
    if (!tooFew.ok) expect(tooFew.error.code).toBe("out_of_stock");
    const none = await placeOrder(t.db, body({ bundle: "single", items: [{ productId: soldOut.productId, quantity: 1 }] }), context, open);
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error.code).toBe("out_of_stock");
  });

  it("refuses a bundle from any other source", async () => {
    const result = await placeOrder(t.db, body({ source: "product_detail" }, { address: "حي 20 أوت" }), context, open);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(422);
    expect(result.error.fields).toEqual({ bundle: ar.orders.fields.invalid });
  });

  it("refuses an unknown bundle and a missing one", async () => {
    const unknown = await placeOrder(t.db, { ...body(), bundle: "quadruple" }, context, open);
    expect(!unknown.ok && unknown.error.fields).toEqual({ bundle: ar.orders.fields.invalid });
    const missing = await placeOrder(t.db, { ...body(), bundle: undefined }, context, open);
    expect(!missing.ok && missing.error.fields).toEqual({ bundle: ar.orders.fields.required });
  });

  it("takes a one-word name (its form's one name field) with an empty last name; other sources still require one", async () => {
    const oneWord = await placeOrder(t.db, body({ bundle: "single" }, { firstName: "نادية", lastName: "" }), context, open);
    expect(oneWord.ok).toBe(true);
    if (!oneWord.ok) return;
    const order = await t.db
      .selectFrom("orders")
      .select(["first_name", "last_name"])
      .where("order_number", "=", oneWord.order.orderNumber)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ first_name: "نادية", last_name: "" });
    const contactForm = await placeOrder(
      t.db,
      body({ source: "contact_form", bundle: undefined, items: [{ productId: toy.id, quantity: 1 }] }, { lastName: "", address: "حي النصر" }),
      context,
      open,
    );
    expect(!contactForm.ok && contactForm.error.fields).toEqual({ lastName: ar.orders.fields.required });
  });

  it("requires the email", async () => {
    const result = await placeOrder(t.db, body({}, { email: "  " }), context, open);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("invalid_order");
    expect(result.error.fields).toEqual({ email: ar.orders.fields.required });
  });

  it("refuses a bundle of a product that is not jewellery", async () => {
    const before = Number(
      (
        await t.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const result = await placeOrder(t.db, body({ items: [{ productId: toy.id, quantity: 1 }] }), context, open);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("unknown_product");
    expect(result.error.fields).toEqual({ "items.0.productId": ar.orders.fields.unknown_product });
    const after = Number(
      (
        await t.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
  });

  it("leaves other orders without a bundle", async () => {
    const result = await placeOrder(
      t.db,
      {
        source: "cart_page",
        items: [{ productId: toy.id, quantity: 1 }],
        customer: { firstName: "أمين", lastName: "بن علي", phone: "0661999001", wilayaCode: "16" },
      },
      context,
      open,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const order = await t.db.selectFrom("orders").select(["bundle"]).where("order_number", "=", result.order.orderNumber).executeTakeFirstOrThrow();
    expect(order.bundle).toBeNull();
  });
});

describe("the webhook fields of a jewellery order", () => {
  it("name the item and the bundle, and the budget in DA", () => {
    const fields = orderWebhookFields({
      orderNumber: "SQ-000001",
      source: "jewellery",
      bundle: "double",
      customer: { firstName: "Nadia", lastName: "Belkacem", phone: "0661554433", email: "nadia@example.dz" },
      wilaya: { code: "16", name: "Alger", nameAr: "الجزائر" },
      lines: [{ productId: "p1", title: "عقد", unitPrice: 44_000, quantity: 2, lineTotal: 88_000 }],
      itemsTotal: 88_000,
      deliveryPrice: 0,
      total: 88_000,
      createdAt: "2026-11-22T10:00:00.000Z",
    });
    expect(fields).toMatchObject({
      source: "jewellery",
      bundle: "double",
      product: "عقد",
      quantity: "2",
      budget: "88000 DA",
      email: "nadia@example.dz",
      totalAmount: "88000",
    });
  });
});
