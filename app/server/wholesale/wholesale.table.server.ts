import type { ColumnType } from "kysely";
import type { WholesaleStatus } from "~/lib/wholesale";
import type { AutoId, Timestamp } from "../db/types.server";

/** A trade buyer's enquiry from /product-gros (migration 010). */
export interface WholesaleEnquiriesTable {
  id: AutoId;
  business_name: string;
  contact_name: string;
  /** Normalised mobile number, 0XXXXXXXXX. */
  phone: string;
  wilaya_code: string;
  /** Comma-separated category keys of app/lib/wholesale.ts, in display order. */
  categories: string;
  estimated_quantity: string | null;
  message: string | null;
  status: ColumnType<WholesaleStatus, WholesaleStatus | undefined, WholesaleStatus>;
  ip: string;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface WholesaleTables {
  wholesale_enquiries: WholesaleEnquiriesTable;
}
