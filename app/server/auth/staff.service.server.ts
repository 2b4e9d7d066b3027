import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/admin-auth";
import { ADMIN_ROLES, MAX_STAFF_NAME_LENGTH, type AdminRole } from "~/lib/admin-roles";
import { cleanFormText } from "~/lib/form-text";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";
import {
  countEnabledOwners,
  deleteInvitation,
  deleteSessionsOf,
  findAdminByEmail,
  findAdminById,
  findOpenInvitation,
  insertAdminUser,
  insertInvitation,
  selectAdminUsers,
  selectOpenInvitations,
  updateAdminUser,
  useInvitation,
} from "./auth.repo.server";
import { normalizeEmail, startSession, type AdminSession, type AuthSettings, type SignInResult } from "./auth.service.server";
import { hashPassword, verifyPassword } from "./password.server";

/**
 * Staff accounts, managed by the owner (docs/decisions/0031-staff-and-roles.md): add one with a
 * first password to change at the first sign-in, or invite one by a one-time link; disable and
 * enable (disabling ends the account's sessions); reset a password (a temporary one, to change;
 * sessions ended); change a role. Nobody disables or demotes themselves, and the shop always
 * keeps an enabled owner. Every admin changes their own password here too.
 */

/** How long an invitation link stays usable. */
export const INVITATION_HOURS = 72;

export type StaffError =
  | "invalid_email"
  | "invalid_name"
  | "invalid_role"
  | "invalid_password"
  | "email_taken"
  | "not_found"
  | "self"
  | "last_owner"
  | "wrong_password"
  | "invitation_invalid";

export type StaffResult<T = object> = ({ ok: true } & T) | { ok: false; error: StaffError };

/** Whoever acts: the signed-in owner (their id guards against acting on themselves). */
export interface StaffActor {
  adminId: number;
}

const emailSchema = z.email().max(320);
const nameSchema = z.string().trim().min(1).max(MAX_STAFF_NAME_LENGTH);
const passwordSchema = z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH);
const roleSchema = z.enum(ADMIN_ROLES);

function parseEmail(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 400) return null;
  const parsed = emailSchema.safeParse(normalizeEmail(value));
  return parsed.success ? parsed.data : null;
}
function parseName(value: unknown): string | null {
  // A name shows on calls and edits on one line: no NUL (PostgreSQL refuses it), no line breaks.
  const parsed = nameSchema.safeParse(typeof value === "string" ? cleanFormText(value).replace(/\s+/g, " ") : value);
  return parsed.success ? parsed.data : null;
}
function parsePassword(value: unknown): string | null {
  const parsed = passwordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
function parseRole(value: unknown): AdminRole | null {
  const parsed = roleSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface StaffMember {
  id: number;
  email: string;
  name: string | null;
  role: AdminRole;
  disabled: boolean;
  mustChangePassword: boolean;
  createdAt: string;
}

export interface OpenInvitation {
  id: number;
  email: string;
  name: string | null;
  role: AdminRole;
  expiresAt: string;
}

/** Every account, and the invitations still open at `now`. */
export async function listStaff(db: Kysely<Database>, now = new Date()): Promise<{ staff: StaffMember[]; invitations: OpenInvitation[] }> {
  const [users, invitations] = await Promise.all([selectAdminUsers(db), selectOpenInvitations(db, now.toISOString())]);
  return {
    staff: users.map((user) => ({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      disabled: user.disabled_at !== null,
      mustChangePassword: toBool(user.must_change_password),
      createdAt: user.created_at,
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      expiresAt: invitation.expires_at,
    })),
  };
}

/** Adds an account with a first password, which its holder must change at the first sign-in. */
export async function addStaff(
  db: Kysely<Database>,
  input: { email: unknown; name: unknown; role: unknown; password: unknown },
  now = new Date(),
): Promise<StaffResult<{ id: number }>> {
  const email = parseEmail(input.email);
  if (!email) return { ok: false, error: "invalid_email" };
  const name = parseName(input.name);
  if (!name) return { ok: false, error: "invalid_name" };
  const role = parseRole(input.role);
  if (!role) return { ok: false, error: "invalid_role" };
  const password = parsePassword(input.password);
  if (!password) return { ok: false, error: "invalid_password" };
  if (await findAdminByEmail(db, email)) return { ok: false, error: "email_taken" };
  const passwordHash = await hashPassword(password);
  try {
    const id = await insertAdminUser(db, { email, name, role, passwordHash, mustChangePassword: true, now: now.toISOString() });
    return { ok: true, id };
  } catch (error) {
    // Two owners adding the same email at once: the unique index answers for the second.
    if (await findAdminByEmail(db, email)) return { ok: false, error: "email_taken" };
    throw error;
  }
}

/** The SHA-256 (hex) of an invitation token: all the database keeps of it. */
function invitationHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A one-time invitation link's token (shown once to the owner), valid INVITATION_HOURS. */
export async function inviteStaff(
  db: Kysely<Database>,
  actor: StaffActor,
  input: { email: unknown; name: unknown; role: unknown },
  now = new Date(),
): Promise<StaffResult<{ token: string; expiresAt: string }>> {
  const email = parseEmail(input.email);
  if (!email) return { ok: false, error: "invalid_email" };
  const name = parseName(input.name);
  if (!name) return { ok: false, error: "invalid_name" };
  const role = parseRole(input.role);
  if (!role) return { ok: false, error: "invalid_role" };
  if (await findAdminByEmail(db, email)) return { ok: false, error: "email_taken" };
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 3_600_000).toISOString();
  await insertInvitation(db, { tokenHash: invitationHash(token), email, name, role, createdBy: actor.adminId, expiresAt, now: now.toISOString() });
  return { ok: true, token, expiresAt };
}

/** Withdraws an open invitation. */
export async function revokeInvitation(db: Kysely<Database>, id: unknown): Promise<void> {
  if (typeof id === "number" && Number.isSafeInteger(id) && id > 0) await deleteInvitation(db, id);
}

/** A token's shape: 32 bytes in base64url. Anything else is not looked up. */
function tokenShape(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** The invitation of a link, while usable (not used, not expired); null otherwise. */
export async function openInvitation(db: Kysely<Database>, token: unknown, now = new Date()): Promise<OpenInvitation | null> {
  if (!tokenShape(token)) return null;
  const found = await findOpenInvitation(db, invitationHash(token), now.toISOString());
  return found ? { id: found.id, email: found.email, name: found.name, role: found.role, expiresAt: found.expires_at } : null;
}

/**
 * Accepts an invitation: the invitee's account with the password they chose (nothing to change
 * afterwards), and a session for them. The link works once: two requests at once, one account.
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  input: { token: unknown; password: unknown; ip: string; userAgent: string | null },
  settings: AuthSettings,
): Promise<StaffResult<{ signedIn: Extract<SignInResult, { kind: "signed_in" }> }>> {
  const now = settings.now?.() ?? new Date();
  const invitation = await openInvitation(db, input.token, now);
  if (!invitation) return { ok: false, error: "invitation_invalid" };
  const password = parsePassword(input.password);
  if (!password) return { ok: false, error: "invalid_password" };
  const passwordHash = await hashPassword(password);
  const created = await db.transaction().execute(async (trx) => {
    if (!(await useInvitation(trx, invitation.id, now.toISOString()))) return null;
    if (await findAdminByEmail(trx, invitation.email)) return "taken" as const;
    return insertAdminUser(trx, {
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      passwordHash,
      mustChangePassword: false,
      now: now.toISOString(),
    });
  });
  if (created === null) return { ok: false, error: "invitation_invalid" };
  if (created === "taken") return { ok: false, error: "email_taken" };
  const admin = await findAdminById(db, created);
  if (!admin) return { ok: false, error: "not_found" };
  return { ok: true, signedIn: await startSession(db, admin, { ip: input.ip, userAgent: input.userAgent }, settings, now) };
}

function parseId(value: unknown): number | null {
  const id = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Checks a change that could take an owner away (disabling, demoting): never oneself, and some
 * other enabled owner must remain. Runs inside the change's transaction.
 */
async function keepsAnOwner(
  db: Kysely<Database>,
  actor: StaffActor,
  target: { id: number; role: AdminRole; disabled_at: string | null },
): Promise<StaffError | null> {
  if (target.id === actor.adminId) return "self";
  if (target.role === "owner" && target.disabled_at === null && (await countEnabledOwners(db, target.id)) === 0) return "last_owner";
  return null;
}

/** Disables (every session ended at once) or enables an account. */
export async function setStaffDisabled(
  db: Kysely<Database>,
  actor: StaffActor,
  input: { id: unknown; disabled: boolean },
  now = new Date(),
): Promise<StaffResult> {
  const id = parseId(input.id);
  if (id === null) return { ok: false, error: "not_found" };
  return db.transaction().execute(async (trx): Promise<StaffResult> => {
    const target = await findAdminById(trx, id);
    if (!target) return { ok: false, error: "not_found" };
    if (input.disabled) {
      const refused = await keepsAnOwner(trx, actor, target);
      if (refused) return { ok: false, error: refused };
    }
    await updateAdminUser(trx, id, { disabled_at: input.disabled ? now.toISOString() : null }, now.toISOString());
    if (input.disabled) await deleteSessionsOf(trx, id);
    return { ok: true };
  });
}

/** Gives an account another role; an owner's demotion keeps the shop with an enabled owner. */
export async function changeStaffRole(
  db: Kysely<Database>,
  actor: StaffActor,
  input: { id: unknown; role: unknown },
  now = new Date(),
): Promise<StaffResult> {
  const id = parseId(input.id);
  if (id === null) return { ok: false, error: "not_found" };
  const role = parseRole(input.role);
  if (!role) return { ok: false, error: "invalid_role" };
  return db.transaction().execute(async (trx): Promise<StaffResult> => {
    const target = await findAdminById(trx, id);
    if (!target) return { ok: false, error: "not_found" };
    if (target.role === role) return { ok: true };
    const refused = await keepsAnOwner(trx, actor, target);
    if (refused) return { ok: false, error: refused };
    await updateAdminUser(trx, id, { role }, now.toISOString());
    return { ok: true };
  });
}

/** Sets a temporary password the holder must change at the next sign-in; their sessions end. */
export async function resetStaffPassword(
  db: Kysely<Database>,
  actor: StaffActor,
  input: { id: unknown; password: unknown },
  now = new Date(),
): Promise<StaffResult> {
  const id = parseId(input.id);
  if (id === null) return { ok: false, error: "not_found" };
  // One's own password is changed on /admin/password, with the current one.
  if (id === actor.adminId) return { ok: false, error: "self" };
  const password = parsePassword(input.password);
  if (!password) return { ok: false, error: "invalid_password" };
  const target = await findAdminById(db, id);
  if (!target) return { ok: false, error: "not_found" };
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await updateAdminUser(trx, id, { password_hash: passwordHash, must_change_password: true }, now.toISOString());
    await deleteSessionsOf(trx, id);
  });
  return { ok: true };
}

/**
 * Changes one's own password (the current one asked again); clears "must change" and ends the
 * admin's other sessions, keeping this one.
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  session: Pick<AdminSession, "adminId" | "sessionId">,
  input: { current: unknown; next: unknown },
  now = new Date(),
): Promise<StaffResult> {
  const admin = await findAdminById(db, session.adminId);
  if (!admin) return { ok: false, error: "not_found" };
  const current = typeof input.current === "string" && input.current.length <= MAX_PASSWORD_LENGTH ? input.current : "";
  if (current === "" || !(await verifyPassword(current, admin.password_hash))) return { ok: false, error: "wrong_password" };
  const next = parsePassword(input.next);
  if (!next) return { ok: false, error: "invalid_password" };
  const passwordHash = await hashPassword(next);
  await db.transaction().execute(async (trx) => {
    await updateAdminUser(trx, admin.id, { password_hash: passwordHash, must_change_password: false }, now.toISOString());
    await deleteSessionsOf(trx, admin.id, session.sessionId);
  });
  return { ok: true };
}
