/**
 * Admin accounts and sessions: signing in (throttled), the session behind a cookie token, signing
 * out, creating an admin, and the owner's staff management (accounts, invitations, roles). The one way into app/server/auth/ from outside it; the HTTP side (the
 * cookie's Secure flag, requireAdmin) is app/server/http/admin-session.server.ts.
 */
export {
  authSettings,
  createOrResetAdmin,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normalizeEmail,
  sessionFromToken,
  signIn,
  signOut,
  type AdminSession,
  type AuthSettings,
  type CreateAdminResult,
  type SignInResult,
} from "./auth.service.server";
export { countAdmins } from "./auth.repo.server";
export {
  acceptInvitation,
  addStaff,
  changeOwnPassword,
  changeStaffRole,
  INVITATION_HOURS,
  inviteStaff,
  listStaff,
  openInvitation,
  resetStaffPassword,
  revokeInvitation,
  setStaffDisabled,
  type OpenInvitation,
  type StaffError,
  type StaffMember,
  type StaffResult,
} from "./staff.service.server";
export { ADMIN_COOKIE, clearSessionCookie, sessionCookie, sessionTokenFromCookieHeader } from "./session-cookie.server";
