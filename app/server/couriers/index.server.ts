/**
 * Couriers (docs/decisions/0029-courier-adapters.md): the merchant's courier accounts, their
 * credentials sealed at rest, each API family's adapter and the shared rate limiter. The one
 * way into app/server/couriers/.
 */
export {
  addCourierAccount,
  courierAccountAccess,
  courierFeaturesEnabled,
  courierWebhookSecret,
  deleteCourierAccount,
  listCourierAccounts,
  reportCourierFeatures,
  setDefaultCourierAccount,
  updateCourierAccount,
  type CourierAccessResult,
  type CourierAccountInput,
  type CourierAccountSaveResult,
  type CourierAccountSummary,
} from "./accounts.service.server";
export { adapterFor, defaultAdapterDeps, testCourierAccount, type CourierTestResult } from "./registry.server";
export type * from "./adapter.server";
export { CourierLimiter, DAY, HOUR, MINUTE, RateLimitWaitTooLong, SECOND, type RateWindow } from "./limiter.server";
export { COURIER_ADAPTER_FACTORIES, COURIER_WEBHOOKS } from "./adapters/index.server";
export {
  courierDestination,
  courierPlacesCounts,
  courierWilayaName,
  refreshCourierPlaces,
  stopDeskChoices,
  stopDeskForOrder,
  type CourierDestination,
  type CourierDestinationResult,
  type PlacesRefreshReport,
  type PlacesRefreshResult,
} from "./places.service.server";
