import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/database.server";

/**
 * The dashboard's aggregate reads (docs/decisions/0034-dashboard.md): read-only, one GROUP BY
 * query per figure set, never a loop over rows. Orders are those CREATED in [from, to) (ISO text
 * compared as text, so the orders_created index serves every query); statuses are counted with
 * CASE sums so one pass gives every count. The SQL is written once for SQLite and PostgreSQL:
 * days are `substr(created_at, 1, 10)` of the ISO text, and counts are read through Number()
 * (PostgreSQL returns bigint sums as strings).
 */

export interface Range {
  from: string;
  to: string;
}

/** Raw counts of one group: numbers or numeric strings, as the driver gives them. */
export interface CountsRow {
  orders: number | string;
  confirmed: number | string | null;
  cancelled: number | string | null;
  shipped: number | string | null;
  delivered: number | string | null;
  returned: number | string | null;
  cash: number | string | null;
}

// Constant SQL text (no parameters), so the same expression can be selected and grouped by on PostgreSQL.
const CONFIRMED = sql.raw("('confirmed', 'shipped', 'delivered', 'returned')");
const SHIPPED = sql.raw("('shipped', 'delivered', 'returned')");

/** Status counts of orders rows (one row per order). */
function orderCounts() {
  const countIf = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;
  return [
    sql<number>`count(*)`.as("orders"),
    countIf(sql`orders.status in ${CONFIRMED}`).as("confirmed"),
    countIf(sql`orders.status = 'cancelled'`).as("cancelled"),
    countIf(sql`orders.status in ${SHIPPED}`).as("shipped"),
    countIf(sql`orders.status = 'delivered'`).as("delivered"),
    countIf(sql`orders.status = 'returned'`).as("returned"),
    sql<number>`sum(case when orders.status = 'delivered' then orders.total else 0 end)`.as("cash"),
  ] as const;
}

/** Status counts over joined rows (several rows per order): distinct orders, cash from `cashColumn`. */
function distinctOrderCounts(cashColumn: RawBuilder<unknown>) {
  const ordersIf = (condition: RawBuilder<unknown>) => sql<number>`count(distinct case when ${condition} then orders.id end)`;
  return [
    sql<number>`count(distinct orders.id)`.as("orders"),
    ordersIf(sql`orders.status in ${CONFIRMED}`).as("confirmed"),
    ordersIf(sql`orders.status = 'cancelled'`).as("cancelled"),
    ordersIf(sql`orders.status in ${SHIPPED}`).as("shipped"),
    ordersIf(sql`orders.status = 'delivered'`).as("delivered"),
    ordersIf(sql`orders.status = 'returned'`).as("returned"),
    sql<number>`sum(case when orders.status = 'delivered' then ${cashColumn} else 0 end)`.as("cash"),
  ] as const;
}

function ordersIn(db: Kysely<Database>, range: Range) {
  return db.selectFrom("orders").where("orders.created_at", ">=", range.from).where("orders.created_at", "<", range.to);
}

/** The period's totals, with what the average order value is computed from (orders not cancelled). */
export function selectTotals(db: Kysely<Database>, range: Range) {
  return ordersIn(db, range)
    .select(orderCounts())
    .select([
      sql<number>`sum(case when orders.status <> 'cancelled' then orders.total else 0 end)`.as("kept_total"),
      sql<number>`sum(case when orders.status <> 'cancelled' then 1 else 0 end)`.as("kept"),
    ])
    .executeTakeFirstOrThrow();
}

/** Cash the couriers reported on the period's orders' live parcels (null where they report none). */
export function selectReportedCash(db: Kysely<Database>, range: Range) {
  return ordersIn(db, range)
    .innerJoin("parcels", (join) => join.onRef("parcels.order_id", "=", "orders.id").on(sql<boolean>`parcels.state <> 'cancelled'`))
    .select([sql<number | null>`sum(parcels.cash_collected)`.as("reported"), sql<number>`count(parcels.cash_collected)`.as("parcels")])
    .executeTakeFirstOrThrow();
}

export function selectByWilaya(db: Kysely<Database>, range: Range) {
  return ordersIn(db, range)
    .select("orders.wilaya_code as key")
    .select(orderCounts())
    .groupBy("orders.wilaya_code")
    .orderBy("orders", "desc")
    .orderBy("orders.wilaya_code")
    .execute();
}

export function selectBySource(db: Kysely<Database>, range: Range) {
  return ordersIn(db, range)
    .select("orders.source as key")
    .select(orderCounts())
    .groupBy("orders.source")
    .orderBy("orders", "desc")
    .orderBy("orders.source")
    .execute();
}

/** By share link (the order's ?ref=); orders without one form the group whose key is null. */
export function selectByRef(db: Kysely<Database>, range: Range, limit: number) {
  return ordersIn(db, range)
    .select("orders.ref as key")
    .select(orderCounts())
    .groupBy("orders.ref")
    .orderBy("orders", "desc")
    .orderBy("orders.ref")
    .limit(limit)
    .execute();
}

/** By product: orders that contain it (distinct), units sold, and the delivered lines' totals as cash. */
export function selectByProduct(db: Kysely<Database>, range: Range, limit: number) {
  return ordersIn(db, range)
    .innerJoin("order_items", "order_items.order_id", "orders.id")
    .select(["order_items.product_id as key", sql<string>`max(order_items.title)`.as("title"), sql<number>`sum(order_items.quantity)`.as("units")])
    .select(distinctOrderCounts(sql`order_items.line_total`))
    .groupBy("order_items.product_id")
    .orderBy("orders", "desc")
    .orderBy("order_items.product_id")
    .limit(limit)
    .execute();
}

/** By courier (the live parcel's courier label): orders shipped with it, and the cash it reported. */
export function selectByCourier(db: Kysely<Database>, range: Range) {
  return ordersIn(db, range)
    .innerJoin("parcels", (join) => join.onRef("parcels.order_id", "=", "orders.id").on(sql<boolean>`parcels.state <> 'cancelled'`))
    .select(["parcels.courier_label as key", sql<number | null>`sum(parcels.cash_collected)`.as("reported")])
    .select(orderCounts())
    .groupBy("parcels.courier_label")
    .orderBy("orders", "desc")
    .orderBy("parcels.courier_label")
    .execute();
}

/** Each agent's calls in the period (by the call's own time), confirmations and cancellations among them. */
export function selectAgents(db: Kysely<Database>, range: Range) {
  return (
    db
      .selectFrom("call_attempts")
      .where("call_attempts.created_at", ">=", range.from)
      .where("call_attempts.created_at", "<", range.to)
      .select([
        "call_attempts.admin_id",
        sql<string>`max(call_attempts.agent)`.as("agent"),
        sql<number>`count(*)`.as("calls"),
        sql<number>`sum(case when call_attempts.outcome = 'confirmed' then 1 else 0 end)`.as("confirmations"),
        sql<number>`sum(case when call_attempts.outcome = 'cancelled' then 1 else 0 end)`.as("cancellations"),
      ])
      // A deleted agent's calls (admin_id null) stay apart under each name they were made with.
      .groupBy(["call_attempts.admin_id", sql`case when call_attempts.admin_id is null then call_attempts.agent end`])
      .orderBy("calls", "desc")
      .execute()
  );
}

const DAY = sql<string>`substr(orders.created_at, 1, 10)`;
const EVENT_DAY = sql<string>`substr(order_events.created_at, 1, 10)`;

/** Orders created per day. */
export function selectOrdersPerDay(db: Kysely<Database>, range: Range) {
  return ordersIn(db, range)
    .select([DAY.as("day"), sql<number>`count(*)`.as("count")])
    .groupBy(DAY)
    .execute();
}

/** Orders delivered per day: the day their "delivered" event was recorded, whenever they were created. */
export function selectDeliveriesPerDay(db: Kysely<Database>, range: Range) {
  return db
    .selectFrom("order_events")
    .where("order_events.status", "=", "delivered")
    .where("order_events.created_at", ">=", range.from)
    .where("order_events.created_at", "<", range.to)
    .select([EVENT_DAY.as("day"), sql<number>`count(distinct order_events.order_id)`.as("count")])
    .groupBy(EVENT_DAY)
    .execute();
}
