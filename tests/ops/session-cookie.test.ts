import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, startServer, type RunningServer } from "../support/production-server";

// The admin session cookie is Secure whenever the browser is on https. Here a production
// server behind a TLS-terminating proxy (TRUST_PROXY=true, which means one proxy hop: this test's
// requests come from 127.0.0.1, standing for the proxy; no PUBLIC_URL): X-Forwarded-Proto decides.
// (Decision 0021.)
// (PUBLIC_URL=https://… is covered by app/server/auth/session-cookie.server.test.ts.)

const ADMIN = { email: "ops-cookie@souq.test", password: "ops-Cookie-Passw0rd!" };
let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-cookie-"));
  const databaseFile = join(dir, "shop.db");
  server = await startServer(databaseFile, { TRUST_PROXY: "true", LOG_LEVEL: "warn" });
  createAdmin(databaseFile, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function signIn(forwardedProto: "https" | null): Promise<{ status: number; cookie: string | undefined }> {
  const host = new URL(server.baseURL).host;
  const scheme = forwardedProto ?? "http";
  const response = await fetch(`${server.baseURL}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `${scheme}://${host}`,
      ...(forwardedProto ? { "X-Forwarded-Proto": forwardedProto } : {}),
    },
    body: new URLSearchParams({ ...ADMIN, redirectTo: "/admin/products" }),
  });
  return { status: response.status, cookie: response.headers.getSetCookie().find((line) => line.startsWith("souq_admin=")) };
}

describe("the session cookie behind an https proxy", () => {
  it("is Secure, HttpOnly and SameSite=Lax when the proxy says https", async () => {
    const { status, cookie } = await signIn("https");
    expect(status).toBe(303);
    expect(cookie).toContain("; HttpOnly");
    expect(cookie).toContain("; SameSite=Lax");
    expect(cookie).toMatch(/; Secure$/);
  });

  it("is not Secure on plain http (it would never come back)", async () => {
    const { status, cookie } = await signIn(null);
    expect(status).toBe(303);
    expect(cookie).toContain("; HttpOnly");
    expect(cookie).not.toContain("Secure");
  });

  it("refuses the https sign-in posted from the http origin (another origin), 403", async () => {
    const host = new URL(server.baseURL).host;
    const response = await fetch(`${server.baseURL}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${host}`, "X-Forwarded-Proto": "https" },
      body: new URLSearchParams(ADMIN),
    });
    expect(response.status).toBe(403);
  });
});
