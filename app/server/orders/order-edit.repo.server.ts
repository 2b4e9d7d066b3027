import type { Kysely } from "kysely";
import { returnStock, takeStock } from "../catalog/index.server";
import type { Database } from "../db/database.server";
import type { OrderStatus } from "./orders.table.server";
import type { PricedLine } from "./order-pricing.server";
import { insertOrderLines } from "./orders.repo.server";

/** The reads and the one write of an order's edit (order-edit.service.server.ts). */

export function selectOrderForEdit(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom("orders")
    .select([
      "id",
      "status",
      "source",
      "first_name",
      "last_name",
      "phone",
      "email",
      "wilaya_code",
      "commune_code",
      "delivery_type",
      "stop_desk_account_id",
      "stop_desk_code",
      "stop_desk_name",
      "address",
      "bundle",
      "items_total",
      "delivery_price",
      "delivery_price_reason",
      "total",
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
}

export type OrderForEdit = NonNullable<Awaited<ReturnType<typeof selectOrderForEdit>>>;

export function selectOrderLinesForEdit(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom("order_items")
    .select(["product_id", "title", "quantity", "unit_price", "line_total", "offer_id", "offer_label", "variant_id", "variant_label", "variant_sku"])
    .where("order_id", "=", orderId)
    .orderBy("position")
    .execute();
}

export type OrderLineForEdit = Awaited<ReturnType<typeof selectOrderLinesForEdit>>[number];

export function selectOrderEdits(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom("order_edits")
    .select(["id", "field", "before", "after", "reason", "actor", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export interface OrderEditWrite {
  orderId: number;
  /** The status the order was read in: the edit is refused (stale) when it has moved since. */
  status: OrderStatus;
  set: {
    first_name: string;
    last_name: string;
    phone: string;
    wilaya_code: string;
    commune_code: string | null;
    delivery_type: "home" | "stop_desk";
    stop_desk_account_id: number | null;
    stop_desk_code: string | null;
    stop_desk_name: string | null;
    address: string | null;
    items_total: number;
    delivery_price: number;
    delivery_price_reason: string | null;
    total: number;
  };
  /** The new lines, or null when the lines are unchanged. */
  lines: PricedLine[] | null;
  /** Take and return the lines' stock difference (a confirmed order, whose stock is taken). */
  moveStock: boolean;
  edits: { field: string; before: string | null; after: string | null; reason: string | null }[];
  adminId: number | null;
  actor: string;
  at: string;
}

export type OrderEditWriteResult = { kind: "edited" } | { kind: "stale" } | { kind: "short"; title: string; available: number; missing: boolean };

class Abort extends Error {
  constructor(readonly result: Exclude<OrderEditWriteResult, { kind: "edited" }>) {
    super(result.kind);
  }
}

const lineKey = (productId: string, variantId: number | null | undefined) => `${productId}\n${variantId ?? ""}`;

/**
 * Writes an edit in ONE transaction: the order's row (only while it is still in the status it
 * was read in), its lines replaced and, on a confirmed order, the difference of each product's
 * (or variant's) quantity taken or returned with the catalogue's takeStock and returnStock
 * (taken only where enough is left, in product then variant order: no oversell, no deadlock);
 * then one order_edits row per changed field. Nothing is kept when any part is refused.
 */
export async function applyOrderEdit(db: Kysely<Database>, edit: OrderEditWrite): Promise<OrderEditWriteResult> {
  try {
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("orders")
        .set({ ...edit.set, updated_at: edit.at })
        .where("id", "=", edit.orderId)
        .where("status", "=", edit.status)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new Abort({ kind: "stale" });

      if (edit.lines) {
        if (edit.moveStock) {
          // Read under the order's row lock: the lines whose stock was taken at confirmation.
          const before = await trx
            .selectFrom("order_items")
            .select(["product_id", "variant_id", "quantity"])
            .where("order_id", "=", edit.orderId)
            .execute();
          const diff = new Map<string, { productId: string; variantId: number | null; title: string; quantity: number }>();
          const add = (productId: string, variantId: number | null, title: string, quantity: number) => {
            const key = lineKey(productId, variantId);
            const entry = diff.get(key);
            if (entry) entry.quantity += quantity;
            else diff.set(key, { productId, variantId, title, quantity });
          };
          for (const line of before) add(line.product_id, line.variant_id, "", -line.quantity);
          for (const line of edit.lines) {
            const title = line.variant ? `${line.title} — ${line.variant.label}` : line.title;
            add(line.productId, line.variant?.id ?? null, title, line.quantity);
            diff.get(lineKey(line.productId, line.variant?.id ?? null))!.title = title;
          }
          const ordered = [...diff.values()].sort((a, b) =>
            a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : (a.variantId ?? 0) - (b.variantId ?? 0),
          );
          for (const { productId, variantId, title, quantity } of ordered) {
            if (quantity > 0) {
              const taken = await takeStock(trx, productId, quantity, edit.at, variantId);
              if (!taken.ok)
                throw new Abort({ kind: "short", title: title || taken.title || productId, available: taken.available, missing: taken.missing });
            } else if (quantity < 0) {
              await returnStock(trx, productId, -quantity, edit.at, variantId);
            }
          }
        }
        await trx.deleteFrom("order_items").where("order_id", "=", edit.orderId).execute();
        await insertOrderLines(trx, edit.orderId, edit.lines);
      }

      await trx
        .insertInto("order_edits")
        .values(edit.edits.map((row) => ({ order_id: edit.orderId, admin_id: edit.adminId, actor: edit.actor, created_at: edit.at, ...row })))
        .execute();
    });
    return { kind: "edited" };
  } catch (error) {
    if (error instanceof Abort) return error.result;
    throw error;
  }
}
