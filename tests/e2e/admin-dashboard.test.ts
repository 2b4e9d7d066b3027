import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/server/auth/password.server";
import type { AdminRole } from "~/lib/admin-roles";
import { adminCookie } from "./support/admin";
import { baseURL } from "./support/browser";
import { withDb } from "./support/db";

// /admin is the dashboard for the owner and the manager; a confirmer starts at the call queue,
// a packer at the confirmed orders; without a session, the sign-in page.

const password = `pw-${randomBytes(6).toString("hex")}`;
const staff = (["manager", "confirmer", "packer"] as const).map((role) => ({
  role,
  email: `dash-${role}-${randomBytes(3).toString("hex")}@souq.test`,
}));

beforeAll(async () => {
  const hash = await hashPassword(password);
  const now = new Date().toISOString();
  await withDb((db) =>
    db
      .insertInto("admin_users")
      .values(staff.map(({ role, email }) => ({ email, password_hash: hash, role, name: role, created_at: now, updated_at: now })))
      .execute(),
  );
});

afterAll(async () => {
  await withDb((db) =>
    db
      .deleteFrom("admin_users")
      .where(
        "email",
        "in",
        staff.map(({ email }) => email),
      )
      .execute(),
  );
});

async function cookieOf(role: AdminRole): Promise<string> {
  if (role === "owner") return adminCookie();
  const { email } = staff.find((member) => member.role === role)!;
  const response = await fetch(`${baseURL()}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL() },
    body: new URLSearchParams({ email, password, redirectTo: "/admin" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith("souq_admin=") && pair !== "souq_admin=");
  if (!cookie) throw new Error(`${role} sign-in failed: HTTP ${response.status}`);
  return cookie;
}

describe("/admin for each role", () => {
  it.each([
    ["owner", 200, null],
    ["manager", 200, null],
    ["confirmer", 302, "/admin/queue"],
    ["packer", 302, "/admin/orders"],
  ] as const)("%s: %i %s", async (role, status, location) => {
    const response = await fetch(`${baseURL()}/admin?period=30d`, { redirect: "manual", headers: { Cookie: await cookieOf(role) } });
    expect(response.status).toBe(status);
    expect(response.headers.get("Location")).toBe(location);
    if (status === 200) {
      const html = await response.text();
      expect(html).toContain('data-testid="dashboard-chart"');
      expect(html).toContain('role="img"');
    }
  });

  it("sends a visitor without a session to the sign-in page", async () => {
    const response = await fetch(`${baseURL()}/admin`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
  });
});
