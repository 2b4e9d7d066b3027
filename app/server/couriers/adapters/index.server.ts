import type { CourierFamily } from "~/lib/couriers";
import type { CourierAccountAccess, CourierAdapter, CourierWebhooks } from "../adapter.server";
import { createYalidineAdapter, yalidineWebhooks, type CourierAdapterDeps } from "./yalidine.server";

/** Builds a family's adapter for one account. */
export type CourierAdapterFactory = (access: CourierAccountAccess, deps: CourierAdapterDeps) => CourierAdapter;

/** The adapter of each family the shop speaks. */
export const courierAdapterFactories: Partial<Record<CourierFamily, CourierAdapterFactory>> = {
  yalidine: createYalidineAdapter,
};

/** The webhooks of the families that call back. */
export const courierWebhooks: Partial<Record<CourierFamily, CourierWebhooks>> = {
  yalidine: yalidineWebhooks,
};
