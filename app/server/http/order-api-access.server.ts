import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "../env.server";
import { isSameOrigin } from "./same-origin.server";

/**
 * Who may call POST /api/orders (docs/decisions/0023-order-duplicates-origin-and-phone-flags.md):
 * - the body is application/json only: a browser sends any other type cross-site without a
 *   CORS preflight (a text/plain form or fetch), so accepting it would let any site post orders;
 * - a browser request from another site (a foreign Origin, or Sec-Fetch-Site other than
 *   same-origin) is refused, with or without a token;
 * - a browser request from the shop's own origin is accepted (Origin or Referer, as isSameOrigin
 *   decides for the admin, or Sec-Fetch-Site: same-origin); the shop's order forms do not come
 *   here, they post to their route actions;
 * - another system (server to server) sends `Authorization: Bearer ORDER_API_TOKEN` instead.
 */
export type OrderApiAccess =
  | { ok: true; via: "same_origin" | "token" }
  | { ok: false; status: 401; code: "invalid_api_token" }
  | { ok: false; status: 403; code: "cross_site" }
  | { ok: false; status: 415; code: "unsupported_media_type" };

/** True for `application/json`, with or without parameters (`; charset=utf-8`), in any case. */
export function isJsonContentType(value: string | null): boolean {
  if (value === null) return false;
  return value.split(";", 1)[0]!.trim().toLowerCase() === "application/json";
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** Compares in constant time (over fixed-length digests, so the length leaks nothing either). */
function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The bearer token of an Authorization header ("" when malformed), null without a Bearer one:
 * another scheme (a staging site's HTTP Basic, which browsers resend by themselves) is not ours.
 */
function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization")?.trim();
  if (!header || !/^bearer(\s|$)/i.test(header)) return null;
  const match = /^bearer[ \t]+(\S+)$/i.exec(header);
  return match ? match[1]! : "";
}

export function checkOrderApiAccess(request: Request, apiToken: string | undefined = env().ORDER_API_TOKEN): OrderApiAccess {
  if (!isJsonContentType(request.headers.get("Content-Type"))) {
    return { ok: false, status: 415, code: "unsupported_media_type" };
  }
  const fetchSite = request.headers.get("Sec-Fetch-Site")?.trim().toLowerCase();
  const foreignFetch = fetchSite !== undefined && fetchSite !== "same-origin";
  const foreignOrigin = request.headers.has("Origin") && !isSameOrigin(request);
  if (foreignFetch || foreignOrigin) return { ok: false, status: 403, code: "cross_site" };

  const token = bearerToken(request);
  if (token !== null) {
    if (apiToken === undefined || !tokenMatches(token, apiToken)) return { ok: false, status: 401, code: "invalid_api_token" };
    return { ok: true, via: "token" };
  }
  if (fetchSite === "same-origin" || isSameOrigin(request)) return { ok: true, via: "same_origin" };
  return { ok: false, status: 403, code: "cross_site" };
}
