import { describe, expect, it } from "vitest";
import { originOf } from "./public-origin.server";

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("public origin", () => {
  it("is PUBLIC_URL without its trailing slash when set, whatever the proxy headers say", () => {
    expect(originOf(request("http://127.0.0.1:3000/about"), "https://shop.dz/")).toBe("https://shop.dz");
    expect(originOf(request("http://127.0.0.1:3000/"), "https://shop.dz")).toBe("https://shop.dz");
    expect(originOf(request("http://127.0.0.1:3000/", { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" }), "https://shop.dz")).toBe(
      "https://shop.dz",
    );
  });

  it("is the request's origin otherwise", () => {
    expect(originOf(request("http://localhost:3000/products/x?lng=fr"), undefined)).toBe("http://localhost:3000");
  });

  it("never reads X-Forwarded-Proto or X-Forwarded-Host: the request URL is already the checked origin", () => {
    const forwarded = request("http://10.0.0.5:3000/", { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example" });
    expect(originOf(forwarded, undefined)).toBe("http://10.0.0.5:3000");
    const chained = request("https://shop.dz/", { "X-Forwarded-Proto": "http", "X-Forwarded-Host": "evil.example:8443, proxy" });
    expect(originOf(chained, undefined)).toBe("https://shop.dz");
  });
});
