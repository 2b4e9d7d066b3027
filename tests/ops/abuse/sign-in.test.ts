import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, freshServerDatabase, startServer, type RunningServer, type ServerDatabase } from "../../support/production-server";

/*
 * Sign-in throttling against the production build (decision 0024), on SQLite here and on
 * PostgreSQL in the fleet project: simultaneous wrong passwords for one email reach the password
 * check at most ADMIN_LOGIN_MAX_FAILURES times (401); every other attempt is refused unchecked
 * (429), the right password included, until the window ends. The server's defaults: 5 per email,
 * 20 per address, 15-minute windows.
 */

const ADMIN = { email: "abuse-admin@souq.test", password: "abuse-Admin-Passw0rd!" } as const;
const LIMIT = 5;
const BURST = 60;
/** ADMIN_LOGIN_WINDOW_MINUTES' default. */
const WINDOW_MINUTES = 15;

let dir: string;
let database: ServerDatabase;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-abuse-sign-in-"));
  database = await freshServerDatabase(dir);
  server = await startServer(database.database, { LOG_LEVEL: "warn" });
  createAdmin(database.database, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** A plain-HTML sign-in post (what the form sends without JavaScript); resolves with the status. */
async function signIn(email: string, password: string): Promise<number> {
  const response = await fetch(`${server.baseURL}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
    body: new URLSearchParams({ email, password, redirectTo: "/admin/products" }),
  });
  await response.arrayBuffer();
  return response.status;
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/** The limits count in fixed windows: start the burst well inside one, not a few seconds before it ends. */
async function clearOfWindowEnd(): Promise<void> {
  const windowMs = WINDOW_MINUTES * 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

describe("sign-in under a burst of wrong passwords for one email", () => {
  it(`${BURST} simultaneous wrong passwords: ${LIMIT} password checks (401), the rest 429; the right password sent inside the burst is refused`, async () => {
    await clearOfWindowEnd();
    let firstRefusal!: () => void;
    const refused = new Promise<void>((resolve) => (firstRefusal = resolve));
    const burst = Array.from({ length: BURST }, (_, index) =>
      signIn(ADMIN.email, `wrong-password-${index}`).then((status) => {
        if (status === 429) firstRefusal();
        return status;
      }),
    );
    // Sent while the burst is still arriving, once the server has refused one attempt: by then
    // the email's allowance is spent, so even the right password must not reach the check.
    await Promise.race([refused, Promise.all(burst)]);
    const right = signIn(ADMIN.email, ADMIN.password);
    const statuses = await Promise.all(burst);
    expect(tally(statuses)).toEqual({ 401: LIMIT, 429: BURST - LIMIT });
    expect(await right).toBe(429);
  });

  it("refuses the right password after the burst too, for the rest of the window", async () => {
    expect(await signIn(ADMIN.email, ADMIN.password)).toBe(429);
    expect(await signIn(`  ${ADMIN.email.toUpperCase()} `, ADMIN.password)).toBe(429);
  });
});
