/**
 * Shipping (docs/decisions/0030-parcels.md): the parcels handed to couriers for orders, their
 * labels, and the statuses the couriers send back (webhooks) or are asked for (polling). The one
 * way into app/server/shipping/ from outside it.
 */
export { shipOrders, type ShipOutcome, type ShipRequest } from "./ship.service.server";
