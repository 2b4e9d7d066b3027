import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Database } from "../db/database.server";
import type { ParcelEventsTable, ParcelsTable } from "./shipping.table.server";

/** Reads and writes of parcels and parcel_events for the admin: the claim, the courier's answer, the order's panel. */

export type ParcelRow = Selectable<ParcelsTable>;
export type ParcelEventRow = Selectable<ParcelEventsTable>;

/**
 * Claims an order for a courier: the parcel row in state `creating`. Throws a unique violation
 * when the order already has a live parcel (parcels_one_live_per_order).
 */
export async function insertParcelClaim(db: Kysely<Database>, row: Insertable<ParcelsTable>): Promise<number> {
  const inserted = await db.insertInto("parcels").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Takes over an order's live parcel whose creation ended without an answer (`unknown`, or a
 * `creating` claim older than `staleBefore`): it becomes `creating` again for this account.
 * Undefined when there is no such parcel (another request took it first, or it was created).
 */
export async function reclaimUnknownParcel(
  db: Kysely<Database>,
  orderId: number,
  changes: Pick<ParcelRow, "account_id" | "family" | "courier_label" | "created_by" | "updated_at" | "state_changed_at">,
  staleBefore: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable("parcels")
    .set({ ...changes, state: "creating", error: null })
    .where("order_id", "=", orderId)
    .where((eb) => eb.or([eb("state", "=", "unknown"), eb.and([eb("state", "=", "creating"), eb("updated_at", "<", staleBefore)])]))
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function updateParcel(db: Kysely<Database>, id: number, changes: Updateable<ParcelsTable>): Promise<void> {
  await db.updateTable("parcels").set(changes).where("id", "=", id).execute();
}

export async function deleteParcel(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("parcels").where("id", "=", id).execute();
}

/** An order's live (not cancelled) parcel. */
export function selectLiveParcel(db: Kysely<Database>, orderId: number): Promise<ParcelRow | undefined> {
  return db.selectFrom("parcels").selectAll().where("order_id", "=", orderId).where("state", "<>", "cancelled").executeTakeFirst();
}

/** The live parcels of these orders. */
export function selectLiveParcels(db: Kysely<Database>, orderIds: readonly number[]): Promise<ParcelRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("parcels")
    .selectAll()
    .where("order_id", "in", [...orderIds])
    .where("state", "<>", "cancelled")
    .execute();
}

/** An order's parcel to show: the live one, else the latest cancelled (a refusal, or a parcel the courier cancelled). */
export async function selectShownParcel(db: Kysely<Database>, orderId: number): Promise<ParcelRow | undefined> {
  return (
    (await selectLiveParcel(db, orderId)) ??
    db.selectFrom("parcels").selectAll().where("order_id", "=", orderId).orderBy("id", "desc").limit(1).executeTakeFirst()
  );
}

/** A parcel's events, newest first. */
export function selectParcelEvents(db: Kysely<Database>, parcelId: number): Promise<ParcelEventRow[]> {
  return db.selectFrom("parcel_events").selectAll().where("parcel_id", "=", parcelId).orderBy("occurred_at", "desc").orderBy("id", "desc").execute();
}
