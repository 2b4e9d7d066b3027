import type { Insertable } from "kysely";
import type { Database } from "~/server/db/database.server";

/**
 * An order row for tests that write orders straight into the table (lists, queues, roles): a
 * cart-page order of 1,000 DA plus 400 DA delivery to Algiers, created `at`, with whatever
 * `fields` the test cares about. The row has no lines.
 */
export function testOrderRow(
  fields: Pick<Insertable<Database["orders"]>, "order_number" | "phone"> & Partial<Insertable<Database["orders"]>>,
  at: string = new Date().toISOString(),
): Insertable<Database["orders"]> {
  return {
    source: "cart_page",
    status: "new",
    first_name: "أمين",
    last_name: "ب",
    wilaya_code: "16",
    address: null,
    email: null,
    items_total: 1000,
    delivery_price: 400,
    total: 1400,
    ref: null,
    ip: "127.0.0.1",
    user_agent: null,
    idempotency_key: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}
