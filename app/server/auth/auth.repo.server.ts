import type { Kysely } from "kysely";
import type { AdminRole } from "~/lib/admin-roles";
import type { Database } from "../db/database.server";

export interface AdminUserRow {
  id: number;
  email: string;
  password_hash: string;
  role: AdminRole;
  name: string | null;
  disabled_at: string | null;
}

export interface AdminSessionRow {
  id: string;
  admin_id: number;
  email: string;
  role: AdminRole;
  name: string | null;
  disabled_at: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export async function findAdminByEmail(db: Kysely<Database>, email: string): Promise<AdminUserRow | undefined> {
  return db
    .selectFrom("admin_users")
    .select(["id", "email", "password_hash", "role", "name", "disabled_at"])
    .where("email", "=", email)
    .executeTakeFirst();
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
    await trx.insertInto("admin_users").values({ email, password_hash: passwordHash, created_at: now, updated_at: now }).execute();
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
  return db
    .selectFrom("admin_sessions")
    .innerJoin("admin_users", "admin_users.id", "admin_sessions.admin_id")
    .select([
      "admin_sessions.id",
      "admin_sessions.admin_id",
      "admin_users.email",
      "admin_users.role",
      "admin_users.name",
      "admin_users.disabled_at",
      "admin_sessions.created_at",
      "admin_sessions.last_seen_at",
      "admin_sessions.expires_at",
    ])
    .where("admin_sessions.id", "=", id)
    .executeTakeFirst();
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
