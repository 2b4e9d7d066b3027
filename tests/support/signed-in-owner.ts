import type { AdminSession } from "~/server/http/admin-session.server";

/**
 * For integration tests that call admin routes directly: the admin session module with a
 * signed-in admin in place of the cookie check (sessions themselves are tested in
 * tests/e2e/admin-auth.test.ts). Use inside vi.mock's factory:
 *   vi.mock("~/server/http/admin-session.server", async (original) => signedInOwner(await original()));
 */
export const OWNER_SESSION: AdminSession = {
  adminId: 1,
  email: "owner@souq.test",
  name: "owner@souq.test",
  role: "owner",
  sessionId: "integration-test",
  mustChangePassword: false,
};

export function signedInOwner<Module extends object>(original: Module): Module {
  return { ...original, requireAdmin: async () => OWNER_SESSION, requireAdminAction: async () => OWNER_SESSION };
}
