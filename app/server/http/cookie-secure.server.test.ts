import { describe, expect, it } from "vitest";
import { cookieIsSecure } from "./cookie-secure.server";

describe("cookieIsSecure", () => {
  it("is Secure when PUBLIC_URL or the request is https", () => {
    const http = new Request("http://127.0.0.1:3000/admin/login");
    expect(cookieIsSecure(http, undefined)).toBe(false);
    expect(cookieIsSecure(http, "http://shop.example")).toBe(false);
    expect(cookieIsSecure(http, "https://shop.example")).toBe(true);
    expect(cookieIsSecure(new Request("https://shop.example/admin/login"), undefined)).toBe(true);
  });
});
