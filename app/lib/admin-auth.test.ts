import { describe, expect, it } from "vitest";
import { isAdminPath } from "./admin-auth";

describe("isAdminPath", () => {
  it("is /admin and every path below it, nothing else", () => {
    for (const path of ["/admin", "/admin/", "/admin/products", "/admin/orders/12"]) expect(isAdminPath(path), path).toBe(true);
    for (const path of ["/", "/administrators-guide", "/products/admin", "/api/admin/x", "/adminx"]) expect(isAdminPath(path), path).toBe(false);
  });
});
