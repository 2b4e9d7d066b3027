import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptInvitation,
  addStaff,
  changeOwnPassword,
  changeStaffRole,
  createOrResetAdmin,
  inviteStaff,
  listStaff,
  openInvitation,
  resetStaffPassword,
  sessionFromToken,
  setStaffDisabled,
  signIn,
  type AuthSettings,
} from "~/server/auth/index.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let test: TestDatabase;
let ownerId: number;
const settings: AuthSettings = { idleMinutes: 120, maxDays: 7, maxFailuresPerEmail: 50, maxFailuresPerIp: 500, windowMinutes: 15 };
const client = { ip: "10.0.0.9", userAgent: "vitest", previousToken: null };

async function idOf(email: string): Promise<number> {
  return (await test.db.selectFrom("admin_users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}
async function sessionsOf(id: number): Promise<number> {
  return (await test.db.selectFrom("admin_sessions").select("id").where("admin_id", "=", id).execute()).length;
}
async function signedIn(email: string, password: string) {
  const result = await signIn(test.db, { email, password, ...client }, settings);
  if (result.kind !== "signed_in") throw new Error(`sign-in of ${email}: ${result.kind}`);
  return result;
}

beforeAll(async () => {
  test = await createTestDatabase();
  await createOrResetAdmin(test.db, { email: "owner@souq.test", password: "owner-password-1" });
  ownerId = await idOf("owner@souq.test");
});
afterAll(async () => {
  await test.destroy();
});

describe("staff accounts", () => {
  it("create-admin makes owners, and a reset keeps the role", async () => {
    await createOrResetAdmin(test.db, { email: "second-owner@souq.test", password: "second-owner-pw" });
    const id = await idOf("second-owner@souq.test");
    await test.db.updateTable("admin_users").set({ role: "manager" }).where("id", "=", id).execute();
    expect((await createOrResetAdmin(test.db, { email: "second-owner@souq.test", password: "second-owner-pw2" })).kind).toBe("updated");
    const row = await test.db.selectFrom("admin_users").select(["role"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.role).toBe("manager");
    const owner = await test.db.selectFrom("admin_users").select("role").where("id", "=", ownerId).executeTakeFirstOrThrow();
    expect(owner.role).toBe("owner");
  });

  it("adds a member whose first password must be changed, with bounded, checked input", async () => {
    expect(await addStaff(test.db, { email: "agent@souq.test", name: " Amina ", role: "confirmer", password: "first-password" })).toMatchObject({
      ok: true,
    });
    const agent = await signedIn("agent@souq.test", "first-password");
    expect(agent.session).toMatchObject({ role: "confirmer", name: "Amina", mustChangePassword: true });
    expect(await addStaff(test.db, { email: "AGENT@souq.test", name: "x", role: "confirmer", password: "first-password" })).toEqual({
      ok: false,
      error: "email_taken",
    });
    expect((await addStaff(test.db, { email: "x@souq.test", name: "x".repeat(81), role: "packer", password: "first-password" })).ok).toBe(false);
    expect(await addStaff(test.db, { email: "x@souq.test", name: "x", role: "boss", password: "first-password" })).toEqual({
      ok: false,
      error: "invalid_role",
    });
    expect(await addStaff(test.db, { email: "x@souq.test", name: "x", role: "packer", password: "short" })).toEqual({
      ok: false,
      error: "invalid_password",
    });
    expect(await addStaff(test.db, { email: "not an email", name: "x", role: "packer", password: "first-password" })).toEqual({
      ok: false,
      error: "invalid_email",
    });
  });

  it("changing one's own password asks for the current one, clears 'must change' and ends the other sessions", async () => {
    const first = await signedIn("agent@souq.test", "first-password");
    const second = await signedIn("agent@souq.test", "first-password");
    const id = first.session.adminId;
    expect(await changeOwnPassword(test.db, first.session, { current: "wrong-password", next: "second-password" })).toEqual({
      ok: false,
      error: "wrong_password",
    });
    expect(await changeOwnPassword(test.db, first.session, { current: "first-password", next: "second-password" })).toEqual({ ok: true });
    expect(await sessionFromToken(test.db, first.token, settings)).toMatchObject({ adminId: id, mustChangePassword: false });
    expect(await sessionFromToken(test.db, second.token, settings)).toBeNull();
  });

  it("resets a member's password: a temporary one to change, sessions ended; never one's own here", async () => {
    const id = await idOf("agent@souq.test");
    await signedIn("agent@souq.test", "second-password");
    expect(await resetStaffPassword(test.db, { adminId: ownerId }, { id: String(id), password: "temporary-pass" })).toEqual({ ok: true });
    expect(await sessionsOf(id)).toBe(0);
    expect((await signedIn("agent@souq.test", "temporary-pass")).session.mustChangePassword).toBe(true);
    expect(await resetStaffPassword(test.db, { adminId: ownerId }, { id: ownerId, password: "temporary-pass" })).toEqual({
      ok: false,
      error: "self",
    });
  });

  it("disabling ends the sessions and refuses sign-in; enabling lets the member back", async () => {
    const id = await idOf("agent@souq.test");
    const session = await signedIn("agent@souq.test", "temporary-pass");
    expect(await setStaffDisabled(test.db, { adminId: ownerId }, { id, disabled: true })).toEqual({ ok: true });
    expect(await sessionsOf(id)).toBe(0);
    expect(await sessionFromToken(test.db, session.token, settings)).toBeNull();
    expect((await signIn(test.db, { email: "agent@souq.test", password: "temporary-pass", ...client }, settings)).kind).toBe("wrong_credentials");
    expect(await setStaffDisabled(test.db, { adminId: ownerId }, { id, disabled: false })).toEqual({ ok: true });
    expect((await signIn(test.db, { email: "agent@souq.test", password: "temporary-pass", ...client }, settings)).kind).toBe("signed_in");
  });

  it("never disables or demotes oneself, and always keeps an enabled owner", async () => {
    expect(await setStaffDisabled(test.db, { adminId: ownerId }, { id: ownerId, disabled: true })).toEqual({ ok: false, error: "self" });
    expect(await changeStaffRole(test.db, { adminId: ownerId }, { id: ownerId, role: "manager" })).toEqual({ ok: false, error: "self" });
    // Another owner demotes the only other owner: refused while that one is the last enabled owner.
    const other = await idOf("second-owner@souq.test");
    expect(await changeStaffRole(test.db, { adminId: ownerId }, { id: other, role: "owner" })).toEqual({ ok: true });
    expect(await changeStaffRole(test.db, { adminId: other }, { id: ownerId, role: "manager" })).toEqual({ ok: true });
    expect(await changeStaffRole(test.db, { adminId: ownerId }, { id: other, role: "packer" })).toEqual({ ok: false, error: "last_owner" });
    expect(await setStaffDisabled(test.db, { adminId: ownerId }, { id: other, disabled: true })).toEqual({ ok: false, error: "last_owner" });
    expect(await changeStaffRole(test.db, { adminId: other }, { id: ownerId, role: "owner" })).toEqual({ ok: true });
    expect(await changeStaffRole(test.db, { adminId: ownerId }, { id: other, role: "manager" })).toEqual({ ok: true });
    expect(await changeStaffRole(test.db, { adminId: ownerId }, { id: 999_999, role: "manager" })).toEqual({ ok: false, error: "not_found" });
    const { staff } = await listStaff(test.db);
    expect(staff.filter((member) => member.role === "owner" && !member.disabled).map((member) => member.id)).toEqual([ownerId]);
  });

  it("two owners taking each other away at once leave one enabled owner", async () => {
    await createOrResetAdmin(test.db, { email: "race-owner@souq.test", password: "race-owner-pw" });
    const other = await idOf("race-owner@souq.test");
    for (const takeAway of [
      (actor: number, id: number) => setStaffDisabled(test.db, { adminId: actor }, { id, disabled: true }),
      (actor: number, id: number) => changeStaffRole(test.db, { adminId: actor }, { id, role: "manager" }),
    ]) {
      const results = await Promise.all([takeAway(ownerId, other), takeAway(other, ownerId)]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: "last_owner" }]);
      const { staff } = await listStaff(test.db);
      expect(staff.filter((member) => member.role === "owner" && !member.disabled)).toHaveLength(1);
      // Both owners again for the next round (and the tests after this one).
      await test.db.updateTable("admin_users").set({ role: "owner", disabled_at: null }).where("id", "in", [ownerId, other]).execute();
    }
    await test.db.updateTable("admin_users").set({ role: "manager" }).where("id", "=", other).execute();
  });

  it("an invitation link works once, before its expiry, and only its hash is stored", async () => {
    const invited = await inviteStaff(test.db, { adminId: ownerId }, { email: "packer@souq.test", name: "Karim", role: "packer" });
    if (!invited.ok) throw new Error(invited.error);
    const stored = await test.db.selectFrom("admin_invitations").selectAll().executeTakeFirstOrThrow();
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(invited.token);
    expect(await openInvitation(test.db, invited.token)).toMatchObject({ email: "packer@souq.test", role: "packer" });
    expect((await acceptInvitation(test.db, { token: invited.token, password: "short", ...client }, settings)).ok).toBe(false);
    const [first, second] = await Promise.all([
      acceptInvitation(test.db, { token: invited.token, password: "packer-password", ...client }, settings),
      acceptInvitation(test.db, { token: invited.token, password: "packer-password", ...client }, settings),
    ]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    const accepted = first.ok ? first : second;
    if (!accepted.ok) throw new Error("no acceptance");
    expect(accepted.signedIn.session).toMatchObject({ role: "packer", name: "Karim", mustChangePassword: false });
    expect(await openInvitation(test.db, invited.token)).toBeNull();

    const later = await inviteStaff(
      test.db,
      { adminId: ownerId },
      { email: "late@souq.test", name: "Late", role: "manager" },
      new Date(Date.now() - 73 * 3_600_000),
    );
    if (!later.ok) throw new Error(later.error);
    expect(await openInvitation(test.db, later.token)).toBeNull();
    expect(await acceptInvitation(test.db, { token: later.token, password: "late-password", ...client }, settings)).toEqual({
      ok: false,
      error: "invitation_invalid",
    });
    expect(await openInvitation(test.db, "not-a-token")).toBeNull();
  });
});
