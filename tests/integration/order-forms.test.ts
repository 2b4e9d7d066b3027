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
 * JavaScript: no key, answered by a 303 to the order's confirmation page), a post with the
 * client's key (the fetcher: the order and its confirmation in the answer), and refusals (the schema's or the shop's, with
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
const orderConfirmation = await import("~/routes/shop/order-confirmation");
const wholesale = await import("~/routes/shop/wholesale");
const { editOrder, getAdminOrder, orderEditPage } = await import("~/server/orders/index.server");
const editor = { adminId: null, name: "test" };

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  db = t.db;
});
afterAll(async () => {
  await t.destroy();
});

const plenty = demoProducts
  .filter((p) => !p.variants && p.inStock && p.stockQuantity >= 20 && p.slug)
  .sort((a, b) => b.stockQuantity - a.stockQuantity);
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
/** The token of a plain post's confirmation page (`/orders/confirmation/TOKEN`), from its redirect. */
const confirmationToken = (location: string | null) => /^\/orders\/confirmation\/([A-Za-z0-9_-]{22})$/.exec(location ?? "")?.[1];

describe("plain posts (without JavaScript): 303 to the order's confirmation page, and the order", () => {
  it("the product page's form", async () => {
    const { phone, ip } = shopper();
    const answer = await send(product.action, post(productUrl, { ...customer(phone), address: "حي النصر، عمارة 3" }, ip), productParams);
    expect(answer.status).toBe(303);
    const token = confirmationToken(answer.location);
    const [order] = await ordersOf(phone);
    expect(order).toMatchObject({ confirmation_token: token, source: "product_detail", address: "حي النصر، عمارة 3", ip, user_agent: "form-test" });
    expect(await linesOf(order!.id)).toMatchObject([{ product_id: toy.id, quantity: 1 }]);
  });

  it("the contact page's quick order", async () => {
    const { phone, ip } = shopper();
    const answer = await send(contact.action, post("/contact", { ...customer(phone), product: other.id, quantity: "2" }, ip));
    expect(answer.status).toBe(303);
    const token = confirmationToken(answer.location);
    const [order] = await ordersOf(phone);
    expect(order).toMatchObject({ confirmation_token: token, source: "contact_form", items_total: other.price * 2 });
    expect(await linesOf(order!.id)).toMatchObject([{ product_id: other.id, quantity: 2 }]);
  });

  it("the cart page's checkout: the page's lines, and the cart cookie emptied", async () => {
    const { phone, ip } = shopper();
    const lines = { "items[0].productId": toy.id, "items[0].quantity": "2", "items[1].productId": other.id, "items[1].quantity": "1" };
    const answer = await send(cart.action, post("/cart", { intent: "order", ...customer(phone), ...lines }, ip));
    expect(answer.status).toBe(303);
    const token = confirmationToken(answer.location);
    expect(answer.cookie).toMatch(/^cart=;/);
    const [order] = await ordersOf(phone);
    expect(order).toMatchObject({ confirmation_token: token, source: "cart_page", items_total: toy.price * 2 + other.price });
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
    const token = confirmationToken(answer.location);
    const [order] = await ordersOf(phone);
    expect(order).toMatchObject({
      confirmation_token: token,
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

describe("a one-word name (a first name only)", () => {
  it("is an order from the jewellery form, stored with an empty last name, shown and editable as given", async () => {
    const { phone, ip } = shopper();
    const fields = {
      name: "  نادية ",
      phone,
      email: "nadia@example.dz",
      wilaya: "16",
      commune: "1601",
      address: "حي النصر",
      bundle: "single",
      website: "",
    };
    const answer = await send(jewelleryItem.action, post(`/jewellery/${jewel.id}`, fields, ip), { id: jewel.id });
    expect(answer.status).toBe(303);
    const [order] = await ordersOf(phone);
    expect(order).toMatchObject({ source: "jewellery", first_name: "نادية", last_name: "" });
    expect((await getAdminOrder(t.db, order!.id, "ar"))?.order).toMatchObject({ firstName: "نادية", lastName: "" });
    // The team's edit keeps the placement's rule: a change elsewhere is not refused for the empty last name.
    const page = await orderEditPage(t.db, order!.id, "ar");
    expect(page?.lastNameRequired).toBe(false);
    const edit = await editOrder(t.db, order!.id, { customer: { firstName: "نادية", lastName: "", address: "حي النصر، عمارة 5" } }, editor);
    expect(edit).toMatchObject({ ok: true });
  });

  it("is still refused on every other order form, on its last-name field", async () => {
    const lines = { "items[0].productId": toy.id, "items[0].quantity": "1" };
    const forms: [unknown, string, Record<string, string>, Record<string, string>][] = [
      [product.action, productUrl, {}, productParams],
      [contact.action, "/contact", { product: toy.id, quantity: "1" }, {}],
      [cart.action, "/cart", { intent: "order", ...lines }, {}],
      [cart.action, "/cart", { intent: "quick-buy", source: "quick_buy_cart", ...lines }, {}],
    ];
    for (const [action, path, extra, params] of forms) {
      const { phone, ip } = shopper();
      const answer = await send(action, post(path, { ...customer(phone), lastName: "", ...extra }, ip), params);
      expect(answer.status, path).toBe(422);
      expect(answer.data.result.error, path).toMatchObject({ lastName: [ar.orders.fields.required] });
      expect(await ordersOf(phone)).toHaveLength(0);
    }
    // Nor can the team's edit empty the last name of such an order.
    const { phone, ip } = shopper();
    expect((await send(product.action, post(productUrl, customer(phone), ip), productParams)).status).toBe(303);
    const [order] = await ordersOf(phone);
    expect((await orderEditPage(t.db, order!.id, "ar"))?.lastNameRequired).toBe(true);
    expect(await editOrder(t.db, order!.id, { customer: { lastName: "" } }, editor)).toMatchObject({
      ok: false,
      fields: { lastName: ar.orders.fields.required },
    });
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

/** The confirmation page's loader for `token`, in `language`: its data and status. */
async function confirmationPage(token: string, language = "ar") {
  const request = new Request(`http://shop.test/orders/confirmation/${token}`, { headers: { Cookie: `lng=${language}` } });
  const answer = (await orderConfirmation.loader({ request, params: { token }, context: {} } as never)) as unknown as {
    data: Awaited<ReturnType<typeof orderConfirmation.loader>>["data"];
    init: { status: number; headers: Record<string, string> };
  };
  return { ...answer.data, status: answer.init.status, headers: new Headers(answer.init.headers) };
}

describe("the confirmation page (/orders/confirmation/TOKEN) and the confirmation in place of the form", () => {
  it("a plain post lands on its order's page: the number, lines, delivery, amount to pay and masked phone, nothing more", async () => {
    const { phone, ip } = shopper();
    const fields = {
      ...customer(phone),
      wilaya: "25",
      commune: "2506",
      deliveryType: "stop_desk",
      address: "حي سري جدا",
      product: other.id,
      quantity: "2",
    };
    const answer = await send(contact.action, post("/contact", fields, ip, "fr"));
    const token = confirmationToken(answer.location)!;
    // 128 random bits, stored with the order in its transaction; another order has another.
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [order] = await ordersOf(phone);
    expect(order!.confirmation_token).toBe(token);

    const page = await confirmationPage(token, "fr");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(orderConfirmation.headers()).toMatchObject({ "Cache-Control": "private, no-store" });
    expect(page.seo.noindex).toBe(true);
    expect(page.confirmation).toEqual({
      token,
      orderNumber: order!.order_number,
      items: [{ title: other.titleFr, offer: null, variant: null, quantity: 2, unitPrice: other.price, lineTotal: other.price * 2 }],
      deliveryType: "stop_desk",
      wilaya: "Constantine",
      commune: "El Khroub",
      stopDesk: null,
      deliveryTime: expect.any(String),
      itemsTotal: other.price * 2,
      deliveryPrice: 400,
      total: other.price * 2 + 400,
      phone: `${phone.slice(0, 4)}****${phone.slice(-2)}`,
    });
    // No address line, no full phone, no name anywhere in the page's data.
    const text = JSON.stringify(page);
    expect(text).not.toContain("حي سري جدا");
    expect(text).not.toContain(phone);
    expect(text).not.toContain("أمين");
    // In Arabic, the names in Arabic.
    expect((await confirmationPage(token, "ar")).confirmation).toMatchObject({ wilaya: "قسنطينة", commune: "الخروب" });
  });

  it("an unknown or malformed token is a 404 that is not cached either", async () => {
    for (const token of ["AAAAAAAAAAAAAAAAAAAAAA", "SQ-000001", "x".repeat(200)]) {
      const page = await confirmationPage(token);
      expect(page.status).toBe(404);
      expect(page.confirmation).toBeNull();
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("with JavaScript, the action answers the same confirmation, and the same key again the same one", async () => {
    const { phone, ip } = shopper();
    const fields = { ...customer(phone), address: "حي النصر", idempotencyKey: "form-test-confirmation-1" };
    const answer = await send(product.action, post(productUrl, fields, ip), productParams);
    const { confirmation } = answer.data;
    expect(confirmation).toMatchObject({ orderNumber: answer.data.order?.orderNumber, deliveryType: "home", total: answer.data.order?.total });
    expect((await confirmationPage(confirmation!.token)).confirmation).toEqual(confirmation);
    const again = await send(product.action, post(productUrl, fields, ip), productParams);
    expect(again.data.confirmation).toEqual(confirmation);
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
    const few = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity > 0 && p.stockQuantity < 5)!;
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
