import { describe, expect, it } from "vitest";
import { isDataRequest, isSameOrigin, loginUrlFor } from "./admin-session.server";

const post = (headers: Record<string, string>) => new Request("http://127.0.0.1:3000/admin/products/new", { method: "POST", headers });

describe("admin request checks", () => {
  it("accepts a post whose Origin, or else Referer, is this site", () => {
    expect(isSameOrigin(post({ Origin: "http://127.0.0.1:3000" }))).toBe(true);
    expect(isSameOrigin(post({ Referer: "http://127.0.0.1:3000/admin/products" }))).toBe(true);
  });

  it("refuses another site, a null origin, or no origin at all", () => {
    expect(isSameOrigin(post({ Origin: "https://evil.example" }))).toBe(false);
    expect(isSameOrigin(post({ Origin: "null" }))).toBe(false);
    expect(isSameOrigin(post({ Origin: "http://127.0.0.1:3001" }))).toBe(false);
    expect(isSameOrigin(post({ Referer: "https://evil.example/x" }))).toBe(false);
    // Origin wins over a matching Referer.
    expect(isSameOrigin(post({ Origin: "https://evil.example", Referer: "http://127.0.0.1:3000/admin" }))).toBe(false);
    expect(isSameOrigin(post({}))).toBe(false);
    expect(isSameOrigin(post({ Referer: "not a url" }))).toBe(false);
  });

  it("tells data requests from page requests", () => {
    const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://x${path}`, { headers });
    expect(isDataRequest(get("/admin/products", { Accept: "text/html,application/xhtml+xml" }))).toBe(false);
    expect(isDataRequest(get("/admin/products", { "Sec-Fetch-Dest": "document" }))).toBe(false);
    expect(isDataRequest(get("/admin/products", { "Sec-Fetch-Dest": "empty" }))).toBe(true);
    expect(isDataRequest(get("/admin/products.data"))).toBe(true);
    expect(isDataRequest(get("/admin/products", { Accept: "application/json" }))).toBe(true);
    expect(isDataRequest(get("/api/admin/products"))).toBe(true);
  });

  it("sends the admin back to the page after signing in", () => {
    expect(loginUrlFor(new Request("http://x/admin/products?page=2"))).toBe("/admin/login?redirectTo=%2Fadmin%2Fproducts%3Fpage%3D2");
  });
});
