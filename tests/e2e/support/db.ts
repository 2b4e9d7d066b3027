import { inject } from "vitest";
import { openDatabase } from "~/server/db/db.server";

type Db = ReturnType<typeof openDatabase>["db"];

/** Runs `work` on the e2e server's SQLite file (setup, checks and clean-up a browser cannot do), then closes it. */
export async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  try {
    return await work(db);
  } finally {
    await close();
  }
}

/** Which stored orders: those placed with a phone number (as stored, digits only), or the one with an order number. */
export type OrderKey = { phone: string } | { orderNumber: string };

/** The orders the server stored under `key`, with the first one's lines in their order. */
export function storedOrders(key: OrderKey) {
  return withDb(async (db) => {
    const orders = await db
      .selectFrom("orders")
      .selectAll()
      .where((eb) => ("phone" in key ? eb("phone", "=", key.phone) : eb("order_number", "=", key.orderNumber)))
      .execute();
    const lines = orders[0] ? await db.selectFrom("order_items").selectAll().where("order_id", "=", orders[0].id).orderBy("position").execute() : [];
    return { orders, lines };
  });
}

/** The order stored under `key`, if any. */
export async function storedOrder(key: OrderKey) {
  return (await storedOrders(key)).orders[0];
}

/** A product's price as the shop stores it (the database, not the page). */
export function priceOf(productId: string): Promise<number> {
  return withDb(async (db) => (await db.selectFrom("products").select("price").where("id", "=", productId).executeTakeFirstOrThrow()).price);
}
