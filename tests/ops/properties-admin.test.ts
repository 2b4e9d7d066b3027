import fc from "fast-check";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/database.server";
import { openDatabase } from "~/server/db/db.server";
import {
  adminCookie,
  createAdmin,
  freshServerDatabase,
  orderBody,
  startServer,
  type RunningServer,
  type ServerDatabase,
} from "../support/production-server";

/*
 * Property-based tests of every admin form action, signed in, against a production
 * server of its own (temp SQLite): arbitrary form bodies (the intents each route knows, the
 * field names it reads and garbage ones, values valid and hostile) never answer 5xx, and a
 * refusal (4xx) leaves the database exactly as it was (a fingerprint of every table but the
 * sign-in bookkeeping, before and after). With CI=true the runs are seeded; fast-check prints
 * the seed and counterexample of a failure.
 */

const FC_SEED = process.env.CI === "true" ? 0x50_0b_13 : undefined;
const ADMIN = { email: "props-admin@souq.test", password: "props-Admin-Passw0rd!" } as const;

let dir: string;
let database: ServerDatabase;
let server: RunningServer;
let cookie: string;
let handle: { db: Kysely<Database>; close: () => Promise<void> };
let ids: {
  product: string[];
  order: string[];
  collection: string[];
  page: string[];
  layout: string[];
  enquiry: string[];
  category: string[];
  section: string[];
};

/** Tables a refused request may still write to: sign-in bookkeeping. */
const BOOKKEEPING = new Set(["admin_sessions", "rate_limit_counters", "kysely_migration", "kysely_migration_lock"]);

async function fingerprint(): Promise<Record<string, string>> {
  const tables =
    database.engine === "postgres"
      ? await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(
          handle.db,
        )
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
          handle.db,
        );
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (BOOKKEEPING.has(name)) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(handle.db);
    const text = rows.rows
      .map((row) => JSON.stringify(row))
      .sort()
      .join("\n");
    result[name] = `${rows.rows.length}:${createHash("sha256").update(text).digest("hex")}`;
  }
  return result;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-props-admin-"));
  database = await freshServerDatabase(dir);
  server = await startServer(database.database, { LOG_LEVEL: "warn", ORDER_RATE_LIMIT_PER_IP: "1000000", ORDER_RATE_LIMIT_PER_PHONE: "1000000" });
  createAdmin(database.database, ADMIN.email, ADMIN.password);
  cookie = await adminCookie(server.baseURL, ADMIN.email, ADMIN.password);
  handle = openDatabase(database.url);
  const db = handle.db;
  const products = await db.selectFrom("products").select("id").orderBy("id").limit(6).execute();
  // A few orders to work on.
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`${server.baseURL}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
      body: orderBody(products[0]!.id, `055000000${i}`),
    });
    expect(response.status).toBe(201);
  }
  const [orders, collections, pages, layouts, enquiries, categories, sections] = await Promise.all([
    db.selectFrom("orders").select("id").execute(),
    db.selectFrom("collections").select("id").execute(),
    db.selectFrom("custom_pages").select("id").execute(),
    db.selectFrom("page_sections").select("id").execute(),
    db.selectFrom("wholesale_enquiries").select("id").execute(),
    db.selectFrom("categories").select("slug").execute(),
    db.selectFrom("sections").selectAll().execute(),
  ]);
  const text = (rows: { id: unknown }[]) => rows.map((r) => String(r.id));
  ids = {
    product: products.map((p) => p.id),
    order: text(orders),
    collection: text(collections),
    page: text(pages),
    layout: text(layouts),
    enquiry: text(enquiries),
    category: categories.map((c) => c.slug),
    section: sections.map((s) => String((s as Record<string, unknown>).id ?? (s as Record<string, unknown>).slug)),
  };
});

afterAll(async () => {
  await handle?.close();
  await server?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

// ---------- arbitraries ----------

const some = (list: string[], fallback: string) => fc.constantFrom(...(list.length > 0 ? list : [fallback]));

const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.oneof(
          fc.constantFrom(
            "\u200F",
            "\u200B",
            "\u0000",
            "😀",
            "<script>alert(1)</script>",
            '"><img src=x onerror=alert(1)>',
            "' OR 1=1 --",
            "../",
            "%00",
            "=1+1",
            "__proto__",
          ),
          fc.string({ maxLength: 4 }),
        ),
        { maxLength: 5 },
      )
      .map((p) => p.join("")),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 30_000 }).map((n) => "x".repeat(n)) },
);
const numeric = fc.constantFrom("0", "1", "-1", "2.5", "1e3", "1e309", "99999999999999999999", "NaN", "Infinity", "", " 7 ", "0x10", "١٢");

/** Values a field might get: plausible for its name, or anything. */
function fieldValue(name: string): fc.Arbitrary<string> {
  const plausible: Record<string, fc.Arbitrary<string>> = {
    id: fc.oneof(some(ids.collection, "1"), some(ids.page, "1"), some(ids.layout, "1"), some(ids.enquiry, "1"), some(ids.order, "1")),
    productId: some(ids.product, "p1"),
    productIds: fc.array(some(ids.product, "p1"), { maxLength: 3 }).map((l) => l.join(",")),
    quantity: numeric,
    price: numeric,
    compareAtPrice: numeric,
    stockQuantity: numeric,
    lowStockThreshold: numeric,
    homePrice: numeric,
    stopDeskPrice: numeric,
    code: fc.constantFrom("16", "31", "99", "1", ""),
    category: some(ids.category, "toys"),
    reassignTo: some(ids.category, "toys"),
    key: fc.oneof(some(ids.category, "toys"), some(ids.section, "featured"), fc.constantFrom("props-key", "")),
    sectionId: some(ids.section, "featured"),
    slug: fc.constantFrom("props-slug", "props-slug-2", "", "UPPER", "a b", "../x"),
    to: fc.constantFrom("new", "confirmed", "shipped", "delivered", "cancelled", "returned", "nope"),
    status: fc.constantFrom("new", "contacted", "closed", "confirmed", "nope"),
    direction: fc.constantFrom("up", "down", "sideways"),
    pageIdentifier: fc.constantFrom("home", "jewellery", "nope"),
    sectionType: fc.constantFrom("banner", "products", "nope"),
    isActive: fc.constantFrom("on", "off", "true", ""),
    inStock: fc.constantFrom("on", "off", "true", ""),
    isFeatured: fc.constantFrom("on", ""),
    active: fc.constantFrom("on", "1", ""),
    expectedUpdatedAt: fc.constantFrom("", "2020-01-01T00:00:00.000Z", "nope"),
  };
  return fc.oneof({ weight: 3, arbitrary: plausible[name] ?? hostile }, { weight: 2, arbitrary: hostile }, { weight: 1, arbitrary: numeric });
}

const FIELDS = [
  "title",
  "titleEn",
  "titleFr",
  "description",
  "slug",
  "price",
  "compareAtPrice",
  "category",
  "sectionId",
  "stockQuantity",
  "inStock",
  "isActive",
  "isFeatured",
  "sku",
  "metaTitle",
  "metaDescription",
  "subtitle",
  "id",
  "family",
  "baseUrl",
  "webhookSecret",
  "originWilaya",
  "productId",
  "productIds",
  "quantity",
  "key",
  "name",
  "nameEn",
  "nameFr",
  "reassignTo",
  "code",
  "homePrice",
  "stopDeskPrice",
  "deliveryTime",
  "zone",
  "active",
  "to",
  "reason",
  "note",
  "status",
  "pageIdentifier",
  "sectionType",
  "direction",
  "body",
  "imageId",
  "removeImage",
  "expectedUpdatedAt",
];

interface Endpoint {
  path: string;
  intents: string[];
}

function endpoints(): Endpoint[] {
  const product = ids.product[1] ?? "p1";
  const order = ids.order[0] ?? "1";
  return [
    { path: "/admin/products/new", intents: ["save"] },
    { path: `/admin/products/${product}`, intents: ["save", "delete", "image-up", "image-down", "image-delete"] },
    { path: "/admin/products/p0000000000000", intents: ["save", "delete"] },
    { path: "/admin/inventory", intents: ["set-stock"] },
    { path: "/admin/categories", intents: ["create", "update", "delete"] },
    { path: "/admin/sections", intents: ["create", "update", "delete"] },
    { path: "/admin/delivery", intents: ["save"] },
    { path: "/admin/orders", intents: ["ship"] },
    { path: `/admin/orders/${order}`, intents: ["transition", "note", "block", "unblock"] },
    { path: "/admin/orders/999999", intents: ["transition", "note"] },
    { path: "/admin/collections", intents: ["delete"] },
    { path: "/admin/collections/new", intents: ["save"] },
    { path: `/admin/collections/${ids.collection[0] ?? "1"}`, intents: ["save", "delete"] },
    { path: "/admin/custom-pages", intents: ["delete"] },
    { path: "/admin/custom-pages/new", intents: ["save"] },
    { path: `/admin/custom-pages/${ids.page[0] ?? "1"}`, intents: ["save", "delete"] },
    { path: "/admin/page-layouts?page=home", intents: ["save", "move", "delete"] },
    { path: "/admin/page-layouts?page=nope", intents: ["save", "move"] },
    { path: "/admin/orders/wholesale", intents: ["status"] },
    { path: "/admin/queue", intents: ["take", "release", "call", "confirm-call", "cancel-call"] },
    { path: `/admin/orders/${order}`, intents: ["call", "cancel-call"] },
    { path: "/admin/couriers", intents: ["add", "update", "delete", "default", "test", "refresh"] },
    { path: "/admin/drafts", intents: ["convert", "delete"] },
    { path: "/admin/staff", intents: ["add", "invite", "disable", "enable", "reset", "role", "revoke"] },
  ];
}

const formFor = (endpoint: Endpoint) =>
  fc.record({
    intent: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...endpoint.intents) },
      { weight: 1, arbitrary: hostile },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    fields: fc
      .uniqueArray(fc.constantFrom(...FIELDS), { maxLength: 10 })
      .chain((names) => fc.tuple(...names.map((n) => fieldValue(n).map((v) => [n, v] as const)))),
    extra: fc.array(fc.tuple(hostile, hostile), { maxLength: 3 }),
    repeated: fc.boolean(),
    multipart: fc.boolean(),
  });

const request = fc
  .constant(null)
  .chain(() => fc.constantFrom(...endpoints()))
  .chain((endpoint) => formFor(endpoint).map((form) => ({ endpoint, form })));

function encode(form: {
  intent: string | null;
  fields: readonly (readonly [string, string])[];
  extra: [string, string][];
  repeated: boolean;
  multipart: boolean;
}): { body: BodyInit; contentType?: string } {
  const pairs: [string, string][] = [];
  if (form.intent !== null) pairs.push(["intent", form.intent]);
  for (const [k, v] of form.fields) {
    pairs.push([k, v]);
    if (form.repeated) pairs.push([k, v.slice(0, 3)]);
  }
  pairs.push(...form.extra);
  if (form.multipart) {
    const data = new FormData();
    for (const [k, v] of pairs) data.append(k, v);
    return { body: data };
  }
  const search = new URLSearchParams();
  for (const [k, v] of pairs) search.append(k, v);
  return { body: search.toString(), contentType: "application/x-www-form-urlencoded" };
}

describe("admin form actions with arbitrary bodies (property-based, signed in)", () => {
  it("never answer 5xx, and a refusal changes nothing in the database", async () => {
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ endpoint, form }) => {
        const before = await fingerprint();
        const { body, contentType } = encode(form);
        const headers: Record<string, string> = { Cookie: cookie, Origin: server.baseURL };
        if (contentType) headers["Content-Type"] = contentType;
        const response = await fetch(`${server.baseURL}${endpoint.path}`, { method: "POST", redirect: "manual", headers, body });
        const text = await response.text();
        statuses.set(`${response.status}`, (statuses.get(`${response.status}`) ?? 0) + 1);
        const label = `${endpoint.path} ${JSON.stringify(form).slice(0, 400)} → ${response.status}`;
        expect(response.status, `${label}\n${text.slice(0, 400)}`).toBeLessThan(500);
        // Still signed in: no refusal logged the admin out.
        expect(response.status, label).not.toBe(401);
        if (response.status >= 400) expect(await fingerprint(), `${label}: a refusal changed the database`).toEqual(before);
      }),
      { numRuns: 250, seed: FC_SEED, endOnFailure: true },
    );
    console.info(`admin properties: statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  });

  it("the server logged no error while being probed", () => {
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  });
});
