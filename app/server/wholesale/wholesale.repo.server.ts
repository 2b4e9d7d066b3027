import type { Kysely } from "kysely";
import type { WholesaleStatus } from "~/lib/wholesale";
import type { Database } from "../db/database.server";
import { wilayaNamesByCode } from "../delivery/index.server";
import { limitedTransaction, withRateLimits, type RateLimitRule } from "../platform/index.server";

/** Reads and writes of wholesale_enquiries (migration 010). Timestamps are ISO-8601 UTC text. */

export interface NewEnquiry {
  businessName: string;
  contactName: string;
  phone: string;
  wilayaCode: string;
  categories: string;
  estimatedQuantity: string | null;
  message: string | null;
  ip: string;
  userAgent: string | null;
  createdAt: string;
}

/** A counter raised in the enquiry's transaction; the enquiry is refused when it goes past `limit`. */
export type EnquiryRateLimit = RateLimitRule;

export type InsertEnquiryResult = { kind: "created"; id: number } | { kind: "rate_limited"; rule: string };

/**
 * Stores an enquiry and raises its rate-limit counters in one transaction: nothing is kept
 * (neither the enquiry nor the counters) when a counter goes past its limit, as with orders.
 */
export async function insertEnquiry(db: Kysely<Database>, enquiry: NewEnquiry, rateLimits: EnquiryRateLimit[]): Promise<InsertEnquiryResult> {
  const result = await limitedTransaction(db, async (trx) => {
    await withRateLimits(trx, rateLimits);
    const row = await trx
      .insertInto("wholesale_enquiries")
      .values({
        business_name: enquiry.businessName,
        contact_name: enquiry.contactName,
        phone: enquiry.phone,
        wilaya_code: enquiry.wilayaCode,
        categories: enquiry.categories,
        estimated_quantity: enquiry.estimatedQuantity,
        message: enquiry.message,
        status: "new",
        ip: enquiry.ip,
        user_agent: enquiry.userAgent,
        created_at: enquiry.createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return result.kind === "done" ? { kind: "created", id: result.value } : result;
}

export async function countEnquiries(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("wholesale_enquiries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of enquiries, newest first, with the wilaya's names (from delivery; null for a wilaya since removed). */
export async function selectEnquiries(db: Kysely<Database>, page: { limit: number; offset: number }) {
  const [rows, wilayas] = await Promise.all([
    db
      .selectFrom("wholesale_enquiries")
      .select(["id", "business_name", "contact_name", "phone", "wilaya_code", "categories", "estimated_quantity", "message", "status", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    wilayaNamesByCode(db),
  ]);
  return rows.map((row) => {
    const wilaya = wilayas.get(row.wilaya_code);
    return { ...row, wilaya_name: wilaya?.name ?? null, wilaya_name_ar: wilaya?.name_ar ?? null };
  });
}

export type EnquiryRow = Awaited<ReturnType<typeof selectEnquiries>>[number];

/** Sets an enquiry's status; false when there is no such enquiry. */
export async function updateEnquiryStatus(db: Kysely<Database>, id: number, status: WholesaleStatus): Promise<boolean> {
  const result = await db.updateTable("wholesale_enquiries").set({ status }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
