/**
 * Orders: placing them, and the admin's list, order page, workflow, slips and CSV. The one way
 * into app/server/orders/ from outside it.
 */
export * from "./admin-orders.server";
export * from "./order-print.server";
export * from "./order-workflow.server";
