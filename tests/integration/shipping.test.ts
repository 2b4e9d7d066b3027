import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CourierAdapterDeps } from "~/server/couriers/adapter.server";
import { CourierLimiter } from "~/server/couriers/limiter.server";
import type { Database } from "~/server/db/database.server";
import { seedCommunes, seedWilayas } from "~/server/db/seed.server";
import { startFakeEcotrack, type FakeEcotrack } from "../support/fake-couriers/ecotrack";
import { startFakeYalidine, type FakeYalidine } from "~/server/couriers/sandbox/fake-yalidine.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/*
 * Shipping confirmed orders with a courier, against the local fake couriers: one live parcel
 * per order whoever asks at the same time, refusals in the courier's words with nothing
 * half-created, "no answer" kept until the merchant says to create again, the hand-over where
 * the family has one, and the labels merged into one PDF. Runs on SQLite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */

// SECRETS_KEY set for this file (the rest of the environment as parsed).
const secrets = vi.hoisted(() => ({ key: undefined as string | undefined }));
vi.mock("~/server/env.server", async (original) => {
  const actual = await original<typeof import("~/server/env.server")>();
  return { ...actual, env: () => ({ ...actual.env(), SECRETS_KEY: secrets.key }) };
});

const { addCourierAccount } = await import("~/server/couriers/index.server");
const { mergedLabels, orderLabel, orderParcel, shipOrders } = await import("~/server/shipping/index.server");
const { logger } = await import("~/server/logger.server");

const admin = { adminId: 1, email: "owner@souq.test" };
const TOKEN = `tok-${randomBytes(16).toString("hex")}`;
const ECO_TOKEN = `eco-${randomBytes(16).toString("hex")}`;

let t: TestDatabase;
let db: Kysely<Database>;
let yalidine: FakeYalidine;
let ecotrack: FakeEcotrack;
let yalidineAccount: number;
let ecotrackAccount: number;
/** Our commune codes: one the courier knows, one it does not (mapped to a name it refuses), one not mapped at all. */
let known: string;
let refusedCommune: string;
let unmapped: string;
const logged: string[] = [];

function deps(fetcher: typeof fetch = fetch): CourierAdapterDeps {
  return { fetch: fetcher, limiter: new CourierLimiter() };
}

async function addAccount(family: "yalidine" | "ecotrack", label: string, baseUrl: string, credentials: Record<string, string>): Promise<number> {
  const added = await addCourierAccount(db, { family, label, baseUrl: "https://courier.example/api", credentials, webhookSecret: "" });
  if (!added.ok) throw new Error(`account not added: ${JSON.stringify(added)}`);
  // The fake listens on plain http on this machine; the admin form accepts https only.
  await db.updateTable("courier_accounts").set({ base_url: baseUrl }).where("id", "=", added.id).execute();
  return added.id;
}

async function place(accountId: number, communeCode: string, wilayaCode: string, courier: { code: number; wilaya: string; commune: string }) {
  await db
    .insertInto("courier_places")
    .values({
      account_id: accountId,
      commune_code: communeCode,
      wilaya_code: wilayaCode,
      courier_wilaya_code: courier.code,
      courier_wilaya_name: courier.wilaya,
      courier_commune_name: courier.commune,
      wilaya_place_id: null,
      commune_place_id: null,
      has_stop_desk: false,
      refreshed_at: new Date().toISOString(),
    })
    .execute();
}

let orderCount = 0;
async function order(options: { status?: "new" | "confirmed"; commune?: string; total?: number } = {}): Promise<number> {
  orderCount += 1;
  const at = new Date().toISOString();
  const inserted = await db
    .insertInto("orders")
    .values({
      order_number: `SQ-T${String(orderCount).padStart(5, "0")}`,
      source: "cart_page",
      status: options.status ?? "confirmed",
      first_name: "أمين",
      last_name: "بن علي",
      phone: "0550123456",
      wilaya_code: "16",
      commune_code: options.commune ?? known,
      delivery_type: "home",
      address: "Cité Kaidi, bâtiment 4",
      email: null,
      bundle: null,
      items_total: (options.total ?? 5400) - 400,
      delivery_price: 400,
      total: options.total ?? 5400,
      ref: null,
      ip: "192.0.2.1",
      user_agent: null,
      idempotency_key: null,
      phone_flagged: false,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("order_items")
    .values({
      order_id: inserted.id,
      position: 0,
      product_id: "car",
      title: "سيارة حمراء",
      unit_price: 2500,
      compare_at_price: 0,
      quantity: 2,
      line_total: 5000,
      offer_id: null,
      offer_label: null,
      variant_id: null,
      variant_label: null,
      variant_sku: null,
    })
    .execute();
  return inserted.id;
}

const orderRow = (id: number) => db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const parcelsOf = (id: number) => db.selectFrom("parcels").selectAll().where("order_id", "=", id).orderBy("id").execute();
const numberOf = async (id: number) => (await orderRow(id)).order_number;
const atCourier = (reference: string) => [...yalidine.parcels.values()].filter((parcel) => parcel.order_id === reference);

beforeAll(async () => {
  secrets.key = randomBytes(32).toString("base64");
  t = await createTestDatabase();
  db = t.db;
  yalidine = await startFakeYalidine({ apiToken: TOKEN });
  ecotrack = await startFakeEcotrack({ token: ECO_TOKEN });
  // Our wilayas and communes (reference data), without the demo catalogue.
  await seedWilayas(db);
  await seedCommunes(db);
  const communes = await db.selectFrom("communes").select(["code", "wilaya_code"]).where("wilaya_code", "in", ["16", "19"]).orderBy("code").execute();
  const algiers = communes.filter((c) => c.wilaya_code === "16");
  [known, refusedCommune, unmapped] = [algiers[0]!.code, algiers[1]!.code, algiers[2]!.code];
  const setif = communes.find((c) => c.wilaya_code === "19")!.code;

  yalidineAccount = await addAccount("yalidine", "Yalidine", yalidine.access.baseUrl, { apiId: yalidine.access.credentials.apiId!, apiToken: TOKEN });
  await place(yalidineAccount, known, "16", { code: 16, wilaya: "Alger", commune: "Bordj El Kiffan" });
  await place(yalidineAccount, refusedCommune, "16", { code: 16, wilaya: "Alger", commune: "Atlantis" });
  await place(yalidineAccount, setif, "19", { code: 19, wilaya: "Sétif", commune: "Sétif" });
  // The merchant's parcels leave from Sétif: named on every parcel in Yalidine's words.
  await db.updateTable("courier_accounts").set({ origin_wilaya_code: "19" }).where("id", "=", yalidineAccount).execute();

  ecotrackAccount = await addAccount("ecotrack", "DHD", ecotrack.baseUrl, { token: ECO_TOKEN });
  await place(ecotrackAccount, known, "16", { code: 16, wilaya: "Alger", commune: "Bab Ezzouar" });
});
beforeEach(() => {
  yalidine.limit(null);
  for (const level of ["fatal", "error", "warn", "info", "debug", "trace"] as const) {
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
      logged.push(JSON.stringify(args, (_key, value: unknown) => (value instanceof Error ? { message: value.message } : value)));
    }) as never);
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await yalidine?.close();
  await ecotrack?.close();
  await t?.destroy();
  // No credential in any log line of the file (and the shipping lines were written).
  const all = logged.join("\n");
  expect(all).toContain("order shipping attempted");
  for (const secret of [TOKEN, ECO_TOKEN]) expect(all).not.toContain(secret);
});

describe("shipping orders with a courier", () => {
  it("ships a confirmed order: tracking and label stored, the order moved to shipped by the admin, the origin wilaya named", async () => {
    const id = await order();
    const reference = await numberOf(id);
    const [outcome] = await shipOrders(db, { orderIds: [id], accountId: yalidineAccount, actor: admin }, deps());
    const [parcel] = atCourier(reference);
    expect(outcome).toEqual({ orderId: id, orderNumber: reference, outcome: "shipped", tracking: parcel!.tracking });
    expect(parcel!.body).toMatchObject({
      order_id: reference,
      from_wilaya_name: "Sétif",
      to_wilaya_name: "Alger",
      to_commune_name: "Bordj El Kiffan",
      price: 5400,
      product_list: "2 × سيارة حمراء",
      contact_phone: "0550123456",
    });
    const [row] = await parcelsOf(id);
    expect(row).toMatchObject({
      state: "ready",
      tracking: parcel!.tracking,
      label_url: parcel!.label,
      courier_label: "Yalidine",
      reference,
      error: null,
    });
    // Yalidine sends webhooks: no polling scheduled.
    expect(row!.next_poll_at).toBeNull();
    expect((await orderRow(id)).status).toBe("shipped");
    const events = await db.selectFrom("order_events").selectAll().where("order_id", "=", id).where("status", "=", "shipped").execute();
    expect(events.map((event) => event.actor)).toEqual([admin.email]);

    const panel = await orderParcel(db, id);
    expect(panel).toMatchObject({ courierLabel: "Yalidine", tracking: parcel!.tracking, state: "ready", hasLabel: true, events: [] });
    expect(await orderLabel(db, id, deps())).toEqual({ ok: true, orderNumber: reference, label: { kind: "url", url: parcel!.label } });

    // Again: the order already has its parcel; nothing more at the courier.
    const [again] = await shipOrders(db, { orderIds: [id], accountId: yalidineAccount, actor: admin }, deps());
    expect(again).toMatchObject({ outcome: "already", tracking: parcel!.tracking });
    expect(atCourier(reference)).toHaveLength(1);
  });

  it("ships only confirmed orders; an unknown id is left out", async () => {
    const id = await order({ status: "new" });
    const outcomes = await shipOrders(db, { orderIds: [id, 999_999], accountId: yalidineAccount, actor: admin }, deps());
    expect(outcomes).toEqual([{ orderId: id, orderNumber: await numberOf(id), outcome: "not_confirmed" }]);
    expect(await parcelsOf(id)).toEqual([]);
  });

  it("10 simultaneous requests for one order create one parcel at the courier", async () => {
    const id = await order();
    const reference = await numberOf(id);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => shipOrders(db, { orderIds: [id], accountId: yalidineAccount, actor: admin }, deps())),
    );
    const kinds = outcomes.map(([outcome]) => outcome!.outcome).sort();
    expect(kinds).toEqual(["already", "already", "already", "already", "already", "already", "already", "already", "already", "shipped"]);
    expect(atCourier(reference)).toHaveLength(1);
    expect(await parcelsOf(id)).toHaveLength(1);
    expect((await orderRow(id)).status).toBe("shipped");
    expect(await db.selectFrom("order_events").select("id").where("order_id", "=", id).where("status", "=", "shipped").execute()).toHaveLength(1);
  });

  it("a courier's refusal leaves the order confirmed, no live parcel, and the courier's words on the order", async () => {
    const id = await order({ commune: refusedCommune });
    const [outcome] = await shipOrders(db, { orderIds: [id], accountId: yalidineAccount, actor: admin }, deps());
    expect(outcome).toMatchObject({ outcome: "refused", message: "La commune « Atlantis » est introuvable dans la wilaya Alger." });
    expect((await orderRow(id)).status).toBe("confirmed");
    const rows = await parcelsOf(id);
    expect(rows.map((row) => [row.state, row.tracking, row.error])).toEqual([["cancelled", null, outcome!.message]]);
    expect(await orderParcel(db, id)).toMatchObject({ state: "cancelled", error: outcome!.message, hasLabel: false });

    // The merchant fixes the order's commune: shipping again makes the one parcel.
    await db.updateTable("orders").set({ commune_code: known }).where("id", "=", id).execute();
    const [second] = await shipOrders(db, { orderIds: [id], accountId: yalidineAccount, actor: admin }, deps());
    expect(second!.outcome).toBe("shipped");
    expect((await parcelsOf(id)).map((row) => row.state)).toEqual(["cancelled", "ready"]);
  });

  it("a refusal over the courier's cap: amounts above 150,000 DA", async () => {
    const id = await order({ total: 200_000 });
    const [outcome] = await shipOrders(db, { orderIds: [id], accountId: yalidineAccount, actor: admin }, deps());
    expect(outcome).toMatchObject({ outcome: "refused" });
    expect(outcome!.message).toContain("150000");
    expect(atCourier(await numberOf(id))).toHaveLength(0);
  });

  it("a commune not in the courier's places is not sent", async () => {
    const id = await order({ commune: unmapped });
    const [outcome] = await shipOrders(db, { orderIds: [id], accountId: yalidineAccount, actor: admin }, deps());
    expect(outcome!.outcome).toBe("unmapped");
    expect(await parcelsOf(id)).toEqual([]);
  });

  it("no answer from the courier: the parcel is 'unknown' until the merchant says to create again, and the courier's own parcel is found", async () => {
    const id = await order();
    const reference = await numberOf(id);
    // The courier creates the parcel, but its answer never arrives.
    const lost: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === "POST") throw new TypeError("fetch failed");
      return response;
    };
    const [first] = await shipOrders(db, { orderIds: [id], accountId: yalidineAccount, actor: admin }, deps(lost));
    expect(first!.outcome).toBe("unknown");
    expect((await parcelsOf(id)).map((row) => row.state)).toEqual(["unknown"]);
    expect((await orderRow(id)).status).toBe("confirmed");
    expect(await orderParcel(db, id)).toMatchObject({ state: "unknown" });

    // Without the merchant's yes, nothing is sent again.
    const posts = yalidine.requests.length;
    const [asked] = await shipOrders(db, { orderIds: [id], accountId: yalidineAccount, actor: admin }, deps());
    expect(asked!.outcome).toBe("unknown");
    expect(yalidine.requests.length).toBe(posts);

    // "Create again": the courier's parcel of that reference is found, not made twice.
    const [again] = await shipOrders(db, { orderIds: [id], accountId: yalidineAccount, actor: admin, recreateUnknown: true }, deps());
    expect(again!.outcome).toBe("shipped");
    expect(atCourier(reference)).toHaveLength(1);
    expect((await parcelsOf(id)).map((row) => [row.state, row.tracking])).toEqual([["ready", atCourier(reference)[0]!.tracking]]);
  });

  it("rate limited before anything was sent: no parcel row, try again later", async () => {
    const id = await order();
    yalidine.limit({ limit: 0, windowMs: 60_000, retryAfterSeconds: 120 });
    const [outcome] = await shipOrders(db, { orderIds: [id], accountId: yalidineAccount, actor: admin }, deps());
    expect(outcome!.outcome).toBe("unavailable");
    expect(await parcelsOf(id)).toEqual([]);
    expect((await orderRow(id)).status).toBe("confirmed");
  });

  it("an account without its origin wilaya: nothing sent", async () => {
    const id = await order();
    await db.updateTable("courier_accounts").set({ origin_wilaya_code: null }).where("id", "=", yalidineAccount).execute();
    try {
      const [outcome] = await shipOrders(db, { orderIds: [id], accountId: yalidineAccount, actor: admin }, deps());
      expect(outcome!.outcome).toBe("no_origin");
      expect(await parcelsOf(id)).toEqual([]);
    } finally {
      await db.updateTable("courier_accounts").set({ origin_wilaya_code: "19" }).where("id", "=", yalidineAccount).execute();
    }
  });

  it("a selection goes in one request, and its labels print as one PDF", async () => {
    const ids = [await order(), await order()];
    const before = yalidine.requests.filter((r) => r.method === "POST").length;
    const outcomes = await shipOrders(db, { orderIds: ids, accountId: yalidineAccount, actor: admin }, deps());
    expect(outcomes.map((o) => o.outcome)).toEqual(["shipped", "shipped"]);
    expect(yalidine.requests.filter((r) => r.method === "POST").length).toBe(before + 1);

    const merged = await mergedLabels(db, [...ids, 999_999], deps());
    if (!merged.ok) throw new Error("no labels");
    expect(merged.merged).toEqual(outcomes.map((o) => o.orderNumber));
    expect(merged.missing).toEqual([]);
    expect((await PDFDocument.load(merged.pdf)).getPageCount()).toBe(2);
    expect(await mergedLabels(db, [999_999], deps())).toEqual({ ok: false, error: "none", missing: [] });
  });

  it("Ecotrack: created as a draft, handed over (validated), polled later; a failed hand-over stays visible", async () => {
    const id = await order();
    const [outcome] = await shipOrders(db, { orderIds: [id], accountId: ecotrackAccount, actor: admin }, deps());
    expect(outcome!.outcome).toBe("shipped");
    const [row] = await parcelsOf(id);
    expect(row).toMatchObject({ state: "ready", needs_handover: expect.anything(), tracking: outcome!.tracking, courier_label: "DHD" });
    expect(Boolean(row!.needs_handover)).toBe(false);
    expect(ecotrack.parcels.get(outcome!.tracking!)!.validated).toBe(true);
    // No webhooks: the poller asks about it later.
    expect(Date.parse(row!.next_poll_at!)).toBeGreaterThan(Date.now());

    const failing = await order();
    const noValidation: typeof fetch = async (input, init) =>
      String(input).includes("/valid/order")
        ? new Response(JSON.stringify({ message: "Service indisponible" }), { status: 503 })
        : fetch(input, init);
    const [handedOff] = await shipOrders(db, { orderIds: [failing], accountId: ecotrackAccount, actor: admin }, deps(noValidation));
    expect(handedOff).toMatchObject({ outcome: "shipped", message: "Service indisponible" });
    const [draft] = await parcelsOf(failing);
    expect(draft!.state).toBe("draft");
    expect(Boolean(draft!.needs_handover)).toBe(true);
    expect(await orderParcel(db, failing)).toMatchObject({ state: "draft", needsHandover: true, error: "Service indisponible" });
  });
});
