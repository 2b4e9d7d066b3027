import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createOrResetAdmin, loginCounterKeys, sessionFromToken, signIn, signOut, type AuthSettings } from "~/server/auth/auth.service.server";
import { countAdmins } from "~/server/auth/index.server";
import { hashSessionToken } from "~/server/auth/session-cookie.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Every scrypt check a sign-in makes (a real admin's hash, or the dummy for an unknown email),
// counted while still done for real.
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/server/auth/password.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/server/auth/password.server")>();
  return {
    ...original,
    verifyPassword: (password: string, stored: string) => {
      passwordChecks.count++;
      return original.verifyPassword(password, stored);
    },
    verifyAgainstDummy: (password: string) => {
      passwordChecks.count++;
      return original.verifyAgainstDummy(password);
    },
  };
});

let test: TestDatabase;
const EMAIL = "owner@souq.test";
const PASSWORD = "a-long-enough-password";

beforeAll(async () => {
  test = await createTestDatabase();
  expect(await createOrResetAdmin(test.db, { email: ` ${EMAIL.toUpperCase()} `, password: PASSWORD })).toEqual({ kind: "created", email: EMAIL });
});
afterAll(async () => {
  await test.destroy();
});

const base: AuthSettings = { idleMinutes: 120, maxDays: 7, maxFailuresPerEmail: 5, maxFailuresPerIp: 20, windowMinutes: 15 };
const at = (iso: string): AuthSettings => ({ ...base, now: () => new Date(iso) });
const attempt = (settings: AuthSettings, over: Partial<Parameters<typeof signIn>[1]> = {}) =>
  signIn(test.db, { email: EMAIL, password: PASSWORD, ip: "10.0.0.1", userAgent: "vitest", previousToken: null, ...over }, settings);

async function sessionRows() {
  return test.db.selectFrom("admin_sessions").selectAll().execute();
}

describe("admin accounts", () => {
  it("stores the email lower-cased and only a scrypt hash", async () => {
    const row = await test.db.selectFrom("admin_users").selectAll().executeTakeFirstOrThrow();
    expect(row.email).toBe(EMAIL);
    expect(row.password_hash.startsWith("scrypt$32768$8$1$")).toBe(true);
    expect(row.password_hash).not.toContain(PASSWORD);
    expect(await countAdmins(test.db)).toBe(1);
  });

  it("refuses a short password or an invalid email", async () => {
    const short = await createOrResetAdmin(test.db, { email: "x@souq.test", password: "short" });
    expect(short.kind).toBe("invalid");
    const bad = await createOrResetAdmin(test.db, { email: "not-an-email", password: PASSWORD });
    expect(bad.kind).toBe("invalid");
    expect(await countAdmins(test.db)).toBe(1);
  });
});

describe("signing in", () => {
  it("creates a session storing only the token's hash", async () => {
    const result = await attempt(at("2026-11-22T10:00:00.000Z"));
    expect(result.kind).toBe("signed_in");
    if (result.kind !== "signed_in") return;
    const row = await test.db.selectFrom("admin_sessions").selectAll().where("id", "=", result.session.sessionId).executeTakeFirstOrThrow();
    expect(row.id).toBe(hashSessionToken(result.token));
    expect(row.id).not.toBe(result.token);
    expect(row.ip).toBe("10.0.0.1");
    expect(row.user_agent).toBe("vitest");
    expect(row.expires_at).toBe("2026-11-29T10:00:00.000Z");
    expect(result.session.email).toBe(EMAIL);
    const session = await sessionFromToken(test.db, result.token, at("2026-11-22T10:30:00.000Z"));
    expect(session).toEqual(result.session);
  });

  it("accepts the email in any case and with spaces", async () => {
    expect((await attempt(at("2026-11-22T10:00:00.000Z"), { email: "  OWNER@Souq.Test " })).kind).toBe("signed_in");
  });

  it("refuses a wrong password and an unknown email the same way", async () => {
    expect((await attempt(at("2026-11-22T11:00:00.000Z"), { password: "wrong-password", ip: "10.0.0.50" })).kind).toBe("wrong_credentials");
    expect((await attempt(at("2026-11-22T11:00:00.000Z"), { email: "nobody@souq.test", ip: "10.0.0.50" })).kind).toBe("wrong_credentials");
  });

  it("rotates: signing in again from the same browser deletes its previous session", async () => {
    const first = await attempt(at("2026-11-22T12:00:00.000Z"));
    if (first.kind !== "signed_in") throw new Error("sign-in failed");
    const second = await attempt(at("2026-11-22T12:01:00.000Z"), { previousToken: first.token });
    if (second.kind !== "signed_in") throw new Error("sign-in failed");
    expect(second.token).not.toBe(first.token);
    const ids = (await sessionRows()).map((row) => row.id);
    expect(ids).not.toContain(first.session.sessionId);
    expect(ids).toContain(second.session.sessionId);
    expect(await sessionFromToken(test.db, first.token, at("2026-11-22T12:02:00.000Z"))).toBeNull();
  });
});

describe("throttling (counters in the database)", () => {
  it("answers throttled after N failures for an email, even with the right password, and counts them in rate_limit_counters", async () => {
    const settings = at("2026-11-22T13:00:00.000Z");
    for (let i = 0; i < base.maxFailuresPerEmail; i++) {
      // Several addresses: the per-email limit holds whatever the address.
      expect((await attempt(settings, { password: "wrong-password", ip: `10.1.0.${i}` })).kind).toBe("wrong_credentials");
    }
    expect((await attempt(settings, { ip: "10.1.0.99" })).kind).toBe("throttled");
    const counter = await test.db
      .selectFrom("rate_limit_counters")
      .selectAll()
      .where("key", "=", loginCounterKeys(EMAIL, "x").email)
      .where("window_start", "=", "2026-11-22T13:00:00.000Z")
      .executeTakeFirstOrThrow();
    // The failures, and the refused attempt: every attempt is counted before anything else.
    expect(counter.count).toBe(base.maxFailuresPerEmail + 1);
    // The next window starts afresh.
    expect((await attempt(at("2026-11-22T13:15:00.000Z"), { ip: "10.1.0.99" })).kind).toBe("signed_in");
  });

  it("answers throttled after M failures from one address, for any email", async () => {
    const settings = { ...at("2026-11-22T14:00:00.000Z"), maxFailuresPerIp: 4 };
    for (let i = 0; i < 4; i++) {
      expect((await attempt(settings, { email: `guess${i}@souq.test`, password: "wrong-password", ip: "10.2.0.1" })).kind).toBe("wrong_credentials");
    }
    expect((await attempt(settings, { ip: "10.2.0.1" })).kind).toBe("throttled");
    const counter = await test.db.selectFrom("rate_limit_counters").select("count").where("key", "=", "login-ip:10.2.0.1").executeTakeFirstOrThrow();
    expect(counter.count).toBe(4 + 1);
    // Another address is not affected.
    expect((await attempt(settings, { ip: "10.2.0.2" })).kind).toBe("signed_in");
  });
});

// On PostgreSQL the test database's pool (several connections) runs the attempts' statements in
// parallel; on SQLite they interleave at every await, as in the server.
describe("throttling under simultaneous attempts (counted before the password is checked)", () => {
  beforeEach(() => {
    passwordChecks.count = 0;
  });

  const wrong = (settings: AuthSettings, count: number, over: (index: number) => Partial<Parameters<typeof signIn>[1]>) =>
    Array.from({ length: count }, (_, index) => attempt(settings, { password: `wrong-password-${index}`, ...over(index) }));

  const kinds = (results: { kind: string }[]) =>
    results.reduce<Record<string, number>>((tally, result) => ({ ...tally, [result.kind]: (tally[result.kind] ?? 0) + 1 }), {});

  it("60 simultaneous wrong passwords for one email: the limit's worth of password checks, the rest refused unchecked", async () => {
    const settings = at("2026-11-27T09:00:00.000Z");
    // From 60 addresses, so only the per-email limit applies.
    const results = await Promise.all(wrong(settings, 60, (index) => ({ ip: `10.4.0.${index}` })));
    expect(passwordChecks.count).toBe(base.maxFailuresPerEmail);
    expect(kinds(results)).toEqual({ wrong_credentials: base.maxFailuresPerEmail, throttled: 60 - base.maxFailuresPerEmail });
  });

  it("refuses the right password sent inside such a burst, and after it, until the window ends", async () => {
    const settings = at("2026-11-27T10:00:00.000Z");
    const burst = wrong(settings, 60, (index) => ({ ip: `10.5.0.${index}` }));
    const right = attempt(settings, { ip: "10.5.1.1" });
    const results = await Promise.all([...burst, right]);
    expect(results.at(-1)!.kind).toBe("throttled");
    expect(passwordChecks.count).toBe(base.maxFailuresPerEmail);
    expect((await attempt(settings, { ip: "10.5.1.2" })).kind).toBe("throttled");
    expect((await attempt(at("2026-11-27T10:14:59.000Z"), { ip: "10.5.1.3" })).kind).toBe("throttled");
    expect(passwordChecks.count).toBe(base.maxFailuresPerEmail);
    expect((await attempt(at("2026-11-27T10:15:00.000Z"), { ip: "10.5.1.4" })).kind).toBe("signed_in");
  });

  it("an unknown email costs the dummy check within the limit, and nothing past it", async () => {
    const settings = at("2026-11-27T11:00:00.000Z");
    const results = await Promise.all(wrong(settings, 60, (index) => ({ email: "nobody@souq.test", ip: `10.6.0.${index}` })));
    expect(passwordChecks.count).toBe(base.maxFailuresPerEmail);
    expect(kinds(results)).toEqual({ wrong_credentials: base.maxFailuresPerEmail, throttled: 60 - base.maxFailuresPerEmail });
  });

  it("60 simultaneous attempts from one address on many emails: at most the per-address limit are checked", async () => {
    const settings = at("2026-11-27T12:00:00.000Z");
    const results = await Promise.all(wrong(settings, 60, (index) => ({ email: `guess${index}@souq.test`, ip: "10.7.0.1" })));
    expect(passwordChecks.count).toBe(base.maxFailuresPerIp);
    expect(kinds(results)).toEqual({ wrong_credentials: base.maxFailuresPerIp, throttled: 60 - base.maxFailuresPerIp });
  });

  it("a successful sign-in takes back its own attempt, never the failures before it", async () => {
    const settings = at("2026-11-27T13:00:00.000Z");
    const emailCount = async () =>
      (
        await test.db
          .selectFrom("rate_limit_counters")
          .select("count")
          .where("key", "=", loginCounterKeys(EMAIL, "x").email)
          .where("window_start", "=", "2026-11-27T13:00:00.000Z")
          .executeTakeFirstOrThrow()
      ).count;
    for (let i = 0; i < base.maxFailuresPerEmail - 1; i++) {
      expect((await attempt(settings, { password: "wrong-password", ip: "10.8.0.1" })).kind).toBe("wrong_credentials");
    }
    expect((await attempt(settings, { ip: "10.8.0.2" })).kind).toBe("signed_in");
    expect((await attempt(settings, { ip: "10.8.0.3" })).kind).toBe("signed_in");
    expect(await emailCount()).toBe(base.maxFailuresPerEmail - 1);
    // One failure left in this window, then refused, the right password included.
    expect((await attempt(settings, { password: "wrong-password", ip: "10.8.0.4" })).kind).toBe("wrong_credentials");
    expect((await attempt(settings, { ip: "10.8.0.5" })).kind).toBe("throttled");
  });
});

describe("session lifetime", () => {
  it("ends after the idle time without requests, and keeps going while used", async () => {
    const result = await attempt(at("2026-11-23T08:00:00.000Z"));
    if (result.kind !== "signed_in") throw new Error("sign-in failed");
    // Used at 09:30 (90 min): still valid, last-seen raised.
    expect(await sessionFromToken(test.db, result.token, at("2026-11-23T09:30:00.000Z"))).not.toBeNull();
    const touched = await test.db
      .selectFrom("admin_sessions")
      .select("last_seen_at")
      .where("id", "=", result.session.sessionId)
      .executeTakeFirstOrThrow();
    expect(touched.last_seen_at).toBe("2026-11-23T09:30:00.000Z");
    // 11:20 is 110 min after the last request: still valid.
    expect(await sessionFromToken(test.db, result.token, at("2026-11-23T11:20:00.000Z"))).not.toBeNull();
    // 13:21 is 121 min after 11:20: ended, and its row deleted.
    expect(await sessionFromToken(test.db, result.token, at("2026-11-23T13:21:00.000Z"))).toBeNull();
    expect((await sessionRows()).map((row) => row.id)).not.toContain(result.session.sessionId);
  });

  it("ends at the absolute expiry, however active", async () => {
    const settings = { ...base, idleMinutes: 20_000 };
    const result = await signIn(
      test.db,
      { email: EMAIL, password: PASSWORD, ip: "10.3.0.1", userAgent: null, previousToken: null },
      { ...settings, now: () => new Date("2026-11-24T08:00:00.000Z") },
    );
    if (result.kind !== "signed_in") throw new Error("sign-in failed");
    expect(await sessionFromToken(test.db, result.token, { ...settings, now: () => new Date("2026-12-01T07:59:00.000Z") })).not.toBeNull();
    expect(await sessionFromToken(test.db, result.token, { ...settings, now: () => new Date("2026-12-01T08:00:00.000Z") })).toBeNull();
  });

  it("logout deletes the row", async () => {
    const result = await attempt(at("2026-11-25T08:00:00.000Z"));
    if (result.kind !== "signed_in") throw new Error("sign-in failed");
    expect(await signOut(test.db, result.token)).toBe(true);
    expect((await sessionRows()).map((row) => row.id)).not.toContain(result.session.sessionId);
    expect(await sessionFromToken(test.db, result.token, at("2026-11-25T08:01:00.000Z"))).toBeNull();
    expect(await signOut(test.db, result.token)).toBe(false);
  });

  it("resetting the password (create-admin again) signs every session out", async () => {
    const result = await attempt(at("2026-11-26T08:00:00.000Z"));
    if (result.kind !== "signed_in") throw new Error("sign-in failed");
    expect((await createOrResetAdmin(test.db, { email: EMAIL, password: "another-long-password" })).kind).toBe("updated");
    expect(await sessionFromToken(test.db, result.token, at("2026-11-26T08:01:00.000Z"))).toBeNull();
    expect((await attempt(at("2026-11-26T08:02:00.000Z"))).kind).toBe("wrong_credentials");
    expect((await attempt(at("2026-11-26T08:02:00.000Z"), { password: "another-long-password" })).kind).toBe("signed_in");
  });
});
