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
  wholeNumber,
} from "./bearer-api.server";
import { mapNoestStatus } from "./noest-statuses.server";
import type { ParcelState } from "~/lib/couriers";
import { personName } from "~/lib/text";

/**
 * Noest Express (`baseUrl` "https://app.noest-dz.com/api/public"); credentials `{ token, userGuid }`:
 * the Bearer token on every request, and the account's `user_guid` in the body of every write.
 * Parcels are created in bulk (`POST /create/orders`, at most 100; `poids` is required there) and
 * stay drafts the courier never sees until validated (`POST /valid/order { user_guid, tracking }`).
 * The label answer redirects to a PDF link that expires within minutes: the adapter follows it and
 * keeps the PDF. No webhooks: statuses are polled (`POST /get/trackings/info { user_guid, trackings }`,
 * batches of 100). About 45 requests a minute.
 *
 * Create fields: `reference` (the order number), `client`, `phone`, `adresse`, `wilaya_id` (1–58),
 * `commune` (Noest's name), `montant` (the amount to collect, delivery included), `produit`,
 * `type_id` (1 = delivery), `stop_desk` (0/1) with `station_code` (the desk's code), `poids` (kg).
 */
export const NOEST_WINDOWS = [{ limit: 45, perMs: 60_000 }] as const;
const BATCH = 100;
/** Noest requires a weight on bulk create; the shop does not weigh parcels: the lightest class. */
const DEFAULT_WEIGHT_KG = 1;

export function createNoestAdapter(access: CourierAccountAccess, deps: CourierAdapterDeps): CourierAdapter {
  const token = access.credentials.token ?? "";
  const userGuid = access.credentials.userGuid ?? "";
  const api = createBearerApi({
    baseUrl: access.baseUrl,
    token,
    key: limiterKey("noest", access.baseUrl, token),
    windows: NOEST_WINDOWS,
    deps,
  });

  async function action(path: string, tracking: string): Promise<CourierResult<true>> {
    const answer = await api.request("POST", path, { json: { user_guid: userGuid, tracking } });
    if (!answer.ok) return answer;
    const body = await readJson(answer.value);
    if (answer.value.ok && isRecord(body) && body.success === true) return { ok: true, value: true };
    return failed(refusalOf(body, `HTTP ${answer.value.status}`));
  }

  async function list(path: string): Promise<CourierResult<Record<string, unknown>[]>> {
    const answer = await api.request("GET", path);
    if (!answer.ok) return answer;
    const body = await readJson(answer.value);
    if (!answer.value.ok) return failed(refusalOf(body, `HTTP ${answer.value.status}`));
    return { ok: true, value: listOf(body).filter(isRecord) };
  }

  return {
    family: "noest",

    async testConnection() {
      const answer = await api.request("GET", "/get/wilayas");
      if (!answer.ok) return answer;
      await answer.value.body?.cancel();
      return answer.value.ok ? { ok: true, value: true } : failed({ kind: "unavailable", message: `HTTP ${answer.value.status}` });
    },

    async createParcels(parcels) {
      const results = new Map<string, CourierResult<CreatedParcel>>();
      for (const batch of chunks(parcels, BATCH)) {
        const answer = await api.request("POST", "/create/orders", { json: { user_guid: userGuid, orders: batch.map(orderFields) } });
        if (!answer.ok) {
          for (const parcel of batch) results.set(parcel.reference, answer);
          continue;
        }
        const body = await readJson(answer.value);
        // `{ success, passed: [{ success, tracking, reference }], failed: [{ reference, field: ["…"] }] }`
        if (!answer.value.ok || !isRecord(body) || (!Array.isArray(body.passed) && !Array.isArray(body.failed))) {
          const refusal = failed<CreatedParcel>(refusalOf(body, `HTTP ${answer.value.status}`));
          for (const parcel of batch) results.set(parcel.reference, refusal);
          continue;
        }
        const passed = Array.isArray(body.passed) ? body.passed.filter(isRecord) : [];
        const refused = Array.isArray(body.failed)
          ? body.failed.filter(isRecord)
          : isRecord(body.failed)
            ? Object.values(body.failed).filter(isRecord)
            : [];
        for (const parcel of batch) {
          const created = passed.find((row) => String(row.reference) === parcel.reference);
          const refusal = refused.find((row) => String(row.reference) === parcel.reference);
          if (created && typeof created.tracking === "string" && created.tracking !== "") {
            results.set(parcel.reference, {
              ok: true,
              value: { reference: parcel.reference, tracking: created.tracking, labelUrl: null, needsHandover: true },
            });
          } else if (refusal) {
            results.set(parcel.reference, failed(refusalOf(refusal, "refused")));
          } else {
            results.set(parcel.reference, failed({ kind: "unavailable", message: "no answer for this parcel" }));
          }
        }
      }
      return results;
    },

    handOver(tracking) {
      return action("/valid/order", tracking);
    },

    async label(tracking) {
      // A redirect to an expiring PDF link: fetch follows it (a cross-origin redirect drops the Bearer header).
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
        const answer = await api.request("POST", "/get/trackings/info", { json: { user_guid: userGuid, trackings: batch } });
        if (!answer.ok) return answer;
        const body = await readJson(answer.value);
        if (!answer.value.ok) return failed(refusalOf(body, `HTTP ${answer.value.status}`));
        const byTracking = isRecord(body) ? body : {};
        for (const tracking of batch) events.push(...parcelEvents(tracking, byTracking[tracking]));
      }
      return { ok: true, value: events };
    },

    cancel(tracking) {
      // Noest deletes a parcel only before it is validated; afterwards it answers a refusal.
      return action("/delete/order", tracking);
    },

    async places() {
      const wilayas = await list("/get/wilayas");
      if (!wilayas.ok) return wilayas;
      const desks = await list("/desks");
      if (!desks.ok) return desks;
      const withDesk = new Set(desks.value.map((desk) => `${deskWilaya(desk)}:${String(desk.commune ?? "")}`));
      const places: CourierPlace[] = [];
      // Noest lists communes one wilaya at a time (`GET /get/communes/{code}`).
      for (const wilaya of wilayas.value) {
        const wilayaCode = wholeNumber(wilaya.code);
        if (wilayaCode === null || wilayaCode < 1 || wilayaCode > 58 || wilaya.is_active === 0 || wilaya.is_active === false) continue;
        const communes = await list(`/get/communes/${wilayaCode}`);
        if (!communes.ok) return communes;
        for (const commune of communes.value) {
          if (typeof commune.nom !== "string" || commune.is_active === 0 || commune.is_active === false) continue;
          places.push({
            wilayaCode,
            wilayaName: String(wilaya.nom ?? wilayaCode),
            communeName: commune.nom,
            placeId: null,
            hasStopDesk: withDesk.has(`${wilayaCode}:${commune.nom}`),
          });
        }
      }
      return { ok: true, value: places };
    },

    async stopDesks() {
      // `GET /desks`: an object keyed by desk code; `code` is the `station_code` on create.
      const desks = await list("/desks");
      if (!desks.ok) return desks;
      const out: CourierStopDesk[] = [];
      for (const desk of desks.value) {
        const wilayaCode = deskWilaya(desk);
        if (typeof desk.code !== "string" || desk.code === "" || wilayaCode === null) continue;
        out.push({
          id: desk.code,
          name: String(desk.name ?? desk.code),
          wilayaCode,
          communeName: String(desk.commune ?? ""),
          address: typeof desk.address === "string" && desk.address !== "" ? desk.address : null,
        });
      }
      return { ok: true, value: out };
    },
  };
}

/** A desk's wilaya: its `wilaya_id` where Noest sends one, else the number its code starts with ("16A" is in Algiers). */
function deskWilaya(desk: Record<string, unknown>): number | null {
  return wholeNumber(desk.wilaya_id) ?? wholeNumber(/^\d+/.exec(String(desk.code ?? ""))?.[0]);
}

function orderFields(parcel: ParcelRequest): Record<string, string | number> {
  const fields: Record<string, string | number> = {
    reference: parcel.reference,
    client: personName(parcel.firstName, parcel.lastName),
    phone: parcel.phone,
    adresse: parcel.address,
    wilaya_id: parcel.wilayaCode,
    commune: parcel.communeName,
    montant: parcel.amountToCollect,
    produit: parcel.productSummary,
    type_id: 1,
    poids: DEFAULT_WEIGHT_KG,
    stop_desk: parcel.deliveryType === "stop_desk" ? 1 : 0,
  };
  if (parcel.deliveryType === "stop_desk" && parcel.stopDeskId !== null) fields.station_code = parcel.stopDeskId;
  return fields;
}

/**
 * A parcel's events, oldest first, from `{ OrderInfo: { montant, … }, activity: [{ event_key,
 * date, remarque? }] }`. A cash event keeps the state of the movement before it (delivered when
 * none is known: cash is collected on delivery).
 */
function parcelEvents(tracking: string, entry: unknown): ParcelEvent[] {
  if (!isRecord(entry)) return [];
  const info: Record<string, unknown> = isRecord(entry.OrderInfo) ? entry.OrderInfo : {};
  const amount = wholeNumber(info.montant);
  const activity = (Array.isArray(entry.activity) ? entry.activity.filter(isRecord) : [])
    .map((step) => ({ step, occurredAt: typeof step.date === "string" ? algiersTimeToIso(step.date) : null }))
    .filter((row): row is { step: Record<string, unknown>; occurredAt: string } => row.occurredAt !== null)
    .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  const events: ParcelEvent[] = [];
  let state: ParcelState | null = null;
  for (const { step, occurredAt } of activity) {
    const word = typeof step.event_key === "string" ? step.event_key : "";
    const mapped = mapNoestStatus(word);
    if (mapped === null) continue;
    if (mapped.state !== null) state = mapped.state;
    const reason = [step.reason, step.remarque].find((value): value is string => typeof value === "string" && value.trim() !== "") ?? null;
    events.push({
      tracking,
      state: mapped.state ?? state ?? "delivered",
      courierStatus: word,
      reason,
      occurredAt,
      eventId: null,
      cashCollected: mapped.cash ? amount : null,
    });
  }
  return events;
}
