import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { productPath } from "~/lib/product";
import { openDatabase, type DatabaseHandle } from "~/server/db/db.server";
import { toBool } from "~/server/db/types.server";
import { freshServerDatabase, orderBody, startServer, type RunningServer, type ServerDatabase } from "../../support/production-server";

/*
 * Attacks on ordering, replayed against the production build with its default limits (5 orders
 * per phone per hour) on a fresh database (SQLite, or PostgreSQL with TEST_DATABASE_URL). Each
 * shopper or attacker has an address of its own: a distinct loopback source address (Linux routes
 * all of 127.0.0.0/8 to lo), so the server sees them as different clients without trusting any
 * header.
 */

const TOKEN = "ops-abuse-orders-token-0123456789abcdef";
const EVIL = "http://evil.example";
const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 50)!;

let dir: string;
let database: ServerDatabase;
let server: RunningServer;
let handle: DatabaseHandle;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-abuse-orders-"));
  database = await freshServerDatabase(dir);
  server = await startServer(database.database, { LOG_LEVEL: "warn", ORDER_API_TOKEN: TOKEN });
  handle = openDatabase(database.url);
});

afterAll(async () => {
  await handle?.close();
  await server?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request from `from` (a loopback source address), on a connection of its own. */
function send(path: string, options: { method?: string; from?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.baseURL}${path}`,
      {
        method: options.method ?? "GET",
        localAddress: options.from ?? "127.0.0.1",
        agent: false,
        headers: { ...(body ? { "Content-Length": String(body.length) } : {}), ...options.headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The orders stored with `phone`, oldest first. */
function ordersOf(phone: string) {
  return handle.db
    .selectFrom("orders")
    .select(["order_number", "ip", "phone_flagged", "first_name"])
    .where("phone", "=", phone)
    .orderBy("id")
    .execute();
}

async function orderCount(): Promise<number> {
  const row = await handle.db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A same-origin JSON POST /api/orders (as a browser on the shop's origin sends it), unless `headers` say otherwise. */
function apiOrder(body: string, from: string, headers: Record<string, string> = {}) {
  return send("/api/orders", {
    method: "POST",
    from,
    body,
    headers: { "Content-Type": "application/json", Origin: server.baseURL, "Sec-Fetch-Site": "same-origin", ...headers },
  });
}

/** The product page, fetched until the page cache replays it. */
async function cachedProductPage(): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const page = await send(productPath(product), { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    if (page.headers["x-cache"] === "HIT") return page.text;
  }
  throw new Error("the product page never came from the page cache");
}

/** The plain (no-JavaScript) order form of the product page, posted as a browser would. */
function postProductForm(from: string, fields: { firstName: string; phone: string }) {
  const form = new URLSearchParams({ ...fields, lastName: "Benali", wilaya: "16", commune: "1601", address: "Cité 5 Juillet, bloc 3", website: "" });
  return send(productPath(product), {
    method: "POST",
    from,
    body: form.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, Accept: "text/html" },
  });
}

const orderNumbersIn = (html: string) => [...new Set(html.match(/SQ-\d{6}/g) ?? [])];

/** The page a plain post was redirected to (303): its order number, and the page as its visitor gets it. */
async function confirmationOf(answer: Answer, from: string) {
  expect(answer.status).toBe(303);
  const location = String(answer.headers.location ?? "");
  const page = await send(location.replace(/#.*$/, ""), { from, headers: { Accept: "text/html" } });
  // The confirmation is addressed by the order's unguessable token; the page names the order.
  expect(location).toMatch(/^\/orders\/confirmation\/[^/?#]+/);
  return { location, numbers: orderNumbersIn(page.text), page };
}

describe("plain-HTML orders from a page the cache shares (each answered by a 303 to its confirmation)", () => {
  it("stores both orders of two shoppers posting the same cached product page", async () => {
    const html = await cachedProductPage();
    // Nothing per visitor in the shared page's order form.
    expect(html).not.toMatch(/idempotencyKey/i);
    const amine = await confirmationOf(await postProductForm("127.0.0.2", { firstName: "Amine", phone: "0550101010" }), "127.0.0.2");
    const karima = await confirmationOf(await postProductForm("127.0.0.3", { firstName: "Karima", phone: "0661202020" }), "127.0.0.3");
    const [amineOrders, karimaOrders] = [await ordersOf("0550101010"), await ordersOf("0661202020")];
    expect(amineOrders).toHaveLength(1);
    expect(karimaOrders).toHaveLength(1);
    // Each sees their own confirmation, on a page made for them alone (never from or into the page cache).
    expect(amine.numbers).toEqual([amineOrders[0]!.order_number]);
    expect(karima.numbers).toEqual([karimaOrders[0]!.order_number]);
    for (const { page, numbers } of [amine, karima]) {
      expect(page.status).toBe(200);
      expect(numbers).toHaveLength(1);
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(page.headers["x-cache"]).not.toBe("HIT");
    }
    // The shared page is still the shared one, without anyone's order.
    expect(orderNumbersIn(await cachedProductPage())).toEqual([]);
  });

  it("stores one order for the same post sent twice, and shows the same confirmation", async () => {
    await cachedProductPage();
    const first = await confirmationOf(await postProductForm("127.0.0.4", { firstName: "Salim", phone: "0770303030" }), "127.0.0.4");
    const again = await confirmationOf(await postProductForm("127.0.0.4", { firstName: "Salim", phone: "0770303030" }), "127.0.0.4");
    const stored = await ordersOf("0770303030");
    expect(stored).toHaveLength(1);
    expect(first.numbers).toEqual([stored[0]!.order_number]);
    expect(again.location).toBe(first.location);
  });
});

describe("POST /api/orders from other sites", () => {
  it("answers 415 to a text/plain order from another site (no preflight), storing nothing", async () => {
    const before = await orderCount();
    const answer = await send("/api/orders", {
      method: "POST",
      from: "127.0.0.5",
      body: orderBody(product.id, "0550404040"),
      headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: EVIL, "Sec-Fetch-Site": "cross-site" },
    });
    expect(answer.status).toBe(415);
    expect(answer.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: "unsupported_media_type", message: expect.any(String), fields: {} } });
    expect(await orderCount()).toBe(before);
  });

  it("answers 403 to JSON from another site's Origin or Sec-Fetch-Site, and to a call showing no origin at all", async () => {
    const before = await orderCount();
    const foreign: Record<string, string>[] = [
      { Origin: EVIL },
      { Origin: EVIL, "Sec-Fetch-Site": "cross-site" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of foreign) {
      const answer = await send("/api/orders", {
        method: "POST",
        from: "127.0.0.6",
        body: orderBody(product.id, "0550505050"),
        headers: { "Content-Type": "application/json", ...headers },
      });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { code: "cross_site" } });
    }
    const bare = await send("/api/orders", {
      method: "POST",
      from: "127.0.0.6",
      body: orderBody(product.id, "0550505050"),
      headers: { "Content-Type": "application/json" },
    });
    expect(bare.status).toBe(403);
    expect(await orderCount()).toBe(before);
  });

  it("takes a server-to-server order with the bearer token and no Origin; a wrong token is 401", async () => {
    const wrong = await send("/api/orders", {
      method: "POST",
      from: "127.0.0.7",
      body: orderBody(product.id, "0550606060"),
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.text)).toMatchObject({ error: { code: "invalid_api_token" } });
    expect(await ordersOf("0550606060")).toHaveLength(0);
    const right = await send("/api/orders", {
      method: "POST",
      from: "127.0.0.7",
      body: orderBody(product.id, "0550606060"),
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${TOKEN}` },
    });
    expect(right.status).toBe(201);
    expect(await ordersOf("0550606060")).toHaveLength(1);
    // The token does not open the API to a browser on another site.
    const crossSite = await send("/api/orders", {
      method: "POST",
      from: "127.0.0.7",
      body: orderBody(product.id, "0550606061"),
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${TOKEN}`, Origin: EVIL },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("a customer's phone number in a stranger's orders", () => {
  it("does not lock its owner out: five orders from other addresses, then the owner's own is taken and flagged", async () => {
    const victim = "0771717171";
    for (let i = 0; i < 5; i++) {
      const answer = await apiOrder(orderBody(product.id, victim, "Prank", `Number${i}`), `127.0.1.${10 + i}`);
      expect(answer.status, `stranger's order ${i}`).toBe(201);
    }
    const own = await apiOrder(orderBody(product.id, victim, "Nadia", "Owner"), "127.0.1.50");
    expect(own.status).toBe(201);
    const stored = await ordersOf(victim);
    expect(stored).toHaveLength(6);
    expect(stored.map((row) => toBool(row.phone_flagged))).toEqual([false, false, false, false, false, true]);
    expect(stored.at(-1)).toMatchObject({ first_name: "Nadia", ip: "127.0.1.50" });
  });

  it("still refuses (429) the sixth order with one phone from one address", async () => {
    const phone = "0772727272";
    for (let i = 0; i < 5; i++) expect((await apiOrder(orderBody(product.id, phone, "Same", `Place${i}`), "127.0.2.10")).status).toBe(201);
    const sixth = await apiOrder(orderBody(product.id, phone, "Same", "Place5"), "127.0.2.10");
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.text)).toMatchObject({ error: { code: "rate_limited" } });
    expect(await ordersOf(phone)).toHaveLength(5);
  });
});

describe("Idempotency-Key", () => {
  it("answers 422 idempotency_key_reused to a key sent again with another body, storing nothing", async () => {
    const key = "ops-abuse-reused-key";
    const first = await apiOrder(orderBody(product.id, "0550808080"), "127.0.0.8", { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const before = await orderCount();
    const other = JSON.stringify({ ...JSON.parse(orderBody(product.id, "0550808080")), items: [{ productId: product.id, quantity: 3 }] });
    const reused = await apiOrder(other, "127.0.0.8", { "Idempotency-Key": key });
    expect(reused.status).toBe(422);
    expect(JSON.parse(reused.text)).toMatchObject({ error: { code: "idempotency_key_reused" } });
    expect(await orderCount()).toBe(before);
    // The same body again is the same order.
    const replay = await apiOrder(orderBody(product.id, "0550808080"), "127.0.0.8", { "Idempotency-Key": key });
    expect(replay.status).toBe(201);
    expect(JSON.parse(replay.text)).toEqual(JSON.parse(first.text));
    expect(await orderCount()).toBe(before);
  });
});
