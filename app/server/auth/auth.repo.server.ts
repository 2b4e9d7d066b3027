import { PostgresAdapter, type Kysely } from "kysely";
import type { AdminRole } from "~/lib/admin-roles";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";

export interface AdminUserRow {
  id: number;
  email: string;
  password_hash: string;
  role: AdminRole;
  name: string | null;
  disabled_at: string | null;
  must_change_password: boolean;
}

export interface AdminSessionRow {
  id: string;
  admin_id: number;
  email: string;
  role: AdminRole;
  name: string | null;
  disabled_at: string | null;
  must_change_password: boolean;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

const userColumns = ["id", "email", "password_hash", "role", "name", "disabled_at", "must_change_password"] as const;

export async function findAdminByEmail(db: Kysely<Database>, email: string): Promise<AdminUserRow | undefined> {
  const row = await db.selectFrom("admin_users").select(userColumns).where("email", "=", email).executeTakeFirst();
  return row && { ...row, must_change_password: toBool(row.must_change_password) };
}

export async function findAdminById(db: Kysely<Database>, id: number): Promise<AdminUserRow | undefined> {
  const row = await db.selectFrom("admin_users").select(userColumns).where("id", "=", id).executeTakeFirst();
  return row && { ...row, must_change_password: toBool(row.must_change_password) };
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("admin_users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Creates the admin, or sets a new password when the email exists; answers which happened. */
export async function upsertAdmin(db: Kysely<Database>, email: string, passwordHash: string, now: string): Promise<"created" | "updated"> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("admin_users").select("id").where("email", "=", email).executeTakeFirst();
    if (existing) {
      await trx.updateTable("admin_users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", existing.id).execute();
      // A reset password ends every session of that admin.
      await trx.deleteFrom("admin_sessions").where("admin_id", "=", existing.id).execute();
      return "updated";
    }
    // The command line creates owners; a reset (above) keeps the account's role.
    await trx.insertInto("admin_users").values({ email, password_hash: passwordHash, role: "owner", created_at: now, updated_at: now }).execute();
    return "created";
  });
}

export async function insertSession(
  db: Kysely<Database>,
  session: { id: string; adminId: number; now: string; expiresAt: string; ip: string; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto("admin_sessions")
    .values({
      id: session.id,
      admin_id: session.adminId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

export async function findSession(db: Kysely<Database>, id: string): Promise<AdminSessionRow | undefined> {
  const row = await db
    .selectFrom("admin_sessions")
    .innerJoin("admin_users", "admin_users.id", "admin_sessions.admin_id")
    .select([
      "admin_sessions.id",
      "admin_sessions.admin_id",
      "admin_users.email",
      "admin_users.role",
      "admin_users.name",
      "admin_users.disabled_at",
      "admin_users.must_change_password",
      "admin_sessions.created_at",
      "admin_sessions.last_seen_at",
      "admin_sessions.expires_at",
    ])
    .where("admin_sessions.id", "=", id)
    .executeTakeFirst();
  return row && { ...row, must_change_password: toBool(row.must_change_password) };
}

export async function touchSession(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable("admin_sessions").set({ last_seen_at: now }).where("id", "=", id).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<number> {
  const result = await db.deleteFrom("admin_sessions").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets sessions past their absolute expiry or idle since before `idleBefore`. */
export async function deleteExpiredSessions(db: Kysely<Database>, now: string, idleBefore: string): Promise<number> {
  const result = await db
    .deleteFrom("admin_sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<", idleBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every admin account, oldest first. */
export async function selectAdminUsers(db: Kysely<Database>) {
  return db
    .selectFrom("admin_users")
    .select(["id", "email", "role", "name", "disabled_at", "must_change_password", "created_at"])
    .orderBy("id")
    .limit(500)
    .execute();
}

export async function insertAdminUser(
  db: Kysely<Database>,
  user: { email: string; name: string | null; role: AdminRole; passwordHash: string; mustChangePassword: boolean; now: string },
): Promise<number> {
  const row = await db
    .insertInto("admin_users")
    .values({
      email: user.email,
      name: user.name,
      role: user.role,
      password_hash: user.passwordHash,
      must_change_password: user.mustChangePassword,
      created_at: user.now,
      updated_at: user.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateAdminUser(
  db: Kysely<Database>,
  id: number,
  patch: { role?: AdminRole; disabled_at?: string | null; password_hash?: string; must_change_password?: boolean },
  now: string,
): Promise<void> {
  await db
    .updateTable("admin_users")
    .set({ ...patch, updated_at: now })
    .where("id", "=", id)
    .execute();
}

/** Ends every session of an admin, but `keep` (the one in use, for a change of one's own password). */
export async function deleteSessionsOf(db: Kysely<Database>, adminId: number, keep?: string): Promise<void> {
  let query = db.deleteFrom("admin_sessions").where("admin_id", "=", adminId);
  if (keep) query = query.where("id", "<>", keep);
  await query.execute();
}

/**
 * How many enabled owners the shop has, leaving out `exceptId`. Call it inside the change's
 * transaction: on PostgreSQL the enabled owners' rows stay locked until it ends, so two owners
 * taking each other away at once are taken one after the other, and the second sees the first's
 * change (SQLite runs one write transaction at a time).
 */
export async function countEnabledOwners(db: Kysely<Database>, exceptId: number): Promise<number> {
  const owners = await db
    .selectFrom("admin_users")
    .select("id")
    .where("role", "=", "owner")
    .where("disabled_at", "is", null)
    .$if(db.getExecutor().adapter instanceof PostgresAdapter, (qb) => qb.forUpdate())
    .execute();
  return owners.filter((owner) => owner.id !== exceptId).length;
}

export async function insertInvitation(
  db: Kysely<Database>,
  invitation: { tokenHash: string; email: string; name: string | null; role: AdminRole; createdBy: number; expiresAt: string; now: string },
): Promise<void> {
  await db
    .insertInto("admin_invitations")
    .values({
      token_hash: invitation.tokenHash,
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      created_by: invitation.createdBy,
      expires_at: invitation.expiresAt,
      created_at: invitation.now,
    })
    .execute();
}

/** An invitation still usable at `now` (not used, not expired). */
export async function findOpenInvitation(db: Kysely<Database>, tokenHash: string, now: string) {
  return db
    .selectFrom("admin_invitations")
    .select(["id", "email", "name", "role", "expires_at"])
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** Marks an open invitation used; false when another request used it first (one use, race-safe). */
export async function useInvitation(db: Kysely<Database>, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("admin_invitations")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Invitations not used yet and not expired, newest first. */
export async function selectOpenInvitations(db: Kysely<Database>, now: string) {
  return db
    .selectFrom("admin_invitations")
    .select(["id", "email", "name", "role", "expires_at", "created_at"])
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
}

export async function deleteInvitation(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("admin_invitations").where("id", "=", id).execute();
}
