import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { normalizeLinkCode, REF_COOKIE, VISITOR_COOKIE } from "~/lib/tracking";
import type { Database } from "../db/database.server";
import { env } from "../env.server";
import { logger, pathOf } from "../logger.server";
import { idLinkRedirect } from "../merchandising/index.server";
import { recordClick } from "../tracking/index.server";
import { clientIp } from "./client-address.server";
import { cookieIsSecure } from "./cookie-secure.server";

/**
 * Referral capture. A page load with `?ref=CODE` records a click
 * (tracking.service recordClick: bots, unknown and inactive codes ignored silently; one click
 * per browser per CLICK_DEDUP_MINUTES, and at most REFERRAL_CLICK_LIMIT_PER_IP per client address
 * and link in such a window) and remembers the code and the browser in two HttpOnly
 * cookies, which an order placed later reads (readReferral) to count its conversion.
 *
 * Where it runs: an Express middleware in app.server.ts (referralCapture), before
 * the React Router handler, for GET page requests (Accept: text/html) outside /assets, /api,
 * /qr, /admin and /uploads. There it sees every shareable page (product, collection, custom
 * page, any other) without touching their loaders, adds its cookies to whatever the page
 * answers (the adapter appends the page's own Set-Cookie), and a page's client-side data
 * requests (`.data`) never count a click. The canonical URL stays clean: canonicalPath drops `ref`.
 * An id link that moves to its slug address (merchandising's idLinkRedirect) counts nothing
 * itself: its redirect keeps `ref`, and the page it leads to counts the click.
 */

/** How long the cookies live: the conversion window (30 days). */
export const REFERRAL_COOKIE_MAX_AGE = 30 * 86_400;

/** A visitor token as we issue it: 32 random bytes, base64url (43 characters). */
const VISITOR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newVisitorToken(): string {
  return randomBytes(32).toString("base64url");
}

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    return part.slice(index + 1).trim();
  }
  return null;
}

/** The visitor token of a Cookie header, or null (absent or malformed). */
export function visitorTokenFromCookieHeader(header: string | null): string | null {
  const value = cookieValue(header, VISITOR_COOKIE);
  return value && VISITOR_TOKEN.test(value) ? value : null;
}

/** The referral an order carries: the `souq_ref` code and the `souq_visitor` token, both well-formed; else null. */
export function readReferral(request: Request): { code: string; visitorToken: string } | null {
  const header = request.headers.get("Cookie");
  const code = normalizeLinkCode(cookieValue(header, REF_COOKIE));
  const visitorToken = visitorTokenFromCookieHeader(header);
  return code && visitorToken ? { code, visitorToken } : null;
}

/** Set-Cookie of one referral cookie: HttpOnly, SameSite=Lax, Path=/, 30 days, Secure on https. */
export function referralCookie(name: string, value: string, secure: boolean): string {
  return `${name}=${value}; Path=/; Max-Age=${REFERRAL_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Paths whose requests are never page loads. */
const NOT_PAGES = /^\/(assets|api|qr|admin|uploads)(\/|$)/;

/** True for a GET page load (an HTML navigation) with a `ref` parameter, outside the API, assets and admin. */
export function isReferralCandidate(request: Request): boolean {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (!url.searchParams.has("ref") || NOT_PAGES.test(url.pathname) || url.pathname.endsWith(".data")) return false;
  return request.headers.get("Accept")?.includes("text/html") ?? false;
}

/**
 * For a GET page request whose URL has a well-formed `ref` (any case): records the click and
 * returns the Set-Cookie values to add — `souq_visitor` when the browser has none, and
 * `souq_ref=CODE` when the link is counted, a duplicate or over its address's limit (the visitor
 * did come through the link; only the click is not counted); an unknown, inactive or bot visit
 * sets nothing. Never throws: a failure is logged and answers [].
 */
export async function trackReferral(
  request: Request,
  db: Kysely<Database>,
  options: { now?: Date; publicUrl?: string; clickLimitPerAddress?: number } = {},
): Promise<string[]> {
  try {
    if (!isReferralCandidate(request)) return [];
    const url = new URL(request.url);
    const code = normalizeLinkCode(url.searchParams.get("ref"));
    if (!code) return [];
    // An id link (/collections/7?ref=…) answers a redirect to the slug address, `ref` kept: the
    // click counts there, once, and not on the redirect too (a browser without cookies would
    // otherwise count two).
    if (await idLinkRedirect(db, url)) return [];
    const known = visitorTokenFromCookieHeader(request.headers.get("Cookie"));
    const visitorToken = known ?? newVisitorToken();
    const outcome = await recordClick(db, {
      code,
      visitorToken,
      userAgent: request.headers.get("User-Agent"),
      now: options.now,
      address: { ip: clientIp(request), limit: options.clickLimitPerAddress ?? env().REFERRAL_CLICK_LIMIT_PER_IP },
    });
    if (outcome === "ignored") return [];
    const secure = cookieIsSecure(request, "publicUrl" in options ? options.publicUrl : env().PUBLIC_URL);
    return [...(known ? [] : [referralCookie(VISITOR_COOKIE, visitorToken, secure)]), referralCookie(REF_COOKIE, code, secure)];
  } catch (error) {
    logger.error({ err: error, path: pathOf(request.url) }, "could not record a referral click");
    return [];
  }
}
