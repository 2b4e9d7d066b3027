import { describe, expect, it } from "vitest";
import { orderBodyOfDraft, parseOrderDraft } from "./order-draft";
import { validateOrderRequest } from "./order-request";

const minimal = { source: "cart_page", customer: { phone: "+213 555 12 34 56" }, items: [{ productId: "p1", quantity: 2 }] };

describe("an order draft's schema", () => {
  it("takes a phone and lines alone, the phone normalised", () => {
    expect(parseOrderDraft(minimal)).toEqual({ source: "cart_page", customer: { phone: "0555123456" }, items: [{ productId: "p1", quantity: 2 }] });
  });

  it("refuses a draft without a valid mobile, without lines, or with an unknown source", () => {
    expect(parseOrderDraft({ ...minimal, customer: { phone: "021 12 34 56" } })).toBeNull();
    expect(parseOrderDraft({ ...minimal, items: [] })).toBeNull();
    expect(parseOrderDraft({ ...minimal, source: "elsewhere" })).toBeNull();
    expect(parseOrderDraft("not an object")).toBeNull();
  });

  it("is bounded: names, address, lines and quantities", () => {
    expect(parseOrderDraft({ ...minimal, customer: { ...minimal.customer, firstName: "a".repeat(61) } })).toBeNull();
    expect(parseOrderDraft({ ...minimal, customer: { ...minimal.customer, address: "a".repeat(301) } })).toBeNull();
    expect(parseOrderDraft({ ...minimal, items: Array.from({ length: 51 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })) })).toBeNull();
    expect(parseOrderDraft({ ...minimal, items: [{ productId: "p1", quantity: 100 }] })).toBeNull();
    expect(parseOrderDraft({ ...minimal, customer: { ...minimal.customer, wilayaCode: "1' or 1=1" } })).toBeNull();
  });

  it("becomes an order body the order service checks in full", () => {
    const draft = parseOrderDraft({
      ...minimal,
      customer: { ...minimal.customer, firstName: "أمين", lastName: "بن علي", wilayaCode: "16", communeCode: "1601", address: "حي 5" },
      deliveryType: "stop_desk",
      stopDesk: "D1",
    })!;
    const body = orderBodyOfDraft(draft);
    expect(body).toEqual({
      source: "cart_page",
      customer: { firstName: "أمين", lastName: "بن علي", phone: "0555123456", wilayaCode: "16", communeCode: "1601", address: "حي 5" },
      items: [{ productId: "p1", quantity: 2 }],
      deliveryType: "stop_desk",
      stopDesk: "D1",
    });
    expect(validateOrderRequest(body).ok).toBe(true);
    // Without names the order service refuses it, field by field.
    expect(validateOrderRequest(orderBodyOfDraft(parseOrderDraft(minimal)!)).ok).toBe(false);
  });
});
