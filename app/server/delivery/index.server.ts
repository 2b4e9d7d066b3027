/** Wilayas, communes and delivery rates, and the admin's delivery settings. The one way into app/server/delivery/. */
export * from "./delivery.service.server";
