import { describe, expect, it } from "vitest";
import { MAX_IMAGES_PER_UPLOAD, MAX_PRODUCT_FORM_BYTES } from "./admin-product";
import { ADMIN_BODY_BYTES, bodyPolicyFor, PUBLIC_BODY_BYTES } from "./body-limits";

describe("bodyPolicyFor", () => {
  it("reads no body for GET and HEAD", () => {
    expect(bodyPolicyFor("GET", "/api/orders")).toBeNull();
    expect(bodyPolicyFor("head", "/admin/products/new")).toBeNull();
  });

  it("gives public forms, sign-in and every API 64 KB, no files, no session check", () => {
    for (const path of [
      "/api/language",
      "/contact",
      "/cart",
      "/products/x",
      "/jewellery/3",
      "/product-gros",
      "/api/cart/quote",
      "/api/share-links",
      "/admin/login",
      "/admin/logout",
      "/admin/invite/AbC_-12",
      "/admin/invite/AbC_-12.data",
      "/nowhere",
    ]) {
      expect(bodyPolicyFor("POST", path), path).toMatchObject({ maxBytes: PUBLIC_BODY_BYTES, maxFields: 1000, maxFiles: 0, adminSession: false });
    }
    // Other methods are measured the same way.
    expect(bodyPolicyFor("PUT", "/contact")).toMatchObject({ maxBytes: PUBLIC_BODY_BYTES });
  });

  it("answers the order API in its own error shape, other APIs in JSON, pages with a page", () => {
    expect(bodyPolicyFor("POST", "/api/orders")?.answer).toBe("order");
    expect(bodyPolicyFor("POST", "/api/cart/quote")?.answer).toBe("json");
    expect(bodyPolicyFor("POST", "/API/language")?.answer).toBe("json");
    expect(bodyPolicyFor("POST", "/contact")?.answer).toBe("page");
    expect(bodyPolicyFor("POST", "/apis")?.answer).toBe("page");
  });

  it("gives admin pages 1 MB without files, behind the session check, whatever the path's case or encoding", () => {
    for (const path of [
      "/admin",
      "/admin/orders/12",
      "/admin/categories",
      "/ADMIN/Categories",
      "/admin/products",
      "/admin/products/new/extra",
      "/admin.data",
      "/%61dmin/categories",
      "/x/../admin/orders/12",
    ]) {
      expect(bodyPolicyFor("POST", path), path).toMatchObject({ maxBytes: ADMIN_BODY_BYTES, maxFiles: 0, adminSession: true });
    }
  });

  it("takes files only on the product, collection and custom page forms", () => {
    for (const path of ["/admin/products/new", "/admin/products/abc", "/Admin/Products/New", "/admin/products/new.data"]) {
      expect(bodyPolicyFor("POST", path), path).toMatchObject({
        maxBytes: MAX_PRODUCT_FORM_BYTES,
        maxFiles: MAX_IMAGES_PER_UPLOAD,
        adminSession: true,
      });
    }
    for (const path of ["/admin/collections/new", "/admin/collections/4", "/admin/custom-pages/new", "/admin/custom-pages/7.data"]) {
      expect(bodyPolicyFor("POST", path), path).toMatchObject({ maxBytes: 6 * 1024 * 1024, maxFiles: 1, adminSession: true });
    }
  });
});
