/**
 * Orders: placing them (one service function, placeOrder: POST /api/orders and each order form's
 * route action call it with the order body of app/lib/order-request.ts), and the admin's list,
 * order page, workflow, slips and CSV. The one way into app/server/orders/ from outside it; its
 * repositories stay private to it.
 */
export * from "./admin-orders.server";
export * from "./order-confirmation.server";
export * from "./order-print.server";
export * from "./order-workflow.server";
export { ordersToShip, type OrderToShip } from "./orders-to-ship.server";
export { FORM_DUPLICATE_WINDOW_SECONDS, placeOrder, type OrderSettings, type PlaceOrderContext, type PlaceOrderResult } from "./order.service.server";
export { heldOrder, QUEUE_LOCK_MINUTES, releaseOrder, takeNextOrder } from "./call-queue.server";
export * from "./confirmation.service.server";
export { customerHistory, HISTORY_ORDERS_SHOWN, type CustomerHistory } from "./customer-history.server";
export { confirmationPanel, CONFIRMATION_INTENTS, runConfirmationIntent, type ConfirmationPanelData } from "./confirmation-panel.server";
export {
  cartKey,
  convertOrderDraft,
  deleteOrderDraft,
  DRAFT_RATE_LIMIT,
  listOrderDrafts,
  purgeOldDrafts,
  saveOrderDraft,
  type ConvertDraftResult,
  type DraftLine,
  type DraftListItem,
  type SaveDraftResult,
} from "./order-drafts.server";
export * from "./order-edit.service.server";
