import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.server";
import { logger } from "../../logger.server";
import { addCourierAccount, listCourierAccounts, updateCourierAccount } from "../accounts.service.server";
import { CourierLimiter } from "../limiter.server";
import { createYalidineAdapter } from "../adapters/yalidine.server";
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
  };
  const saved = existing ? await updateCourierAccount(db, existing.id, input) : await addCourierAccount(db, input);
  if (!saved.ok) return null;
  // The one account whose API is plain http on this machine: the fake started above.
  await db.updateTable("courier_accounts").set({ base_url: fake.access.baseUrl }).where("id", "=", saved.id).execute();
  return saved.id;
}

/** Normalised for matching the courier's commune names with ours ("Aïn Arnat" and "Ain Arnat"). */
function plain(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/** The fake's communes and centres as the account's places and stop-desks (the ones of our communes it serves). */
async function storePlaces(db: Kysely<Database>, accountId: number, fake: FakeYalidine): Promise<void> {
  const adapter = createYalidineAdapter(fake.access, { fetch: globalThis.fetch, limiter: new CourierLimiter() });
  const [places, desks] = await Promise.all([adapter.places(), adapter.stopDesks()]);
  if (!places.ok || !desks.ok) return;
  const ours = await db.selectFrom("communes").select(["code", "wilaya_code", "name"]).execute();
  const at = new Date().toISOString();
  for (const place of places.value) {
    const commune = ours.find((row) => Number(row.wilaya_code) === place.wilayaCode && plain(row.name) === plain(place.communeName));
    if (!commune) continue;
    await db
      .insertInto("courier_places")
      .values({
        account_id: accountId,
        commune_code: commune.code,
        wilaya_code: commune.wilaya_code,
        courier_wilaya_code: place.wilayaCode,
        courier_wilaya_name: place.wilayaName,
        courier_commune_name: place.communeName,
        wilaya_place_id: null,
        commune_place_id: place.placeId,
        has_stop_desk: place.hasStopDesk,
        refreshed_at: at,
      })
      .onConflict((oc) => oc.columns(["account_id", "commune_code"]).doNothing())
      .execute();
  }
  for (const desk of desks.value) {
    await db
      .insertInto("courier_stop_desks")
      .values({
        account_id: accountId,
        code: desk.id,
        name: desk.name,
        courier_wilaya_code: desk.wilayaCode,
        commune_name: desk.communeName,
        address: desk.address,
        refreshed_at: at,
      })
      .onConflict((oc) => oc.columns(["account_id", "code"]).doNothing())
      .execute();
  }
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
  await storePlaces(db, accountId, fake);
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

  let current: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (current) return;
    current = step()
      .catch((error: unknown) => logger.error({ err: error }, "courier sandbox step failed"))
      .finally(() => {
        current = undefined;
      });
  }, options.stepMs ?? 20_000);
  timer.unref();
  logger.warn({ courierAccount: accountId, api: fake.access.baseUrl }, "COURIER_SANDBOX: a fake Yalidine courier is running (demonstration only)");
  return {
    accountId,
    fake,
    step,
    async stop() {
      clearInterval(timer);
      await current;
      await fake.close();
    },
  };
}
