import { describe, expect, it } from "vitest";
import { customerRisk, type CustomerRecordCounts } from "./customer-risk";

const none: CustomerRecordCounts = { orders: 0, delivered: 0, returned: 0, fake: 0, cancelled: 0 };

describe("customerRisk", () => {
  it("marks a phone without earlier orders as new", () => {
    expect(customerRisk(none)).toBe("new");
  });
  it("marks returns or fakes without any delivery as high", () => {
    expect(customerRisk({ ...none, orders: 1, returned: 1 })).toBe("high");
    expect(customerRisk({ ...none, orders: 2, fake: 1, cancelled: 1 })).toBe("high");
  });
  it("marks returns alongside deliveries, or many cancellations, as medium", () => {
    expect(customerRisk({ ...none, orders: 3, delivered: 2, returned: 1 })).toBe("medium");
    expect(customerRisk({ ...none, orders: 3, cancelled: 3 })).toBe("medium");
  });
  it("marks deliveries and nothing returned as low", () => {
    expect(customerRisk({ ...none, orders: 2, delivered: 2 })).toBe("low");
    expect(customerRisk({ ...none, orders: 2, cancelled: 2 })).toBe("low");
  });
});
