import { describe, expect, it } from "vitest";
import {
  canonicalOrderRequest,
  MAX_ORDER_QUANTITY,
  ORDER_SOURCES,
  orderRequestSchema,
  validateOrderRequest,
  type OrderRequestBody,
} from "./order-request";

const valid: OrderRequestBody = {
  source: "cart_page",
  customer: { firstName: "أمين", lastName: "بن علي", phone: "0550123456", wilayaCode: "16" },
  items: [{ productId: "p1", quantity: 2 }],
};

function withCustomer(customer: Partial<OrderRequestBody["customer"]>, extra: Partial<OrderRequestBody> = {}) {
  return { ...valid, ...extra, customer: { ...valid.customer, ...customer } };
}

describe("orderRequestSchema", () => {
  it("accepts a valid body and normalises it", () => {
    const result = orderRequestSchema.safeParse(
      withCustomer({ firstName: "  Amine ", phone: "+213 (6) 61-22.33.44", email: " a@b.dz ", address: "   " }),
    );
    expect(result.success).toBe(true);
    expect(result.data?.customer).toEqual({
      firstName: "Amine",
      lastName: "بن علي",
      phone: "0661223344",
      wilayaCode: "16",
      email: "a@b.dz",
    });
  });

  // Found by tests/integration/properties-orders.test.ts: a NUL reached PostgreSQL (500).
  it("refuses text the database cannot store: NUL and lone surrogates, in any text field or product id", () => {
    for (const [customer, extra, field] of [
      [{ firstName: "Am\u0000ine" }, {}, "firstName"],
      [{ lastName: "\uD800" }, {}, "lastName"],
      [{ address: "rue\u0000" }, {}, "address"],
      [{ email: "a\u0000@b.dz" }, {}, "email"],
      [{}, { ref: "x\u0000" }, "ref"],
      [{}, { items: [{ productId: "p\u0000", quantity: 1 }] }, "items.0.productId"],
    ] as const) {
      const result = validateOrderRequest(withCustomer(customer, extra as Partial<OrderRequestBody>));
      expect(result.ok, field).toBe(false);
      if (!result.ok) expect(result.fields[field], field).toBeDefined();
    }
    // RTL and zero-width marks, emoji and a well-formed surrogate pair are ordinary text.
    expect(validateOrderRequest(withCustomer({ firstName: "\u200Fأمين\u200B😀", address: "حي 500 مسكن 👨‍👩‍👧" })).ok).toBe(true);
  });

  it("asks the product page's form for an address for a delivery to the door only", () => {
    expect(validateOrderRequest(withCustomer({}, { source: "product_detail", deliveryType: "stop_desk" })).ok).toBe(true);
  });

  it("drops any price or total the body claims", () => {
    const result = orderRequestSchema.parse({ ...valid, total: 1, items: [{ productId: "p1", quantity: 1, price: 1 }] });
    expect(result).not.toHaveProperty("total");
    expect(result.items[0]).toEqual({ productId: "p1", quantity: 1 });
  });

  it("accepts every source", () => {
    for (const source of ORDER_SOURCES) {
      // The jewellery page also needs an email and a bundle (app/lib/jewellery.test.ts).
      const jewellery = source === "jewellery";
      const body = withCustomer(
        { address: "حي 20 أوت", ...(jewellery ? { email: "a@b.dz" } : {}) },
        { source, ...(jewellery ? { bundle: "single" as const } : {}) },
      );
      expect(validateOrderRequest(body).ok, source).toBe(true);
    }
  });

  it("merges lines of the same product, summing quantities up to the maximum", () => {
    const result = orderRequestSchema.parse({
      ...valid,
      items: [
        { productId: "a", quantity: 60 },
        { productId: "b", quantity: 1 },
        { productId: " a ", quantity: 60 },
      ],
    });
    expect(result.items).toEqual([
      { productId: "a", quantity: MAX_ORDER_QUANTITY },
      { productId: "b", quantity: 1 },
    ]);
  });

  it.each([
    ["an empty first name", withCustomer({ firstName: "   " }), { firstName: "required" }],
    ["a last name over 60 characters", withCustomer({ lastName: "x".repeat(61) }), { lastName: "name_too_long" }],
    ["a first name of emoji only", withCustomer({ firstName: "😀🎉" }), { firstName: "name_letter" }],
    ["a last name of digits and signs", withCustomer({ lastName: "123 - !" }), { lastName: "name_letter" }],
    ["a landline number", withCustomer({ phone: "021123456" }), { phone: "invalid_phone" }],
    ["letters for a phone", withCustomer({ phone: "call me" }), { phone: "invalid_phone" }],
    ["a one-digit wilaya", withCustomer({ wilayaCode: "7" }), { wilaya: "invalid_wilaya" }],
    ["a bad email", withCustomer({ email: "nope" }), { email: "invalid_email" }],
    ["an address over 300 characters", withCustomer({ address: "x".repeat(301) }), { address: "too_long" }],
    ["no address on the product page", withCustomer({}, { source: "product_detail" }), { address: "address_required" }],
    ["an unknown source", { ...valid, source: "fax" }, { source: "invalid_source" }],
    ["no items", { ...valid, items: [] }, { items: "items_required" }],
    ["51 lines", { ...valid, items: Array.from({ length: 51 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })) }, { items: "too_many_items" }],
    ["quantity 0", { ...valid, items: [{ productId: "p1", quantity: 0 }] }, { "items.0.quantity": "invalid_quantity" }],
    ["quantity 100", { ...valid, items: [{ productId: "p1", quantity: 100 }] }, { "items.0.quantity": "invalid_quantity" }],
    ["quantity 1.5", { ...valid, items: [{ productId: "p1", quantity: 1.5 }] }, { "items.0.quantity": "invalid_quantity" }],
    ["quantity -1", { ...valid, items: [{ productId: "p1", quantity: -1 }] }, { "items.0.quantity": "invalid_quantity" }],
    ["quantity as text", { ...valid, items: [{ productId: "p1", quantity: "2" }] }, { "items.0.quantity": "invalid_quantity" }],
    ["an empty product id", { ...valid, items: [{ productId: "", quantity: 1 }] }, { "items.0.productId": "invalid_product" }],
    ["a 65-character product id", { ...valid, items: [{ productId: "p".repeat(65), quantity: 1 }] }, { "items.0.productId": "invalid_product" }],
  ])("refuses %s", (_name, body, fields) => {
    const result = validateOrderRequest(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields).toEqual(fields);
  });

  it("allows an empty last name for the jewellery form's one name field only", () => {
    const jewellery = withCustomer({ firstName: "أمين", lastName: "  ", email: "a@b.dz" }, { source: "jewellery", bundle: "single" });
    expect(validateOrderRequest(jewellery)).toMatchObject({ ok: true, data: { customer: { firstName: "أمين", lastName: "" } } });
    for (const source of ORDER_SOURCES.filter((one) => one !== "jewellery")) {
      const body = withCustomer({ lastName: "" }, { source });
      const result = validateOrderRequest({ ...body, customer: { ...body.customer, address: "حي النصر" } });
      expect(result).toEqual({ ok: false, fields: { lastName: "required" } });
    }
    // The jewellery form keeps the last name's bounds when there is one.
    expect(validateOrderRequest({ ...jewellery, customer: { ...jewellery.customer, lastName: "x".repeat(61) } })).toEqual({
      ok: false,
      fields: { lastName: "name_too_long" },
    });
  });

  it("names an empty last name among the other refused fields", () => {
    const result = validateOrderRequest({ source: "cart_page", customer: { firstName: "أمين", lastName: "", phone: "1" }, items: [] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fields).sort()).toEqual(["items", "lastName", "phone", "wilaya"]);
  });

  it("refuses what is not an object", () => {
    for (const body of [null, "order", 3, []]) expect(validateOrderRequest(body).ok).toBe(false);
  });

  it("names every refused field at once", () => {
    const result = validateOrderRequest({ source: "cart_page", customer: { phone: "1" }, items: [{ productId: "p", quantity: 0 }] });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.fields).sort()).toEqual(["firstName", "items.0.quantity", "lastName", "phone", "wilaya"]);
    }
  });
});

describe("canonicalOrderRequest", () => {
  const canonical = (body: unknown) => {
    const parsed = validateOrderRequest(body);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fields));
    return canonicalOrderRequest(parsed.data);
  };

  it("gives one text for bodies that place the same order (spelling, line order, extra fields)", () => {
    const two = {
      ...valid,
      items: [
        { productId: "p1", quantity: 2 },
        { productId: "p0", quantity: 1 },
      ],
    };
    const respelled = {
      ...withCustomer({ firstName: "  أمين ", phone: "+213 550 12 34 56" }),
      items: [
        { productId: "p0", quantity: 1 },
        { productId: "p1", quantity: 1 },
        { productId: "p1", quantity: 1 },
      ],
      total: 1,
      website: "",
    };
    expect(canonical(respelled)).toBe(canonical(two));
  });

  it("tells apart orders that differ in any field a shopper chooses", () => {
    const base = canonical(valid);
    const others = [
      withCustomer({ firstName: "Karim" }),
      withCustomer({ lastName: "Saidi" }),
      withCustomer({ phone: "0661223344" }),
      withCustomer({ wilayaCode: "31" }),
      withCustomer({ address: "Rue 1" }),
      withCustomer({ email: "a@b.dz" }),
      { ...valid, items: [{ productId: "p1", quantity: 3 }] },
      { ...valid, items: [{ productId: "p2", quantity: 2 }] },
      { ...valid, source: "contact_form" },
      { ...valid, deliveryType: "stop_desk" },
      { ...valid, ref: "PROMO" },
    ];
    const texts = others.map(canonical);
    expect(texts).not.toContain(base);
    expect(new Set(texts).size).toBe(others.length);
  });
});

describe("order lines with variants", () => {
  const customer = { firstName: "أمين", lastName: "بن علي", phone: "0550123456", wilayaCode: "16" };
  const parse = (items: unknown[]) => {
    const parsed = validateOrderRequest({ source: "cart_page", customer, items });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fields));
    return parsed.data;
  };

  it("keeps two variants of one product as two lines and merges the same variant", () => {
    expect(
      parse([
        { productId: "p1", quantity: 1, variantId: 4 },
        { productId: "p1", quantity: 2, variantId: 3 },
        { productId: "p1", quantity: 5, variantId: "4" },
        { productId: "p1", quantity: 1 },
      ]).items,
    ).toEqual([
      { productId: "p1", quantity: 6, variantId: 4 },
      { productId: "p1", quantity: 2, variantId: 3 },
      { productId: "p1", quantity: 1 },
    ]);
  });

  it("refuses a variant id that is not a whole number from 1", () => {
    for (const variantId of [0, -1, 1.5, "x", 1e12]) {
      expect(validateOrderRequest({ source: "cart_page", customer, items: [{ productId: "p1", quantity: 1, variantId }] })).toMatchObject({
        ok: false,
        fields: { "items.0.variantId": "invalid" },
      });
    }
  });

  it("the canonical text of a line without a variant is as before, and differs by variant", () => {
    const plain = canonicalOrderRequest(parse([{ productId: "p1", quantity: 1 }]));
    expect(plain).toContain('[["p1",1]]');
    expect(canonicalOrderRequest(parse([{ productId: "p1", quantity: 1, variantId: 4 }]))).not.toBe(
      canonicalOrderRequest(parse([{ productId: "p1", quantity: 1, variantId: 3 }])),
    );
  });
});
