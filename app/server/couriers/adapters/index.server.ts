import type { CourierFamily } from "~/lib/couriers";
// Types only, through the domain's public module (a value import from it would be a cycle).
import type { CourierAccountAccess, CourierAdapter, CourierLimiter } from "~/server/couriers/index.server";

/** What every adapter factory is given besides its account: the HTTP client, the shared limiter, a clock. */
export interface CourierAdapterDeps {
  fetch: typeof fetch;
  limiter: CourierLimiter;
  now?: () => number;
}

export type CourierAdapterFactory = (access: CourierAccountAccess, deps: CourierAdapterDeps) => CourierAdapter;

/**
 * The adapter factory of each family that has one (one line per family: `yalidine: createYalidineAdapter`).
 * A family absent here is offered in the admin but answers "not available yet".
 */
export const adapterFactories: Partial<Record<CourierFamily, CourierAdapterFactory>> = {};
