/**
 * Staff roles and the admin's areas (docs/decisions/0031-staff-and-roles.md). Every admin
 * page and action belongs to one area (or several, with a row-level rule inside: a confirmer
 * opens the orders given to them, a packer the confirmed ones); the server checks the signed-in
 * admin's role against it on every request, and the admin's tabs show only the areas the role
 * may use. Pure: the browser and the server share it.
 */

export const ADMIN_ROLES = ["owner", "manager", "confirmer", "packer"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The longest name a staff member may have (shown on calls and edits). */
export const MAX_STAFF_NAME_LENGTH = 80;

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

/** The statuses a packer works on: an order is theirs once confirmed, until it comes back. */
export const PACKER_STATUSES = ["confirmed", "shipped", "delivered", "returned"] as const;
export type PackerStatus = (typeof PACKER_STATUSES)[number];

/**
 * Row-level rule for one order (docs/decisions/0031-staff-and-roles.md): owner and manager open
 * any order; a confirmer only the orders given to them or that they hold in the call queue (so
 * agents never see each other's customers); a packer only the orders past confirmation (nothing
 * to pack before, and a new order's customer is the confirmers').
 */
export function mayOpenOrder(
  role: AdminRole,
  adminId: number,
  order: { status: string; assignedTo: number | null; queueLockedBy: number | null },
): boolean {
  switch (role) {
    case "owner":
    case "manager":
      return true;
    case "confirmer":
      return order.assignedTo === adminId || order.queueLockedBy === adminId;
    case "packer":
      return (PACKER_STATUSES as readonly string[]).includes(order.status);
  }
}

/** The statuses of the orders list (and its CSV) a role sees; undefined: every status. */
export function orderStatusesFor(role: AdminRole): readonly PackerStatus[] | undefined {
  return role === "packer" ? PACKER_STATUSES : undefined;
}
