/**
 * Couriers, the domain's public module (docs/decisions/0029-courier-adapters.md): the adapter
 * interface, the shared rate limiter, and the adapter factory of each family.
 */
export type {
  CourierAccountAccess,
  CourierAdapter,
  CourierAdapterDeps,
  CourierAdapterFactory,
  CourierFailure,
  CourierPlace,
  CourierResult,
  CourierStopDesk,
  CourierWebhooks,
  CreatedParcel,
  Label,
  ParcelEvent,
  ParcelRequest,
} from "./adapter.server";
export { CourierLimiter, DAY, HOUR, MINUTE, RateLimitWaitTooLong, SECOND, type RateWindow } from "./limiter.server";
export { COURIER_ADAPTER_FACTORIES, COURIER_WEBHOOKS } from "./adapters/index.server";
