import type { Kysely, Selectable } from "kysely";
import type { Database } from "../db/database.server";
import type { OrderDraftsTable } from "./orders.table.server";

/** The order_drafts table's queries (private to the orders domain). */

export type OrderDraftRow = Selectable<OrderDraftsTable>;

export interface DraftToStore {
  phone: string;
  cartKey: string;
  source: OrderDraftsTable["source"];
  payload: string;
  ip: string;
  now: string;
}

/** One draft per phone and cart: a new one, or the same one with the latest content. */
export async function upsertDraft(db: Kysely<Database>, draft: DraftToStore): Promise<void> {
  await db
    .insertInto("order_drafts")
    .values({
      phone: draft.phone,
      cart_key: draft.cartKey,
      source: draft.source,
      payload: draft.payload,
      ip: draft.ip,
      created_at: draft.now,
      updated_at: draft.now,
    })
    .onConflict((oc) =>
      oc.columns(["phone", "cart_key"]).doUpdateSet({ source: draft.source, payload: draft.payload, ip: draft.ip, updated_at: draft.now }),
    )
    .execute();
}

export async function deleteDraftsOfPhone(db: Kysely<Database>, phone: string): Promise<void> {
  await db.deleteFrom("order_drafts").where("phone", "=", phone).execute();
}

export async function deleteDraftsBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom("order_drafts").where("updated_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteDraftById(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("order_drafts").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function selectDraftById(db: Kysely<Database>, id: number): Promise<OrderDraftRow | undefined> {
  return db.selectFrom("order_drafts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Newest first, from `since` (ISO), one page. */
export function selectDrafts(db: Kysely<Database>, since: string, limit: number, offset: number): Promise<OrderDraftRow[]> {
  return db
    .selectFrom("order_drafts")
    .selectAll()
    .where("updated_at", ">=", since)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countDrafts(db: Kysely<Database>, since: string): Promise<number> {
  const row = await db
    .selectFrom("order_drafts")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("updated_at", ">=", since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Whether the phone placed an order at `since` (ISO) or later. */
export async function phoneOrderedSince(db: Kysely<Database>, phone: string, since: string): Promise<boolean> {
  const row = await db.selectFrom("orders").select("id").where("phone", "=", phone).where("created_at", ">=", since).limit(1).executeTakeFirst();
  return row !== undefined;
}
