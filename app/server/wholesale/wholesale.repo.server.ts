import type { Kysely } from "kysely";
import type { WholesaleStatus } from "~/lib/wholesale";
import type { Database } from "../db/database.server";
import { raiseCounter } from "../db/rate-limit.server";

/** Reads and writes of wholesale_enquiries (migration 010). Timestamps are ISO-8601 UTC text. */

/** An active wilaya's code, or undefined (the form lists the active ones, like the order forms). */
export function selectActiveWilayaCode(db: Kysely<Database>, code: string) {
  return db.selectFrom("wilayas").select("code").where("code", "=", code).where("active", "=", true).executeTakeFirst();
}

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
export interface EnquiryRateLimit {
  name: string;
  key: string;
  windowStart: string;
  limit: number;
}

export type InsertEnquiryResult = { kind: "created"; id: number } | { kind: "rate_limited"; rule: string };

class RateLimited extends Error {
  constructor(readonly rule: string) {
    super(`rate limit ${rule}`);
  }
}

/**
 * Stores an enquiry and raises its rate-limit counters in one transaction: nothing is kept
 * (neither the enquiry nor the counters) when a counter goes past its limit, as with orders.
 */
export async function insertEnquiry(db: Kysely<Database>, enquiry: NewEnquiry, rateLimits: EnquiryRateLimit[]): Promise<InsertEnquiryResult> {
  try {
    const id = await db.transaction().execute(async (trx) => {
      for (const rule of rateLimits) {
        if ((await raiseCounter(trx, rule.key, rule.windowStart)) > rule.limit) throw new RateLimited(rule.name);
      }
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
    return { kind: "created", id };
  } catch (error) {
    if (error instanceof RateLimited) return { kind: "rate_limited", rule: error.rule };
    throw error;
  }
}

export async function countEnquiries(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("wholesale_enquiries").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of enquiries, newest first, with the wilaya's names. */
export function selectEnquiries(db: Kysely<Database>, page: { limit: number; offset: number }) {
  return db
    .selectFrom("wholesale_enquiries")
    .leftJoin("wilayas", "wilayas.code", "wholesale_enquiries.wilaya_code")
    .select([
      "wholesale_enquiries.id",
      "wholesale_enquiries.business_name",
      "wholesale_enquiries.contact_name",
      "wholesale_enquiries.phone",
      "wholesale_enquiries.wilaya_code",
      "wholesale_enquiries.categories",
      "wholesale_enquiries.estimated_quantity",
      "wholesale_enquiries.message",
      "wholesale_enquiries.status",
      "wholesale_enquiries.created_at",
      "wilayas.name as wilaya_name",
      "wilayas.name_ar as wilaya_name_ar",
    ])
    .orderBy("wholesale_enquiries.created_at", "desc")
    .orderBy("wholesale_enquiries.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type EnquiryRow = Awaited<ReturnType<typeof selectEnquiries>>[number];

/** Sets an enquiry's status; false when there is no such enquiry. */
export async function updateEnquiryStatus(db: Kysely<Database>, id: number, status: WholesaleStatus): Promise<boolean> {
  const result = await db.updateTable("wholesale_enquiries").set({ status }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
