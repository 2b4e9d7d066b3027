import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { jewelleryCatalogue } from "~/data/jewellery-catalogue";
import ar from "~/i18n/ar";
import en from "~/i18n/en";
import fr from "~/i18n/fr";
import type { OrderFormAnswer } from "~/lib/order-form";
import { productPath } from "~/lib/product";
import type { EnquiryFormAnswer } from "~/lib/wholesale";
import type { Database } from "~/server/db/database.server";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/*
 * Every order form through its route action, as the browser posts it: a plain post (no
 * JavaScript: no key, answered by a 303 to the page's confirmation), a post with the client's
 * key (the fetcher: the order in the answer), and refusals (the schema's or the shop's, with
 * each field's translated text and what was typed). One schema per form parses the post; the
 * order service places the order.
 */

// The route actions read the process-wide database (getDb): this file's test database.
let db: Kysely<Database>;
vi.mock("~/server/db/connection.server", () => ({
  getDb: () => db,
  getDatabase: () => ({ db, dialect: "sqlite", close: async () => {} }),
  closeDatabase: async () => {},
}));

const product = await import("~/routes/shop/product");
const contact = await import("~/routes/shop/contact");
const cart = await import("~/routes/shop/cart");
const jewelleryItem = await import("~/routes/shop/jewellery-item");
const wholesale = await import("~/routes/shop/wholesale");
const { getAdminOrder } = await import("~/server/orders/index.server");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  db = t.db;
});
afterAll(async () => {
  await t.destroy();
});

const plenty = demoProducts.filter((p) => p.inStock && p.stockQuantity >= 20 && p.slug).sort((a, b) => b.stockQuantity - a.stockQuantity);
const toy = plenty[0]!;
const other = plenty[1]!;
const jewel = jewelleryCatalogue.find((item) => item.stockQuantity >= 5)!;

let counter = 0;
/** A fresh mobile number and client address per call: per-phone and per-address limits never mix tests up. */
function shopper() {
  counter += 1;
  return { phone: `0662${String(counter).padStart(6, "0")}`, ip: `192.0.2.${counter}` };
}

type Action = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;

/** A form post to `path`, as a browser sends it, from `ip` in `language`. */
function post(path: string, fields: Record<string, string | string[]>, ip: string, language = "ar") {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return new Request(`http://shop.test${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", [PEER_ADDRESS_HEADER]: ip, Cookie: `lng=${language}`, "User-Agent": "form-test" },
  });
}

/** What an action answered: a redirect (Response), or its data and status (React Router's data()). */
async function send(action: unknown, request: Request, params: Record<string, string> = {}) {
  const answer = await (action as Action)({ request, params, context: {} });
  const empty = { result: {} } as OrderFormAnswer & EnquiryFormAnswer;
  if (answer instanceof Response)
    return { status: answer.status, location: answer.headers.get("Location"), cookie: answer.headers.get("Set-Cookie"), data: empty };
  const wrapped = answer as { data: unknown; init?: { status?: number } | null };
  return { status: wrapped.init?.status ?? 200, location: null, cookie: null, data: wrapped.data as OrderFormAnswer & EnquiryFormAnswer };
}

async function ordersOf(phone: string) {
  return t.db.selectFrom("orders").selectAll().where("phone", "=", phone).orderBy("id").execute();
}

async function linesOf(orderId: number) {
  return t.db
    .selectFrom("order_items")
    .select(["product_id", "quantity", "line_total"])
    .where("order_id", "=", orderId)
    .orderBy("position")
    .execute();
}

const customer = (phone: string) => ({
  firstName: "أمين",
  lastName: "بن علي",
  phone,
  wilaya: "16",
  commune: "1601",
  address: "حي النصر، عمارة 3",
  website: "",
});
const productParams = { slug: toy.slug! };
const productUrl = productPath(toy);
const confirmation = (path: string, anchor = "") => new RegExp(`^${path.replace(/[.?*+^$[\]\\(){}|-]/g, "\\$&")}\\?order=(SQ-\\d+)${anchor}$`);

describe("plain posts (without JavaScript): 303 to the page's confirmation, and the order", () => {
  it("the product page's form", async () => {
    const { phone, ip } = shopper();
    const answer = await send(product.action, post(productUrl, { ...customer(phone), address: "حي النصر، عمارة 3" }, ip), productParams);
    expect(answer.status).toBe(303);
    const number = confirmation(productUrl, "#order").exec(answer.location ?? "")?.[1];
    const [order] = await ordersOf(phone);
    expect(order).toMatchObject({ order_number: number, source: "product_detail", address: "حي النصر، عمارة 3", ip, user_agent: "form-test" });
    expect(await linesOf(order!.id)).toMatchObject([{ product_id: toy.id, quantity: 1 }]);
  });

  it("the contact page's quick order", async () => {
    const { phone, ip } = shopper();
    const answer = await send(contact.action, post("/contact", { ...customer(phone), product: other.id, quantity: "2" }, ip));
    expect(answer.status).toBe(303);
    const number = confirmation("/contact", "#quick-order").exec(answer.location ?? "")?.[1];
    const [order] = await ordersOf(phone);
    expect(order).toMatchObject({ order_number: number, source: "contact_form", items_total: other.price * 2 });
    expect(await linesOf(order!.id)).toMatchObject([{ product_id: other.id, quantity: 2 }]);
  });

  it("the cart page's checkout: the page's lines, and the cart cookie emptied", async () => {
    const { phone, ip } = shopper();
    const lines = { "items[0].productId": toy.id, "items[0].quantity": "2", "items[1].productId": other.id, "items[1].quantity": "1" };
    const answer = await send(cart.action, post("/cart", { intent: "order", ...customer(phone), ...lines }, ip));
    expect(answer.status).toBe(303);
    const number = confirmation("/cart").exec(answer.location ?? "")?.[1];
    expect(answer.cookie).toMatch(/^cart=;/);
    const [order] = await ordersOf(phone);
    expect(order).toMatchObject({ order_number: number, source: "cart_page", items_total: toy.price * 2 + other.price });
    expect((await linesOf(order!.id)).map((line) => [line.product_id, line.quantity])).toEqual([
      [toy.id, 2],
      [other.id, 1],
    ]);
  });

  it("the jewellery form: one name field split, the bundle's line", async () => {
    const { phone, ip } = shopper();
    const path = `/jewellery/${jewel.id}`;
    const fields = {
      name: "Nadia Belkacem Amrani",
      phone,
      email: "nadia@example.dz",
      wilaya: "25",
      commune: "2506",
      deliveryType: "stop_desk",
      bundle: "double",
      website: "",
    };
    const answer = await send(jewelleryItem.action, post(path, fields, ip), { id: jewel.id });
    expect(answer.status).toBe(303);
    const number = confirmation(path, "#order").exec(answer.location ?? "")?.[1];
    const [order] = await ordersOf(phone);
    expect(order).toMatchObject({
      order_number: number,
      source: "jewellery",
      bundle: "double",
      first_name: "Nadia",
      last_name: "Belkacem Amrani",
      items_total: (jewel.price * 2 * 80) / 100,
      commune_code: "2506",
      delivery_type: "stop_desk",
      delivery_price: 400,
    });
    expect(await linesOf(order!.id)).toEqual([{ product_id: jewel.productId, quantity: 2, line_total: (jewel.price * 2 * 80) / 100 }]);
  });

  it("the wholesale enquiry", async () => {
    const { phone, ip } = shopper();
    const fields = { businessName: "Sarl Form", contactName: "Karim", phone, wilaya: "16", categories: ["jewellery", "kitchenware"], website: "" };
    const answer = await send(wholesale.action, post("/product-gros", fields, ip));
    expect(answer).toMatchObject({ status: 303, location: "/product-gros?enquiry=sent#wholesale-enquiry" });
    const row = await t.db.selectFrom("wholesale_enquiries").selectAll().where("phone", "=", phone).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ business_name: "Sarl Form", categories: "kitchenware,jewellery", ip, user_agent: "form-test" });
  });
});

describe("duplicates of plain posts (the page carries no key: decision 0023)", () => {
  it("stores both orders of two shoppers posting the same form, and one order for a post sent twice", async () => {
    const a = shopper();
    const b = shopper();
    const first = await send(product.action, post(productUrl, { ...customer(a.phone), address: "حي النصر" }, a.ip), productParams);
    const second = await send(product.action, post(productUrl, { ...customer(b.phone), address: "حي النصر" }, b.ip), productParams);
    expect(first.location).not.toBe(second.location);
    // A's post again (a reload of the confirmation, a double tap): the same confirmation.
    const again = await send(product.action, post(productUrl, { ...customer(a.phone), address: "حي النصر" }, a.ip), productParams);
    expect(again).toEqual(first);
    expect(await ordersOf(a.phone)).toHaveLength(1);
    expect(await ordersOf(b.phone)).toHaveLength(1);
  });

  it("keeps the same shopper's different order apart", async () => {
    const { phone, ip } = shopper();
    const one = await send(contact.action, post("/contact", { ...customer(phone), product: toy.id, quantity: "1" }, ip));
    const two = await send(contact.action, post("/contact", { ...customer(phone), product: toy.id, quantity: "2" }, ip));
    expect(one.location).not.toBe(two.location);
    expect(await ordersOf(phone)).toHaveLength(2);
  });
});

describe("posts with the client's key (JavaScript: the form's fetcher)", () => {
  it("answer the order, and the same key again answers the same order", async () => {
    const { phone, ip } = shopper();
    const fields = { ...customer(phone), address: "حي النصر", idempotencyKey: "form-test-key-1" };
    const answer = await send(product.action, post(productUrl, fields, ip), productParams);
    expect(answer.status).toBe(200);
    expect(answer.data.order).toMatchObject({ orderNumber: expect.stringMatching(/^SQ-\d+$/), itemsTotal: toy.price, status: "new" });
    // A fresh form after the success.
    expect(answer.data.result).toEqual({ initialValue: null });
    const again = await send(product.action, post(productUrl, fields, ip), productParams);
    expect(again.data.order).toEqual(answer.data.order);
    expect(await ordersOf(phone)).toHaveLength(1);
  });

  it("the quick-buy modal posts to the cart's action with its lines and source", async () => {
    const { phone, ip } = shopper();
    const fields = {
      intent: "quick-buy",
      source: "quick_buy_product_card",
      ...customer(phone),
      "items[0].productId": other.id,
      "items[0].quantity": "1",
      idempotencyKey: "form-test-key-2",
    };
    const answer = await send(cart.action, post("/cart", fields, ip));
    expect(answer).toMatchObject({ status: 200, cookie: null });
    expect(answer.data.order?.itemsTotal).toBe(other.price);
    const [order] = await ordersOf(phone);
    expect(order).toMatchObject({ source: "quick_buy_product_card", order_number: answer.data.order?.orderNumber });
  });

  it("the wholesale form's fetcher gets `sent`", async () => {
    const { phone, ip } = shopper();
    const fields = { businessName: "Sarl Script", contactName: "Karim", phone, wilaya: "16", categories: "perfumery", scripted: "1" };
    const answer = await send(wholesale.action, post("/product-gros", fields, ip));
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ sent: true });
  });
});

describe("refusals: each field's translated text, the form's message, what was typed", () => {
  it("the schema's, in the shopper's language, with the typed wilaya's communes for the product form", async () => {
    const { phone, ip } = shopper();
    const fields = { ...customer(phone), phone: "12345", firstName: "  ", address: "", website: "" };
    const answer = await send(product.action, post(productUrl, fields, ip, "fr"), productParams);
    expect(answer.status).toBe(422);
    expect(answer.data.result).toMatchObject({
      status: "error",
      error: {
        "": [fr.orders.errors.invalid_order],
        firstName: [fr.orders.fields.required],
        phone: [fr.orders.fields.invalid_phone],
        address: [fr.orders.fields.address_required],
      },
      initialValue: { lastName: "بن علي", phone: "12345", wilaya: "16" },
    });
    expect(answer.data.communes?.length).toBeGreaterThan(0);
    expect(await ordersOf(phone)).toHaveLength(0);
  });

  it("the shop's, on the form's own fields (the contact form's quantity)", async () => {
    const { phone, ip } = shopper();
    const few = demoProducts.find((p) => p.inStock && p.stockQuantity > 0 && p.stockQuantity < 5)!;
    const answer = await send(contact.action, post("/contact", { ...customer(phone), product: few.id, quantity: "5" }, ip));
    expect(answer.status).toBe(422);
    // The product is named, with how many are left, beside the field and above the form.
    const named = expect.stringContaining(few.title);
    expect(answer.data.result.error).toMatchObject({ "": [named], quantity: [named] });
  });

  it("the jewellery form's missing fields: its one alert text on each", async () => {
    const { ip } = shopper();
    const answer = await send(
      jewelleryItem.action,
      post(`/jewellery/${jewel.id}`, { name: "", phone: "", email: "", wilaya: "16", bundle: "single" }, ip),
      { id: jewel.id },
    );
    expect(answer.status).toBe(422);
    expect(answer.data.result.error).toMatchObject({
      name: [ar.jewellery.form.required],
      phone: [ar.jewellery.form.required],
      email: [ar.jewellery.form.required],
    });
  });

  it("a filled honeypot: refused, never shown again", async () => {
    const { phone, ip } = shopper();
    const answer = await send(
      product.action,
      post(productUrl, { ...customer(phone), address: "حي النصر", website: "http://spam.example" }, ip),
      productParams,
    );
    expect(answer.status).toBe(422);
    expect(answer.data.result.error).toMatchObject({ "": [ar.orders.errors.rejected] });
    expect(answer.data.result.initialValue).not.toHaveProperty("website");
    expect(await ordersOf(phone)).toHaveLength(0);
  });
});

describe("the delivery block of every form: commune, home or stop-desk, address for the door only", () => {
  const constantine = { wilaya: "25", commune: "2506" };

  it("stores the stop-desk price, the commune and no address for a stop-desk order (cart page)", async () => {
    const { phone, ip } = shopper();
    const fields = {
      intent: "order",
      ...customer(phone),
      ...constantine,
      deliveryType: "stop_desk",
      address: "",
      "items[0].productId": toy.id,
      "items[0].quantity": "1",
    };
    const answer = await send(cart.action, post("/cart", fields, ip));
    expect(answer.status).toBe(303);
    const [order] = await ordersOf(phone);
    expect(order).toMatchObject({ commune_code: "2506", delivery_type: "stop_desk", delivery_price: 400, address: null });
    expect(order!.total).toBe(toy.price + 400);
  });

  it("stores the home price and the address for a delivery to the door (quick-buy)", async () => {
    const { phone, ip } = shopper();
    const fields = {
      intent: "quick-buy",
      source: "quick_buy_cart",
      ...customer(phone),
      ...constantine,
      deliveryType: "home",
      "items[0].productId": other.id,
      "items[0].quantity": "1",
      idempotencyKey: "form-test-delivery-1",
    };
    const answer = await send(cart.action, post("/cart", fields, ip));
    expect(answer.data.order).toMatchObject({ deliveryPrice: 600, total: other.price + 600 });
    const [order] = await ordersOf(phone);
    expect(order).toMatchObject({ commune_code: "2506", delivery_type: "home", address: "حي النصر، عمارة 3" });
  });

  it("refuses a stop-desk where the wilaya has none, on the mode's field", async () => {
    const { phone, ip } = shopper();
    const answer = await send(product.action, post(productUrl, { ...customer(phone), deliveryType: "stop_desk" }, ip), productParams);
    expect(answer.status).toBe(422);
    expect(answer.data.result.error).toMatchObject({ deliveryType: [ar.shopDelivery.fields.no_stop_desk] });
    expect(await ordersOf(phone)).toHaveLength(0);
  });

  it("refuses a home order without address with the address field's error, in every form", async () => {
    const cases: [unknown, string, Record<string, string>, Record<string, string>][] = [
      [cart.action, "/cart", { intent: "order", "items[0].productId": toy.id, "items[0].quantity": "1" }, {}],
      [contact.action, "/contact", { product: toy.id, quantity: "1" }, {}],
      [product.action, productUrl, {}, productParams],
    ];
    for (const [action, path, extra, params] of cases) {
      const { phone, ip } = shopper();
      const answer = await send(action, post(path, { ...customer(phone), ...extra, address: "" }, ip, "fr"), params);
      expect(answer.status, path).toBe(422);
      expect(answer.data.result.error, path).toMatchObject({ address: [fr.orders.fields.address_required] });
      expect(await ordersOf(phone), path).toHaveLength(0);
    }
  });

  it("refuses a form without commune on the commune's field", async () => {
    const { phone, ip } = shopper();
    const answer = await send(contact.action, post("/contact", { ...customer(phone), commune: "", product: toy.id, quantity: "1" }, ip));
    expect(answer.status).toBe(422);
    expect(answer.data.result.error).toMatchObject({ commune: [ar.shopDelivery.fields.commune_required] });
    expect(answer.data.communes?.some((commune) => commune.code === "1601")).toBe(true);
  });

  it("refuses an emoji-only name, and a 300-character name with the limit in its text (never cut)", async () => {
    for (const [language, texts] of [
      ["ar", ar],
      ["fr", fr],
      ["en", en],
    ] as const) {
      const { phone, ip } = shopper();
      const emoji = await send(
        contact.action,
        post("/contact", { ...customer(phone), firstName: "😀🎉", product: toy.id, quantity: "1" }, ip, language),
      );
      expect(emoji.status).toBe(422);
      expect(emoji.data.result.error).toMatchObject({ firstName: [texts.orders.fields.name_letter] });
      const long = await send(product.action, post(productUrl, { ...customer(phone), lastName: "ب".repeat(300) }, ip, language), productParams);
      expect(long.status).toBe(422);
      expect(long.data.result.error?.lastName?.[0]).toContain("60");
      expect(await ordersOf(phone)).toHaveLength(0);
    }
  });

  it("answers the update-the-fee button (no JavaScript) with the form as typed and the wilaya's communes, ordering nothing", async () => {
    const { phone, ip } = shopper();
    const fields = { ...customer(phone), ...constantine, deliveryType: "stop_desk", address: "", quote: "1" };
    for (const [action, path, extra, params] of [
      [cart.action, "/cart", { intent: "order", "items[0].productId": toy.id, "items[0].quantity": "1" }, {}],
      [product.action, productUrl, {}, productParams],
      [jewelleryItem.action, `/jewellery/${jewel.id}`, { name: "", email: "", bundle: "single" }, { id: jewel.id }],
    ] as const) {
      const answer = await send(action, post(path, { ...fields, ...extra }, ip), params);
      expect(answer.status, path).toBe(200);
      expect(answer.data.result.error, path).toBeUndefined();
      expect(answer.data.result.initialValue, path).toMatchObject({ firstName: "أمين", wilaya: "25", commune: "2506", deliveryType: "stop_desk" });
      expect(
        answer.data.communes?.some((commune) => commune.code === "2506"),
        path,
      ).toBe(true);
    }
    expect(await ordersOf(phone)).toHaveLength(0);
  });

  it("shows the admin the commune's name in the admin's language", async () => {
    const { phone, ip } = shopper();
    await send(product.action, post(productUrl, { ...customer(phone), ...constantine }, ip), productParams);
    const [order] = await ordersOf(phone);
    expect((await getAdminOrder(db, order!.id, "ar"))?.order).toMatchObject({ communeName: "الخروب", deliveryType: "home" });
    expect((await getAdminOrder(db, order!.id, "fr"))?.order.communeName).toBe("El Khroub");
  });
});
