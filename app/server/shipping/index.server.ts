/**
 * Shipping (docs/decisions/0030-parcels.md): the parcels handed to couriers for orders, their
 * labels, and the statuses the couriers send back (webhooks) or are asked for (polling). The one
 * way into app/server/shipping/ from outside it.
 */
export { applyParcelEvents, parcelEventKey, type ApplyReport } from "./parcel-status.server";
export {
  DEFAULT_POLL_SETTINGS,
  PARCEL_POLL_CLAIM_MS,
  pollDueParcels,
  startParcelPoller,
  type ParcelPoller,
  type PollReport,
  type PollSettings,
} from "./polling.server";
export { answerCourierWebhookHandshake, COURIER_WEBHOOK_MAX_BYTES, receiveCourierWebhook, type CourierWebhookResult } from "./webhooks.server";
export {
  FIRST_POLL_DELAY_MS,
  MAX_SHIP_ORDERS,
  shipOrders,
  shipOutcomeMessage,
  type ShipOrdersInput,
  type ShipOutcome,
  type ShipOutcomeKind,
} from "./ship.service.server";
export { MAX_LABELS, mergedLabels, orderLabel, type MergedLabelsResult, type OrderLabelResult } from "./labels.server";
export { orderParcel, type OrderParcel, type ParcelEventView } from "./order-parcel.server";
