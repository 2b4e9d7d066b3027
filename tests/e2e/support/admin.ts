import type { Page } from "playwright-core";
import { inject } from "vitest";
import { baseURL } from "./browser";

/** The admin created by the e2e global setup (npm run create-admin). */
export const adminCredentials = (): { email: string; password: string } => inject("adminCredentials");

/** Signs the page's browser context in as the e2e admin; resolves once it left /admin/login. */
export async function signInAsAdmin(page: Page): Promise<void> {
  const { email, password } = adminCredentials();
  await page.goto("/admin/login");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await Promise.all([
    page.waitForURL((url) => url.pathname.startsWith("/admin") && !url.pathname.startsWith("/admin/login")),
    page.locator('[data-testid="admin-login-form"] button[type="submit"]').click(),
  ]);
}

/**
 * Signs in over HTTP (a new session each call) and returns the Cookie header value
 * (`souq_admin=…`) for fetch-based tests. Send `Origin: baseURL()` with POSTs made with it.
 */
export async function adminCookie(): Promise<string> {
  const { email, password } = adminCredentials();
  const response = await fetch(`${baseURL()}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL() },
    body: new URLSearchParams({ email, password, redirectTo: "/admin/products" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith("souq_admin=") && pair !== "souq_admin=");
  if (response.status !== 303 || !cookie) throw new Error(`Admin sign-in failed: HTTP ${response.status}`);
  return cookie;
}
