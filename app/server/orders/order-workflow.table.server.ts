import type { AutoId, Timestamp } from "../db/types.server";

/** An internal note on an order (never shown to the shopper). */
export interface OrderNotesTable {
  id: AutoId;
  order_id: number;
  /** Null once the admin account is deleted; `author` keeps who wrote it. */
  admin_id: number | null;
  /** The admin's email at the time. */
  author: string;
  note: string;
  created_at: Timestamp;
}

/** Phones whose orders are refused at placement (normalised, 0XXXXXXXXX). */
export interface BlockedPhonesTable {
  phone: string;
  reason: string | null;
  created_at: Timestamp;
  /** The admin's email. */
  created_by: string;
}

export interface OrderWorkflowTables {
  order_notes: OrderNotesTable;
  blocked_phones: BlockedPhonesTable;
}
