import { describe, expect, it } from "vitest";
import {
  ADMIN_COOKIE,
  clearSessionCookie,
  hashSessionToken,
  newSessionToken,
  sessionCookie,
  sessionTokenFromCookieHeader,
} from "./session-cookie.server";

describe("admin session cookie", () => {
  it("tokens are 32 random bytes in base64url; the database keeps their SHA-256", () => {
    const token = newSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(newSessionToken()).not.toBe(token);
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(token)).not.toContain(token);
  });

  it("builds an httpOnly, SameSite=Lax, Path=/ cookie living no longer than the session", () => {
    const cookie = sessionCookie("t".repeat(43), { maxAgeSeconds: 604_800.7, secure: false });
    expect(cookie).toBe(`${ADMIN_COOKIE}=${"t".repeat(43)}; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax`);
    expect(sessionCookie("x", { maxAgeSeconds: 10, secure: true })).toMatch(/; Secure$/);
  });

  it("clears the cookie", () => {
    const cookie = clearSessionCookie({ secure: true });
    expect(cookie).toMatch(/^souq_admin=; Path=\/; Max-Age=0;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
  });

  it("reads the token from a Cookie header, ignoring other cookies and malformed values", () => {
    const token = newSessionToken();
    expect(sessionTokenFromCookieHeader(`lng=fr; souq_admin=${token}; cart=abc`)).toBe(token);
    expect(sessionTokenFromCookieHeader("lng=fr")).toBeNull();
    expect(sessionTokenFromCookieHeader(null)).toBeNull();
    expect(sessionTokenFromCookieHeader("souq_admin=short")).toBeNull();
    expect(sessionTokenFromCookieHeader(`souq_admin=${token.slice(1)}'`)).toBeNull();
  });
});
