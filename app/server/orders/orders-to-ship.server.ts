import type { Kysely } from "kysely";
import type { DeliveryType } from "~/lib/delivery-options";
import type { OrderStatus } from "~/lib/order-filter";
import type { Database } from "../db/database.server";
import { selectOrderLinesToShip, selectOrdersToShip } from "./orders-to-ship.repo.server";

/** An order as the shipping domain hands it to a courier. */
export interface OrderToShip {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  firstName: string;
  lastName: string;
  phone: string;
  address: string | null;
  wilayaCode: string;
  communeCode: string | null;
  deliveryType: DeliveryType;
  /** The courier stop-desk the shopper chose (its account and code at that courier), or null. */
  stopDesk: { accountId: number; code: string } | null;
  total: number;
  deliveryPrice: number;
  lines: { title: string; quantity: number; variantLabel: string | null }[];
}

/** The orders of these ids that exist, with their lines in order. */
export async function ordersToShip(db: Kysely<Database>, ids: readonly number[]): Promise<OrderToShip[]> {
  const [rows, lines] = await Promise.all([selectOrdersToShip(db, ids), selectOrderLinesToShip(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    address: row.address,
    wilayaCode: row.wilaya_code,
    communeCode: row.commune_code,
    deliveryType: row.delivery_type,
    stopDesk:
      row.stop_desk_account_id !== null && row.stop_desk_code !== null ? { accountId: row.stop_desk_account_id, code: row.stop_desk_code } : null,
    total: row.total,
    deliveryPrice: row.delivery_price,
    lines: lines
      .filter((line) => line.order_id === row.id)
      .map((line) => ({ title: line.title, quantity: line.quantity, variantLabel: line.variant_label })),
  }));
}
