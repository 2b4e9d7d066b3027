import { describe, expect, it } from "vitest";
import { parseOrderDraft } from "~/lib/order-draft";
import { draftOfForm } from "./draftCapture";

function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("the draft of an order form", () => {
  it("is nothing while the phone is not a valid mobile", () => {
    expect(draftOfForm(formData({ phone: "0555 12", "items[0].productId": "p1", "items[0].quantity": "1" }), { source: "cart_page" })).toBeNull();
  });

  it("reads the cart page's lines and fields, blanks left out", () => {
    const draft = draftOfForm(
      formData({
        firstName: " أمين ",
        lastName: "",
        phone: "+213 661 23 45 67",
        wilaya: "16",
        commune: "1601",
        deliveryType: "home",
        address: "حي 5",
        "items[0].productId": "p1",
        "items[0].quantity": "2",
        "items[1].productId": "p2",
        "items[1].quantity": "1",
        "items[1].variantId": "7",
        website: "",
      }),
      { source: "cart_page" },
    );
    expect(draft).toEqual({
      source: "cart_page",
      customer: { phone: "0661234567", firstName: "أمين", wilayaCode: "16", communeCode: "1601", address: "حي 5" },
      items: [
        { productId: "p1", quantity: 2 },
        { productId: "p2", quantity: 1, variantId: 7 },
      ],
      deliveryType: "home",
    });
    expect(parseOrderDraft(draft)).not.toBeNull();
  });

  it("takes the page's product for the product form, with its variant, quantity and offer", () => {
    const draft = draftOfForm(formData({ phone: "0771234567", variant: "3", quantity: "2", offer: "5" }), {
      source: "product_detail",
      productId: "p9",
    });
    expect(draft).toMatchObject({ source: "product_detail", items: [{ productId: "p9", quantity: 2, variantId: 3 }], offer: 5 });
  });

  it("splits the jewellery form's one name and keeps its bundle and email", () => {
    const draft = draftOfForm(formData({ name: "Amina Benali", phone: "0551234567", email: "a@example.com", bundle: "double" }), {
      source: "jewellery",
      productId: "j1",
    });
    expect(draft).toMatchObject({ customer: { firstName: "Amina", lastName: "Benali", email: "a@example.com" }, bundle: "double" });
  });

  it("keeps the quick-buy form's own source and cuts long names to what the server takes", () => {
    const draft = draftOfForm(
      formData({
        source: "quick_buy_product_card",
        phone: "0551234567",
        firstName: "a".repeat(80),
        "items[0].productId": "p1",
        "items[0].quantity": "1",
      }),
      { source: "quick_buy_cart" },
    );
    expect(draft?.source).toBe("quick_buy_product_card");
    expect(draft?.customer.firstName).toHaveLength(60);
    expect(parseOrderDraft(draft)).not.toBeNull();
  });
});
