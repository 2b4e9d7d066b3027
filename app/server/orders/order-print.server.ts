import type { Kysely } from "kysely";
import { lineTitle, type PrintableOrder } from "~/lib/order-print";
import type { Database } from "../db/database.server";
import { communeNamesByCode } from "../delivery/index.server";
import { selectOrders, selectOrderWithItems, type ScopedOrderFilter } from "./admin-orders.repo.server";

/**
 * The orders the CSV export and the delivery slip print: the admin list's filter and order
 * (selectOrders), then every column, lines and commune names in a few batched reads.
 */

/** Orders read per round of the export (and ids per IN list). */
const PAGE = 500;
/** An export never holds more than this many orders (a year of a busy shop). */
export const MAX_EXPORTED_ORDERS = 50_000;

/** The commune and delivery type of an order row, read defensively (columns of migration 007). */
function deliveryColumns(row: object): { communeCode: string | null; deliveryType: string | null } {
  const loose = row as { commune_code?: unknown; delivery_type?: unknown };
  return {
    communeCode: typeof loose.commune_code === "string" && loose.commune_code !== "" ? loose.commune_code : null,
    deliveryType: typeof loose.delivery_type === "string" && loose.delivery_type !== "" ? loose.delivery_type : null,
  };
}

/** Every order a filter selects, newest first (as the admin list), ready to print. */
export async function loadPrintableOrders(db: Kysely<Database>, filter: ScopedOrderFilter): Promise<PrintableOrder[]> {
  const listed: Awaited<ReturnType<typeof selectOrders>> = [];
  for (let offset = 0; offset < MAX_EXPORTED_ORDERS; offset += PAGE) {
    const page = await selectOrders(db, filter, { limit: Math.min(PAGE, MAX_EXPORTED_ORDERS - offset), offset });
    listed.push(...page);
    if (page.length < PAGE) break;
  }
  const ids = listed.map((row) => row.id);
  const details = new Map<number, Record<string, unknown>>();
  const lines = new Map<number, PrintableOrder["lines"]>();
  for (let start = 0; start < ids.length; start += PAGE) {
    const chunk = ids.slice(start, start + PAGE);
    const [orders, items] = await Promise.all([
      db.selectFrom("orders").selectAll().where("id", "in", chunk).execute(),
      db
        .selectFrom("order_items")
        .select(["order_id", "title", "quantity", "unit_price", "line_total", "offer_label", "variant_label"])
        .where("order_id", "in", chunk)
        .orderBy("order_id")
        .orderBy("position")
        .execute(),
    ]);
    for (const order of orders) details.set(order.id, order as unknown as Record<string, unknown>);
    for (const item of items) {
      const list = lines.get(item.order_id) ?? [];
      list.push({
        title: lineTitle(item.title, item.variant_label),
        offerLabel: item.offer_label,
        quantity: item.quantity,
        unitPrice: item.unit_price,
        lineTotal: item.line_total,
      });
      lines.set(item.order_id, list);
    }
  }
  const communeCodes = [...details.values()].map((row) => deliveryColumns(row).communeCode).filter((code) => code !== null);
  const communes = await communeNamesByCode(db, communeCodes);

  return listed.flatMap((row) => {
    const detail = details.get(row.id);
    if (!detail) return [];
    const { communeCode, deliveryType } = deliveryColumns(detail);
    const commune = communeCode ? communes.get(communeCode) : undefined;
    return [
      {
        id: row.id,
        orderNumber: row.order_number,
        createdAt: String(row.created_at),
        status: row.status,
        source: row.source,
        firstName: row.first_name,
        lastName: row.last_name,
        phone: row.phone,
        wilayaCode: row.wilaya_code,
        wilayaName: row.wilaya_name ?? row.wilaya_code,
        wilayaNameAr: row.wilaya_name_ar ?? row.wilaya_code,
        communeName: commune?.name ?? communeCode,
        communeNameAr: commune?.nameAr ?? communeCode,
        deliveryType,
        stopDeskName: typeof detail.stop_desk_name === "string" ? detail.stop_desk_name : null,
        address: typeof detail.address === "string" ? detail.address : null,
        itemsTotal: Number(detail.items_total),
        deliveryPrice: Number(detail.delivery_price),
        total: Number(detail.total),
        lines: lines.get(row.id) ?? [],
      },
    ];
  });
}

/** One order ready to print, or undefined. */
export async function loadPrintableOrder(db: Kysely<Database>, id: number): Promise<PrintableOrder | undefined> {
  const found = await selectOrderWithItems(db, id);
  if (!found) return undefined;
  const { order, items } = found;
  const { communeCode, deliveryType } = deliveryColumns(order);
  const commune = communeCode ? (await communeNamesByCode(db, [communeCode])).get(communeCode) : undefined;
  return {
    id: order.id,
    orderNumber: order.order_number,
    createdAt: String(order.created_at),
    status: order.status,
    source: order.source,
    firstName: order.first_name,
    lastName: order.last_name,
    phone: order.phone,
    wilayaCode: order.wilaya_code,
    wilayaName: order.wilaya_name ?? order.wilaya_code,
    wilayaNameAr: order.wilaya_name_ar ?? order.wilaya_code,
    communeName: commune?.name ?? communeCode,
    communeNameAr: commune?.nameAr ?? communeCode,
    deliveryType,
    stopDeskName: order.stop_desk_name,
    address: order.address,
    itemsTotal: Number(order.items_total),
    deliveryPrice: Number(order.delivery_price),
    total: Number(order.total),
    lines: items.map((item) => ({
      // A variant is named on the slip as on the CSV: "title — variant".
      title: lineTitle(item.title, item.variant_label),
      offerLabel: item.offer_label,
      quantity: item.quantity,
      unitPrice: item.unit_price,
      lineTotal: item.line_total,
    })),
  };
}

/** How many orders wait in status 'new' (the admin's orders tab badge). */
export async function countNewOrders(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
