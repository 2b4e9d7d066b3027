import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { CourierFamily } from "~/lib/couriers";
import { adapterFor, courierAccountAccess, COURIER_WEBHOOKS, defaultAdapterDeps, type CourierAdapterDeps } from "../couriers/index.server";
import type { Database } from "../db/database.server";
import { logger } from "../logger.server";
import { startBackgroundLoop, type BackgroundLoop } from "../platform/index.server";
import { claimDueParcels, releaseParcels, type ClaimedParcel } from "./parcel-events.repo.server";
import { applyParcelEvents } from "./parcel-status.server";

/**
 * Polling the couriers for the statuses of parcels not yet final. Every family is polled: those
 * without webhooks regularly (`everyMs`), those with webhooks rarely (`webhookEveryMs`), as a
 * safety net for a webhook lost or never subscribed. The shared limiter spaces the requests
 * within each courier's quota; a 429 or an unreachable courier leaves the parcels due again
 * later, and the next poll reads their whole history again, so no status is lost.
 */

/** Parcels claimed per round. */
const CLAIM_LIMIT = 200;
/** How long a poller holds the parcels it claimed: beyond a round that waits on the limiter. */
export const PARCEL_POLL_CLAIM_MS = 10 * 60 * 1000;

export interface PollSettings {
  /** Between two polls of a parcel whose courier has no webhooks. */
  everyMs: number;
  /** Between two polls of a parcel whose courier sends webhooks (a safety net). */
  webhookEveryMs: number;
}

export const DEFAULT_POLL_SETTINGS: PollSettings = { everyMs: 30 * 60 * 1000, webhookEveryMs: 6 * 60 * 60 * 1000 };

export interface PollReport {
  claimed: number;
  /** Events stored for the first time. */
  added: number;
  /** Parcels left due again later (429, courier unreachable, account unusable). */
  deferred: number;
}

function pollEvery(family: CourierFamily, settings: PollSettings): number {
  return COURIER_WEBHOOKS[family] ? settings.webhookEveryMs : settings.everyMs;
}

/** Polls the due parcels once: claims them, asks each account's courier, applies the events, reschedules. */
export async function pollDueParcels(
  db: Kysely<Database>,
  options: { now?: Date; settings?: PollSettings; deps?: CourierAdapterDeps; limit?: number } = {},
): Promise<PollReport> {
  const now = options.now ?? new Date();
  const settings = options.settings ?? DEFAULT_POLL_SETTINGS;
  const token = randomUUID();
  const claimed = await claimDueParcels(db, {
    now: now.toISOString(),
    claimedUntil: new Date(now.getTime() + PARCEL_POLL_CLAIM_MS).toISOString(),
    token,
    limit: options.limit ?? CLAIM_LIMIT,
  });
  const report: PollReport = { claimed: claimed.length, added: 0, deferred: 0 };
  const byAccount = new Map<number, ClaimedParcel[]>();
  for (const parcel of claimed) {
    const list = byAccount.get(parcel.account_id!) ?? [];
    list.push(parcel);
    byAccount.set(parcel.account_id!, list);
  }
  for (const [accountId, parcels] of byAccount) {
    const ids = parcels.map((parcel) => parcel.id);
    const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
    const regular = later(pollEvery(parcels[0]!.family, settings));
    try {
      const opened = await courierAccountAccess(db, accountId);
      const adapter = opened.ok ? adapterFor(opened.access, options.deps ?? defaultAdapterDeps()) : null;
      if (!adapter) {
        logger.warn({ courierAccount: accountId, error: opened.ok ? "not_available" : opened.error }, "courier parcels not polled");
        report.deferred += ids.length;
        await releaseParcels(db, ids, token, regular);
        continue;
      }
      // The adapter splits the trackings into its family's batches.
      const result = await adapter.statuses(parcels.map((parcel) => parcel.tracking!));
      if (!result.ok) {
        const failure = result.failure;
        // The kind only: a courier's answer is not logged, in case it echoes what it was sent.
        logger.warn({ courierAccount: accountId, failure: failure.kind }, "courier statuses not read");
        report.deferred += ids.length;
        await releaseParcels(db, ids, token, failure.kind === "rate_limited" ? later(Math.max(1_000, failure.retryAfterMs)) : regular);
        continue;
      }
      const applied = await applyParcelEvents(db, accountId, result.value, now);
      report.added += applied.added;
      await releaseParcels(db, ids, token, regular);
    } catch (error) {
      logger.error({ err: error, courierAccount: accountId }, "courier polling failed");
      report.deferred += ids.length;
      await releaseParcels(db, ids, token, regular);
    }
  }
  return report;
}

export type ParcelPoller = BackgroundLoop;

/** Polls every `intervalMs` in the background (one round at a time; `stop()` waits for the current one). */
export function startParcelPoller(db: Kysely<Database>, intervalMs: number, settings: PollSettings = DEFAULT_POLL_SETTINGS): ParcelPoller {
  return startBackgroundLoop("courier polling round", intervalMs, async () => {
    const report = await pollDueParcels(db, { settings });
    if (report.claimed > 0) logger.info({ ...report }, "courier parcels polled");
  });
}
