import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";
import { listWilayaNames, wilayaNamesByCode } from "../delivery/index.server";
import { orderFilterTimeRange, phoneDigitsOf, type OrderFilter, type OrderStatus } from "~/lib/order-filter";
import { DUPLICATE_WINDOW_MS } from "~/lib/order-workflow";
import { ATTENTION_STATES, FINAL_ROW_STATES, stuckCutoffs } from "~/lib/parcel-attention";

/**
 * The admin's reads of orders: the filtered list (newest first), one order with its lines,
 * history and notes, the customer's record and possible duplicates. Shared with the CSV
 * export and the printable slips.
 *
 * The list reads each order's live parcel (the shipping domain's table; at most one not
 * cancelled per order) in the same query, to show its courier, tracking number and state.
 */

type OrdersEb = ExpressionBuilder<Database, "orders">;

/** `%text%` for LIKE, with the wildcard characters of `text` escaped (ESCAPE '\'). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function like(column: Expression<unknown>, pattern: string) {
  return sql<SqlBool>`lower(${column}) like lower(${pattern}) escape '\\'`;
}

/**
 * The order has a live parcel that needs the merchant at `now`: parcelAttention
 * (app/lib/parcel-attention.ts) in SQL, built from the same tables.
 */
function needsAttention(eb: OrdersEb, now: Date) {
  return eb.exists(
    eb
      .selectFrom("parcels")
      .select("parcels.id")
      .whereRef("parcels.order_id", "=", "orders.id")
      .where("parcels.state", "<>", "cancelled")
      .where((p) =>
        p.or([
          p("parcels.state", "in", [...ATTENTION_STATES]),
          p.and([
            p("parcels.state", "not in", [...FINAL_ROW_STATES]),
            p.or([p("parcels.failed_attempts", ">", 0), p("parcels.needs_handover", "=", true)]),
          ]),
          ...stuckCutoffs(now).map(({ state, changedBefore }) =>
            p.and([p("parcels.state", "=", state), p("parcels.state_changed_at", "<", changedBefore)]),
          ),
        ]),
      ),
  );
}

/**
 * A list filter with the admin's scope: `restrictTo`, the only statuses the admin's role may see
 * (a packer: the orders past confirmation, app/lib/admin-roles.ts), whatever the filter asks.
 */
export type ScopedOrderFilter = OrderFilter & { restrictTo?: readonly OrderStatus[] };

/** The WHERE of a filter (all of it but `status` when `withStatus` is false), `now` for the attention rule. */
function filterWhere(eb: OrdersEb, filter: ScopedOrderFilter, now: Date, withStatus = true) {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.restrictTo) conditions.push(filter.restrictTo.length > 0 ? eb("orders.status", "in", [...filter.restrictTo]) : sql<SqlBool>`1 = 0`);
  if (withStatus && filter.status) conditions.push(eb("orders.status", "=", filter.status));
  if (filter.wilayaCode) conditions.push(eb("orders.wilaya_code", "=", filter.wilayaCode));
  if (filter.source) conditions.push(eb("orders.source", "=", filter.source));
  if (filter.attention) conditions.push(needsAttention(eb, now));
  const { since, before } = orderFilterTimeRange(filter);
  if (since) conditions.push(eb("orders.created_at", ">=", since));
  if (before) conditions.push(eb("orders.created_at", "<", before));
  if (filter.q) {
    const q = filter.q;
    const pattern = containsPattern(q);
    const anyOf: Expression<SqlBool>[] = [
      like(sql`${sql.ref("orders.first_name")} || ' ' || ${sql.ref("orders.last_name")}`, pattern),
      like(sql`${sql.ref("orders.last_name")} || ' ' || ${sql.ref("orders.first_name")}`, pattern),
      like(eb.ref("orders.order_number"), pattern),
    ];
    const digits = phoneDigitsOf(q);
    if (digits) anyOf.push(eb("orders.phone", "like", containsPattern(digits)));
    // 42, #42, sq42 or SQ-000042: the order with id 42.
    const number = /^(?:#|sq-?)?0*(\d{1,9})$/i.exec(q.replace(/\s/g, ""));
    if (number) anyOf.push(eb("orders.id", "=", Number(number[1])));
    conditions.push(eb.or(anyOf));
  }
  return eb.and(conditions);
}

const listColumns = [
  "orders.id",
  "orders.order_number",
  "orders.created_at",
  "orders.first_name",
  "orders.last_name",
  "orders.phone",
  "orders.wilaya_code",
  "orders.total",
  "orders.status",
  "orders.source",
  "orders.phone_flagged",
] as const;

/** Both names of an order's wilaya, from delivery (which owns wilayas); null for a wilaya since removed. */
function withWilayaNames<Row extends { wilaya_code: string }>(row: Row, names: Map<string, { name: string; name_ar: string }>) {
  const wilaya = names.get(row.wilaya_code);
  return { ...row, wilaya_name: wilaya?.name ?? null, wilaya_name_ar: wilaya?.name_ar ?? null };
}

/**
 * The orders a filter selects, newest first, with the wilaya's names, the number of articles
 * (Σ quantity of the lines) as items_count, and the live parcel's columns as parcel_* (null
 * without one).
 */
export async function selectOrders(
  db: Kysely<Database>,
  filter: ScopedOrderFilter,
  { limit = 50, offset = 0, now = new Date() }: { limit?: number; offset?: number; now?: Date } = {},
) {
  const rows = db
    .selectFrom("orders")
    .leftJoin("parcels", (join) => join.onRef("parcels.order_id", "=", "orders.id").on("parcels.state", "<>", "cancelled"))
    .select(listColumns)
    .select([
      "parcels.id as parcel_id",
      "parcels.courier_label as parcel_courier_label",
      "parcels.tracking as parcel_tracking",
      "parcels.state as parcel_state",
      "parcels.failed_attempts as parcel_failed_attempts",
      "parcels.needs_handover as parcel_needs_handover",
      "parcels.state_changed_at as parcel_state_changed_at",
    ])
    .select((eb) =>
      eb
        .selectFrom("order_items")
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>("order_items.quantity"), sql<number>`0`).as("n"))
        .whereRef("order_items.order_id", "=", "orders.id")
        .as("items_count"),
    )
    .where((eb) => filterWhere(eb, filter, now))
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  const [listed, names] = await Promise.all([rows, wilayaNamesByCode(db)]);
  return listed.map((row) => ({
    ...withWilayaNames(row, names),
    items_count: Number(row.items_count ?? 0),
    phone_flagged: toBool(row.phone_flagged),
    parcel_failed_attempts: Number(row.parcel_failed_attempts ?? 0),
    parcel_needs_handover: row.parcel_needs_handover === null ? false : toBool(row.parcel_needs_handover),
  }));
}

export type AdminOrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

/** How many orders a filter selects at `now`. */
export async function countOrders(db: Kysely<Database>, filter: ScopedOrderFilter, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => filterWhere(eb, filter, now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders per status for the filter without its status (the list's tabs), at `now`. */
export async function countOrdersByStatus(
  db: Kysely<Database>,
  filter: ScopedOrderFilter,
  now = new Date(),
): Promise<Partial<Record<OrderStatus, number>>> {
  const rows = await db
    .selectFrom("orders")
    .select(["orders.status"])
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => filterWhere(eb, filter, now, false))
    .groupBy("orders.status")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/**
 * One order (every column, including ones later migrations add) with its wilaya's names and
 * its lines in order; undefined when there is no such order.
 */
export async function selectOrderWithItems(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const order = withWilayaNames(row, await wilayaNamesByCode(db));
  const items = await db
    .selectFrom("order_items")
    .select([
      "id",
      "position",
      "product_id",
      "title",
      "unit_price",
      "compare_at_price",
      "quantity",
      "line_total",
      "offer_label",
      "variant_id",
      "variant_label",
      "variant_sku",
    ])
    .where("order_id", "=", id)
    .orderBy("position", "asc")
    .execute();
  return { order, items };
}

export type OrderWithItems = NonNullable<Awaited<ReturnType<typeof selectOrderWithItems>>>;

/** The status history of an order, oldest first. */
export function selectOrderEvents(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom("order_events")
    .select(["id", "status", "note", "actor", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
}

/** The internal notes of an order, oldest first. */
export function selectOrderNotes(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom("order_notes")
    .select(["id", "author", "note", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
}

/** A phone's record: how many orders it placed, and how many of them came back or were cancelled. */
export async function selectPhoneRecord(db: Kysely<Database>, phone: string) {
  const rows = await db
    .selectFrom("orders")
    .select(["status"])
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("phone", "=", phone)
    .groupBy("status")
    .execute();
  const count = (status: OrderStatus) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return {
    orders: rows.reduce((sum, row) => sum + Number(row.n), 0),
    returned: count("returned"),
    cancelled: count("cancelled"),
    delivered: count("delivered"),
  };
}

/**
 * Other orders from the same phone naming one of the same products, placed within 24 hours
 * (before or after) of this one: likely the shopper pressing twice, or ordering again.
 */
export function selectDuplicateOrders(db: Kysely<Database>, order: { id: number; phone: string; created_at: string }, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  const at = new Date(order.created_at).getTime();
  return db
    .selectFrom("orders")
    .select(["orders.id", "orders.order_number", "orders.created_at", "orders.status"])
    .where("orders.phone", "=", order.phone)
    .where("orders.id", "!=", order.id)
    .where("orders.created_at", ">=", new Date(at - DUPLICATE_WINDOW_MS).toISOString())
    .where("orders.created_at", "<=", new Date(at + DUPLICATE_WINDOW_MS).toISOString())
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("order_items")
          .select("order_items.id")
          .whereRef("order_items.order_id", "=", "orders.id")
          .where("order_items.product_id", "in", productIds),
      ),
    )
    .orderBy("orders.created_at", "desc")
    .execute();
}

/** Every wilaya for the filter's select, by code (orders keep the code of a wilaya since deactivated). */
export function selectWilayaOptions(db: Kysely<Database>) {
  return listWilayaNames(db);
}

/** An order's status, the agent it is given to and the agent holding it in the queue (the row-level access rule). */
export async function selectOrderAccess(db: Kysely<Database>, id: number) {
  return db.selectFrom("orders").select(["status", "assigned_to", "queue_locked_by"]).where("id", "=", id).executeTakeFirst();
}
