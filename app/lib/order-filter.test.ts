import { describe, expect, it } from "vitest";
import { orderFilterTimeRange, orderFilterToSearchParams, parseOrderFilter, phoneDigitsOf } from "./order-filter";

describe("order filter", () => {
  it("reads valid values and drops invalid ones", () => {
    const filter = parseOrderFilter(
      new URLSearchParams("status=confirmed&wilaya=16&source=cart_page&from=2026-11-01&to=2026-11-30&q=%20Amine%20%20B%20"),
    );
    expect(filter).toEqual({ status: "confirmed", wilayaCode: "16", source: "cart_page", from: "2026-11-01", to: "2026-11-30", q: "Amine B" });
    expect(parseOrderFilter(new URLSearchParams("status=lost&wilaya=x&source=fax&from=2026-02-30&to=yesterday&q=%20"))).toEqual({});
  });

  it("reads the needs-attention filter only as attention=1, and writes it back so", () => {
    expect(parseOrderFilter(new URLSearchParams("attention=1&status=shipped"))).toEqual({ attention: true, status: "shipped" });
    expect(parseOrderFilter(new URLSearchParams("attention=yes"))).toEqual({});
    expect(orderFilterToSearchParams({ status: "shipped", attention: true }).toString()).toBe("status=shipped&attention=1");
  });

  it("swaps a range given backwards", () => {
    expect(parseOrderFilter(new URLSearchParams("from=2026-11-30&to=2026-11-01"))).toEqual({ from: "2026-11-01", to: "2026-11-30" });
  });

  it("writes only the values set, and reads back what it wrote", () => {
    const filter = { status: "new", q: "0555" } as const;
    const params = orderFilterToSearchParams(filter);
    expect(params.toString()).toBe("status=new&q=0555");
    expect(parseOrderFilter(params)).toEqual(filter);
  });

  it("turns days into Algiers-time instants", () => {
    expect(orderFilterTimeRange({ from: "2026-11-01", to: "2026-11-01" })).toEqual({
      since: "2026-10-31T23:00:00.000Z",
      before: "2026-11-01T23:00:00.000Z",
    });
    expect(orderFilterTimeRange({})).toEqual({});
  });

  it("recognises phone searches", () => {
    expect(phoneDigitsOf("0555 12 34")).toBe("05551234");
    expect(phoneDigitsOf("+213 555 123 456")).toBe("0555123456");
    expect(phoneDigitsOf("SQ-000042")).toBeNull();
    expect(phoneDigitsOf("123")).toBeNull();
  });
});
