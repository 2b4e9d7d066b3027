import type { Kysely } from "kysely";
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/admin-auth";
import type { AdminRole } from "~/lib/admin-roles";
import type { Database } from "../db/database.server";
import type { Env } from "../env.server";
import { countAttempts, uncountAttempts, windowStart } from "../platform/index.server";
import { deleteExpiredSessions, deleteSession, findAdminByEmail, findSession, insertSession, touchSession, upsertAdmin } from "./auth.repo.server";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.server";
import { hashSessionToken, newSessionToken } from "./session-cookie.server";

/** A signed-in admin, as loaders and actions see it. */
export interface AdminSession {
  adminId: number;
  email: string;
  /** What the admin may use (app/lib/admin-roles.ts). */
  role: AdminRole;
  /** The name the team knows the admin by; the email when none is set. */
  name: string;
  /** Set for a first or reset password: every admin page but /admin/password sends the admin there. */
  mustChangePassword: boolean;
  /** The session row's id (the SHA-256 of the cookie's token), never the token itself. */
  sessionId: string;
}

export interface AuthSettings {
  idleMinutes: number;
  maxDays: number;
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  windowMinutes: number;
  now?: () => Date;
}

export function authSettings(config: Env): AuthSettings {
  return {
    idleMinutes: config.ADMIN_SESSION_IDLE_MINUTES,
    maxDays: config.ADMIN_SESSION_MAX_DAYS,
    maxFailuresPerEmail: config.ADMIN_LOGIN_MAX_FAILURES,
    maxFailuresPerIp: config.ADMIN_LOGIN_MAX_FAILURES_PER_IP,
    windowMinutes: config.ADMIN_LOGIN_WINDOW_MINUTES,
  };
}

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Seconds between two writes of a session's last-seen time (a page load is several requests). */
const TOUCH_INTERVAL_MS = 60_000;

export const loginCounterKeys = (email: string, ip: string) => ({
  email: `login-email:${email}`,
  ip: `login-ip:${ip}`,
});

export type SignInResult =
  { kind: "signed_in"; token: string; session: AdminSession; expiresAt: Date } | { kind: "wrong_credentials" } | { kind: "throttled" };

/**
 * Checks an email and password, throttled per email and per client address (decision 0024).
 *
 * The attempt is counted first, in one atomic statement, and the password checked only when that
 * count is within both limits: however many attempts arrive at once, at most the limit of them
 * reach scrypt, and any attempt past the limit is refused (no hashing), even with the right
 * password, until the window ends. The counters live in the database, so they survive restarts
 * and are shared by app servers. An unknown email costs the same scrypt work as a known one.
 *
 * A successful sign-in takes back its own attempt (so the counters hold failures, plus attempts
 * still being checked) but never the failures of others: an attacker's count is not reset by the
 * admin signing in. The browser's previous session (if any) is deleted and a new one created: the
 * token changes at every sign-in.
 */
export async function signIn(
  db: Kysely<Database>,
  input: { email: string; password: string; ip: string; userAgent: string | null; previousToken: string | null },
  settings: AuthSettings,
): Promise<SignInResult> {
  const now = settings.now?.() ?? new Date();
  const email = normalizeEmail(input.email).slice(0, 320);
  const keys = loginCounterKeys(email, input.ip);
  const attemptWindow = windowStart(now, settings.windowMinutes * 60);
  // Email first, address second: the fixed order countAttempts asks for.
  const counted = [keys.email, keys.ip];
  const counts = await countAttempts(db, counted, attemptWindow);
  if ((counts.get(keys.email) ?? Infinity) > settings.maxFailuresPerEmail || (counts.get(keys.ip) ?? Infinity) > settings.maxFailuresPerIp) {
    return { kind: "throttled" };
  }

  const admin = await findAdminByEmail(db, email);
  const password = input.password.length <= MAX_PASSWORD_LENGTH ? input.password : "";
  const valid = admin ? await verifyPassword(password, admin.password_hash) : await verifyAgainstDummy(password);
  // A disabled account is refused like a wrong password: the answer tells an attacker nothing.
  if (!admin || !valid || password === "" || admin.disabled_at !== null) return { kind: "wrong_credentials" };

  await uncountAttempts(db, counted, attemptWindow);
  if (input.previousToken) await deleteSession(db, hashSessionToken(input.previousToken));
  return startSession(db, admin, input, settings, now);
}

/**
 * A new session for an admin who just proved who they are (a password, or an invitation's
 * token): a new random token, its SHA-256 stored with the absolute expiry.
 */
export async function startSession(
  db: Kysely<Database>,
  admin: { id: number; email: string; role: AdminRole; name: string | null; must_change_password: boolean },
  client: { ip: string; userAgent: string | null },
  settings: AuthSettings,
  now = settings.now?.() ?? new Date(),
): Promise<Extract<SignInResult, { kind: "signed_in" }>> {
  const token = newSessionToken();
  const sessionId = hashSessionToken(token);
  const expiresAt = new Date(now.getTime() + settings.maxDays * 86_400_000);
  await insertSession(db, {
    id: sessionId,
    adminId: admin.id,
    now: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
  // Now and then, forget sessions that can no longer be used.
  if (Math.random() < 0.05) {
    const idleBefore = new Date(now.getTime() - settings.idleMinutes * 60_000).toISOString();
    await deleteExpiredSessions(db, now.toISOString(), idleBefore);
  }
  return {
    kind: "signed_in",
    token,
    session: {
      adminId: admin.id,
      email: admin.email,
      role: admin.role,
      name: admin.name ?? admin.email,
      mustChangePassword: admin.must_change_password,
      sessionId,
    },
    expiresAt,
  };
}

/**
 * The session of a cookie token, or null when unknown, idle for longer than the idle limit or
 * past its absolute expiry (such a row is deleted). Raises the last-seen time.
 */
export async function sessionFromToken(db: Kysely<Database>, token: string, settings: AuthSettings): Promise<AdminSession | null> {
  const now = settings.now?.() ?? new Date();
  const id = hashSessionToken(token);
  const row = await findSession(db, id);
  // A disabled account's sessions end at once, whatever their age.
  if (!row || row.disabled_at !== null) return null;
  const idleUntil = Date.parse(row.last_seen_at) + settings.idleMinutes * 60_000;
  if (Date.parse(row.expires_at) <= now.getTime() || idleUntil <= now.getTime()) {
    await deleteSession(db, id);
    return null;
  }
  if (now.getTime() - Date.parse(row.last_seen_at) >= TOUCH_INTERVAL_MS) await touchSession(db, id, now.toISOString());
  return {
    adminId: row.admin_id,
    email: row.email,
    role: row.role,
    name: row.name ?? row.email,
    mustChangePassword: row.must_change_password,
    sessionId: id,
  };
}

/** Ends the session of a cookie token (deletes its row); true when there was one. */
export async function signOut(db: Kysely<Database>, token: string): Promise<boolean> {
  return (await deleteSession(db, hashSessionToken(token))) > 0;
}

const adminInput = z.object({
  email: z.email().max(320),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH),
});

export type CreateAdminResult = { kind: "created" | "updated"; email: string } | { kind: "invalid"; problems: string[] };

/** Creates an admin, or resets the password (and ends the sessions) of an existing one. */
export async function createOrResetAdmin(db: Kysely<Database>, input: { email: string; password: string }): Promise<CreateAdminResult> {
  const parsed = adminInput.safeParse({ email: normalizeEmail(input.email), password: input.password });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.path[0] === "password"
        ? `--password must be between ${MIN_PASSWORD_LENGTH} and ${MAX_PASSWORD_LENGTH} characters`
        : "--email must be a valid email address",
    );
    return { kind: "invalid", problems: [...new Set(problems)] };
  }
  const passwordHash = await hashPassword(parsed.data.password);
  const kind = await upsertAdmin(db, parsed.data.email, passwordHash, new Date().toISOString());
  return { kind, email: parsed.data.email };
}
