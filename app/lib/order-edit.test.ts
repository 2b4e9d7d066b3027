import { describe, expect, it } from "vitest";
import { editFieldKey, isEditableStatus, orderEditFromForm } from "./order-edit";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the order edit form", () => {
  it("reads the customer, the delivery, the lines in order and the fee set by hand", () => {
    const changes = orderEditFromForm(
      form([
        ["firstName", "Karim"],
        ["lastName", "Haddad"],
        ["phone", "0550123456"],
        ["wilayaCode", "31"],
        ["communeCode", "3106"],
        ["deliveryType", "stop_desk"],
        ["stopDesk", "ORN-1"],
        ["address", ""],
        ["line.productId", "p1"],
        ["line.variantId", ""],
        ["line.offerId", "4"],
        ["line.quantity", "2"],
        ["line.productId", "p2"],
        ["line.variantId", "7"],
        ["line.offerId", ""],
        ["line.quantity", "x"],
        ["feeMode", "override"],
        ["feePrice", "250"],
        ["feeReason", " fidèle "],
      ]),
    );
    expect(changes).toEqual({
      customer: { firstName: "Karim", lastName: "Haddad", phone: "0550123456", wilayaCode: "31", communeCode: "3106", address: "" },
      deliveryType: "stop_desk",
      stopDesk: "ORN-1",
      items: [
        { productId: "p1", quantity: 2, variantId: undefined, offerId: 4 },
        { productId: "p2", quantity: 0, variantId: 7, offerId: undefined },
      ],
      delivery: { price: 250, reason: "fidèle" },
    });
  });

  it("takes the fee from the table unless set by hand; a blank price reads as refused", () => {
    expect(orderEditFromForm(form([["feeMode", "table"]])).delivery).toBe("table");
    expect(orderEditFromForm(form([["feeMode", "override"]])).delivery).toEqual({ price: -1, reason: "" });
  });

  it("allows editing a new or confirmed order only, and names fields without their group", () => {
    expect(["new", "confirmed", "shipped", "delivered", "cancelled", "returned"].filter(isEditableStatus)).toEqual(["new", "confirmed"]);
    expect(editFieldKey("customer.phone")).toBe("phone");
    expect(editFieldKey("lines")).toBe("lines");
  });
});
