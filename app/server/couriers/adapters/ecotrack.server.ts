import type {
  CourierAccountAccess,
  CourierAdapter,
  CourierAdapterDeps,
  CourierPlace,
  CourierResult,
  CourierStopDesk,
  CreatedParcel,
  ParcelEvent,
  ParcelRequest,
} from "~/server/couriers/index.server";
import {
  algiersTimeToIso,
  chunks,
  createBearerApi,
  failed,
  isRecord,
  limiterKey,
  listOf,
  readJson,
  refusalOf,
  truthy,
  wholeNumber,
} from "./bearer-api.server";
import { mapEcotrackStatus } from "./ecotrack-statuses.server";
import { personName } from "~/lib/text";

/**
 * The Ecotrack family: one API under many courier brands, each on its own host (the account's
 * `baseUrl`, e.g. "https://dhd.ecotrack.dz/api/v1"); credentials `{ token }` (Bearer).
 * Parcels are created in bulk (`POST /create/orders`, at most 100, answers keyed by reference),
 * then handed over one by one (`POST /valid/order?tracking=`); until then the courier does not
 * pick them up. Labels are PDF. No webhooks: statuses are polled in batches of 100
 * (`GET /get/trackings/info?trackings[]=`). About 50 requests a minute.
 *
 * Create fields: `nom_client` (the customer's name), `telephone` (9–10 digits), `adresse`,
 * `commune` (Ecotrack's name of the commune), `code_wilaya` (1–58), `montant` (the amount to
 * collect, delivery included), `type` (1 = delivery), `stop_desk` (0/1) with `code_postal` (the
 * stop-desk's station code), `produit`, `reference` (the order number).
 */
export const ECOTRACK_WINDOWS = [{ limit: 50, perMs: 60_000 }] as const;
const BATCH = 100;

export function createEcotrackAdapter(access: CourierAccountAccess, deps: CourierAdapterDeps): CourierAdapter {
  const token = access.credentials.token ?? "";
  const api = createBearerApi({
    baseUrl: access.baseUrl,
    token,
    key: limiterKey("ecotrack", access.baseUrl, token),
    windows: ECOTRACK_WINDOWS,
    deps,
  });

  /** A request whose answer is JSON `{ success: true, … }`; anything else is the courier's refusal. */
  async function action(method: "POST" | "DELETE", path: string, tracking: string): Promise<CourierResult<true>> {
    const answer = await api.request(method, path, { query: [["tracking", tracking]] });
    if (!answer.ok) return answer;
    const body = await readJson(answer.value);
    if (answer.value.ok && isRecord(body) && body.success !== false) return { ok: true, value: true };
    return failed(refusalOf(body, `HTTP ${answer.value.status}`));
  }

  async function wilayaNames(): Promise<CourierResult<Map<number, string>>> {
    const answer = await api.request("GET", "/get/wilayas");
    if (!answer.ok) return answer;
    const body = await readJson(answer.value);
    if (!answer.value.ok) return failed(refusalOf(body, `HTTP ${answer.value.status}`));
    const rows = listOf(body);
    const names = new Map<number, string>();
    for (const row of rows) {
      if (!isRecord(row)) continue;
      const code = wholeNumber(row.wilaya_id);
      if (code !== null) names.set(code, String(row.wilaya_name ?? code));
    }
    return { ok: true, value: names };
  }

  async function communes(): Promise<CourierResult<Record<string, unknown>[]>> {
    const answer = await api.request("GET", "/get/communes");
    if (!answer.ok) return answer;
    const body = await readJson(answer.value);
    if (!answer.value.ok) return failed(refusalOf(body, `HTTP ${answer.value.status}`));
    return { ok: true, value: listOf(body).filter(isRecord) };
  }

  return {
    family: "ecotrack",

    async testConnection() {
      const answer = await api.request("GET", "/get/wilayas");
      if (!answer.ok) return answer;
      await answer.value.body?.cancel();
      return answer.value.ok ? { ok: true, value: true } : failed({ kind: "unavailable", message: `HTTP ${answer.value.status}` });
    },

    async createParcels(parcels) {
      const results = new Map<string, CourierResult<CreatedParcel>>();
      for (const batch of chunks(parcels, BATCH)) {
        const orders = Object.fromEntries(batch.map((parcel, index) => [String(index), orderFields(parcel)]));
        const answer = await api.request("POST", "/create/orders", { json: { orders } });
        if (!answer.ok) {
          for (const parcel of batch) results.set(parcel.reference, answer);
          continue;
        }
        const body = await readJson(answer.value);
        const byReference = isRecord(body) && isRecord(body.results) ? body.results : null;
        if (!answer.value.ok || byReference === null) {
          // The whole batch was refused (a malformed request): the courier's words for each parcel.
          const refusal = failed<CreatedParcel>(refusalOf(body, `HTTP ${answer.value.status}`));
          for (const parcel of batch) results.set(parcel.reference, refusal);
          continue;
        }
        batch.forEach((parcel, index) => {
          const result = byReference[parcel.reference] ?? byReference[String(index)];
          if (isRecord(result) && result.success === true && typeof result.tracking === "string" && result.tracking !== "") {
            results.set(parcel.reference, {
              ok: true,
              value: { reference: parcel.reference, tracking: result.tracking, labelUrl: null, needsHandover: true },
            });
          } else if (result === undefined) {
            results.set(parcel.reference, failed({ kind: "unavailable", message: "no answer for this parcel" }));
          } else {
            results.set(parcel.reference, failed(refusalOf(result, "refused")));
          }
        });
      }
      return results;
    },

    handOver(tracking) {
      return action("POST", "/valid/order", tracking);
    },

    async label(tracking) {
      const answer = await api.request("GET", "/get/order/label", { query: [["tracking", tracking]] });
      if (!answer.ok) return answer;
      if (!answer.value.ok) return failed(refusalOf(await readJson(answer.value), `HTTP ${answer.value.status}`));
      const bytes = new Uint8Array(await answer.value.arrayBuffer());
      if (bytes.length === 0) return failed({ kind: "unavailable", message: "empty label" });
      return { ok: true, value: { kind: "pdf", bytes } };
    },

    async statuses(trackings) {
      const events: ParcelEvent[] = [];
      for (const batch of chunks(trackings, BATCH)) {
        const answer = await api.request("GET", "/get/trackings/info", {
          query: batch.map((tracking): [string, string] => ["trackings[]", tracking]),
        });
        if (!answer.ok) return answer;
        const body = await readJson(answer.value);
        if (!answer.value.ok) return failed(refusalOf(body, `HTTP ${answer.value.status}`));
        const byTracking = isRecord(body) && isRecord(body.data) ? body.data : isRecord(body) ? body : {};
        for (const tracking of batch) events.push(...parcelEvents(tracking, byTracking[tracking]));
      }
      return { ok: true, value: events };
    },

    cancel(tracking) {
      // Ecotrack deletes a parcel only before it is handed over; afterwards it answers a refusal.
      return action("DELETE", "/delete/order", tracking);
    },

    async places() {
      const names = await wilayaNames();
      if (!names.ok) return names;
      const rows = await communes();
      if (!rows.ok) return rows;
      const places: CourierPlace[] = [];
      for (const row of rows.value) {
        const wilayaCode = wholeNumber(row.wilaya_id);
        const communeName = typeof row.nom === "string" ? row.nom : null;
        if (wilayaCode === null || communeName === null) continue;
        places.push({
          wilayaCode,
          wilayaName: names.value.get(wilayaCode) ?? String(wilayaCode),
          communeName,
          placeId: null,
          hasStopDesk: truthy(row.has_stop_desk),
        });
      }
      return { ok: true, value: places };
    },

    async stopDesks() {
      // A commune with a stop-desk: its `code_postal` is the station code `code_postal` on create.
      const rows = await communes();
      if (!rows.ok) return rows;
      const desks: CourierStopDesk[] = [];
      for (const row of rows.value) {
        const wilayaCode = wholeNumber(row.wilaya_id);
        const code = row.code_postal;
        if (!truthy(row.has_stop_desk) || wilayaCode === null || (typeof code !== "string" && typeof code !== "number")) continue;
        const communeName = String(row.nom ?? "");
        desks.push({ id: String(code), name: communeName, wilayaCode, communeName, address: null });
      }
      return { ok: true, value: desks };
    },
  };
}

function orderFields(parcel: ParcelRequest): Record<string, string | number> {
  const fields: Record<string, string | number> = {
    reference: parcel.reference,
    nom_client: personName(parcel.firstName, parcel.lastName),
    telephone: parcel.phone,
    adresse: parcel.address,
    commune: parcel.communeName,
    code_wilaya: parcel.wilayaCode,
    montant: parcel.amountToCollect,
    produit: parcel.productSummary,
    type: 1,
    stop_desk: parcel.deliveryType === "stop_desk" ? 1 : 0,
  };
  if (parcel.deliveryType === "stop_desk" && parcel.stopDeskId !== null) fields.code_postal = parcel.stopDeskId;
  return fields;
}

/**
 * A parcel's activity, oldest first: `{ activity: [{ status, date, time, reason? }] }`, with the
 * parcel's details (`OrderInfo.montant`) where the tenant sends them, for the cash collected.
 */
function parcelEvents(tracking: string, entry: unknown): ParcelEvent[] {
  if (!isRecord(entry)) return [];
  const info: Record<string, unknown> = isRecord(entry.OrderInfo) ? entry.OrderInfo : {};
  const amount = wholeNumber(info.montant ?? entry.montant);
  const activity = Array.isArray(entry.activity) ? entry.activity.filter(isRecord) : [];
  const events: ParcelEvent[] = [];
  for (const step of activity) {
    const word = typeof step.status === "string" ? step.status : "";
    const mapped = mapEcotrackStatus(word);
    const occurredAt = typeof step.date === "string" ? algiersTimeToIso(step.date, typeof step.time === "string" ? step.time : null) : null;
    if (mapped === null || occurredAt === null) continue;
    const reason = [step.reason, step.content].find((value): value is string => typeof value === "string" && value.trim() !== "") ?? null;
    events.push({
      tracking,
      state: mapped.state,
      courierStatus: word,
      reason,
      occurredAt,
      eventId: null,
      cashCollected: mapped.cash ? amount : null,
    });
  }
  return events.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
}
