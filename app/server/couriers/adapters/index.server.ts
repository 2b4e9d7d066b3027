import type { CourierFamily } from "~/lib/couriers";
import type { CourierAdapterFactory, CourierWebhooks } from "../adapter.server";
import { createEcotrackAdapter } from "./ecotrack.server";
import { createNoestAdapter } from "./noest.server";
import { createYalidineAdapter, yalidineWebhooks } from "./yalidine.server";
import { createZrAdapter, zrWebhooks } from "./zr.server";

/** The adapter factory of each family the shop speaks (a family without one cannot be chosen yet). */
export const COURIER_ADAPTER_FACTORIES: Partial<Record<CourierFamily, CourierAdapterFactory>> = {
  yalidine: createYalidineAdapter,
  ecotrack: createEcotrackAdapter,
  noest: createNoestAdapter,
  zr: createZrAdapter,
};

/** The webhooks of the families that call back. */
export const COURIER_WEBHOOKS: Partial<Record<CourierFamily, CourierWebhooks>> = {
  yalidine: yalidineWebhooks,
  zr: zrWebhooks,
};
