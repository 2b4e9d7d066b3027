/**
 * Staff roles and the admin's areas (docs/decisions/0031-staff-and-confirmation.md). Every admin
 * page and action belongs to one area (or several, with a row-level rule inside: a confirmer
 * opens the orders given to them, a packer the confirmed ones); the server checks the signed-in
 * admin's role against it on every request, and the admin's tabs show only the areas the role
 * may use. Pure: the browser and the server share it.
 */

export const ADMIN_ROLES = ["owner", "manager", "confirmer", "packer"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === "string" && (ADMIN_ROLES as readonly string[]).includes(value);
}

export const ADMIN_AREAS = [
  /** The figures of the shop (the admin's first page for owner and manager). */
  "dashboard",
  /** Staff accounts, invitations, roles. */
  "staff",
  /** Shop settings and the delivery fee table. */
  "settings",
  /** Courier accounts (their credentials). */
  "couriers",
  /** Products, categories, sections. */
  "catalogue",
  /** Collections, custom pages, page layouts. */
  "merchandising",
  "inventory",
  /** Every order: list, page, edits, status, CSV, wholesale enquiries. */
  "orders",
  /** Confirmed orders: shipping, labels, slips. */
  "fulfilment",
  /** The call queue, the orders given to the agent, abandoned drafts. */
  "queue",
  /** Share links and their clicks. */
  "analytics",
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

/** What each role may use. The owner alone manages staff, shop settings and courier accounts. */
export const ROLE_AREAS: Readonly<Record<AdminRole, readonly AdminArea[]>> = {
  owner: ADMIN_AREAS,
  manager: ["dashboard", "catalogue", "merchandising", "inventory", "orders", "fulfilment", "queue", "analytics"],
  confirmer: ["queue"],
  packer: ["fulfilment", "inventory"],
};

export function mayUse(role: AdminRole, area: AdminArea): boolean {
  return ROLE_AREAS[role].includes(area);
}

/** True when the role may use at least one of `areas`. */
export function mayUseAny(role: AdminRole, areas: readonly AdminArea[]): boolean {
  return areas.some((area) => mayUse(role, area));
}
