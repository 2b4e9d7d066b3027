import type { ColumnType } from "kysely";
import type { AdminRole } from "~/lib/admin-roles";
import type { AutoId, Bool, Timestamp } from "../db/types.server";

export interface AdminUsersTable {
  id: AutoId;
  /** Trimmed and lower-cased; unique. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (password.server.ts); never leaves the server. */
  password_hash: string;
  /** What the admin may use (app/lib/admin-roles.ts); every admin before migration 022 is an owner. */
  role: ColumnType<AdminRole, AdminRole | undefined, AdminRole>;
  /** How the team sees the admin (the agent's name on calls and edits); null: the email. */
  name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when the owner disables the account: no sign-in, every session ended. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** A first password (or one reset by the owner) must be changed at the next sign-in. */
  must_change_password: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A one-time invitation link (migration 022): only the SHA-256 of its token is stored. */
export interface AdminInvitationsTable {
  id: AutoId;
  token_hash: string;
  email: string;
  name: string | null;
  role: AdminRole;
  created_by: number | null;
  expires_at: string;
  used_at: string | null;
  created_at: Timestamp;
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
  admin_invitations: AdminInvitationsTable;
}
