/**
 * TEMPORARY: the signature of shipOrders, so the orders list typechecks before the shipping
 * service is merged. The integrator drops this file (its commit) at merge.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

export interface ShipOutcome {
  orderId: number;
  orderNumber: string;
  outcome: "shipped" | "already" | "not_confirmed" | "refused" | "unknown" | "unavailable" | "unmapped" | "no_origin";
  message?: string;
  tracking?: string;
}

export interface ShipRequest {
  orderIds: number[];
  accountId: number;
  actor: { adminId: number | null; email: string };
  recreateUnknown?: boolean;
}

export async function shipOrders(db: Kysely<Database>, request: ShipRequest, deps?: unknown): Promise<ShipOutcome[]> {
  void db;
  void request;
  void deps;
  throw new Error("not implemented");
}
