import { countAdmins } from "./auth/index.server";
import { getDatabase } from "./db/connection.server";
import { migrateToLatest } from "./db/migrate.server";
import { seed } from "./db/seed.server";
import { withStartupLock } from "./db/startup-lock.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { orderNotifySettingsFromEnv, orderNotifyTransports, startOutboxWorker, type OutboxWorker } from "./notify/index.server";
import { createStorage } from "./storage/index.server";
import { refreshMissingSearchText } from "./catalog/index.server";
import { startShopSettingsRefresh } from "./settings/index.server";
import { courierFeaturesEnabled, reportCourierFeatures } from "./couriers/index.server";
import { startParcelPoller, type ParcelPoller } from "./shipping/index.server";
import type { CourierSandbox } from "./couriers/sandbox/index.server";
import { whenBackgroundRole } from "./http/cluster-worker.server";
import { isShuttingDown } from "./http/lifecycle.server";

let outboxWorker: OutboxWorker | undefined;
let stopSettingsRefresh: (() => void) | undefined;
let parcelPoller: ParcelPoller | undefined;
let courierSandbox: CourierSandbox | undefined;
let backgroundStarted = false;

/**
 * Everything the server does once before it listens: check the configuration,
 * migrate the database, fill an empty shop with the demo catalogue.
 */
export async function boot(): Promise<void> {
  const config = env();
  const { db, dialect } = getDatabase();
  // One instance at a time (a fleet starting together on an empty PostgreSQL database).
  await withStartupLock(db, async () => {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
    const report = await seed(db, { demoCatalogue: config.SEED_DEMO_CATALOGUE, storage: createStorage(config) });
    if (report.wilayas + report.communes + report.products > 0) logger.info({ ...report }, "database seeded");
    // Products stored before search existed (or inserted without it) get their search text.
    const searchFilled = await refreshMissingSearchText(db);
    if (searchFilled > 0) logger.info({ products: searchFilled }, "search text filled");
  });
  logger.info({ dialect }, "database ready");
  // The shop's settings in memory before the first page (and a warning while the phone is unset).
  stopSettingsRefresh = await startShopSettingsRefresh(db);
  // Never a default password: the merchant creates the first admin (README, "The admin account").
  if ((await countAdmins(db)) === 0) {
    logger.info("No admin account yet: create one with  npm run create-admin -- --email you@example.com --password '…'");
  }
  // Without SECRETS_KEY the shop runs and says, once, that the courier features are off.
  reportCourierFeatures();
  // One process runs the background work: this one, or the worker the primary names (docs/decisions/0035-worker-processes.md).
  await whenBackgroundRole(startBackgroundWork);
}

/** The background work: the couriers' polling, the sandbox courier and the outbox worker, each when configured. */
async function startBackgroundWork(): Promise<void> {
  if (isShuttingDown() || backgroundStarted) return;
  backgroundStarted = true;
  const config = env();
  const { db } = getDatabase();
  if (courierFeaturesEnabled()) {
    // Couriers' statuses: polled for the parcels not yet final (webhook families rarely, as a safety net).
    parcelPoller = startParcelPoller(db, config.COURIER_POLL_INTERVAL_MS, {
      everyMs: config.COURIER_POLL_EVERY_MS,
      webhookEveryMs: config.COURIER_POLL_WEBHOOK_EVERY_MS,
    });
    if (config.COURIER_SANDBOX) {
      // Loaded only when asked for: a shop without the sandbox never loads the fake courier.
      const { startCourierSandbox } = await import("./couriers/sandbox/index.server");
      courierSandbox = (await startCourierSandbox(db, { host: config.HOST, port: config.PORT, stepMs: config.COURIER_SANDBOX_STEP_MS })) ?? undefined;
    }
  } else if (config.COURIER_SANDBOX) {
    logger.warn("COURIER_SANDBOX is set but SECRETS_KEY is not: the sandbox courier needs the courier features.");
  }
  // Orders reach the merchant's webhook and notifications in the background; an order never waits for them.
  const transports = orderNotifyTransports(orderNotifySettingsFromEnv(config));
  if (config.ORDER_WEBHOOK_URL || Object.keys(transports).length > 0) {
    outboxWorker = startOutboxWorker(db, { url: config.ORDER_WEBHOOK_URL, transports, claimMs: config.OUTBOX_CLAIM_MS }, config.OUTBOX_INTERVAL_MS);
    logger.info({ topics: Object.keys(transports), webhook: Boolean(config.ORDER_WEBHOOK_URL) }, "outbox worker started");
  }
}

/** Graceful shutdown: stops the courier sandbox, the parcel poller and the outbox worker, waiting for a round in progress. False when none ran. */
export async function stopBackgroundWork(): Promise<boolean> {
  stopSettingsRefresh?.();
  stopSettingsRefresh = undefined;
  const sandbox = courierSandbox;
  courierSandbox = undefined;
  await sandbox?.stop();
  const poller = parcelPoller;
  parcelPoller = undefined;
  await poller?.stop();
  const worker = outboxWorker;
  outboxWorker = undefined;
  if (!worker) return false;
  await worker.stop();
  return true;
}
