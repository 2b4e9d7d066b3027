import { describe, expect, it } from "vitest";
import { checkOrderApiAccess, isJsonContentType } from "./order-api-access.server";

const TOKEN = "t0ken-for-the-orders-api-0123456789abcdef";
const SHOP = "http://127.0.0.1:3000";
const post = (headers: Record<string, string>) => new Request(`${SHOP}/api/orders`, { method: "POST", headers });
const json = { "Content-Type": "application/json" };

describe("checkOrderApiAccess", () => {
  it("takes only application/json (parameters and case aside): 415 otherwise, token or not", () => {
    expect(isJsonContentType("application/json; charset=UTF-8")).toBe(true);
    expect(isJsonContentType("Application/JSON")).toBe(true);
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "application/ld+json",
    ]) {
      const result = checkOrderApiAccess(post({ "Content-Type": type, Origin: SHOP }), TOKEN);
      expect(result, type).toEqual({ ok: false, status: 415, code: "unsupported_media_type" });
    }
    expect(checkOrderApiAccess(post({ Authorization: `Bearer ${TOKEN}` }), TOKEN)).toMatchObject({ status: 415 });
  });

  it("accepts a request from the shop's own origin: its Origin, its Referer, or Sec-Fetch-Site: same-origin", () => {
    expect(checkOrderApiAccess(post({ ...json, Origin: SHOP }), undefined)).toEqual({ ok: true, via: "same_origin" });
    expect(checkOrderApiAccess(post({ ...json, Origin: SHOP, "Sec-Fetch-Site": "same-origin" }), undefined)).toMatchObject({ ok: true });
    expect(checkOrderApiAccess(post({ ...json, Referer: `${SHOP}/products/x` }), undefined)).toMatchObject({ ok: true });
    expect(checkOrderApiAccess(post({ ...json, "Sec-Fetch-Site": "same-origin" }), undefined)).toMatchObject({ ok: true });
  });

  it("refuses another site (Origin, or Sec-Fetch-Site) with 403, even with the right token", () => {
    const refused = { ok: false, status: 403, code: "cross_site" };
    expect(checkOrderApiAccess(post({ ...json, Origin: "http://evil.example" }), TOKEN)).toEqual(refused);
    expect(checkOrderApiAccess(post({ ...json, Origin: "null" }), undefined)).toEqual(refused);
    expect(checkOrderApiAccess(post({ ...json, Origin: "http://127.0.0.1:3001" }), undefined)).toEqual(refused);
    expect(checkOrderApiAccess(post({ ...json, "Sec-Fetch-Site": "cross-site" }), undefined)).toEqual(refused);
    expect(checkOrderApiAccess(post({ ...json, Origin: SHOP, "Sec-Fetch-Site": "cross-site" }), undefined)).toEqual(refused);
    expect(checkOrderApiAccess(post({ ...json, "Sec-Fetch-Site": "same-site" }), undefined)).toEqual(refused);
    expect(checkOrderApiAccess(post({ ...json, Authorization: `Bearer ${TOKEN}`, "Sec-Fetch-Site": "cross-site" }), TOKEN)).toEqual(refused);
  });

  it("refuses a call that shows neither the shop's origin nor a token", () => {
    expect(checkOrderApiAccess(post(json), undefined)).toEqual({ ok: false, status: 403, code: "cross_site" });
    expect(checkOrderApiAccess(post({ ...json, Referer: "http://evil.example/page" }), TOKEN)).toMatchObject({ status: 403 });
  });

  it("accepts a server-to-server call without Origin with the right bearer token only", () => {
    expect(checkOrderApiAccess(post({ ...json, Authorization: `Bearer ${TOKEN}` }), TOKEN)).toEqual({ ok: true, via: "token" });
    expect(checkOrderApiAccess(post({ ...json, Authorization: `bearer  ${TOKEN} ` }), TOKEN)).toEqual({ ok: true, via: "token" });
    const wrong = { ok: false, status: 401, code: "invalid_api_token" };
    expect(checkOrderApiAccess(post({ ...json, Authorization: `Bearer ${TOKEN}x` }), TOKEN)).toEqual(wrong);
    expect(checkOrderApiAccess(post({ ...json, Authorization: `Bearer ${TOKEN.slice(1)}` }), TOKEN)).toEqual(wrong);
    expect(checkOrderApiAccess(post({ ...json, Authorization: `Bearer ${TOKEN} extra` }), TOKEN)).toEqual(wrong);
    // Another scheme is not a token: a staging shop behind HTTP Basic keeps its own pages working.
    expect(checkOrderApiAccess(post({ ...json, Authorization: `Basic ${TOKEN}` }), TOKEN)).toMatchObject({ status: 403 });
    expect(checkOrderApiAccess(post({ ...json, Authorization: "Basic dXNlcjpwdw==", Origin: SHOP }), TOKEN)).toEqual({
      ok: true,
      via: "same_origin",
    });
    // Unset: no token opens the API, not even an empty one.
    expect(checkOrderApiAccess(post({ ...json, Authorization: `Bearer ${TOKEN}` }), undefined)).toEqual(wrong);
    expect(checkOrderApiAccess(post({ ...json, Authorization: "Bearer " }), undefined)).toEqual(wrong);
  });
});
