/** Stock levels: the admin's inventory screen and its CSV. The one way into app/server/inventory/. */
export * from "./inventory.service.server";
