/**
 * The orders domain's public module: what routes and other domains use of it. One service
 * function takes every order (placeOrder): POST /api/orders and each order form's route action
 * call it with the order body (app/lib/order-request.ts); its repositories stay private to it.
 */
export {
  FORM_DUPLICATE_WINDOW_SECONDS,
  placeOrder,
  type OrderSettings,
  type PlaceOrderContext,
  type PlaceOrderResult,
} from "./order.service.server";
export { listOrderableProducts, type OrderableProduct } from "./orderable-products.server";
export { checkOrderApiAccess } from "./order-api-access.server";
export { clientIp } from "./client-ip.server";
