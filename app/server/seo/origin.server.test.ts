import { describe, expect, it } from "vitest";
import { originOf } from "./origin.server";

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("public origin", () => {
  it("is PUBLIC_URL without its trailing slash when set, whatever the proxy headers say", () => {
    expect(originOf(request("http://127.0.0.1:3000/about"), "https://shop.dz/")).toBe("https://shop.dz");
    expect(originOf(request("http://127.0.0.1:3000/"), "https://shop.dz")).toBe("https://shop.dz");
    expect(
      originOf(request("http://127.0.0.1:3000/", { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" }), "https://shop.dz"),
    ).toBe("https://shop.dz");
  });

  it("is the request's origin otherwise", () => {
    expect(originOf(request("http://localhost:3000/products/x?lng=fr"), undefined)).toBe("http://localhost:3000");
  });

  it("follows X-Forwarded-Proto and X-Forwarded-Host when PUBLIC_URL is unset", () => {
    const forwarded = request("http://10.0.0.5:3000/", { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.dz" });
    expect(originOf(forwarded, undefined)).toBe("https://shop.dz");
    const chained = request("http://10.0.0.5:3000/", { "X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "shop.dz:8443, proxy" });
    expect(originOf(chained, undefined)).toBe("https://shop.dz:8443");
  });

  it("ignores forwarded values that are not a scheme or a host", () => {
    const bad = request("http://localhost:3000/", { "X-Forwarded-Proto": "javascript", "X-Forwarded-Host": "a.dz/<script>" });
    expect(originOf(bad, undefined)).toBe("http://localhost:3000");
  });
});
