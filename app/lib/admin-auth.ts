/** Admin password bounds, shared by the sign-in form (browser) and the auth service (server). */
export const MIN_PASSWORD_LENGTH = 10;
/** Longer passwords are refused before hashing (a multi-megabyte "password" costs CPU for nothing). */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * Whether a URL path is in the admin area: `/admin`, everything below it and its data requests
 * (`/admin.data`), not `/administrators`. Read as React Router routes it: case-insensitively,
 * percent-decoded, with `.` and `..` segments resolved. A middleware that guards the area or
 * reacts to its changes (cross-site refusal, page-cache clearing) must not be skipped by
 * `/ADMIN/…`, `/%61dmin/…` or `/x/../admin/…`, which reach the same routes.
 */
export function isAdminPath(pathname: string): boolean {
  return /^\/admin(?:\/|\.data$|$)/i.test(routedPath(pathname));
}

/**
 * A URL path as React Router matches it: without its query, percent-decoded, with `.` and `..`
 * segments resolved (case is left as written: matching is case-insensitive).
 */
export function routedPath(pathname: string): string {
  let path = pathname.split("?")[0]!;
  try {
    path = new URL(path, "http://path.invalid").pathname;
    path = decodeURIComponent(path);
  } catch {
    // Not decodable: no route matches it either; judged as written.
  }
  return path;
}
