import { redirect } from "react-router";
import { mayUseAny, type AdminArea } from "~/lib/admin-roles";
import { authSettings, clearSessionCookie, sessionFromToken, sessionTokenFromCookieHeader, type AdminSession } from "../auth/index.server";
import { getDb } from "../db/connection.server";
import { env } from "../env.server";
import { cookieIsSecure } from "./cookie-secure.server";
import { requestI18n } from "./request-i18n.server";
import { isSameOrigin } from "./same-origin.server";

export type { AdminSession } from "../auth/index.server";
export { isSameOrigin } from "./same-origin.server";

/**
 * The gate of every admin loader and action.
 *
 *   export async function loader({ request }: Route.LoaderArgs) {
 *     const admin = await requireAdmin(request);
 *     …
 *   }
 *   export async function action({ request }: Route.ActionArgs) {
 *     const admin = await requireAdminAction(request);
 *     …
 *   }
 */

/** Headers every admin answer carries: never cached, never indexed. */
export const ADMIN_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

/**
 * The `headers` export of an admin page: ADMIN_HEADERS plus every Set-Cookie its loader and action
 * answered with (a refreshed or cleared session cookie).
 *
 *   export const headers: Route.HeadersFunction = adminPageHeaders;
 */
export function adminPageHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  const merged = new Headers(ADMIN_HEADERS);
  for (const cookie of [...loaderHeaders.getSetCookie(), ...actionHeaders.getSetCookie()]) merged.append("Set-Cookie", cookie);
  return merged;
}

/** The current admin, or null; raises the session's last-seen time. Never throws for a missing session. */
export async function currentAdmin(request: Request): Promise<AdminSession | null> {
  const token = sessionTokenFromCookieHeader(request.headers.get("Cookie"));
  if (!token) return null;
  return sessionFromToken(getDb(), token, authSettings(env()));
}

/**
 * True for requests that want data rather than a page: single-fetch `.data` requests (the
 * browser's fetch() sends `Sec-Fetch-Dest: empty`; React Router strips `.data` from the URL
 * before the loader sees it), JSON clients and /api/admin/*.
 */
export function isDataRequest(request: Request): boolean {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data") || url.pathname.startsWith("/api/admin/")) return true;
  const accept = request.headers.get("Accept") ?? "";
  if (accept.includes("application/json") && !accept.includes("text/html")) return true;
  return request.headers.get("Sec-Fetch-Dest") === "empty";
}

async function errorResponse(
  request: Request,
  status: 401 | 403,
  code: "unauthorized" | "cross_site" | "forbidden" | "password_change_required",
  extra?: HeadersInit,
): Promise<Response> {
  const { t } = await requestI18n(request);
  const headers = new Headers(extra);
  for (const [name, value] of Object.entries(ADMIN_HEADERS)) headers.set(name, value);
  return Response.json({ error: { code, message: t(`admin.errors.${code}`) } }, { status, headers });
}

/** A Set-Cookie clearing a cookie that no longer names a session (expired, signed out elsewhere). */
function staleCookieHeaders(request: Request): HeadersInit | undefined {
  if (!sessionTokenFromCookieHeader(request.headers.get("Cookie"))) return undefined;
  return { "Set-Cookie": clearSessionCookie({ secure: cookieIsSecure(request) }) };
}

/** Where an admin with a first or reset password changes it. */
export const PASSWORD_PAGE = "/admin/password";

/** The sign-in page address that brings the admin back to this request's page afterwards. */
export function loginUrlFor(request: Request): string {
  const url = new URL(request.url);
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  return `/admin/login?redirectTo=${encodeURIComponent(back)}`;
}

/**
 * Which admin area(s) a page or action belongs to (app/lib/admin-roles.ts): the admin's role
 * must allow one of them; "signed_in": any role (the admin shell, sign-out, one's own password).
 */
export type AdminAccess = AdminArea | readonly AdminArea[] | "signed_in";

/** The admin, when their role may use `area`; else the translated 403 (JSON for data, the admin's error page otherwise). */
async function allowed(request: Request, admin: AdminSession, area: AdminAccess): Promise<AdminSession> {
  if (area === "signed_in") return admin;
  // A first or reset password is changed before anything else (docs/decisions/0031-staff-and-roles.md):
  // every page but the "signed_in" ones (the shell, /admin/password, sign-out) goes there; an action answers 403.
  if (admin.mustChangePassword) {
    if (request.method === "GET") throw redirect(PASSWORD_PAGE, { status: 302, headers: ADMIN_HEADERS });
    throw await errorResponse(request, 403, "password_change_required");
  }
  const areas: readonly AdminArea[] = typeof area === "string" ? [area] : area;
  if (mayUseAny(admin.role, areas)) return admin;
  throw await errorResponse(request, 403, "forbidden");
}

/**
 * For loaders: the signed-in admin whose role may use `area` (403 otherwise). Without a valid session it throws a 302 to /admin/login
 * (with redirectTo) for a page request, or a 401 JSON answer
 * `{ error: { code: "unauthorized", message } }` for a data request.
 */
export async function requireAdmin(request: Request, area: AdminAccess): Promise<AdminSession> {
  const admin = await currentAdmin(request);
  if (admin) return allowed(request, admin, area);
  // After an action, React Router runs the loaders above the action's error boundary with a GET
  // copy of the POST (same headers): a Content-Type marks it, and the post must answer 401, not 302.
  if (isDataRequest(request) || request.method !== "GET" || request.headers.has("Content-Type")) {
    throw await errorResponse(request, 401, "unauthorized", staleCookieHeaders(request));
  }
  throw redirect(loginUrlFor(request), { status: 302, headers: { ...ADMIN_HEADERS, ...staleCookieHeaders(request) } });
}

/** The translated 403 `{ error: { code: "forbidden", message } }`, for a row the admin's role may not open (the admin's error page shows it). */
export function forbiddenResponse(request: Request): Promise<Response> {
  return errorResponse(request, 403, "forbidden");
}

/** The translated 403 JSON answer `{ error: { code: "cross_site", message } }`. */
export function crossSiteResponse(request: Request): Promise<Response> {
  return errorResponse(request, 403, "cross_site");
}

/** Throws the 403 JSON answer `{ error: { code: "cross_site" } }` unless the request comes from this site. */
export async function assertSameOrigin(request: Request): Promise<void> {
  if (!isSameOrigin(request)) throw await errorResponse(request, 403, "cross_site");
}

/**
 * For actions: the signed-in admin. Without a valid session: 401 JSON (never a redirect);
 * with one but from another site (Origin, else Referer): 403 JSON `cross_site`.
 */
export async function requireAdminAction(request: Request, area: AdminAccess): Promise<AdminSession> {
  const admin = await currentAdmin(request);
  if (!admin) throw await errorResponse(request, 401, "unauthorized", staleCookieHeaders(request));
  await assertSameOrigin(request);
  return allowed(request, admin, area);
}
