import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import type { ParcelState } from "~/lib/couriers";
import type { ParcelEvent } from "~/server/couriers/index.server";
import { signYalidine, startFakeYalidine, yalidineTime, type FakeYalidine } from "~/server/couriers/sandbox/fake-yalidine.server";
import type { Database } from "~/server/db/database.server";
import { startFakeEcotrack, type FakeEcotrack } from "../support/fake-couriers/ecotrack";
import { parcelRequest, recordingLimiter } from "../support/fake-couriers/parcels";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { addVariants, variantStock } from "../support/variants";

/*
 * Statuses back from the couriers: each event stored once (a replayed webhook, a history read
 * twice), the parcel's state from its latest event, delivered and returned moving the order (the
 * stock back on return), polling that survives a 429 and never claims one parcel twice, and the
 * webhook route (signature on the raw body, 401, 404, 413, the handshake) through HTTP. No
 * account's secret in any log line of the file.
 */

// The route reads the process-wide database (getDb): this file's test database.
let db: Kysely<Database>;
vi.mock("~/server/db/connection.server", () => ({
  getDb: () => db,
  getDatabase: () => ({ db, dialect: "sqlite", close: async () => {} }),
  closeDatabase: async () => {},
}));
const secrets = vi.hoisted(() => ({ key: undefined as string | undefined }));
vi.mock("~/server/env.server", async (original) => {
  const actual = await original<typeof import("~/server/env.server")>();
  return { ...actual, env: () => ({ ...actual.env(), SECRETS_KEY: secrets.key, COURIER_WEBHOOK_RATE_LIMIT_PER_MINUTE: 10_000 }) };
});

const { addCourierAccount } = await import("~/server/couriers/index.server");
const { applyParcelEvents, pollDueParcels } = await import("~/server/shipping/index.server");
const { changeOrderStatus, placeOrder } = await import("~/server/orders/index.server");
const route = await import("~/routes/api/courier-webhook");
const { logger } = await import("~/server/logger.server");

const WEBHOOK_SECRET = `whs-${randomBytes(16).toString("hex")}`;
const ECO_TOKEN = `eco-${randomBytes(16).toString("hex")}`;
const logged: string[] = [];
/** Secrets met during the file (the sandbox's), grepped for too. */
const moreSecrets: string[] = [];

let t: TestDatabase;
let yalidine: FakeYalidine;
let ecotrack: FakeEcotrack;
let yalidineAccount: number;
let ecotrackAccount: number;
let shop: Server;
let shopUrl: string;

/** A local HTTP server in front of the route module, as React Router hands it a Fetch Request (the raw body untouched). */
async function startShop(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://shop.test");
        const accountId = url.pathname.split("/").pop()!;
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
        const method = req.method ?? "GET";
        const request = new Request(url, { method, headers, body: method === "GET" ? undefined : Buffer.concat(chunks) });
        const args = { request, params: { accountId }, context: {} } as never;
        const response: Response = method === "GET" ? await route.loader(args) : await route.action(args);
        res.writeHead(response.status, { "content-type": "application/json" });
        res.end(Buffer.from(await response.arrayBuffer()));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

async function account(input: Record<string, unknown>, baseUrl: string): Promise<number> {
  const saved = await addCourierAccount(t.db, { baseUrl: "https://courier.example.dz/v1", ...input } as never);
  if (!saved.ok) throw new Error(`account refused: ${JSON.stringify(saved)}`);
  await t.db.updateTable("courier_accounts").set({ base_url: baseUrl }).where("id", "=", saved.id).execute();
  return saved.id;
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  db = t.db;
  secrets.key = randomBytes(32).toString("base64");
  yalidine = await startFakeYalidine();
  ecotrack = await startFakeEcotrack({ token: ECO_TOKEN });
  yalidineAccount = await account(
    { family: "yalidine", label: "Yalidine", credentials: yalidine.access.credentials, webhookSecret: WEBHOOK_SECRET },
    yalidine.access.baseUrl,
  );
  ecotrackAccount = await account({ family: "ecotrack", label: "DHD", credentials: { token: ECO_TOKEN }, webhookSecret: "" }, ecotrack.baseUrl);
  shop = await startShop();
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/api/couriers/webhooks`;
});
beforeEach(() => {
  for (const level of ["fatal", "error", "warn", "info", "debug", "trace"] as const) {
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
      logged.push(JSON.stringify(args, (_key, value: unknown) => (value instanceof Error ? { message: value.message, stack: value.stack } : value)));
    }) as never);
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
  await yalidine.close();
  await ecotrack.close();
  await t.destroy();
  // The runs were logged, and no secret of the accounts is in any line.
  const all = logged.join("\n");
  expect(all).toContain("courier webhook applied");
  for (const secret of [WEBHOOK_SECRET, ECO_TOKEN, yalidine.access.credentials.apiToken!, yalidine.access.credentials.apiId!]) {
    expect(all).not.toContain(secret);
  }
});

const products = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 5);
let phones = 0;
let trackings = 0;

async function stockOf(productId: string): Promise<number> {
  const row = await t.db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirstOrThrow();
  return Number(row.stock_quantity);
}

/** A placed, confirmed and shipped order of `quantity` × the product (or its variant). */
async function shippedOrder(productId: string, quantity = 1, variantId?: number): Promise<number> {
  phones += 1;
  const placed = await placeOrder(
    t.db,
    {
      source: "cart_page",
      items: [{ productId, quantity, ...(variantId ? { variantId } : {}) }],
      customer: { firstName: "أمين", lastName: "بن علي", phone: `0771${String(phones).padStart(6, "0")}`, wilayaCode: "16" },
    },
    { ip: "192.0.2.7", language: "ar" },
    { perIp: { limit: 100_000, windowSeconds: 600 }, perPhone: { limit: 100_000, windowSeconds: 3600 } },
  );
  if (!placed.ok) throw new Error(JSON.stringify(placed.error));
  const { id } = await t.db.selectFrom("orders").select("id").where("order_number", "=", placed.order.orderNumber).executeTakeFirstOrThrow();
  for (const to of ["confirmed", "shipped"] as const) {
    expect(await changeOrderStatus(t.db, id, to, { adminId: null, email: "owner@souq.test" })).toEqual({ ok: true });
  }
  return id;
}

/** A parcel row as the shipping service leaves it once created (inserted directly). */
async function insertParcel(
  orderId: number,
  options: { accountId?: number; family?: "yalidine" | "ecotrack"; tracking?: string; state?: string; nextPollAt?: string | null } = {},
) {
  trackings += 1;
  const at = new Date().toISOString();
  const row = await t.db
    .insertInto("parcels")
    .values({
      order_id: orderId,
      account_id: options.accountId ?? yalidineAccount,
      family: options.family ?? "yalidine",
      courier_label: options.family === "ecotrack" ? "DHD" : "Yalidine",
      reference: `SQ-${orderId}`,
      tracking: options.tracking ?? `yal-T${String(trackings).padStart(5, "0")}`,
      state: (options.state ?? "ready") as ParcelState,
      needs_handover: false,
      state_changed_at: at,
      next_poll_at: options.nextPollAt ?? null,
      created_by: "owner@souq.test",
      created_at: at,
      updated_at: at,
    })
    .returning(["id", "tracking"])
    .executeTakeFirstOrThrow();
  return { id: row.id, tracking: row.tracking! };
}

function event(tracking: string, state: ParcelState, courierStatus: string, occurredAt: string, extra: Partial<ParcelEvent> = {}): ParcelEvent {
  return { tracking, state, courierStatus, reason: null, occurredAt, eventId: null, cashCollected: null, ...extra };
}

async function parcelRow(id: number) {
  return t.db.selectFrom("parcels").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
async function eventsOf(id: number) {
  return t.db
    .selectFrom("parcel_events")
    .select(["state", "courier_status", "occurred_at"])
    .where("parcel_id", "=", id)
    .orderBy("occurred_at")
    .execute();
}
async function orderStatus(id: number) {
  return (await t.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
}

describe("applying the couriers' events", () => {
  it("stores a replayed event once, with or without the courier's event id", async () => {
    const order = await shippedOrder(products[0]!.id);
    const parcel = await insertParcel(order);
    const withId = event(parcel.tracking, "in_transit", "Expédié", "2026-11-20T08:00:00.000Z", { eventId: "evt-1" });
    const withoutId = event(parcel.tracking, "in_transit", "Centre", "2026-11-20T09:00:00.000Z");
    expect(await applyParcelEvents(t.db, yalidineAccount, [withId, withoutId])).toMatchObject({ added: 2 });
    expect(await applyParcelEvents(t.db, yalidineAccount, [withId, withoutId, withId])).toMatchObject({ added: 0 });
    expect(await eventsOf(parcel.id)).toHaveLength(2);
    expect(await parcelRow(parcel.id)).toMatchObject({ state: "in_transit", courier_status: "Centre", last_event_at: "2026-11-20T09:00:00.000Z" });
  });

  it("keeps the latest state when an older event arrives late; counts failed attempts; keeps the cash", async () => {
    const order = await shippedOrder(products[0]!.id);
    const parcel = await insertParcel(order);
    await applyParcelEvents(t.db, yalidineAccount, [
      event(parcel.tracking, "attempt_failed", "Tentative échouée", "2026-11-20T12:00:00.000Z", { reason: "Client absent", eventId: "a" }),
    ]);
    // Older: in the history, not the state.
    await applyParcelEvents(t.db, yalidineAccount, [
      event(parcel.tracking, "in_transit", "Sorti en livraison", "2026-11-20T10:00:00.000Z", { eventId: "b" }),
    ]);
    expect(await parcelRow(parcel.id)).toMatchObject({ state: "attempt_failed", reason: "Client absent", failed_attempts: 1, order_id: order });
    expect((await eventsOf(parcel.id)).map((row) => row.courier_status)).toEqual(["Sorti en livraison", "Tentative échouée"]);
    // The same attempt read again by polling (no event id): still one attempt.
    await applyParcelEvents(t.db, yalidineAccount, [event(parcel.tracking, "attempt_failed", "Tentative échouée", "2026-11-20T12:00:00.000Z")]);
    expect(await parcelRow(parcel.id)).toMatchObject({ failed_attempts: 1 });
    await applyParcelEvents(t.db, yalidineAccount, [
      event(parcel.tracking, "attempt_failed", "Tentative échouée", "2026-11-21T12:00:00.000Z", { eventId: "c" }),
      event(parcel.tracking, "delivered", "payed", "2026-11-22T12:00:00.000Z", { eventId: "d", cashCollected: 5400 }),
    ]);
    expect(await parcelRow(parcel.id)).toMatchObject({ state: "delivered", failed_attempts: 2, cash_collected: 5400, next_poll_at: null });
    expect(await orderStatus(order)).toBe("delivered");
  });

  it("moves the order to delivered once, as the courier, and a final parcel stays final", async () => {
    const order = await shippedOrder(products[1]!.id);
    const stock = await stockOf(products[1]!.id);
    const parcel = await insertParcel(order, { nextPollAt: new Date().toISOString() });
    const delivered = event(parcel.tracking, "delivered", "Livré", "2026-11-20T15:00:00.000Z", { eventId: "dl" });
    expect(await applyParcelEvents(t.db, yalidineAccount, [delivered])).toMatchObject({ added: 1, ordersMoved: 1 });
    expect(await applyParcelEvents(t.db, yalidineAccount, [delivered])).toMatchObject({ added: 0, ordersMoved: 0 });
    // A later word after delivery joins the history only.
    await applyParcelEvents(t.db, yalidineAccount, [event(parcel.tracking, "in_transit", "Centre", "2026-11-21T15:00:00.000Z")]);
    expect(await parcelRow(parcel.id)).toMatchObject({ state: "delivered", next_poll_at: null });
    expect(await orderStatus(order)).toBe("delivered");
    const history = await t.db.selectFrom("order_events").select(["status", "actor"]).where("order_id", "=", order).orderBy("id").execute();
    expect(history.at(-1)).toEqual({ status: "delivered", actor: "Yalidine" });
    expect(history.filter((row) => row.status === "delivered")).toHaveLength(1);
    // Delivered keeps the stock taken.
    expect(await stockOf(products[1]!.id)).toBe(stock);
  });

  it("a returned parcel returns the order and puts the variant's stock back, once, even from a webhook and a poll at once", async () => {
    const product = products[2]!;
    const { variantIds } = await addVariants(
      t.db,
      product.id,
      [
        {
          ar: "اللون",
          fr: "Couleur",
          values: [
            { ar: "أحمر", fr: "Rouge" },
            { ar: "أزرق", fr: "Bleu" },
          ],
        },
      ],
      [
        { values: [0], sku: "RET-R", stock: 10 },
        { values: [1], sku: "RET-B", stock: 10 },
      ],
    );
    const order = await shippedOrder(product.id, 3, variantIds[0]);
    expect(await variantStock(t.db, variantIds[0]!)).toBe(7);
    const parcel = await insertParcel(order);
    const fromWebhook = event(parcel.tracking, "returned", "Retourné au vendeur", "2026-11-20T16:00:00.000Z", { eventId: "rt" });
    const fromPoll = event(parcel.tracking, "returned", "Retourné au vendeur", "2026-11-20T16:00:00.000Z");
    const reports = await Promise.all([
      applyParcelEvents(t.db, yalidineAccount, [fromWebhook]),
      applyParcelEvents(t.db, yalidineAccount, [fromPoll]),
      applyParcelEvents(t.db, yalidineAccount, [fromWebhook]),
    ]);
    expect(reports.reduce((sum, report) => sum + report.ordersMoved, 0)).toBe(1);
    expect(await orderStatus(order)).toBe("returned");
    expect(await variantStock(t.db, variantIds[0]!)).toBe(10);
    expect(await variantStock(t.db, variantIds[1]!)).toBe(10);
  });

  it("leaves alone a parcel the courier does not know yet, and ignores another account's tracking", async () => {
    const order = await shippedOrder(products[0]!.id);
    const parcel = await insertParcel(order, { state: "unknown" });
    const report = await applyParcelEvents(t.db, yalidineAccount, [event(parcel.tracking, "delivered", "Livré", "2026-11-20T15:00:00.000Z")]);
    expect(report.added).toBe(0);
    expect(await parcelRow(parcel.id)).toMatchObject({ state: "unknown" });
    expect(await orderStatus(order)).toBe("shipped");
    expect(await applyParcelEvents(t.db, ecotrackAccount, [event(parcel.tracking, "delivered", "livred", "2026-11-20T15:00:00.000Z")])).toMatchObject(
      {
        unknown: 1,
      },
    );
  });
});

describe("polling", () => {
  const settings = { everyMs: 30 * 60_000, webhookEveryMs: 6 * 3600_000 };

  function ecotrackParcel(tracking: string) {
    ecotrack.parcels.set(tracking, { tracking, reference: tracking, fields: {}, validated: true, deleted: false, activity: [] });
  }

  it("a 429 delays polling without losing a status: the delivered status arrives on the later poll", async () => {
    const order = await shippedOrder(products[3]!.id);
    const past = new Date(Date.now() - 60_000).toISOString();
    const parcel = await insertParcel(order, { accountId: ecotrackAccount, family: "ecotrack", tracking: "ECO-P-1", nextPollAt: past });
    ecotrackParcel("ECO-P-1");
    ecotrack.setStatus("ECO-P-1", "picked", { at: new Date(Date.UTC(2026, 10, 20, 8)) });
    ecotrack.setStatus("ECO-P-1", "livred", { at: new Date(Date.UTC(2026, 10, 20, 14)) });
    ecotrack.rateLimit({ burst: 0, retryAfterSeconds: 120 });
    const now = new Date();
    const deps = { fetch: globalThis.fetch, limiter: recordingLimiter() };
    expect(await pollDueParcels(t.db, { now, settings, deps })).toMatchObject({ claimed: 1, deferred: 1, added: 0 });
    let row = await parcelRow(parcel.id);
    expect(row).toMatchObject({ state: "ready", poll_claim_token: null });
    expect(Date.parse(row.next_poll_at!)).toBe(now.getTime() + 120_000);
    // Not due before then.
    expect(await pollDueParcels(t.db, { now: new Date(now.getTime() + 60_000), settings, deps })).toMatchObject({ claimed: 0 });
    ecotrack.rateLimit(null);
    const later = new Date(now.getTime() + 121_000);
    expect(await pollDueParcels(t.db, { now: later, settings, deps })).toMatchObject({ claimed: 1, deferred: 0 });
    row = await parcelRow(parcel.id);
    expect(row).toMatchObject({ state: "delivered", next_poll_at: null });
    expect(await orderStatus(order)).toBe("delivered");
    expect((await eventsOf(parcel.id)).map((e) => e.state)).toEqual(["in_transit", "delivered"]);
  });

  it("reschedules a parcel not yet final; a webhook family is polled rarely", async () => {
    const order = await shippedOrder(products[0]!.id);
    const past = new Date(Date.now() - 60_000).toISOString();
    const parcel = await insertParcel(order, { accountId: ecotrackAccount, family: "ecotrack", tracking: "ECO-P-2", nextPollAt: past });
    ecotrackParcel("ECO-P-2");
    ecotrack.setStatus("ECO-P-2", "picked");
    const yalOrder = await shippedOrder(products[0]!.id);
    const yal = await insertParcel(yalOrder, { nextPollAt: past });
    const now = new Date();
    await pollDueParcels(t.db, { now, settings, deps: { fetch: globalThis.fetch, limiter: recordingLimiter() } });
    expect(await parcelRow(parcel.id)).toMatchObject({ state: "in_transit", next_poll_at: new Date(now.getTime() + settings.everyMs).toISOString() });
    expect(await parcelRow(yal.id)).toMatchObject({ next_poll_at: new Date(now.getTime() + settings.webhookEveryMs).toISOString() });
  });

  it("two pollers at once never claim the same parcel", async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const order = await shippedOrder(products[0]!.id);
      ecotrackParcel(`ECO-C-${i}`);
      ids.push((await insertParcel(order, { accountId: ecotrackAccount, family: "ecotrack", tracking: `ECO-C-${i}`, nextPollAt: past })).id);
    }
    const seen: string[][] = [];
    const spyFetch: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname.endsWith("/get/trackings/info")) seen.push(url.searchParams.getAll("trackings[]"));
      return fetch(input, init);
    };
    const deps = { fetch: spyFetch, limiter: recordingLimiter() };
    const reports = await Promise.all([pollDueParcels(t.db, { settings, deps, limit: 4 }), pollDueParcels(t.db, { settings, deps, limit: 4 })]);
    const asked = seen.flat().filter((tracking) => tracking.startsWith("ECO-C-"));
    expect(new Set(asked).size).toBe(asked.length);
    expect(reports.reduce((sum, report) => sum + report.claimed, 0)).toBeGreaterThanOrEqual(6);
    expect(asked.sort()).toEqual(Array.from({ length: 6 }, (_, i) => `ECO-C-${i}`));
  });
});

describe("the webhook route, through HTTP", () => {
  it("answers the subscription handshake; an account without webhooks is 404", async () => {
    expect(await yalidine.subscribe(`${shopUrl}/${yalidineAccount}`)).toBe(true);
    expect((await fetch(`${shopUrl}/${ecotrackAccount}?subscribe&crc_token=x`)).status).toBe(404);
    expect((await fetch(`${shopUrl}/999999?subscribe&crc_token=x`)).status).toBe(404);
    expect((await fetch(`${shopUrl}/${yalidineAccount}`)).status).toBe(404);
  });

  it("a signed webhook is applied (200) and moves the order; replayed, it changes nothing more", async () => {
    const order = await shippedOrder(products[0]!.id);
    const parcel = await insertParcel(order);
    const events = [
      {
        type: "parcel_status_updated",
        event_id: "wh-1",
        occurred_at: yalidineTime(Date.UTC(2026, 10, 20, 9)),
        data: { tracking: parcel.tracking, status: "Livré", reason: "" },
      },
    ];
    expect((await yalidine.sendWebhook(`${shopUrl}/${yalidineAccount}`, events, { secret: WEBHOOK_SECRET })).status).toBe(200);
    expect(await orderStatus(order)).toBe("delivered");
    expect((await yalidine.sendWebhook(`${shopUrl}/${yalidineAccount}`, events, { secret: WEBHOOK_SECRET })).status).toBe(200);
    expect(await eventsOf(parcel.id)).toHaveLength(1);
  });

  it.each([{ sign: "bad" as const }, { sign: "none" as const }, { tamper: true }])(
    "a bad signature (%o) is 401 and changes nothing",
    async (options) => {
      const order = await shippedOrder(products[0]!.id);
      const parcel = await insertParcel(order);
      const events = [{ type: "parcel_status_updated", data: { tracking: parcel.tracking, status: "Retourné au vendeur", reason: "" } }];
      expect((await yalidine.sendWebhook(`${shopUrl}/${yalidineAccount}`, events, { secret: WEBHOOK_SECRET, ...options })).status).toBe(401);
      expect(await eventsOf(parcel.id)).toHaveLength(0);
      expect(await parcelRow(parcel.id)).toMatchObject({ state: "ready" });
      expect(await orderStatus(order)).toBe("shipped");
    },
  );

  it("a signed body for an account without webhooks is 404; an oversized body is 413", async () => {
    const body = JSON.stringify({ type: "parcel_status_updated", events: [] });
    const signed = { "Content-Type": "application/json", "X-YALIDINE-SIGNATURE": signYalidine(body, WEBHOOK_SECRET) };
    expect((await fetch(`${shopUrl}/${ecotrackAccount}`, { method: "POST", headers: signed, body })).status).toBe(404);
    const huge = JSON.stringify({ type: "parcel_status_updated", events: [], padding: "x".repeat(200 * 1024) });
    const response = await fetch(`${shopUrl}/${yalidineAccount}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-YALIDINE-SIGNATURE": signYalidine(huge, WEBHOOK_SECRET) },
      body: huge,
    });
    expect(response.status).toBe(413);
  });
});

describe("the courier sandbox (COURIER_SANDBOX)", () => {
  it("creates its account with places and stop-desks, and moves its parcels through signed webhooks to delivered", async () => {
    const { startCourierSandbox, SANDBOX_ACCOUNT_LABEL } = await import("~/server/couriers/sandbox/index.server");
    const { createYalidineAdapter } = await import("~/server/couriers/adapters/yalidine.server");
    const port = (shop.address() as AddressInfo).port;
    const sandbox = (await startCourierSandbox(t.db, { host: "127.0.0.1", port, stepMs: 3_600_000 }))!;
    moreSecrets.push(sandbox.fake.access.credentials.apiToken!);
    try {
      const accounts = await t.db.selectFrom("courier_accounts").select(["id", "label"]).where("label", "=", SANDBOX_ACCOUNT_LABEL).execute();
      expect(accounts).toEqual([{ id: sandbox.accountId, label: SANDBOX_ACCOUNT_LABEL }]);
      const places = await t.db.selectFrom("courier_places").select("commune_code").where("account_id", "=", sandbox.accountId).execute();
      expect(places.map((row) => row.commune_code)).toContain("1630");
      const desks = await t.db.selectFrom("courier_stop_desks").select("code").where("account_id", "=", sandbox.accountId).execute();
      expect(desks.length).toBeGreaterThan(0);

      const adapter = createYalidineAdapter(sandbox.fake.access, { fetch: globalThis.fetch, limiter: recordingLimiter() });
      const request = parcelRequest("SQ-SANDBOX-1", { communeName: "Bordj El Kiffan" });
      const created = (await adapter.createParcels([request])).get("SQ-SANDBOX-1");
      if (!created?.ok) throw new Error("not created");
      const order = await shippedOrder(products[0]!.id);
      const parcel = await insertParcel(order, { accountId: sandbox.accountId, tracking: created.value.tracking });
      for (let i = 0; i < 6; i++) await sandbox.step();
      expect(await orderStatus(order)).toBe("delivered");
      expect((await eventsOf(parcel.id)).at(-1)).toMatchObject({ state: "delivered", courier_status: "Livré" });
    } finally {
      await sandbox.stop();
    }
  });
});
