import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.server";
import { logger } from "../../logger.server";
import { startBackgroundLoop } from "../../platform/index.server";
import { addCourierAccount, listCourierAccounts, updateCourierAccount } from "../accounts.service.server";
import { refreshCourierPlaces } from "../places.service.server";
import { startFakeYalidine, type FakeYalidine } from "./fake-yalidine.server";

/**
 * The courier sandbox (COURIER_SANDBOX=true): a fake Yalidine-family courier (the one the tests
 * use) served in-process on a free local port, a "Sandbox (Yalidine)" account pointing at it with
 * its places and stop-desks, and its parcels moving on their own — picked up, out for delivery,
 * then delivered, or (one in three) a failed attempt and back to the merchant — each step both
 * in the courier's history (polling) and sent as a signed webhook to the shop's own route, so
 * the whole flow can be seen without a courier account. Its parcels live in memory: a restart
 * forgets them (the shop's parcels then stay where they were).
 */

export const SANDBOX_ACCOUNT_LABEL = "Sandbox (Yalidine)";
/** The account's stored base URL must be https; the sandbox then points it at its local fake. */
/** The wilaya the sandbox's parcels leave from (Alger). */
const SANDBOX_ORIGIN_WILAYA = "16";
const PLACEHOLDER_BASE_URL = "https://sandbox.souq.invalid/v1";

/** The courier's words each sandbox parcel goes through, one per step. */
const DELIVERED_PATH = ["Expédié", "Centre", "Sorti en livraison", "Livré"];
const RETURNED_PATH = ["Expédié", "Sorti en livraison", "Tentative échouée", "Echec livraison", "Retourné au vendeur"];

export interface CourierSandbox {
  accountId: number;
  fake: FakeYalidine;
  /** Moves every sandbox parcel one step (the timer does it every `stepMs`). */
  step(): Promise<void>;
  stop(): Promise<void>;
}

/** The local address the sandbox sends its webhooks to: the shop itself. */
function shopOrigin(host: string, port: number): string {
  const local = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  return `http://${local.includes(":") ? `[${local}]` : local}:${port}`;
}

async function sandboxAccount(db: Kysely<Database>, fake: FakeYalidine, webhookSecret: string): Promise<number | null> {
  const existing = (await listCourierAccounts(db)).find((account) => account.label === SANDBOX_ACCOUNT_LABEL && account.family === "yalidine");
  const input = {
    family: "yalidine",
    label: SANDBOX_ACCOUNT_LABEL,
    baseUrl: PLACEHOLDER_BASE_URL,
    credentials: { apiId: fake.access.credentials.apiId, apiToken: fake.access.credentials.apiToken },
    webhookSecret,
    // Parcels leave from Alger.
    originWilaya: SANDBOX_ORIGIN_WILAYA,
  };
  const saved = existing ? await updateCourierAccount(db, existing.id, input) : await addCourierAccount(db, input);
  if (!saved.ok) return null;
  // The one account whose API is plain http on this machine: the fake started above.
  await db.updateTable("courier_accounts").set({ base_url: fake.access.baseUrl }).where("id", "=", saved.id).execute();
  return saved.id;
}

/**
 * Starts the sandbox courier. `shop` is where the shop listens (its webhook route); `stepMs`
 * how often each parcel moves.
 */
export async function startCourierSandbox(
  db: Kysely<Database>,
  options: { host: string; port: number; stepMs?: number },
): Promise<CourierSandbox | null> {
  const fake = await startFakeYalidine({ apiId: `sandbox-${randomBytes(6).toString("hex")}` });
  const webhookSecret = randomBytes(24).toString("hex");
  const accountId = await sandboxAccount(db, fake, webhookSecret);
  if (accountId === null) {
    await fake.close();
    logger.warn("courier sandbox not started: its account could not be saved");
    return null;
  }
  // The account's places and stop-desks, fetched from the fake like any courier's.
  const refreshed = await refreshCourierPlaces(db, accountId);
  if (!refreshed.ok) logger.warn({ courierAccount: accountId, error: refreshed.error }, "courier sandbox places not refreshed");
  const webhookUrl = `${shopOrigin(options.host, options.port)}/api/couriers/webhooks/${accountId}`;
  const steps = new Map<string, number>();

  async function step(): Promise<void> {
    for (const parcel of fake.parcels.values()) {
      // One parcel in three comes back (its tracking number's counter).
      const path = Number(parcel.tracking.replace(/\D/g, "")) % 3 === 0 ? RETURNED_PATH : DELIVERED_PATH;
      const done = steps.get(parcel.tracking) ?? 0;
      if (done >= path.length) continue;
      const status = path[done]!;
      const reason = status === "Tentative échouée" ? "Client injoignable" : "";
      steps.set(parcel.tracking, done + 1);
      fake.setStatus(parcel.tracking, status, reason);
      const sent = await fake
        .sendWebhook(webhookUrl, [{ type: "parcel_status_updated", data: { tracking: parcel.tracking, status, reason } }], { secret: webhookSecret })
        .catch(() => ({ status: 0 }));
      if (sent.status !== 200) logger.warn({ tracking: parcel.tracking, status: sent.status }, "courier sandbox webhook not accepted");
    }
  }

  const loop = startBackgroundLoop("courier sandbox step", options.stepMs ?? 20_000, step);
  logger.warn({ courierAccount: accountId, api: fake.access.baseUrl }, "COURIER_SANDBOX: a fake Yalidine courier is running (demonstration only)");
  return {
    accountId,
    fake,
    step,
    async stop() {
      await loop.stop();
      await fake.close();
    },
  };
}
