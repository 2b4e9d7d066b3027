import { redirect } from "react-router";
import { clearSessionCookie, sessionTokenFromCookieHeader, signOut } from "~/server/auth/index.server";
import { getDb } from "~/server/db/connection.server";
import { ADMIN_HEADERS, assertSameOrigin } from "~/server/http/admin-session.server";
import { cookieIsSecure } from "~/server/http/cookie-secure.server";
import type { Route } from "./+types/logout";

/**
 * POST /admin/logout (the header's button): deletes the session row, clears the cookie and
 * goes to the sign-in page. Refused (403) from another site, so no page can sign an admin out.
 */
export async function action({ request }: Route.ActionArgs) {
  await assertSameOrigin(request);
  const token = sessionTokenFromCookieHeader(request.headers.get("Cookie"));
  if (token) await signOut(getDb(), token);
  const headers = new Headers(ADMIN_HEADERS);
  headers.append("Set-Cookie", clearSessionCookie({ secure: cookieIsSecure(request) }));
  return redirect("/admin/login", { status: 303, headers });
}

/** A GET (typed address, old bookmark) changes nothing: back to the admin area. */
export function loader() {
  return redirect("/admin", 302);
}
