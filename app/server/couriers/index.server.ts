/**
 * Couriers (docs/decisions/0029-courier-adapters.md): the merchant's courier accounts, their
 * credentials sealed at rest, and each API family's adapter. The one way into app/server/couriers/.
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
export type { CourierAdapterDeps, CourierAdapterFactory } from "./adapters/index.server";
export type * from "./adapter.server";
export type { CourierLimiter } from "./limiter.server";
