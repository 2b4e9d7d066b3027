import { describe, expect, it } from "vitest";
import {
  cartOrderSchema,
  contactOrderSchema,
  formFieldOf,
  orderBodyOf,
  pickableQuantities,
  parseForm,
  productOrderSchema,
  quickBuySchema,
  quotedForm,
  refusedForm,
  refusedOrder,
} from "./order-form";
import { validateOrderRequest } from "./order-request";

const messages = { field: (code: string) => `field:${code}`, form: "form" };

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const customer = {
  firstName: " أمين ",
  lastName: "بن علي",
  phone: "+213 550 12 34 56",
  wilaya: "16",
  commune: "1601",
  address: "حي النصر",
  website: "",
};

describe("the order forms' schemas", () => {
  it("parse the customer's fields as the order body wants them, blank optional fields left out", () => {
    const submission = parseForm(
      formOf({ ...customer, deliveryType: "stop_desk", address: " ", ref: "", "items[0].productId": "p1", "items[0].quantity": "2" }),
      cartOrderSchema,
      messages,
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const body = orderBodyOf.cart(submission.value);
    expect(body).toEqual({
      source: "cart_page",
      customer: { firstName: "أمين", lastName: "بن علي", phone: "0550123456", wilayaCode: "16", communeCode: "1601" },
      items: [{ productId: "p1", quantity: 2 }],
      deliveryType: "stop_desk",
    });
    // The order service's own check takes it as is.
    expect(validateOrderRequest(body).ok).toBe(true);
  });

  it("give each refused field its text and the form its message", () => {
    const submission = parseForm(formOf({ firstName: "", lastName: "x", phone: "0450", wilaya: "" }), productOrderSchema, messages);
    expect(submission.status === "error" && submission.error).toEqual({
      "": ["form"],
      firstName: ["field:required"],
      phone: ["field:invalid_phone"],
      wilaya: ["field:invalid_wilaya"],
      commune: ["field:commune_required"],
      address: ["field:address_required"],
    });
  });

  it("require the address for a delivery to the door only, in every form", () => {
    const lines = { "items[0].productId": "p1", "items[0].quantity": "1" };
    for (const [schema, extra] of [
      [cartOrderSchema, lines],
      [quickBuySchema, { ...lines, source: "quick_buy_cart" }],
      [contactOrderSchema, { product: "p1", quantity: "1" }],
      [productOrderSchema, {}],
    ] as const) {
      const home = parseForm(formOf({ ...customer, ...extra, address: "" }), schema, messages);
      expect(home.status === "error" && home.error).toMatchObject({ address: ["field:address_required"] });
      const desk = parseForm(formOf({ ...customer, ...extra, address: "", deliveryType: "stop_desk" }), schema, messages);
      expect(desk.status).toBe("success");
    }
  });

  it("refuse a name without an Arabic or Latin letter, and a name above its limit (never cut)", () => {
    const emoji = parseForm(formOf({ ...customer, firstName: "😀😀", lastName: "12" }), productOrderSchema, messages);
    expect(emoji.status === "error" && emoji.error).toMatchObject({ firstName: ["field:name_letter"], lastName: ["field:name_letter"] });
    const long = parseForm(formOf({ ...customer, firstName: "أ".repeat(300) }), productOrderSchema, messages);
    expect(long.status === "error" && long.error).toMatchObject({ firstName: ["field:name_too_long"] });
    const latin = parseForm(formOf({ ...customer, firstName: "Amine 🌟", lastName: "O'Neil" }), productOrderSchema, messages);
    expect(latin.status).toBe("success");
  });

  it("make the contact form's one line from its product and quantity, and refuse a quantity that is not 1 to 99", () => {
    const ok = parseForm(formOf({ ...customer, product: "p9", quantity: "3" }), contactOrderSchema, messages);
    expect(ok.status === "success" && orderBodyOf.contact(ok.value).items).toEqual([{ productId: "p9", quantity: 3 }]);
    const bad = parseForm(formOf({ ...customer, product: "", quantity: "abc" }), contactOrderSchema, messages);
    expect(bad.status === "error" && bad.error).toMatchObject({ product: ["field:invalid_product"], quantity: ["field:invalid_quantity"] });
  });

  it("take only the quick-buy's two sources", () => {
    const lines = { "items[0].productId": "p1", "items[0].quantity": "1" };
    const card = parseForm(formOf({ ...customer, ...lines, source: "quick_buy_product_card" }), quickBuySchema, messages);
    expect(card.status === "success" && orderBodyOf.quickBuy(card.value).source).toBe("quick_buy_product_card");
    const forged = parseForm(formOf({ ...customer, ...lines, source: "jewellery" }), quickBuySchema, messages);
    expect(forged.status === "error" && forged.error).toMatchObject({ source: ["field:invalid_source"] });
  });

  it("put the product page's line and delivery choice in the body", () => {
    const submission = parseForm(
      formOf({ ...customer, address: "حي النصر", commune: "1601", deliveryType: "stop_desk" }),
      productOrderSchema,
      messages,
    );
    expect(submission.status === "success" && orderBodyOf.product(submission.value, "p7")).toMatchObject({
      source: "product_detail",
      customer: { address: "حي النصر", communeCode: "1601" },
      items: [{ productId: "p7", quantity: 1 }],
      deliveryType: "stop_desk",
    });
  });
});

describe("the answers of a refused form", () => {
  it("answer a quote with what was typed and no refusal", () => {
    const submission = parseForm(formOf({ wilaya: "25", deliveryType: "stop_desk", quote: "1", website: "x" }), productOrderSchema, messages);
    const { result } = quotedForm(submission);
    expect(result.status).toBeUndefined();
    expect(result.error).toBeUndefined();
    expect(result.initialValue).toEqual({ wilaya: "25", deliveryType: "stop_desk" });
  });

  it("keep what was typed, but never the honeypot or the client's key", () => {
    const submission = parseForm(formOf({ ...customer, phone: "12", website: "spam", idempotencyKey: "k1" }), productOrderSchema, messages);
    const { result } = refusedForm(submission);
    expect(result.initialValue).toMatchObject({ firstName: " أمين ", phone: "12" });
    expect(result.initialValue).not.toHaveProperty("website");
    expect(result.initialValue).not.toHaveProperty("idempotencyKey");
  });

  it("show the shop's refusal on the form's own fields", () => {
    const submission = parseForm(formOf({ ...customer, product: "p1", quantity: "5" }), contactOrderSchema, messages);
    const { result } = refusedOrder(
      submission,
      { message: "out of stock", fields: { "items.0.quantity": "2 left", communeCode: "not here" } },
      "contact",
    );
    expect(result.error).toEqual({ "": ["out of stock"], quantity: ["2 left"], commune: ["not here"] });
  });

  it("name the service's fields as each form does", () => {
    expect(formFieldOf("cart", "items.1.quantity")).toBe("items[1].quantity");
    expect(formFieldOf("contact", "items.0.productId")).toBe("product");
    expect(formFieldOf("contact", "items")).toBe("product");
    expect(formFieldOf("product", "items.0.quantity")).toBe("quantity");
    expect(formFieldOf("product", "items.0.productId")).toBeNull();
    expect(formFieldOf("jewellery", "lastName")).toBe("name");
    expect(formFieldOf("product", "communeCode")).toBe("commune");
    expect(formFieldOf("product", "phone")).toBe("phone");
  });
});

describe("quantity pickers (quick-buy, buy-now)", () => {
  it("offer 1 to 5, never more than the stock shown, and at least 1", () => {
    expect(pickableQuantities(undefined)).toEqual([1, 2, 3, 4, 5]);
    expect(pickableQuantities(40)).toEqual([1, 2, 3, 4, 5]);
    expect(pickableQuantities(2)).toEqual([1, 2]);
    expect(pickableQuantities(0)).toEqual([1]);
  });

  it("the product form's quantity goes into its line (1 when absent)", () => {
    const fields = { firstName: "أمين", lastName: "بن علي", phone: "0550123456", wilaya: "16", commune: "1601", deliveryType: "stop_desk" };
    const withQuantity = parseForm(new URLSearchParams({ ...fields, quantity: "3" }), productOrderSchema, messages);
    const without = parseForm(new URLSearchParams(fields), productOrderSchema, messages);
    if (withQuantity.status !== "success" || without.status !== "success") throw new Error("refused");
    expect(orderBodyOf.product(withQuantity.value, "p1").items).toEqual([{ productId: "p1", quantity: 3 }]);
    expect(orderBodyOf.product(without.value, "p1").items).toEqual([{ productId: "p1", quantity: 1 }]);
    const tooMany = parseForm(new URLSearchParams({ ...fields, quantity: "0" }), productOrderSchema, messages);
    expect(tooMany.status).toBe("error");
  });
});

describe("the product form's offer", () => {
  it("goes into the body as the offer's id, with one line of the product", () => {
    const fields = { firstName: "أمين", lastName: "بن علي", phone: "0550123456", wilaya: "16", commune: "1601", address: "حي النصر" };
    const submission = parseForm(new URLSearchParams({ ...fields, offer: "7", quantity: "3" }), productOrderSchema, messages);
    if (submission.status !== "success") throw new Error("refused");
    const body = orderBodyOf.product(submission.value, "p1");
    expect(body).toMatchObject({ offer: 7, items: [{ productId: "p1", quantity: 1 }] });
    expect(validateOrderRequest(body)).toMatchObject({ ok: true, data: { offer: 7 } });
    expect(validateOrderRequest({ ...body, source: "cart_page" })).toMatchObject({ ok: false, fields: { offer: "invalid" } });
  });
});

describe("the forms' variants", () => {
  const fields = { firstName: "أمين", lastName: "بن علي", phone: "0550123456", wilaya: "16", commune: "1601", deliveryType: "stop_desk" };

  it("the product form's `variant` goes into its line as variantId; blank is no variant, anything but digits refused", () => {
    const chosen = parseForm(new URLSearchParams({ ...fields, quantity: "2", variant: "31" }), productOrderSchema, messages);
    if (chosen.status !== "success") throw new Error("refused");
    expect(orderBodyOf.product(chosen.value, "p1").items).toEqual([{ productId: "p1", quantity: 2, variantId: 31 }]);
    const blank = parseForm(new URLSearchParams({ ...fields, variant: "" }), productOrderSchema, messages);
    expect(blank.status === "success" && orderBodyOf.product(blank.value, "p1").items).toEqual([{ productId: "p1", quantity: 1 }]);
    const bad = parseForm(new URLSearchParams({ ...fields, variant: "blue" }), productOrderSchema, messages);
    expect(bad.status === "error" && bad.error).toMatchObject({ variant: ["field:invalid"] });
  });

  it("the cart's lines carry items[i].variantId, and the service's variant errors land on the line or on `variant`", () => {
    const lines = {
      "items[0].productId": "p1",
      "items[0].quantity": "1",
      "items[0].variantId": "4",
      "items[1].productId": "p1",
      "items[1].quantity": "2",
      "items[1].variantId": "3",
    };
    const submission = parseForm(formOf({ ...fields, ...lines }), cartOrderSchema, messages);
    if (submission.status !== "success") throw new Error("refused");
    expect(orderBodyOf.cart(submission.value).items).toEqual([
      { productId: "p1", quantity: 1, variantId: 4 },
      { productId: "p1", quantity: 2, variantId: 3 },
    ]);
    expect(formFieldOf("product", "items.0.variantId")).toBe("variant");
    expect(formFieldOf("cart", "items.1.variantId")).toBe("items[1].variantId");
    expect(formFieldOf("contact", "items.0.variantId")).toBeNull();
  });
});
