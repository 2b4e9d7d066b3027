import { describe, expect, it } from "vitest";
import { isAdminPath } from "./admin-auth";

describe("isAdminPath", () => {
  it("is /admin and every path below it, nothing else", () => {
    for (const path of ["/admin", "/admin/", "/admin/products", "/admin/orders/12"]) expect(isAdminPath(path), path).toBe(true);
    for (const path of ["/", "/administrators-guide", "/products/admin", "/api/admin/x", "/adminx"]) expect(isAdminPath(path), path).toBe(false);
  });

  it("reads the path as React Router routes it: any case, percent-decoded, dot segments resolved, data requests", () => {
    for (const path of [
      "/ADMIN/categories",
      "/Admin",
      "/%61dmin/categories",
      "/%41DMIN/x",
      "/x/../admin/categories",
      "/./admin/",
      "/admin.data",
      "/admin/categories.data",
    ]) {
      expect(isAdminPath(path), path).toBe(true);
    }
    for (const path of ["/administrators-guide", "/%61dminx", "/admin.json", "/%E0%A4%A"]) expect(isAdminPath(path), path).toBe(false);
  });
});
