import type { AutoId, Timestamp } from "../db/types.server";

export interface AdminUsersTable {
  id: AutoId;
  /** Trimmed and lower-cased; unique. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (password.server.ts); never leaves the server. */
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdminSessionsTable {
  /** SHA-256 (hex) of the random token in the `souq_admin` cookie: the token itself is never stored. */
  id: string;
  admin_id: number;
  created_at: Timestamp;
  /** Raised by each request (at most once a minute): idle expiry counts from it. */
  last_seen_at: Timestamp;
  /** Absolute end of the session, whatever the activity. */
  expires_at: Timestamp;
  ip: string;
  user_agent: string | null;
}

export interface AuthTables {
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
}
