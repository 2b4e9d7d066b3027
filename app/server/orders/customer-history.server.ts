import type { Kysely } from "kysely";
import { customerRisk, type CustomerRecordCounts, type CustomerRisk } from "~/lib/customer-risk";
import type { OrderStatus } from "~/lib/order-filter";
import type { Database } from "../db/database.server";
import { selectPhoneHistory } from "./confirmation.repo.server";
import { blockedPhoneEntry } from "./order-workflow.server";

/** Earlier orders listed (the counts cover them all). */
export const HISTORY_ORDERS_SHOWN = 10;

export interface CustomerHistory {
  counts: CustomerRecordCounts;
  risk: CustomerRisk;
  blocked: boolean;
  orders: { id: number; orderNumber: string; status: OrderStatus; cancelReason: string | null; total: number; createdAt: string }[];
}

/**
 * A customer's history by phone, this order left out: their earlier orders, how many were
 * delivered, returned, cancelled as fake, the risk mark (app/lib/customer-risk.ts) and whether
 * the phone is on the blocklist.
 */
export async function customerHistory(db: Kysely<Database>, phone: string, excludeOrderId: number | null): Promise<CustomerHistory> {
  const [{ orders, counts }, blocked] = await Promise.all([
    selectPhoneHistory(db, phone, excludeOrderId, HISTORY_ORDERS_SHOWN),
    blockedPhoneEntry(db, phone),
  ]);
  const record: CustomerRecordCounts = {
    orders: Number(counts.orders ?? 0),
    delivered: Number(counts.delivered ?? 0),
    returned: Number(counts.returned ?? 0),
    cancelled: Number(counts.cancelled ?? 0),
    fake: Number(counts.fake ?? 0),
  };
  return {
    counts: record,
    risk: customerRisk(record),
    blocked: blocked !== undefined,
    orders: orders.map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      status: row.status,
      cancelReason: row.cancel_reason,
      total: Number(row.total),
      createdAt: row.created_at,
    })),
  };
}
