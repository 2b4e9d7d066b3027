import { createHash } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openDatabase } from "~/server/db/db.server";
import { adminCookie } from "./support/admin";
import { baseURL } from "./support/browser";

/**
 * Every admin page and form endpoint. Each admin feature appends its own, ONE LINE EACH
 * (a GET for each page, a POST for each action with a body that would change something).
 */
export const ADMIN_ENDPOINTS: { method: "GET" | "POST"; path: string; body?: Record<string, string> }[] = [
  { method: "GET", path: "/admin" },
  { method: "GET", path: "/admin/products" },
  { method: "GET", path: "/admin/products/new" },
  { method: "GET", path: "/admin/products/p1794994200000" },
  { method: "POST", path: "/admin/products/new", body: { intent: "save", title: "x", slug: "x", category: "toys", sectionId: "featured" } },
  { method: "POST", path: "/admin/products/p1794994200000", body: { intent: "delete" } },
  { method: "GET", path: "/admin/inventory" },
  { method: "GET", path: "/admin/inventory.csv" },
  { method: "GET", path: "/admin/categories" },
  { method: "GET", path: "/admin/sections" },
  { method: "POST", path: "/admin/inventory", body: { intent: "set-stock", productId: "p1794994200000", quantity: "1" } },
  { method: "POST", path: "/admin/categories", body: { intent: "create", key: "security-probe", name: "x" } },
  { method: "POST", path: "/admin/categories", body: { intent: "delete", key: "toys", reassignTo: "books" } },
  { method: "POST", path: "/admin/sections", body: { intent: "delete", key: "featured" } },
  { method: "GET", path: "/admin/orders.csv?status=new" },
  { method: "GET", path: "/admin/orders/new-count" },
  { method: "GET", path: "/admin/orders/SQ-000001/slip" },
  { method: "GET", path: "/admin/delivery" },
  { method: "POST", path: "/admin/delivery", body: { intent: "save", code: "16", homePrice: "999", stopDeskPrice: "", deliveryTime: "1-2 days", zone: "A" } },
  { method: "GET", path: "/admin/orders" },
  { method: "GET", path: "/admin/orders/1" },
  { method: "POST", path: "/admin/orders/1", body: { intent: "transition", to: "cancelled" } },
  { method: "POST", path: "/admin/orders/1", body: { intent: "block", reason: "probe" } },
  { method: "GET", path: "/admin/collections" },
  { method: "GET", path: "/admin/collections/new" },
  { method: "GET", path: "/admin/collections/1" },
  { method: "POST", path: "/admin/collections/new", body: { intent: "save", title: "x", slug: "security-probe", productIds: "p1794994200000", isActive: "on" } },
  { method: "POST", path: "/admin/collections/1", body: { intent: "delete" } },
  { method: "POST", path: "/admin/collections", body: { intent: "delete", id: "1" } },
  { method: "GET", path: "/admin/custom-pages" },
  { method: "GET", path: "/admin/custom-pages/new" },
  { method: "GET", path: "/admin/custom-pages/1" },
  { method: "POST", path: "/admin/custom-pages/new", body: { intent: "save", title: "x", slug: "security-probe", isActive: "on" } },
  { method: "POST", path: "/admin/custom-pages/1", body: { intent: "delete" } },
  { method: "POST", path: "/admin/custom-pages", body: { intent: "delete", id: "1" } },
  { method: "GET", path: "/admin/page-layouts?page=home" },
  { method: "POST", path: "/admin/page-layouts?page=home", body: { intent: "save", id: "", pageIdentifier: "home", sectionType: "banner", title: "x", isActive: "on" } },
  { method: "POST", path: "/admin/page-layouts?page=home", body: { intent: "move", id: "1", direction: "down" } },
  { method: "POST", path: "/admin/page-layouts?page=home", body: { intent: "delete", id: "1" } },
  { method: "GET", path: "/admin/picker-products?q=x&available=1" },
  { method: "GET", path: "/admin/analytics" },
  { method: "GET", path: "/admin/orders/wholesale" },
  { method: "POST", path: "/admin/orders/wholesale", body: { intent: "status", id: "1", status: "closed" } },
];

/** Tables a refused request may still write to: sign-in bookkeeping. */
const BOOKKEEPING = new Set(["admin_sessions", "rate_limit_counters", "kysely_migration", "kysely_migration_lock"]);

/** A fingerprint of every table's content (except bookkeeping), to prove refused requests changed nothing. */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  try {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
    const fingerprint: Record<string, string> = {};
    for (const { name } of tables.rows) {
      if (BOOKKEEPING.has(name)) continue;
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
      const text = rows.rows.map((row) => JSON.stringify(row)).sort().join("\n");
      fingerprint[name] = `${rows.rows.length}:${createHash("sha256").update(text).digest("hex")}`;
    }
    return fingerprint;
  } finally {
    await close();
  }
}

function formBody(body: Record<string, string> | undefined): URLSearchParams {
  return new URLSearchParams(body ?? {});
}

/**
 * The refusal's code. Resource routes (no page) answer the JSON `{ error: { code } }` itself;
 * a page route renders the thrown answer through its error boundary, with the same status.
 */
async function expectCode(response: Response, code: string, label: string): Promise<void> {
  if (!response.headers.get("Content-Type")?.includes("application/json")) return;
  const body = (await response.json()) as { error: { code: string; message?: string } };
  expect(body.error.code, label).toBe(code);
}

describe("admin endpoints refuse requests without a session or from another site", () => {
  it("GET pages without a session redirect to /admin/login (302, with redirectTo)", async () => {
    for (const endpoint of ADMIN_ENDPOINTS.filter((e) => e.method === "GET")) {
      const response = await fetch(`${baseURL()}${endpoint.path}`, { redirect: "manual", headers: { Accept: "text/html" } });
      expect(response.status, endpoint.path).toBe(302);
      const location = new URL(response.headers.get("Location") ?? "", baseURL());
      expect(location.pathname, endpoint.path).toBe("/admin/login");
      expect(location.searchParams.get("redirectTo"), endpoint.path).toBe(endpoint.path);
      expect(response.headers.get("Cache-Control"), endpoint.path).toContain("no-store");
    }
  });

  it("GET with Accept: application/json and without a session answers 401 JSON", async () => {
    for (const endpoint of ADMIN_ENDPOINTS.filter((e) => e.method === "GET")) {
      const response = await fetch(`${baseURL()}${endpoint.path}`, { redirect: "manual", headers: { Accept: "application/json" } });
      expect(response.status, endpoint.path).toBe(401);
      await expectCode(response, "unauthorized", endpoint.path);
    }
  });

  it("POSTs without a session answer 401, with a session from another site 403, and change nothing", async () => {
    const before = await databaseFingerprint();
    const posts = ADMIN_ENDPOINTS.filter((e) => e.method === "POST");
    for (const endpoint of posts) {
      const response = await fetch(`${baseURL()}${endpoint.path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL() },
        body: formBody(endpoint.body),
      });
      expect(response.status, `${endpoint.path} without a session`).toBe(401);
      await expectCode(response, "unauthorized", endpoint.path);
    }
    const cookie = await adminCookie();
    for (const endpoint of posts) {
      const response = await fetch(`${baseURL()}${endpoint.path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", Cookie: cookie },
        body: formBody(endpoint.body),
      });
      // React Router itself refuses a foreign Origin on page routes (400, before any loader or
      // action runs); requireAdminAction answers 403 `cross_site` on resource routes and for a Referer.
      expect([400, 403], `${endpoint.path} from another site`).toContain(response.status);
      await expectCode(response, "cross_site", endpoint.path);
      // No Origin, and a Referer from another site: refused too.
      const viaReferer = await fetch(`${baseURL()}${endpoint.path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: "https://evil.example/page", Cookie: cookie },
        body: formBody(endpoint.body),
      });
      expect(viaReferer.status, `${endpoint.path} with a foreign Referer`).toBe(403);
    }
    expect(await databaseFingerprint()).toEqual(before);
  });

  it("sign-in and sign-out refuse posts from another site", async () => {
    for (const path of ["/admin/login", "/admin/logout"]) {
      const response = await fetch(`${baseURL()}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
        body: new URLSearchParams({ email: "e2e-admin@souq.test", password: "whatever-it-is" }),
      });
      expect([400, 403], path).toContain(response.status);
    }
  });
});
