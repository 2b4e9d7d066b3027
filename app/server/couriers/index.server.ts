/**
 * Couriers, the domain's public module (docs/decisions/0029-courier-adapters.md): the adapter
 * interface, the shared rate limiter, and the adapter factory of each family.
 */
export type {
  CourierAccountAccess,
  CourierAdapter,
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
export type { CourierLimiter } from "./limiter.server";
export { createCourierLimiter } from "./limiter.server";
export type { AdapterDeps } from "./adapters/bearer-api.server";
export { COURIER_ADAPTER_FACTORIES, type CourierAdapterFactory } from "./adapters/index.server";
