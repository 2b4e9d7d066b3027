import { describe, expect, it } from "vitest";
import { isReferralCandidate, readReferral, referralCookie, visitorTokenFromCookieHeader } from "./referral-cookies.server";

const token = "a".repeat(43);
const page = (url: string, init: RequestInit = {}) => new Request(url, { ...init, headers: { Accept: "text/html,*/*", ...(init.headers ?? {}) } });

describe("referral cookies", () => {
  it("reads a well-formed visitor token and ref code, and nothing else", () => {
    expect(visitorTokenFromCookieHeader(`lng=fr; souq_visitor=${token}`)).toBe(token);
    expect(visitorTokenFromCookieHeader("souq_visitor=short")).toBeNull();
    expect(visitorTokenFromCookieHeader(null)).toBeNull();
    const request = (cookie: string) => new Request("http://shop.test/api/orders", { method: "POST", headers: { Cookie: cookie } });
    expect(readReferral(request(`souq_ref=abcd1234; souq_visitor=${token}`))).toEqual({ code: "ABCD1234", visitorToken: token });
    expect(readReferral(request("souq_ref=ABCD1234"))).toBeNull();
    expect(readReferral(request(`souq_ref=NOT-A-CODE; souq_visitor=${token}`))).toBeNull();
  });

  it("writes HttpOnly, SameSite=Lax, 30-day cookies, Secure on demand", () => {
    expect(referralCookie("souq_ref", "ABCD1234", false)).toBe("souq_ref=ABCD1234; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax");
    expect(referralCookie("souq_ref", "ABCD1234", true)).toMatch(/; Secure$/);
  });
});

describe("isReferralCandidate", () => {
  it("takes GET page loads with ref, outside the API, assets, QR, admin and data requests", () => {
    expect(isReferralCandidate(page("http://shop.test/products/x?ref=ABCD1234"))).toBe(true);
    expect(isReferralCandidate(page("http://shop.test/?ref=abcd1234&utm_source=qr"))).toBe(true);
    expect(isReferralCandidate(page("http://shop.test/products/x"))).toBe(false);
    for (const path of ["/api/orders", "/assets/app.js", "/qr/ABCD1234.svg", "/admin", "/admin/analytics", "/uploads/a.webp", "/products/x.data"]) {
      expect(isReferralCandidate(page(`http://shop.test${path}?ref=ABCD1234`))).toBe(false);
    }
    expect(isReferralCandidate(page("http://shop.test/?ref=ABCD1234", { method: "POST" }))).toBe(false);
    expect(isReferralCandidate(new Request("http://shop.test/?ref=ABCD1234", { headers: { Accept: "application/json" } }))).toBe(false);
  });
});
