import { createHash, randomBytes } from "node:crypto";

/** The admin session cookie: an opaque random token; the database keeps only its SHA-256. */
export const ADMIN_COOKIE = "souq_admin";

/** A new session token: 32 random bytes, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database stores for a token (its SHA-256, hex). */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The token of the `souq_admin` cookie in a Cookie header, or null (also for a malformed value). */
export function sessionTokenFromCookieHeader(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== ADMIN_COOKIE) continue;
    const value = part.slice(index + 1).trim();
    return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
  }
  return null;
}

/** Set-Cookie for a new session, living no longer than the session's absolute expiry. */
export function sessionCookie(token: string, options: { maxAgeSeconds: number; secure: boolean }): string {
  const maxAge = Math.max(0, Math.floor(options.maxAgeSeconds));
  return `${ADMIN_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

/** Set-Cookie that removes the session cookie. */
export function clearSessionCookie(options: { secure: boolean }): string {
  return `${ADMIN_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}
