import { describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import en from "~/i18n/en";
import fr from "~/i18n/fr";
import { baseURL } from "./support/browser";

// The e2e server runs with the default rate limits (30 orders per address per 10 minutes, 5 per
// phone per hour), and every request here comes from 127.0.0.1: this file places 2 orders.

const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 20)!;

function post(body: string, init: { language?: string; headers?: Record<string, string> } = {}) {
  return fetch(`${baseURL()}/api/orders`, {
    method: "POST",
    redirect: "manual",
    body,
    headers: {
      "Content-Type": "application/json",
      Origin: baseURL(),
      ...(init.language ? { Cookie: `lng=${init.language}` } : {}),
      ...init.headers,
    },
  });
}

const order = (phone: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    source: "cart_page",
    customer: { firstName: "Amine", lastName: "Benali", phone, wilayaCode: "16" },
    items: [{ productId: product.id, quantity: 1 }],
    total: 1,
    ...extra,
  });

describe("GET /api/delivery", () => {
  it("lists the active wilayas with their fees, cacheable for 5 minutes", async () => {
    const response = await fetch(`${baseURL()}/api/delivery`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const wilayas = (await response.json()) as {
      code: string;
      name: string;
      nameAr: string;
      homePrice: number;
      deliveryTime: string;
      zone: string;
    }[];
    expect(wilayas).toHaveLength(69);
    expect(wilayas.find((w) => w.code === "16")).toEqual({
      code: "16",
      name: "Alger",
      nameAr: expect.any(String),
      homePrice: 0,
      // Alger's home delivery is free: no cheaper stop-desk (decision 0010).
      stopDeskPrice: null,
      deliveryTime: expect.any(String),
      zone: "A",
    });
  });
});

describe("POST /api/orders", () => {
  it("answers 201 with the order, priced from the database", async () => {
    const response = await post(order("0550990001"), { headers: { "Idempotency-Key": `e2e-${Date.now()}` } });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      orderNumber: expect.stringMatching(/^SQ-\d{6}$/),
      itemsTotal: product.price,
      deliveryPrice: 0,
      total: product.price,
      status: "new",
    });
  });

  it("answers a retried Idempotency-Key with the same order", async () => {
    const key = `e2e-retry-${Date.now()}`;
    const first = await post(order("0550990002"), { headers: { "Idempotency-Key": key } });
    const second = await post(order("0550990002"), { headers: { "Idempotency-Key": key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
  });

  it("answers 400 invalid_json, translated, to a body that is not JSON", async () => {
    const response = await post("{not json", { language: "fr" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "invalid_json", message: fr.orders.errors.invalid_json, fields: {} } });
  });

  it("answers 422 with the refused fields, translated", async () => {
    const response = await post(order("12345", { items: [{ productId: product.id, quantity: 0 }] }), { language: "en" });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        code: "invalid_order",
        message: en.orders.errors.invalid_order,
        fields: {
          phone: en.orders.fields.invalid_phone,
          "items.0.quantity": en.orders.fields.invalid_quantity.replace("{{max}}", "99"),
        },
      },
    });
  });

  it("answers 422 unknown_product in Arabic by default", async () => {
    const response = await post(order("0550990003", { items: [{ productId: "p-missing", quantity: 1 }] }));
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(error).toEqual({
      code: "unknown_product",
      message: ar.orders.errors.unknown_product,
      fields: { "items.0.productId": ar.orders.fields.unknown_product },
    });
  });

  it("answers 405 to other methods", async () => {
    const get = await fetch(`${baseURL()}/api/orders`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(((await get.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await fetch(`${baseURL()}/api/orders`, { method, body: "{}", headers: { "Content-Type": "application/json" } });
      expect(response.status, method).toBe(405);
    }
  });
});
