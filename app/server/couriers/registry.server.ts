import type { Kysely } from "kysely";
import cluster from "node:cluster";
import type { Database } from "../db/database.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import type { CourierAccountAccess, CourierAdapter, CourierAdapterDeps, CourierFailure } from "./adapter.server";
import { courierAccountAccess } from "./accounts.service.server";
import { COURIER_ADAPTER_FACTORIES } from "./adapters/index.server";
import { CourierLimiter } from "./limiter.server";

/**
 * One limiter per process, shared by every adapter: a courier's quota is per account, whoever
 * calls. A worker of a cluster takes 1/WEB_CONCURRENCY of it (limiter.server.ts).
 */
const sharedLimiter = new CourierLimiter({ share: cluster.isWorker ? 1 / env().WEB_CONCURRENCY : 1 });

/** The real network and the shared limiter. */
export function defaultAdapterDeps(): CourierAdapterDeps {
  return { fetch: globalThis.fetch, limiter: sharedLimiter };
}

/** The adapter of an account's family, or null when the family has none yet. */
export function adapterFor(access: CourierAccountAccess, deps: CourierAdapterDeps = defaultAdapterDeps()): CourierAdapter | null {
  const factory = COURIER_ADAPTER_FACTORIES[access.family];
  return factory ? factory(access, deps) : null;
}

export type CourierTestResult =
  | { ok: true }
  | { ok: false; error: "disabled" | "not_found" | "unreadable" | "not_available" }
  | { ok: false; error: "failure"; failure: CourierFailure };

/** "Test connection": one cheap authenticated request with the account's credentials. */
export async function testCourierAccount(db: Kysely<Database>, id: number, deps?: CourierAdapterDeps): Promise<CourierTestResult> {
  const opened = await courierAccountAccess(db, id);
  if (!opened.ok) return opened;
  const adapter = adapterFor(opened.access, deps);
  if (!adapter) return { ok: false, error: "not_available" };
  const result = await adapter.testConnection();
  if (result.ok) return { ok: true };
  // The kind only: a courier's answer is not logged, in case it echoes what it was sent.
  logger.info({ courierAccount: id, family: opened.access.family, failure: result.failure.kind }, "courier connection test failed");
  return { ok: false, error: "failure", failure: result.failure };
}
