/** Admin password bounds, shared by the sign-in form (browser) and the auth service (server). */
export const MIN_PASSWORD_LENGTH = 10;
/** Longer passwords are refused before hashing (a multi-megabyte "password" costs CPU for nothing). */
export const MAX_PASSWORD_LENGTH = 1024;

/** Whether a URL path is in the admin area: `/admin` and everything below it (not `/administrators`). */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
