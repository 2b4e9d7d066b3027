import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { changeOrderStatus, customerHistory, releaseOrder, takeNextOrder } from "~/server/orders/index.server";
import {
  cancelOrderCall,
  confirmOrderCall,
  logCallAttempt,
  orderConfirmation,
  parseCallbackAt,
  type ConfirmationAgent,
} from "~/server/orders/confirmation.service.server";
import { placeOrder, type OrderSettings } from "~/server/orders/order.service.server";
import { saveMaxUnansweredAttempts } from "~/server/settings/index.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let amina: ConfirmationAgent;
let karim: ConfirmationAgent;

async function agent(email: string, name: string): Promise<ConfirmationAgent> {
  const at = new Date().toISOString();
  const row = await t.db
    .insertInto("admin_users")
    .values({ email, name, role: "confirmer", password_hash: "x", must_change_password: false, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { adminId: row.id, name };
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  amina = await agent("amina@example.com", "أمينة");
  karim = await agent("karim@example.com", "Karim");
});
afterAll(async () => {
  await t.destroy();
});

const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 5)!;
const open: OrderSettings = { perIp: { limit: 100_000, windowSeconds: 600 }, perPhone: { limit: 100_000, windowSeconds: 3600 } };
let phoneCounter = 0;

async function order(options: { phone?: string; quantity?: number } = {}): Promise<number> {
  phoneCounter += 1;
  const result = await placeOrder(
    t.db,
    {
      source: "cart_page",
      items: [{ productId: product.id, quantity: options.quantity ?? 1 }],
      customer: { firstName: "سمير", lastName: "حداد", phone: options.phone ?? `0771${String(phoneCounter).padStart(6, "0")}`, wilayaCode: "16" },
    },
    { ip: "192.0.2.24", language: "ar" },
    open,
  );
  if (!result.ok) throw new Error(`order refused: ${JSON.stringify(result.error)}`);
  const row = await t.db.selectFrom("orders").select("id").where("order_number", "=", result.order.orderNumber).executeTakeFirstOrThrow();
  return row.id;
}

async function row(id: number) {
  return t.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function stock(): Promise<number> {
  return Number((await t.db.selectFrom("products").select("stock_quantity").where("id", "=", product.id).executeTakeFirstOrThrow()).stock_quantity);
}

const hour = 60 * 60 * 1000;

describe("call attempts", () => {
  beforeEach(async () => {
    await t.db.updateTable("products").set({ stock_quantity: 1000, in_stock: true }).where("id", "=", product.id).execute();
  });

  it("counts attempts and unanswered calls, resets them when someone answers, and lists them with their agent", async () => {
    const id = await order();
    const now = new Date();
    expect((await row(id)).confirmation_state).toBe("to_call");
    expect(await logCallAttempt(t.db, id, { outcome: "no_answer" }, amina, now)).toEqual({ ok: true });
    expect(await logCallAttempt(t.db, id, { outcome: "busy" }, karim, now)).toEqual({ ok: true });
    let r = await row(id);
    expect([r.confirmation_state, r.call_attempts, r.unanswered_attempts]).toEqual(["in_progress", 2, 2]);
    const at = new Date(now.getTime() + 2 * hour).toISOString();
    expect(await logCallAttempt(t.db, id, { outcome: "callback", callbackAt: at, note: "بعد العصر" }, amina, now)).toEqual({ ok: true });
    r = await row(id);
    expect([r.call_attempts, r.unanswered_attempts, r.callback_at, r.assigned_to]).toEqual([3, 0, at, amina.adminId]);
    const view = (await orderConfirmation(t.db, id))!;
    expect(view.history.map((a) => [a.outcome, a.agent])).toEqual([
      ["callback", "أمينة"],
      ["busy", "Karim"],
      ["no_answer", "أمينة"],
    ]);
    expect(view.history[0]!.note).toBe("بعد العصر");
  });

  it("refuses a call-back without a time, in the past or too far ahead, and reads a postponed date on the shop's clock", async () => {
    const id = await order();
    const now = new Date("2026-11-26T10:00:00.000Z");
    expect(await logCallAttempt(t.db, id, { outcome: "callback" }, amina, now)).toMatchObject({ ok: false, code: "callback_required" });
    expect(await logCallAttempt(t.db, id, { outcome: "callback", callbackAt: "2026-11-26T09:00:00.000Z" }, amina, now)).toMatchObject({
      ok: false,
      code: "callback_past",
    });
    expect(await logCallAttempt(t.db, id, { outcome: "postponed", callbackAt: "2027-03-01" }, amina, now)).toMatchObject({
      ok: false,
      code: "callback_too_far",
    });
    expect(await logCallAttempt(t.db, id, { outcome: "confirmed" }, amina, now)).toMatchObject({ ok: false, code: "invalid_outcome" });
    expect(parseCallbackAt("callback", "2026-11-26T14:30", now)).toEqual({ ok: true, at: "2026-11-26T13:30:00.000Z" });
    expect(parseCallbackAt("postponed", "2026-11-28", now)).toEqual({ ok: true, at: "2026-11-28T08:00:00.000Z" });
    expect((await row(id)).call_attempts).toBe(0);
  });

  it("confirms through the workflow: the stock is taken, the state and an attempt follow; a short stock is refused with the product", async () => {
    const id = await order({ quantity: 2 });
    const before = await stock();
    expect(await confirmOrderCall(t.db, id, amina)).toEqual({ ok: true });
    expect(await stock()).toBe(before - 2);
    const r = await row(id);
    expect([r.status, r.confirmation_state, r.call_attempts]).toEqual(["confirmed", "confirmed", 1]);
    const events = await t.db.selectFrom("order_events").select(["status", "actor"]).where("order_id", "=", id).orderBy("id").execute();
    expect(events.at(-1)).toEqual({ status: "confirmed", actor: "أمينة" });
    expect(await logCallAttempt(t.db, id, { outcome: "no_answer" }, amina)).toMatchObject({ ok: false, code: "not_open" });

    const short = await order({ quantity: 3 });
    await t.db.updateTable("products").set({ stock_quantity: 1 }).where("id", "=", product.id).execute();
    const refused = await confirmOrderCall(t.db, short, amina);
    expect(refused).toMatchObject({ ok: false, code: "workflow", error: { code: "out_of_stock", product: product.title } });
    expect((await row(short)).confirmation_state).toBe("to_call");
  });

  it("cancels with a reason; 'other' needs a note; an unknown reason is refused", async () => {
    const id = await order();
    expect(await cancelOrderCall(t.db, id, { reason: "nope" }, amina)).toMatchObject({ ok: false, code: "invalid_reason" });
    expect(await cancelOrderCall(t.db, id, { reason: "other", note: "  " }, amina)).toMatchObject({ ok: false, code: "note_required" });
    expect(await cancelOrderCall(t.db, id, { reason: "other", note: "يريد لوناً آخر" }, amina)).toEqual({ ok: true });
    const r = await row(id);
    expect([r.status, r.confirmation_state, r.cancel_reason, r.cancel_note]).toEqual(["cancelled", "cancelled", "other", "يريد لوناً آخر"]);
    const fake = await order();
    expect(await cancelOrderCall(t.db, fake, { reason: "fake" }, karim)).toEqual({ ok: true });
    expect((await row(fake)).cancel_reason).toBe("fake");
  });

  it("keeps the confirmation state in step when the order page's status buttons confirm or cancel", async () => {
    const a = await order();
    const b = await order();
    expect(await changeOrderStatus(t.db, a, "confirmed", { adminId: null, email: "owner" })).toEqual({ ok: true });
    expect(await changeOrderStatus(t.db, b, "cancelled", { adminId: null, email: "owner" })).toEqual({ ok: true });
    expect((await row(a)).confirmation_state).toBe("confirmed");
    expect((await row(b)).confirmation_state).toBe("cancelled");
  });

  it("suggests cancelling after the shop's number of unanswered calls", async () => {
    expect(await saveMaxUnansweredAttempts(t.db, "2")).toBe(true);
    expect(await saveMaxUnansweredAttempts(t.db, "0")).toBe(false);
    expect(await saveMaxUnansweredAttempts(t.db, "abc")).toBe(false);
    const id = await order();
    await logCallAttempt(t.db, id, { outcome: "no_answer" }, amina);
    expect((await orderConfirmation(t.db, id))!.suggestCancel).toBe(false);
    await logCallAttempt(t.db, id, { outcome: "unreachable" }, amina);
    expect((await orderConfirmation(t.db, id))!).toMatchObject({ suggestCancel: true, unanswered: 2, maxUnanswered: 2 });
    await saveMaxUnansweredAttempts(t.db, "3");
  });
});

describe("customer history", () => {
  it("counts a phone's earlier orders, deliveries, returns and fakes, with its risk mark", async () => {
    const phone = "0772999001";
    const current = await order({ phone });
    expect((await customerHistory(t.db, phone, current)).risk).toBe("new");
    const fake = await order({ phone });
    await cancelOrderCall(t.db, fake, { reason: "fake" }, amina);
    let history = await customerHistory(t.db, phone, current);
    expect(history.counts).toMatchObject({ orders: 1, fake: 1, delivered: 0 });
    expect(history.risk).toBe("high");
    const delivered = await order({ phone });
    for (const to of ["confirmed", "shipped", "delivered"]) await changeOrderStatus(t.db, delivered, to, { adminId: null, email: "owner" });
    history = await customerHistory(t.db, phone, current);
    expect(history.counts).toMatchObject({ orders: 2, delivered: 1, fake: 1 });
    expect(history.risk).toBe("medium");
    expect(history.orders.map((o) => o.id)).not.toContain(current);
    expect(history.blocked).toBe(false);
  });
});

describe("the call queue", () => {
  beforeEach(async () => {
    // Only this block's orders wait in the queue.
    await t.db.updateTable("orders").set({ status: "cancelled", confirmation_state: "cancelled" }).where("status", "=", "new").execute();
    await t.db.updateTable("orders").set({ queue_locked_by: null, queue_locked_until: null, assigned_to: null }).execute();
  });

  it("gives call-backs that are due first, then new orders oldest first, then those called least", async () => {
    const now = new Date();
    const older = await order();
    const newer = await order();
    const calledTwice = await order();
    const calledOnce = await order();
    const dueCallback = await order();
    const laterCallback = await order();
    await t.db
      .updateTable("orders")
      .set({ created_at: new Date(now.getTime() - 5 * hour).toISOString() })
      .where("id", "=", older)
      .execute();
    for (const id of [calledTwice, calledTwice, calledOnce]) await logCallAttempt(t.db, id, { outcome: "no_answer" }, karim, now);
    await t.db
      .updateTable("orders")
      .set({ confirmation_state: "in_progress", callback_at: new Date(now.getTime() - 60_000).toISOString() })
      .where("id", "=", dueCallback)
      .execute();
    await t.db
      .updateTable("orders")
      .set({ confirmation_state: "in_progress", callback_at: new Date(now.getTime() + hour).toISOString() })
      .where("id", "=", laterCallback)
      .execute();

    const taken: number[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await takeNextOrder(t.db, { adminId: 1000 + i, name: `agent ${i}` }, now);
      if (id !== null) taken.push(id);
    }
    expect(taken).toEqual([dueCallback, older, newer, calledOnce, calledTwice]);
    const r = await row(dueCallback);
    expect(r.queue_locked_by).toBe(1000);
    expect(r.assigned_to).toBe(1000);
  });

  it("skips orders another agent holds until the lock expires, and orders given to another agent", async () => {
    const now = new Date();
    const a = await order();
    expect(await takeNextOrder(t.db, amina, now)).toBe(a);
    expect(await takeNextOrder(t.db, karim, now)).toBeNull();
    // Ten minutes later Amina's lock has expired; the order was given to her, so Karim still skips it.
    const later = new Date(now.getTime() + 11 * 60_000);
    expect(await takeNextOrder(t.db, karim, later)).toBeNull();
    expect(await takeNextOrder(t.db, amina, later)).toBe(a);
    // After an unanswered call the order is no longer given to her: once she moves on, the whole team may take it.
    await logCallAttempt(t.db, a, { outcome: "no_answer" }, amina, later);
    expect(await takeNextOrder(t.db, karim, later)).toBeNull();
    expect(await takeNextOrder(t.db, amina, later, { skip: a })).toBeNull();
    expect(await takeNextOrder(t.db, karim, later)).toBe(a);
    expect(await releaseOrder(t.db, a, amina)).toBe(false);
    expect(await releaseOrder(t.db, a, karim)).toBe(true);
    expect((await row(a)).queue_locked_by).toBeNull();
  });

  it("never gives one order to two agents taking at once", async () => {
    const ids = new Set<number>();
    for (let i = 0; i < 12; i++) ids.add(await order());
    const agents = Array.from({ length: 20 }, (_, i) => ({ adminId: 2000 + i, name: `agent ${i}` }));
    const now = new Date();
    const taken = await Promise.all(agents.map((a) => takeNextOrder(t.db, a, now)));
    const got = taken.filter((id): id is number => id !== null);
    expect(got).toHaveLength(12);
    expect(new Set(got).size).toBe(12);
    for (const id of got) expect(ids.has(id)).toBe(true);
  });
});
