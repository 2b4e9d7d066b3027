import type { CourierFamily } from "~/lib/couriers";
import type { CourierAccountAccess, CourierAdapter } from "~/server/couriers/index.server";
import type { AdapterDeps } from "./bearer-api.server";
import { createEcotrackAdapter } from "./ecotrack.server";
import { createNoestAdapter } from "./noest.server";

/** Makes the adapter of one courier account: its family's factory, given the account and the shared fetch and limiter. */
export type CourierAdapterFactory = (access: CourierAccountAccess, deps: AdapterDeps) => CourierAdapter;

/** The adapter factory of each family the shop speaks (a family without one cannot be chosen yet). */
export const COURIER_ADAPTER_FACTORIES: Partial<Record<CourierFamily, CourierAdapterFactory>> = {
  ecotrack: createEcotrackAdapter,
  noest: createNoestAdapter,
};
