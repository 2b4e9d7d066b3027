import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import type { OrderDraftBody } from "~/lib/order-draft";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address.server";
import { convertOrderDraft, listOrderDrafts, purgeOldDrafts, saveOrderDraft } from "~/server/orders/index.server";
import { placeOrder, type OrderSettings } from "~/server/orders/order.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const ORIGIN = "https://souq.example";
const DAY = 86_400_000;

let t: TestDatabase;
// The route reads the process-wide database (getDb): point it at this file's test database.
vi.mock("~/server/db/connection.server", () => ({
  getDb: () => t.db,
  getDatabase: () => ({ db: t.db, dialect: "sqlite", close: async () => {} }),
  closeDatabase: async () => {},
}));
const draftsRoute = await import("~/routes/api/order-drafts");

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const plenty = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 20).sort((a, b) => b.stockQuantity - a.stockQuantity);
const toy = plenty[0]!;
const other = plenty[1]!;
const soldOut = demoProducts.find((p) => !p.inStock)!;
const open: OrderSettings = { perIp: { limit: 10_000, windowSeconds: 600 }, perPhone: { limit: 10_000, windowSeconds: 3600 } };
/** The confirmation agent who turns drafts into orders. */
const AGENT = { adminId: 7, email: "agent@souq.test" };

let phoneCounter = 0;
function nextPhone(): string {
  phoneCounter += 1;
  return `0662${String(phoneCounter).padStart(6, "0")}`;
}

let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function draft(phone: string, overrides: Partial<OrderDraftBody> = {}, customer: Partial<OrderDraftBody["customer"]> = {}): OrderDraftBody {
  return {
    source: "cart_page",
    items: [{ productId: toy.id, quantity: 1 }],
    ...overrides,
    customer: { phone, firstName: "أمين", lastName: "بن علي", wilayaCode: "16", address: "حي 5 جويلية", ...customer },
  };
}

async function draftsOf(phone: string) {
  return t.db.selectFrom("order_drafts").selectAll().where("phone", "=", phone).execute();
}

describe("saving a draft", () => {
  it("keeps one draft per phone and cart: typing more updates it, another cart adds one", async () => {
    const phone = nextPhone();
    const ip = nextIp();
    expect(await saveOrderDraft(t.db, draft(phone, {}, { firstName: undefined }), { ip })).toEqual({ ok: true });
    expect(await saveOrderDraft(t.db, draft(phone, { items: [{ productId: toy.id, quantity: 3 }] }), { ip })).toEqual({ ok: true });
    let rows = await draftsOf(phone);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({ customer: { firstName: "أمين" }, items: [{ productId: toy.id, quantity: 3 }] });
    await saveOrderDraft(t.db, draft(phone, { items: [{ productId: other.id, quantity: 1 }] }), { ip });
    rows = await draftsOf(phone);
    expect(rows).toHaveLength(2);
  });

  it("refuses what is not a draft and stores nothing", async () => {
    const phone = nextPhone();
    expect(await saveOrderDraft(t.db, { ...draft(phone), items: [] }, { ip: nextIp() })).toEqual({ ok: false, reason: "invalid" });
    expect(await saveOrderDraft(t.db, draft("0211234567"), { ip: nextIp() })).toEqual({ ok: false, reason: "invalid" });
    expect(await draftsOf(phone)).toHaveLength(0);
  });

  it("is rate limited per address, and a refused save is not counted", async () => {
    const ip = nextIp();
    const rateLimit = { limit: 3, windowSeconds: 600 };
    for (let i = 0; i < 3; i++) expect(await saveOrderDraft(t.db, draft(nextPhone()), { ip, rateLimit })).toEqual({ ok: true });
    const phone = nextPhone();
    expect(await saveOrderDraft(t.db, draft(phone), { ip, rateLimit })).toEqual({ ok: false, reason: "rate_limited" });
    expect(await draftsOf(phone)).toHaveLength(0);
    // Another address is not held back.
    expect(await saveOrderDraft(t.db, draft(phone), { ip: nextIp(), rateLimit })).toEqual({ ok: true });
  });

  it("deletes the drafts older than 30 days at each save, and the list never shows them", async () => {
    const old = nextPhone();
    const now = new Date();
    await saveOrderDraft(t.db, draft(old), { ip: nextIp(), now: new Date(now.getTime() - 31 * DAY) });
    const recent = nextPhone();
    await saveOrderDraft(t.db, draft(recent), { ip: nextIp(), now: new Date(now.getTime() - 29 * DAY) });
    expect(await draftsOf(old)).toHaveLength(1);
    const listed = await listOrderDrafts(t.db, { limit: 500, offset: 0 }, "ar", now);
    expect(listed.drafts.map((d) => d.phone)).not.toContain(old);
    await saveOrderDraft(t.db, draft(nextPhone()), { ip: nextIp(), now });
    expect(await draftsOf(old)).toHaveLength(0);
    expect(await draftsOf(recent)).toHaveLength(1);
    await saveOrderDraft(t.db, draft(old), { ip: nextIp(), now: new Date(now.getTime() - 40 * DAY) });
    expect(await purgeOldDrafts(t.db, now)).toBeGreaterThanOrEqual(1);
    expect(await draftsOf(old)).toHaveLength(0);
  });
});

describe("an order", () => {
  it("deletes every draft of its phone in its transaction", async () => {
    const phone = nextPhone();
    await saveOrderDraft(t.db, draft(phone), { ip: nextIp() });
    await saveOrderDraft(t.db, draft(phone, { items: [{ productId: other.id, quantity: 1 }] }), { ip: nextIp() });
    const bystander = nextPhone();
    await saveOrderDraft(t.db, draft(bystander), { ip: nextIp() });
    expect(await draftsOf(phone)).toHaveLength(2);
    const placed = await placeOrder(
      t.db,
      {
        source: "cart_page",
        items: [{ productId: toy.id, quantity: 1 }],
        customer: { firstName: "أمين", lastName: "بن علي", phone, wilayaCode: "16", address: "حي" },
      },
      { ip: nextIp(), language: "ar" },
      open,
    );
    expect(placed.ok).toBe(true);
    expect(await draftsOf(phone)).toHaveLength(0);
    expect(await draftsOf(bystander)).toHaveLength(1);
    // A save arriving just after the order (the form's beacon as the page left) is not kept.
    expect(await saveOrderDraft(t.db, draft(phone), { ip: nextIp() })).toEqual({ ok: true });
    expect(await draftsOf(phone)).toHaveLength(0);
  });
});

describe("the admin's drafts", () => {
  it("lists newest first with the lines at today's prices", async () => {
    const phone = nextPhone();
    await saveOrderDraft(t.db, draft(phone, { items: [{ productId: toy.id, quantity: 2 }] }), { ip: nextIp(), now: new Date(Date.now() + 1000) });
    const { drafts } = await listOrderDrafts(t.db, { limit: 5, offset: 0 }, "ar");
    expect(drafts[0]).toMatchObject({ phone, name: "أمين بن علي", wilayaCode: "16", source: "cart_page", total: toy.price * 2 });
    expect(drafts[0]!.lines).toEqual([{ productId: toy.id, title: toy.title, quantity: 2, lineTotal: toy.price * 2 }]);
  });

  it("turns a draft into an order with its source, prices from the database; the draft is gone", async () => {
    const phone = nextPhone();
    await saveOrderDraft(t.db, draft(phone, { source: "contact_form", items: [{ productId: toy.id, quantity: 2 }] }), { ip: nextIp() });
    const [row] = await draftsOf(phone);
    const result = await convertOrderDraft(t.db, row!.id, { ip: "192.0.2.50", language: "ar", placedBy: AGENT }, open);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const order = await t.db.selectFrom("orders").selectAll().where("order_number", "=", result.orderNumber).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ phone, source: "contact_form", items_total: toy.price * 2 });
    expect(await draftsOf(phone)).toHaveLength(0);
    // The order's history names the agent who placed it, not the shopper.
    const firstEvent = await t.db
      .selectFrom("order_events")
      .select(["status", "actor"])
      .where("order_id", "=", order.id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect(firstEvent).toEqual({ status: "new", actor: AGENT.email });
    expect(await convertOrderDraft(t.db, row!.id, { ip: "192.0.2.50", language: "ar", placedBy: AGENT }, open)).toEqual({
      ok: false,
      reason: "not_found",
    });
  });

  it("answers the order service's refusal in the admin's language and keeps the draft", async () => {
    const phone = nextPhone();
    await saveOrderDraft(t.db, draft(phone, { items: [{ productId: soldOut.id, quantity: 1 }] }), { ip: nextIp() });
    const [row] = await draftsOf(phone);
    const result = await convertOrderDraft(t.db, row!.id, { ip: "192.0.2.51", language: "fr", placedBy: AGENT }, open);
    expect(result).toMatchObject({ ok: false, reason: "refused", error: { code: "out_of_stock" } });
    if (result.ok || result.reason !== "refused") return;
    // The product's stock in French; the same refusal reads in Arabic for an Arabic admin.
    const inArabic = await convertOrderDraft(t.db, row!.id, { ip: "192.0.2.51", language: "ar", placedBy: AGENT }, open);
    expect(inArabic.ok || inArabic.reason !== "refused" ? null : inArabic.error.message).not.toBe(result.error.message);
    expect(await draftsOf(phone)).toHaveLength(1);
  });
});

describe("POST /api/order-drafts", () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    new Request(`${ORIGIN}/api/order-drafts`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, [PEER_ADDRESS_HEADER]: nextIp(), ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const action = (request: Request) => draftsRoute.action({ request, params: {}, context: {} } as never) as Promise<Response>;

  it("stores a draft from the shop's own page, without a cookie: 204", async () => {
    const phone = nextPhone();
    const response = await action(post(draft(phone)));
    expect(response.status).toBe(204);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await draftsOf(phone)).toHaveLength(1);
  });

  it("refuses another site (403), a body too large (413), what is not a draft (400) and other methods (405)", async () => {
    const phone = nextPhone();
    expect((await action(post(draft(phone), { Origin: "https://evil.example" }))).status).toBe(403);
    expect((await action(post(draft(phone), { Origin: "" }))).status).toBe(403);
    expect((await action(post({ ...draft(phone), pad: "x".repeat(20_000) }))).status).toBe(413);
    expect((await action(post("{not json"))).status).toBe(400);
    expect((await action(post({ ...draft(phone), items: [] }))).status).toBe(400);
    expect((await action(new Request(`${ORIGIN}/api/order-drafts`, { method: "PUT", headers: { Origin: ORIGIN }, body: "{}" }))).status).toBe(405);
    expect(((await draftsRoute.loader()) as Response).status).toBe(405);
    expect(await draftsOf(phone)).toHaveLength(0);
  });
});
