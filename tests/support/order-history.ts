import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/database.server";
import { seedWilayas } from "~/server/db/seed.server";
import type { OrderStatus } from "~/server/orders/orders.table.server";
import { ORDER_SOURCES } from "~/lib/order-request";

/**
 * A shop's history for the dashboard's tests: `count` orders over the `days` (45) days before `now`, with
 * their lines, statuses, share links, order forms, delivered events, call attempts by three
 * agents (and a deleted one) and courier parcels. Deterministic (a seeded generator), written in
 * batches.
 */

const STATUSES: OrderStatus[] = ["new", "confirmed", "shipped", "delivered", "delivered", "delivered", "cancelled", "returned"];
const OUTCOMES = ["no_answer", "busy", "unreachable", "callback", "confirmed", "cancelled"] as const;
const WILAYAS = ["16", "31", "25", "09", "06", "15", "19", "05"];
const REFS = [null, null, "insta-1", "fb-summer", "tiktok-7", "wa-group"];
const COURIERS = ["Yalidine", "ZR Express", "Ecotrack"];
const DAY_MS = 86_400_000;
const BATCH = 400;

/** Mulberry32: a small deterministic generator. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await write(rows.slice(start, start + BATCH));
}

export async function seedOrderHistory(db: Kysely<Database>, options: { count: number; now: Date; days?: number; seed?: number }) {
  const random = generator(options.seed ?? 24);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const now = options.now.getTime();
  const iso = (time: number) => new Date(time).toISOString();

  if (!(await db.selectFrom("wilayas").select("code").limit(1).executeTakeFirst())) await seedWilayas(db);
  const agents: { id: number | null; name: string }[] = [{ id: null, name: "Ancien agent" }];
  for (const name of ["Amina", "Karim", "Sofiane"]) {
    const { id } = await db
      .insertInto("admin_users")
      .values({
        email: `${name.toLowerCase()}-${randomBytes(4).toString("hex")}@souq.test`,
        password_hash: "x",
        name,
        role: "confirmer",
        created_at: iso(now),
        updated_at: iso(now),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    agents.push({ id, name });
  }

  const orders = Array.from({ length: options.count }, (_, index) => {
    const createdAt = now - Math.floor(random() * (options.days ?? 45) * DAY_MS);
    const status = pick(STATUSES);
    return { index, createdAt, status, lines: 1 + Math.floor(random() * 3), delivery: 400 + 100 * Math.floor(random() * 6) };
  });

  const ids: number[] = [];
  const lines: { order: number; position: number; product: string; price: number; quantity: number }[][] = orders.map((order) =>
    Array.from({ length: order.lines }, (_, line) => ({
      order: order.index,
      position: line,
      product: `product-${1 + ((order.index + line * 7) % 37)}`,
      price: 1000 + 500 * Math.floor(random() * 20),
      quantity: 1 + Math.floor(random() * 3),
    })),
  );
  const tag = randomBytes(3).toString("hex");
  await inBatches(orders, async (batch) => {
    const rows = await db
      .insertInto("orders")
      .values(
        batch.map((order) => {
          const itemsTotal = lines[order.index]!.reduce((sum, line) => sum + line.price * line.quantity, 0);
          return {
            order_number: `H-${tag}-${order.index}`,
            source: pick(ORDER_SOURCES),
            status: order.status,
            first_name: "Client",
            last_name: `${order.index}`,
            phone: `05${String(order.index).padStart(8, "0")}`,
            wilaya_code: pick(WILAYAS),
            items_total: itemsTotal,
            delivery_price: order.delivery,
            total: itemsTotal + order.delivery,
            ref: pick(REFS),
            ip: "127.0.0.1",
            user_agent: null,
            idempotency_key: null,
            phone_flagged: false,
            confirmation_token: randomBytes(16).toString("base64url"),
            created_at: iso(order.createdAt),
            updated_at: iso(order.createdAt),
          };
        }),
      )
      .returning("id")
      .execute();
    ids.push(...rows.map((row) => row.id));
  });

  await inBatches(lines.flat(), (batch) =>
    db
      .insertInto("order_items")
      .values(
        batch.map((line) => ({
          order_id: ids[line.order]!,
          position: line.position,
          product_id: line.product,
          title: `Produit ${line.product}`,
          unit_price: line.price,
          compare_at_price: 0,
          quantity: line.quantity,
          line_total: line.price * line.quantity,
          offer_id: null,
          offer_label: null,
          variant_id: null,
          variant_label: null,
          variant_sku: null,
        })),
      )
      .execute(),
  );

  const events = orders
    .filter((order) => order.status === "delivered")
    .map((order) => ({
      order_id: ids[order.index]!,
      status: "delivered" as const,
      note: null,
      actor: "system",
      created_at: iso(Math.min(now - 1000, order.createdAt + Math.floor(random() * 5 * DAY_MS))),
    }));
  await inBatches(events, (batch) => db.insertInto("order_events").values(batch).execute());

  const calls = orders.flatMap((order) =>
    Array.from({ length: Math.floor(random() * 4) }, (_, attempt) => {
      const agent = pick(agents);
      return {
        order_id: ids[order.index]!,
        admin_id: agent.id,
        agent: agent.name,
        outcome: pick(OUTCOMES),
        callback_at: null,
        note: null,
        created_at: iso(Math.min(now - 1000, order.createdAt + (attempt + 1) * 3_600_000)),
      };
    }),
  );
  await inBatches(calls, (batch) => db.insertInto("call_attempts").values(batch).execute());

  const parcels = orders
    .filter((order) => order.status === "shipped" || order.status === "delivered" || order.status === "returned")
    .flatMap((order) => {
      const live = {
        order_id: ids[order.index]!,
        account_id: null,
        family: "yalidine" as const,
        courier_label: pick(COURIERS),
        reference: `H-${tag}-${order.index}`,
        tracking: null,
        state: order.status === "delivered" ? ("delivered" as const) : order.status === "returned" ? ("returned" as const) : ("in_transit" as const),
        cash_collected: order.status === "delivered" && random() < 0.6 ? 1000 * Math.floor(random() * 10) : null,
        state_changed_at: iso(order.createdAt),
        created_by: "system",
        created_at: iso(order.createdAt),
        updated_at: iso(order.createdAt),
      };
      // Some orders were first shipped with a parcel cancelled since: it counts nowhere.
      return random() < 0.1 ? [{ ...live, state: "cancelled" as const, courier_label: "Cancelled courier", cash_collected: 99_999 }, live] : [live];
    });
  await inBatches(parcels, (batch) => db.insertInto("parcels").values(batch).execute());

  return { orders: ids.length, lines: lines.flat().length, calls: calls.length, parcels: parcels.length };
}
