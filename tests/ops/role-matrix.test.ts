import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROLES, mayUseAny, type AdminArea, type AdminRole } from "~/lib/admin-roles";
import routes from "~/routes";
import { hashPassword } from "~/server/auth/password.server";
import { hashSessionToken } from "~/server/auth/session-cookie.server";
import type { Database } from "~/server/db/database.server";
import { openDatabase } from "~/server/db/db.server";
import { createAdmin, freshServerDatabase, orderBody, startServer, type RunningServer, type ServerDatabase } from "../support/production-server";

/*
 * The role matrix, against a production server (temp SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): for every admin route of app/routes.ts, page and action, and every role, the
 * answer is what app/lib/admin-roles.ts allows (anything but 401/403/5xx: a page, a redirect, a
 * validation refusal, a 404 for a sample id) or the translated 403; without a session, a page
 * answers 302 to the sign-in page and an action 401.
 */

/** Who may use a route: its area(s), any signed-in admin, or anyone (sign-in, invitation, sign-out). */
type Access = AdminArea | readonly AdminArea[] | "signed_in" | "public";

interface MatrixEntry {
  /** A sample address (`{order}`: an order nobody was given). */
  path: string;
  access: Access;
  /** Row-level rule of that sample (mayOpenOrder): roles refused although their area allows the route. */
  refusedRows?: readonly AdminRole[];
}

/** A new order, not assigned: only owner and manager may open it. */
const ORDER_ROWS: readonly AdminRole[] = ["confirmer", "packer"];

/**
 * Every admin route, by its route id (its `id`, else its file): ONE LINE EACH. A route in
 * app/routes.ts without a line here fails the first test.
 */
const MATRIX: Record<string, MatrixEntry> = {
  "routes/admin/login": { path: "/admin/login", access: "public" },
  "routes/admin/logout": { path: "/admin/logout", access: "public" },
  "routes/admin/invite": { path: "/admin/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", access: "public" },
  "routes/admin/order-slip": { path: "/admin/orders/{order}/slip", access: ["orders", "fulfilment"], refusedRows: ORDER_ROWS },
  "routes/admin/order-label": { path: "/admin/orders/{order}/label", access: ["orders", "fulfilment"], refusedRows: ORDER_ROWS },
  "routes/admin/orders-labels": { path: "/admin/orders/labels?ids={order}", access: ["orders", "fulfilment"], refusedRows: ORDER_ROWS },
  "routes/admin/layout": { path: "/admin/password", access: "signed_in" },
  "routes/admin/index": { path: "/admin", access: "signed_in" },
  "routes/admin/products": { path: "/admin/products", access: "catalogue" },
  "admin-product-new": { path: "/admin/products/new", access: "catalogue" },
  "routes/admin/product-edit": { path: "/admin/products/{product}", access: "catalogue" },
  "routes/admin/inventory": { path: "/admin/inventory", access: "inventory" },
  "routes/admin/inventory-csv": { path: "/admin/inventory.csv", access: "inventory" },
  "routes/admin/orders": { path: "/admin/orders", access: ["orders", "fulfilment"] },
  "routes/admin/order": { path: "/admin/orders/{order}", access: ["orders", "fulfilment", "queue"], refusedRows: ORDER_ROWS },
  "routes/admin/orders-csv": { path: "/admin/orders.csv", access: ["orders", "fulfilment"] },
  "routes/admin/orders-new-count": { path: "/admin/orders/new-count", access: ["orders", "queue"] },
  "routes/admin/wholesale-enquiries": { path: "/admin/orders/wholesale", access: "orders" },
  "admin-categories": { path: "/admin/categories", access: "catalogue" },
  "admin-sections": { path: "/admin/sections", access: "catalogue" },
  "routes/admin/delivery": { path: "/admin/delivery", access: "settings" },
  "routes/admin/couriers": { path: "/admin/couriers", access: "couriers" },
  "routes/admin/settings": { path: "/admin/settings", access: "settings" },
  "routes/admin/collections": { path: "/admin/collections", access: "merchandising" },
  "admin-collection-new": { path: "/admin/collections/new", access: "merchandising" },
  "routes/admin/collection-edit": { path: "/admin/collections/1", access: "merchandising" },
  "routes/admin/custom-pages": { path: "/admin/custom-pages", access: "merchandising" },
  "admin-custom-page-new": { path: "/admin/custom-pages/new", access: "merchandising" },
  "routes/admin/custom-page-edit": { path: "/admin/custom-pages/1", access: "merchandising" },
  "routes/admin/page-layouts": { path: "/admin/page-layouts?page=home", access: "merchandising" },
  "routes/admin/picker-products": { path: "/admin/picker-products?q=x", access: ["merchandising", "orders", "queue"] },
  "routes/admin/analytics": { path: "/admin/analytics", access: "analytics" },
  "routes/admin/staff": { path: "/admin/staff", access: "staff" },
  "routes/admin/password": { path: "/admin/password", access: "signed_in" },
  "routes/admin/queue": { path: "/admin/queue", access: "queue" },
  "routes/admin/drafts": { path: "/admin/drafts", access: "queue" },
};

interface RouteEntry {
  id?: string;
  file: string;
  path?: string;
  children?: RouteEntry[];
}

/** Every route of app/routes.ts whose module is under routes/admin/, with its id and module file. */
function adminRoutes(entries: readonly RouteEntry[] = routes as RouteEntry[]): { id: string; file: string }[] {
  return entries.flatMap((entry) => [
    ...(entry.file.startsWith("routes/admin/") ? [{ id: entry.id ?? entry.file.replace(/\.tsx?$/, ""), file: entry.file }] : []),
    ...adminRoutes(entry.children ?? []),
  ]);
}

/** Whether the route module answers POST (an `action` export). */
function hasAction(file: string): boolean {
  return /export\s+(?:async\s+)?function\s+action\b|export\s+const\s+action\b/.test(readFileSync(join("app", file), "utf8"));
}

function expectedFor(role: AdminRole, entry: MatrixEntry): "allowed" | "forbidden" {
  if (entry.access === "public" || entry.access === "signed_in") return "allowed";
  const areas: readonly AdminArea[] = typeof entry.access === "string" ? [entry.access] : entry.access;
  if (!mayUseAny(role, areas)) return "forbidden";
  return entry.refusedRows?.includes(role) ? "forbidden" : "allowed";
}

let dir: string;
let database: ServerDatabase;
let server: RunningServer;
let handle: { db: Kysely<Database>; close: () => Promise<void> };
const cookies = new Map<AdminRole, string>();
const ids = new Map<AdminRole, number>();
let sample: Record<string, string>;

/** A session for `adminId`, written straight into the database (no sign-in, no throttle): its Cookie header. */
async function sessionFor(adminId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await handle.db
    .insertInto("admin_sessions")
    .values({
      id: hashSessionToken(token),
      admin_id: adminId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      ip: "127.0.0.1",
      user_agent: "role-matrix",
    })
    .execute();
  return `souq_admin=${token}`;
}

function address(path: string): string {
  return `${server.baseURL}${path.replace(/\{(\w+)\}/g, (_, key: string) => sample[key]!)}`;
}

async function request(method: "GET" | "POST", path: string, cookie: string | null): Promise<Response> {
  const headers: Record<string, string> = { Origin: server.baseURL, Accept: "text/html" };
  if (cookie) headers.Cookie = cookie;
  if (method === "POST") headers["Content-Type"] = "application/x-www-form-urlencoded";
  const response = await fetch(address(path), { method, redirect: "manual", headers, body: method === "POST" ? "" : undefined });
  await response.arrayBuffer();
  return response;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-role-matrix-"));
  database = await freshServerDatabase(dir);
  server = await startServer(database.database, { LOG_LEVEL: "warn" });
  // The command line makes the owner (and migrates); the other roles are written directly.
  createAdmin(database.database, "owner@souq.test", "matrix-Owner-Passw0rd!");
  handle = openDatabase(database.url);
  const passwordHash = await hashPassword("matrix-Staff-Passw0rd!", { N: 2 ** 10, r: 8, p: 1 });
  const now = new Date().toISOString();
  for (const role of ADMIN_ROLES) {
    const existing = await handle.db.selectFrom("admin_users").select("id").where("email", "=", `${role}@souq.test`).executeTakeFirst();
    const id =
      existing?.id ??
      Number(
        (
          await handle.db
            .insertInto("admin_users")
            .values({ email: `${role}@souq.test`, name: role, role, password_hash: passwordHash, created_at: now, updated_at: now })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    ids.set(role, id);
    cookies.set(role, await sessionFor(id));
  }
  const product = await handle.db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
  const placed = await fetch(`${server.baseURL}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
    body: orderBody(product.id, "0550000001"),
  });
  expect(placed.status).toBe(201);
  const order = await handle.db.selectFrom("orders").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
  sample = { order: String(order.id), product: product.id };
});

afterAll(async () => {
  await handle?.close();
  await server?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the role matrix", () => {
  it("has one entry for every admin route of app/routes.ts, and none for a route that is gone", () => {
    const routeIds = adminRoutes()
      .map((route) => route.id)
      .sort();
    expect(routeIds).toEqual(Object.keys(MATRIX).sort());
  });

  const cases = adminRoutes().flatMap(({ id, file }) =>
    (hasAction(file) ? (["GET", "POST"] as const) : (["GET"] as const)).map((method) => ({ id, method })),
  );

  it.each(cases)("$method $id answers each role as its areas allow, and nobody without a session", async ({ id, method }) => {
    const entry = MATRIX[id];
    expect(entry, `no matrix entry for ${id}`).toBeDefined();
    if (!entry) return;
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const role of ADMIN_ROLES) {
      // Signing out ends the session it is sent with: a session of its own.
      const cookie = id === "routes/admin/logout" ? await sessionFor(ids.get(role)!) : cookies.get(role)!;
      const response = await request(method, entry.path, cookie);
      const status = response.status;
      const location = response.headers.get("Location") ?? "";
      const answer =
        status === 403
          ? "forbidden"
          : status === 401 || status >= 500 || location.startsWith("/admin/login?")
            ? `broken ${status} ${location}`
            : "allowed";
      answers.push(`${role}: ${answer}`);
      wanted.push(`${role}: ${expectedFor(role, entry)}`);
    }
    expect(answers, `${method} ${entry.path}`).toEqual(wanted);

    if (entry.access === "public") return;
    const anonymous = await request(method, entry.path, null);
    if (method === "GET") {
      expect(anonymous.status, `GET ${entry.path} without a session`).toBe(302);
      expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    } else {
      expect(anonymous.status, `POST ${entry.path} without a session`).toBe(401);
    }
  });

  it("opens an order to the confirmer it is given to, and a confirmed order to a packer", async () => {
    const order = Number(sample.order);
    await handle.db
      .updateTable("orders")
      .set({ assigned_to: ids.get("confirmer")! })
      .where("id", "=", order)
      .execute();
    expect((await request("GET", `/admin/orders/${order}`, cookies.get("confirmer")!)).status).toBe(200);
    expect((await request("GET", `/admin/orders/${order}`, cookies.get("packer")!)).status).toBe(403);
    await handle.db.updateTable("orders").set({ assigned_to: null, status: "confirmed" }).where("id", "=", order).execute();
    expect((await request("GET", `/admin/orders/${order}`, cookies.get("confirmer")!)).status).toBe(403);
    expect((await request("GET", `/admin/orders/${order}`, cookies.get("packer")!)).status).toBe(200);
    await handle.db.updateTable("orders").set({ status: "new" }).where("id", "=", order).execute();
  });

  it("shows the translated 403 inside the admin shell, and only the role's tabs", async () => {
    const forbidden = await fetch(address("/admin/settings"), { headers: { Cookie: cookies.get("packer")!, "Accept-Language": "fr" } });
    expect(forbidden.status).toBe(403);
    const html = await forbidden.text();
    expect(html).toContain('data-testid="admin-forbidden"');
    expect(html).toContain('data-testid="admin-tabs"');
    const tabs = [...html.matchAll(/data-tab="([\w-]+)"/g)].map((match) => match[1]);
    expect(tabs).toEqual(["orders", "inventory"]);
  });

  it("sends an admin whose password must change to /admin/password, and refuses their actions", async () => {
    const confirmer = ids.get("confirmer")!;
    await handle.db.updateTable("admin_users").set({ must_change_password: true }).where("id", "=", confirmer).execute();
    try {
      const page = await request("GET", "/admin/orders/new-count", cookies.get("confirmer")!);
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe("/admin/password");
      expect((await request("GET", "/admin/password", cookies.get("confirmer")!)).status).toBe(200);
      expect((await request("POST", `/admin/orders/${sample.order}`, cookies.get("confirmer")!)).status).toBe(403);
    } finally {
      await handle.db.updateTable("admin_users").set({ must_change_password: false }).where("id", "=", confirmer).execute();
    }
  });
});
