/** Wholesale enquiries: taken from the shop's form, listed and answered by the admin. The one way into app/server/wholesale/. */
export * from "./wholesale.service.server";
