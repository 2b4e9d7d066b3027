import { mayUseAny, type AdminArea, type AdminRole } from "./admin-roles";

/**
 * Every tab of the admin area, in display order, with its address and the area it belongs to
 * (app/lib/admin-roles.ts): an admin sees only the tabs of the areas their role may use (the
 * server checks the role again on every page and action). Add one line here (and one route line
 * in app/routes.ts) when a page lands. Pure: the layout and the 403 page share it.
 */
export const ADMIN_TABS = [
  { tab: "dashboard", to: "/admin", area: "dashboard" },
  { tab: "queue", to: "/admin/queue", area: "queue" },
  { tab: "drafts", to: "/admin/drafts", area: "queue" },
  { tab: "orders", to: "/admin/orders", area: ["orders", "fulfilment"] },
  { tab: "products", to: "/admin/products", area: "catalogue" },
  { tab: "inventory", to: "/admin/inventory", area: "inventory" },
  { tab: "custom-pages", to: "/admin/custom-pages", area: "merchandising" },
  { tab: "collections", to: "/admin/collections", area: "merchandising" },
  { tab: "page-layouts", to: "/admin/page-layouts", area: "merchandising" },
  { tab: "analytics", to: "/admin/analytics", area: "analytics" },
  { tab: "categories", to: "/admin/categories", area: "catalogue" },
  { tab: "sections", to: "/admin/sections", area: "catalogue" },
  { tab: "delivery", to: "/admin/delivery", area: "settings" },
  { tab: "couriers", to: "/admin/couriers", area: "couriers" },
  { tab: "settings", to: "/admin/settings", area: "settings" },
  { tab: "staff", to: "/admin/staff", area: "staff" },
] as const satisfies readonly { tab: string; to: string; area: AdminArea | readonly AdminArea[] }[];
export type AdminTab = (typeof ADMIN_TABS)[number]["tab"];

/** The tabs a role may use, in display order. */
export function tabsFor(role: AdminRole): AdminTab[] {
  return ADMIN_TABS.filter(({ area }) => mayUseAny(role, typeof area === "string" ? [area] : area)).map(({ tab }) => tab);
}

/** Where an admin of this role starts: the address of their first tab. */
export function adminHomeFor(role: AdminRole): string {
  const first = tabsFor(role)[0];
  return ADMIN_TABS.find(({ tab }) => tab === first)?.to ?? "/admin";
}
