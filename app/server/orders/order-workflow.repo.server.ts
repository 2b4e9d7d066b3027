import type { Kysely } from "kysely";
import { returnStock, takeStock } from "../catalog/index.server";
import type { Database } from "../db/database.server";
import type { OrderStatus } from "~/lib/order-filter";

/** The writes of the order workflow: status changes with their stock, notes, the phone blocklist. */

export interface StatusChange {
  orderId: number;
  from: OrderStatus;
  to: OrderStatus;
  stock: "take" | "return" | "none";
  actor: string;
  note: string | null;
  at: string;
}

export type StatusChangeResult =
  | { kind: "changed" }
  /** The order is no longer in `from` (another admin moved it meanwhile). */
  | { kind: "stale" }
  /** Not enough stock for this product (or the product no longer exists). */
  | { kind: "short"; productId: string; title: string; available: number; missing: boolean };

class Abort extends Error {
  constructor(readonly result: Exclude<StatusChangeResult, { kind: "changed" }>) {
    super(result.kind);
  }
}

/**
 * The confirmation state follows a confirmation or a cancellation, whichever button made it
 * (docs/decisions/0032-confirmation-queue.md); the call-back and the queue lock end with it.
 */
function confirmationInStep(to: OrderStatus) {
  if (to !== "confirmed" && to !== "cancelled") return {};
  return { confirmation_state: to, callback_at: null, queue_locked_by: null, queue_locked_until: null };
}

/**
 * Changes an order's status in ONE transaction: the status (only if it is still `from`), the
 * stock of every line (the catalogue's takeStock and returnStock, in this transaction: taken
 * only where enough is left, so concurrent confirmations never oversell) and an order_events row.
 * Nothing is kept when any step is refused.
 */
export async function applyStatusChange(db: Kysely<Database>, change: StatusChange): Promise<StatusChangeResult> {
  try {
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("orders")
        .set({ status: change.to, updated_at: change.at, ...confirmationInStep(change.to) })
        .where("id", "=", change.orderId)
        .where("status", "=", change.from)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new Abort({ kind: "stale" });

      if (change.stock !== "none") {
        const lines = await trx
          .selectFrom("order_items")
          .select(["product_id", "title", "quantity", "variant_id", "variant_label"])
          .where("order_id", "=", change.orderId)
          .execute();
        // One update per product, or per variant of a product with variants (lines of one merged),
        // in product then variant order: no deadlocks on PostgreSQL.
        const byLine = new Map<string, { productId: string; variantId: number | null; title: string; label: string | null; quantity: number }>();
        for (const line of lines) {
          const key = `${line.product_id}\n${line.variant_id ?? ""}`;
          const entry = byLine.get(key);
          if (entry) entry.quantity += line.quantity;
          else {
            byLine.set(key, {
              productId: line.product_id,
              variantId: line.variant_id,
              title: line.title,
              label: line.variant_label,
              quantity: line.quantity,
            });
          }
        }
        const ordered = [...byLine.values()].sort((a, b) =>
          a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : (a.variantId ?? 0) - (b.variantId ?? 0),
        );
        for (const { productId, variantId, title, label, quantity } of ordered) {
          if (change.stock === "take") {
            const taken = await takeStock(trx, productId, quantity, change.at, variantId);
            if (!taken.ok) {
              // The merchant reads which variant is short: "product — variant".
              const named = taken.title || title;
              throw new Abort({
                kind: "short",
                productId,
                title: label ? `${named} — ${label}` : named,
                available: taken.available,
                missing: taken.missing,
              });
            }
          } else {
            await returnStock(trx, productId, quantity, change.at, variantId);
          }
        }
      }

      await trx
        .insertInto("order_events")
        .values({ order_id: change.orderId, status: change.to, note: change.note, actor: change.actor, created_at: change.at })
        .execute();
    });
    return { kind: "changed" };
  } catch (error) {
    if (error instanceof Abort) return error.result;
    throw error;
  }
}

/** The status of an order, or undefined. */
export async function selectOrderStatus(db: Kysely<Database>, orderId: number): Promise<OrderStatus | undefined> {
  const row = await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst();
  return row?.status;
}

export async function insertOrderNote(
  db: Kysely<Database>,
  note: { orderId: number; adminId: number | null; author: string; note: string; at: string },
): Promise<void> {
  await db
    .insertInto("order_notes")
    .values({ order_id: note.orderId, admin_id: note.adminId, author: note.author, note: note.note, created_at: note.at })
    .execute();
}

export function selectBlockedPhone(db: Kysely<Database>, phone: string) {
  return db.selectFrom("blocked_phones").select(["phone", "reason", "created_at", "created_by"]).where("phone", "=", phone).executeTakeFirst();
}

/** Blocks a phone; blocking it again keeps the first entry. */
export async function insertBlockedPhone(
  db: Kysely<Database>,
  entry: { phone: string; reason: string | null; createdBy: string; at: string },
): Promise<void> {
  await db
    .insertInto("blocked_phones")
    .values({ phone: entry.phone, reason: entry.reason, created_by: entry.createdBy, created_at: entry.at })
    .onConflict((oc) => oc.column("phone").doNothing())
    .execute();
}

export async function deleteBlockedPhone(db: Kysely<Database>, phone: string): Promise<void> {
  await db.deleteFrom("blocked_phones").where("phone", "=", phone).execute();
}
