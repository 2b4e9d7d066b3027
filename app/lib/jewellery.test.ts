import { describe, expect, it } from "vitest";
import {
  BUNDLE_IDS,
  bundleById,
  bundleLine,
  bundlePrice,
  DEFAULT_BUNDLE,
  isBundleId,
  isJewellerySubcategory,
  JEWELLERY_BUNDLES,
  jewelleryItemPath,
  jewelleryListPath,
  splitName,
} from "./jewellery";
import { parseWithZod } from "@conform-to/zod/v4";
import { jewelleryOrderSchema, orderBodyOf } from "./order-form";
import { validateOrderRequest, type OrderRequestBody } from "./order-request";
import { discountPercent } from "./product";

describe("jewellery bundles", () => {
  const piece = { price: 55_000, compareAtPrice: 65_000 };

  it("are three, single by default: the piece, then two or three at 20 % off", () => {
    expect(JEWELLERY_BUNDLES.map((b) => [b.id, b.quantity, b.percentOff, b.fixedTotal])).toEqual([
      ["single", 1, 0, null],
      ["double", 2, 20, null],
      ["triple", 3, 20, null],
    ]);
    expect(DEFAULT_BUNDLE).toBe("single");
    expect(BUNDLE_IDS).toEqual(["single", "double", "triple"]);
  });

  it("keep the shop's prices and percentages for a 55,000 DA piece compared with 65,000 DA", () => {
    expect(BUNDLE_IDS.map((id) => bundlePrice(id, piece))).toEqual([
      { quantity: 1, price: 55_000, originalPrice: 65_000, discount: 15 },
      { quantity: 2, price: 88_000, originalPrice: 110_000, discount: 20 },
      { quantity: 3, price: 132_000, originalPrice: 165_000, discount: 20 },
    ]);
  });

  it("are computed from the piece's own price: a 198,000 DA bracelet's triple is 475,200 DA", () => {
    const bracelet = { price: 198_000, compareAtPrice: 0 };
    expect(bundlePrice("triple", bracelet)).toMatchObject({ price: 475_200, originalPrice: 594_000, discount: 20 });
    expect(bundlePrice("single", bracelet)).toEqual({ quantity: 1, price: 198_000, originalPrice: 198_000, discount: null });
    expect(bundleLine("triple", bracelet)).toEqual({ quantity: 3, unitPrice: 158_400, compareAtPrice: 198_000, lineTotal: 475_200 });
  });

  it("state discounts that match their prices, rounded", () => {
    for (const id of BUNDLE_IDS) {
      const bundle = bundlePrice(id, piece);
      expect(discountPercent(bundle.price, bundle.originalPrice), id).toBe(bundle.discount);
    }
  });

  it("make one line: the bundle's quantity for the bundle's price, in whole dinars", () => {
    expect(bundleLine("single", piece)).toEqual({ quantity: 1, unitPrice: 55_000, compareAtPrice: 65_000, lineTotal: 55_000 });
    expect(bundleLine("double", piece)).toEqual({ quantity: 2, unitPrice: 44_000, compareAtPrice: 55_000, lineTotal: 88_000 });
    expect(bundleLine("triple", piece)).toEqual({ quantity: 3, unitPrice: 44_000, compareAtPrice: 55_000, lineTotal: 132_000 });
    for (const id of BUNDLE_IDS) {
      const line = bundleLine(id, { price: 12_345, compareAtPrice: 0 });
      expect(Number.isInteger(line.unitPrice) && Number.isInteger(line.compareAtPrice) && Number.isInteger(line.lineTotal), id).toBe(true);
      expect(line.lineTotal, id).toBe(bundlePrice(id, { price: 12_345, compareAtPrice: 0 }).price);
      expect(bundleById(id).quantity).toBe(line.quantity);
    }
  });

  it("recognise only their ids", () => {
    expect(isBundleId("double")).toBe(true);
    for (const value of ["Double", "quad", "", null, 2]) expect(isBundleId(value)).toBe(false);
  });
});

describe("splitName", () => {
  it("splits at the first space", () => {
    expect(splitName("Amine Ben Ali")).toEqual({ firstName: "Amine", lastName: "Ben Ali" });
    expect(splitName("نادية بلقاسم")).toEqual({ firstName: "نادية", lastName: "بلقاسم" });
  });

  it("ignores surrounding and repeated spaces", () => {
    expect(splitName("   Amine    Ben   Ali  ")).toEqual({ firstName: "Amine", lastName: "Ben Ali" });
    expect(splitName("Amine\tBen")).toEqual({ firstName: "Amine", lastName: "Ben" });
  });

  it("gives an empty last name without a space, and empty names for a blank text", () => {
    expect(splitName("Amine")).toEqual({ firstName: "Amine", lastName: "" });
    expect(splitName("   ")).toEqual({ firstName: "", lastName: "" });
  });
});

describe("the jewellery form's required fields (its schema)", () => {
  const parse = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ wilaya: "16", commune: "1601", address: "حي النصر", bundle: "single", ...fields }))
      form.set(key, value);
    const submission = parseWithZod(form, { schema: jewelleryOrderSchema });
    return submission.status === "error" ? submission.error : {};
  };

  it("calls a blank name, phone or email missing (the form's one alert)", () => {
    expect(parse({ name: " ", phone: "", email: "" })).toMatchObject({ name: ["missing"], phone: ["missing"], email: ["missing"] });
    expect(parse({ name: "Amine Benali", phone: "0550", email: "a@b" })).toEqual({ phone: ["invalid_phone"], email: ["invalid_email"] });
    expect(parse({ name: "Amine Benali", phone: "0550123456", email: "a@b.dz" })).toEqual({});
  });
});

describe("a one-word name on the jewellery form", () => {
  const form = (name: string) => {
    const data = new FormData();
    const fields = { name, phone: "0550123456", email: "a@b.dz", wilaya: "16", commune: "1601", address: "حي النصر", bundle: "single" };
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    return parseWithZod(data, { schema: jewelleryOrderSchema });
  };

  it("is a first name with an empty last name, and the order body keeps it so", () => {
    const submission = form("  أمين  ");
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.name).toEqual({ firstName: "أمين", lastName: "" });
    const body = orderBodyOf.jewellery(submission.value, "ring-1");
    expect(body.customer).toMatchObject({ firstName: "أمين", lastName: "" });
    expect(validateOrderRequest(body)).toMatchObject({ ok: true, data: { customer: { firstName: "أمين", lastName: "" } } });
  });

  it("keeps the name's bounds: a letter, at most 60 characters a part", () => {
    const refusal = (name: string) => {
      const submission = form(name);
      return submission.status === "error" ? submission.error : {};
    };
    expect(refusal("12345")).toEqual({ name: ["name_letter"] });
    expect(refusal("أمين 123")).toEqual({ name: ["name_letter"] });
    expect(refusal("x".repeat(61))).toEqual({ name: ["name_too_long"] });
    expect(refusal("x".repeat(60))).toEqual({});
  });
});

describe("jewellery paths and sub-categories", () => {
  it("builds the item and listing addresses", () => {
    expect(jewelleryItemPath("heart-pendant")).toBe("/jewellery/heart-pendant");
    expect(jewelleryListPath(null)).toBe("/jewellery");
    expect(jewelleryListPath("Rings")).toBe("/jewellery?category=Rings");
  });

  it("knows the six sub-categories, case-sensitive", () => {
    for (const sub of ["Necklaces", "Pendants", "Rings", "Bracelets", "Earrings", "Crowns"]) expect(isJewellerySubcategory(sub)).toBe(true);
    expect(isJewellerySubcategory("rings")).toBe(false);
    expect(isJewellerySubcategory(undefined)).toBe(false);
  });
});

describe("the order body of a jewellery order", () => {
  const body: OrderRequestBody = {
    source: "jewellery",
    customer: { firstName: "Nadia", lastName: "Belkacem", phone: "0661554433", wilayaCode: "16", email: "nadia@example.dz" },
    items: [{ productId: "p1", quantity: 2 }],
    bundle: "double",
  };

  it("is accepted with an email and a bundle", () => {
    const result = validateOrderRequest(body);
    expect(result.ok && result.data.bundle).toBe("double");
  });

  it("needs the email and the bundle", () => {
    const { email: _email, ...customer } = body.customer;
    expect(validateOrderRequest({ ...body, customer, bundle: undefined })).toEqual({ ok: false, fields: { email: "required", bundle: "required" } });
  });

  it("refuses an unknown bundle and more than one item", () => {
    expect(validateOrderRequest({ ...body, bundle: "quad" })).toEqual({ ok: false, fields: { bundle: "invalid" } });
    expect(validateOrderRequest({ ...body, items: [...body.items, { productId: "p2", quantity: 1 }] })).toEqual({
      ok: false,
      fields: { items: "too_many_items" },
    });
  });

  it("refuses a bundle with any other source", () => {
    expect(validateOrderRequest({ ...body, source: "cart_page" })).toEqual({ ok: false, fields: { bundle: "invalid" } });
  });

  it("reads the bundle, the email and the split name from the form's post", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: " Nadia  Belkacem Amrani ",
      phone: "0661554433",
      wilaya: "25",
      commune: "2506",
      deliveryType: "stop_desk",
      email: "nadia@example.dz",
      bundle: "triple",
    })) {
      form.set(key, value);
    }
    const submission = parseWithZod(form, { schema: jewelleryOrderSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const built = orderBodyOf.jewellery(submission.value, "p1");
    expect(built.bundle).toBe("triple");
    expect(built.customer).toMatchObject({ firstName: "Nadia", lastName: "Belkacem Amrani", email: "nadia@example.dz", communeCode: "2506" });
    expect(built.deliveryType).toBe("stop_desk");
    expect(validateOrderRequest(built).ok).toBe(true);
  });
});
