/** The cart's server side: quoting a cart's lines against the catalogue. The one way into app/server/cart/. */
export * from "./cart.service.server";
