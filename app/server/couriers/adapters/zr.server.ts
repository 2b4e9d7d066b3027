import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type {
  CourierAccountAccess,
  CourierAdapter,
  CourierAdapterDeps,
  CourierFailure,
  CourierPlace,
  CourierResult,
  CourierStopDesk,
  CourierWebhooks,
  CreatedParcel,
  Label,
  ParcelEvent,
  ParcelRequest,
} from "../adapter.server";
import { MINUTE, RateLimitWaitTooLong, SECOND, type RateWindow } from "../limiter.server";
import { failed, isRecord, limiterKey, readJson, retryAfter, wholeNumber } from "./bearer-api.server";
import { mapZrSituation, mapZrStatus } from "./zr-statuses.server";
import { personName } from "~/lib/text";

/**
 * ZR Express, its new API (`baseUrl` "https://api.zrexpress.app/api/v1"); credentials
 * `{ tenant, apiKey }`, sent as the headers X-Tenant and X-Api-Key on every request. Places are
 * ZR's territories, identified by UUID (`POST /territories/search`: wilayas and their communes);
 * stop-desks are its hubs (`POST /hubs/search`), a parcel for one sent as `deliveryType:
 * "pickup-point"` with the hub's id. A parcel is created one at a time (`POST /parcels`, answered
 * with its UUID) with the order number as `externalId`, so a retry finds it through
 * `POST /parcels/search` instead of creating it twice; its tracking number is read back with
 * `GET /parcels/{id}`. Labels are expiring file links (`POST /parcels/labels/individual`): the
 * adapter downloads the PDF at once. Statuses: `GET /parcels/{id}/state-history`, and
 * Svix-signed webhooks. ZR publishes no rate limit: the windows below are deliberately low.
 */
export const ZR_WINDOWS: readonly RateWindow[] = [
  { limit: 3, perMs: SECOND },
  { limit: 40, perMs: MINUTE },
];

/** ZR refuses a parcel whose amount is above this, in dinars. */
export const ZR_MAX_AMOUNT = 150_000;

/** ZR's largest useful page; a list longer than MAX_PAGES pages is not one ZR sends: stop rather than loop. */
const PAGE_SIZE = 1_000;
const MAX_PAGES = 50;
const TIMEOUT_MS = 20_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** ZR's product names and descriptions: no "|", at most 250 characters. */
const MAX_TEXT = 250;

type Json = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

/** A territory as ZR lists it: a wilaya ("wilaya", or "city" in older clients) or a commune ("commune" / "district"). */
interface Territory {
  id: string;
  code: number | null;
  name: string;
  isWilaya: boolean;
  parentId: string | null;
  hasHomeDelivery: boolean;
  hasPickupPoint: boolean;
}

function territoryOf(row: Json): Territory | null {
  const id = text(row.id);
  if (id === "") return null;
  const level = text(row.level).toLowerCase();
  const delivery = isRecord(row.delivery) ? row.delivery : {};
  return {
    id,
    code: wholeNumber(row.code),
    name: text(row.name),
    isWilaya: level === "wilaya" || level === "city",
    parentId: text(row.parentId) || null,
    // A territory without the `delivery` block is taken as served (older answers lack it).
    hasHomeDelivery: delivery.hasHomeDelivery !== false,
    hasPickupPoint: delivery.hasPickupPoint === true,
  };
}

/**
 * The courier's own words from an error answer: ZR answers problem details, `{ title, detail,
 * errors }`, where `errors` is a list of `{ code, description }` or an object of field → messages.
 */
function zrRefusal(body: unknown, status: number): Extract<CourierFailure, { kind: "refused" }> {
  const fallback = `HTTP ${status}`;
  if (!isRecord(body)) return { kind: "refused", message: fallback };
  const errors = body.errors;
  if (Array.isArray(errors)) {
    const words = errors.map((error) => (isRecord(error) ? text(error.description) || text(error.message) || text(error.code) : text(error)));
    const message = words.filter((word) => word.trim() !== "").join(" ");
    if (message !== "") return { kind: "refused", message };
  } else if (isRecord(errors)) {
    for (const [field, value] of Object.entries(errors)) {
      const words = (Array.isArray(value) ? value : [value]).map(text).filter((word) => word.trim() !== "");
      if (words.length > 0) return { kind: "refused", message: words.join(" "), field };
    }
  }
  return { kind: "refused", message: text(body.detail) || text(body.message) || text(body.title) || fallback };
}

/** "0550123456" → "+213550123456", as ZR wants phones. */
export function zrPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.startsWith("213")) return `+${digits}`;
  return `+213${digits.replace(/^0/, "")}`;
}

/** A stable UUID-shaped customer id per order: a retry names the same customer. */
function customerId(reference: string): string {
  const hex = createHash("sha256").update(`souq-customer:${reference}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function zrText(value: string): string {
  return value.replace(/\|/g, "/").slice(0, MAX_TEXT);
}

/** An ISO date with its offset as ISO-8601 UTC; one without an offset is read as UTC (ZR writes UTC). */
export function zrDate(value: unknown, fallback: number): string {
  const raw = text(value).trim();
  if (raw === "") return new Date(fallback).toISOString();
  const hasOffset = /(Z|[+-]\d\d:?\d\d)$/i.test(raw);
  const time = Date.parse(hasOffset ? raw : `${raw.replace(" ", "T")}Z`);
  return new Date(Number.isNaN(time) ? fallback : time).toISOString();
}

/** The first `fileUrl` in a label answer, whatever list it sits in. */
function firstFileUrl(body: unknown, depth = 0): string | null {
  if (depth > 4) return null;
  if (Array.isArray(body)) {
    for (const item of body) {
      const url = firstFileUrl(item, depth + 1);
      if (url) return url;
    }
    return null;
  }
  if (!isRecord(body)) return null;
  if (typeof body.fileUrl === "string" && body.fileUrl !== "") return body.fileUrl;
  for (const value of Object.values(body)) {
    const url = firstFileUrl(value, depth + 1);
    if (url) return url;
  }
  return null;
}

/** A list ZR sends bare, or under `items` (its paged answers) or `data`. */
function itemsOf(body: unknown): Json[] {
  const list = Array.isArray(body)
    ? body
    : isRecord(body)
      ? Array.isArray(body.items)
        ? body.items
        : Array.isArray(body.data)
          ? body.data
          : []
      : [];
  return list.filter(isRecord);
}

/** Events in the order they happened (a stable sort: same-instant events keep the courier's order). */
function inOrder(events: ParcelEvent[]): ParcelEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.occurredAt.localeCompare(b.event.occurredAt) || a.index - b.index)
    .map(({ event }) => event);
}

export function createZrAdapter(access: CourierAccountAccess, deps: CourierAdapterDeps): CourierAdapter {
  const now = deps.now ?? Date.now;
  const base = access.baseUrl.replace(/\/+$/, "");
  const tenant = access.credentials.tenant ?? "";
  const apiKey = access.credentials.apiKey ?? "";
  // One quota per account: the key names the host and a fingerprint of the account, never the key.
  const key = limiterKey("zr", base, `${tenant}\n${apiKey}`);
  /** The territories, read once per adapter (places, stop-desks and a parcel's wilaya need them). */
  let territories: Promise<CourierResult<Territory[]>> | null = null;

  async function request(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<CourierResult<{ status: number; body: unknown }>> {
    if (tenant === "" || apiKey === "") return failed({ kind: "unauthorized", message: "X-Tenant and X-Api-Key are required" });
    try {
      await deps.limiter.take(key, ZR_WINDOWS);
    } catch (error) {
      if (error instanceof RateLimitWaitTooLong) return failed({ kind: "rate_limited", retryAfterMs: error.retryAfterMs });
      throw error;
    }
    let answer: Awaited<ReturnType<typeof fetch>>;
    try {
      answer = await deps.fetch(`${base}${path}`, {
        method,
        headers: {
          "X-Tenant": tenant,
          "X-Api-Key": apiKey,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      // The error's name only: nothing of the request, so no credential, in the message.
      return failed({ kind: "unavailable", message: `network error (${error instanceof Error ? error.name : "unknown"})` });
    }
    if (answer.status === 429) {
      await answer.body?.cancel();
      const retryAfterMs = deps.limiter.backOff(key, retryAfter(answer.headers.get("retry-after"), now()));
      return failed({ kind: "rate_limited", retryAfterMs });
    }
    const parsed = await readJson(answer);
    if (answer.status === 401 || answer.status === 403) {
      return failed({ kind: "unauthorized", message: zrRefusal(parsed, answer.status).message });
    }
    if (answer.status >= 500) return failed({ kind: "unavailable", message: zrRefusal(parsed, answer.status).message });
    if (!answer.ok) return failed(zrRefusal(parsed, answer.status));
    deps.limiter.succeeded(key);
    return { ok: true, value: { status: answer.status, body: parsed } };
  }

  /** Every page of one of ZR's searches (`{ items, hasNext, totalPages }`, pages from 1). */
  async function search(path: string, criteria: Json = {}): Promise<CourierResult<Json[]>> {
    const rows: Json[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const answer = await request("POST", path, { ...criteria, pageNumber: page, pageSize: PAGE_SIZE });
      if (!answer.ok) return answer;
      const items = itemsOf(answer.value.body);
      rows.push(...items);
      const body = isRecord(answer.value.body) ? answer.value.body : {};
      const more = body.hasNext === true || (wholeNumber(body.totalPages) ?? 0) > page;
      if (!more || items.length === 0) break;
    }
    return { ok: true, value: rows };
  }

  function loadTerritories(): Promise<CourierResult<Territory[]>> {
    territories ??= search("/territories/search", { includeUnavailable: false }).then((rows) => {
      if (!rows.ok) {
        territories = null;
        return rows;
      }
      return { ok: true, value: rows.value.map(territoryOf).filter((t): t is Territory => t !== null) };
    });
    return territories;
  }

  /** The parcels whose `field` is exactly `value` (ZR's keyword search matches parts of words too). */
  async function findParcels(field: "externalId" | "trackingNumber", value: string): Promise<CourierResult<Json[]>> {
    const answer = await request("POST", "/parcels/search", {
      pageNumber: 1,
      pageSize: 10,
      advancedSearch: { fields: [field], keyword: value },
    });
    if (!answer.ok) return answer;
    return { ok: true, value: itemsOf(answer.value.body).filter((row) => text(row[field]) === value) };
  }

  /** A parcel's UUID: the tracking itself when the shop stored the UUID, else found by its tracking number. */
  async function parcelId(tracking: string): Promise<CourierResult<string>> {
    if (UUID.test(tracking)) return { ok: true, value: tracking };
    const found = await findParcels("trackingNumber", tracking);
    if (!found.ok) return found;
    const id = text(found.value[0]?.id);
    return id ? { ok: true, value: id } : failed({ kind: "refused", message: `parcel ${tracking} not found`, field: "tracking" });
  }

  /** The tracking the shop keeps for a parcel: its tracking number, or its UUID until ZR gives one. */
  function trackingOf(row: Json): string {
    return text(row.trackingNumber) || text(row.id);
  }

  /** What ZR expects for one parcel, or the reason it would refuse it. */
  async function toZr(parcel: ParcelRequest): Promise<CourierResult<Json>> {
    const amount = parcel.amountToCollect;
    if (!Number.isInteger(amount) || amount < 0 || amount > ZR_MAX_AMOUNT) {
      return failed({ kind: "refused", message: `amount must be between 0 and ${ZR_MAX_AMOUNT}`, field: "amountToCollect" });
    }
    if (!parcel.communePlaceId) return failed({ kind: "refused", message: "districtTerritoryId is required", field: "communePlaceId" });
    const pickup = parcel.deliveryType === "stop_desk";
    if (pickup && !parcel.stopDeskId) return failed({ kind: "refused", message: "hubId is required for a pickup-point parcel", field: "stopDeskId" });
    let cityId = parcel.wilayaPlaceId;
    if (!cityId) {
      // The commune's wilaya, from ZR's own list, when the shop did not store it.
      const list = await loadTerritories();
      if (!list.ok) return list;
      cityId = list.value.find((t) => t.id === parcel.communePlaceId)?.parentId ?? null;
      if (!cityId) return failed({ kind: "refused", message: "cityTerritoryId is required", field: "wilayaPlaceId" });
    }
    const summary = zrText(parcel.productSummary.trim() || parcel.reference);
    return {
      ok: true,
      value: {
        customer: {
          customerId: customerId(parcel.reference),
          name: personName(parcel.firstName, parcel.lastName),
          phone: { number1: zrPhone(parcel.phone) },
        },
        deliveryAddress: { cityTerritoryId: cityId, districtTerritoryId: parcel.communePlaceId, street: parcel.address },
        // One line for the whole order: its goods' price; `amount` is what the customer pays, delivery included.
        orderedProducts: [{ productName: summary, unitPrice: Math.max(0, amount - parcel.deliveryFee), quantity: 1, stockType: "none" }],
        deliveryType: pickup ? "pickup-point" : "home",
        ...(pickup ? { hubId: parcel.stopDeskId } : {}),
        description: summary.length >= 2 ? summary : `${summary} ${parcel.reference}`.slice(0, MAX_TEXT),
        amount,
        externalId: parcel.reference,
      },
    };
  }

  async function createOne(parcel: ParcelRequest): Promise<CourierResult<CreatedParcel>> {
    const created = (tracking: string): CourierResult<CreatedParcel> => ({
      ok: true,
      value: { reference: parcel.reference, tracking, labelUrl: null, needsHandover: false },
    });
    const body = await toZr(parcel);
    if (!body.ok) return body;
    // The order number is the parcel's externalId: a parcel a previous attempt created is found, not made twice.
    const existing = await findParcels("externalId", parcel.reference);
    if (!existing.ok) return existing;
    if (existing.value[0]) return created(trackingOf(existing.value[0]));

    const answer = await request("POST", "/parcels", body.value);
    if (!answer.ok) return answer;
    const id = isRecord(answer.value.body) ? text(answer.value.body.id) : "";
    if (id === "") return failed({ kind: "unavailable", message: "no parcel id in the answer" });
    // The tracking number comes with the parcel, not with the create answer.
    const read = await request("GET", `/parcels/${encodeURIComponent(id)}`);
    const row = read.ok && isRecord(read.value.body) ? read.value.body : { id };
    return created(trackingOf(row));
  }

  return {
    family: "zr",

    async testConnection() {
      const answer = await request("GET", "/users/profile");
      return answer.ok ? { ok: true, value: true } : answer;
    },

    async createParcels(parcels) {
      // ZR's create takes one parcel; its bulk request's answer is not documented well enough to rely on.
      const results = new Map<string, CourierResult<CreatedParcel>>();
      for (const parcel of parcels) results.set(parcel.reference, await createOne(parcel));
      return results;
    },

    async handOver() {
      // A created ZR parcel is already the courier's: nothing to validate.
      return { ok: true, value: true };
    },

    async label(tracking): Promise<CourierResult<Label>> {
      let trackingNumber = tracking;
      if (UUID.test(tracking)) {
        const read = await request("GET", `/parcels/${encodeURIComponent(tracking)}`);
        if (!read.ok) return read;
        trackingNumber = isRecord(read.value.body) ? text(read.value.body.trackingNumber) : "";
        if (trackingNumber === "") return failed({ kind: "refused", message: "the parcel has no tracking number yet", field: "tracking" });
      }
      const answer = await request("POST", "/parcels/labels/individual", { trackingNumbers: [trackingNumber] });
      if (!answer.ok) return answer;
      const url = firstFileUrl(answer.value.body);
      if (!url) return failed({ kind: "refused", message: `no label for ${tracking}`, field: "tracking" });
      // The link is signed and expires: the PDF is kept instead. Its host gets no credential.
      let file: Awaited<ReturnType<typeof fetch>>;
      try {
        file = await deps.fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch (error) {
        return failed({ kind: "unavailable", message: `network error (${error instanceof Error ? error.name : "unknown"})` });
      }
      if (!file.ok) {
        await file.body?.cancel();
        return failed({ kind: "unavailable", message: `label file: HTTP ${file.status}` });
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (bytes.length === 0) return failed({ kind: "unavailable", message: "empty label" });
      return { ok: true, value: { kind: "pdf", bytes } };
    },

    async statuses(trackings) {
      const events: ParcelEvent[] = [];
      for (const tracking of trackings) {
        const id = await parcelId(tracking);
        if (!id.ok) {
          // A parcel ZR no longer knows says nothing; any other failure stops the round.
          if (id.failure.kind === "refused") continue;
          return id;
        }
        const answer = await request("GET", `/parcels/${encodeURIComponent(id.value)}/state-history`);
        if (!answer.ok) return answer;
        for (const entry of itemsOf(answer.value.body)) {
          const state = isRecord(entry.state) ? entry.state : {};
          const word = text(entry.stateName) || text(entry.newStateName) || text(state.name);
          const mapped = mapZrStatus(word);
          if (mapped === null) continue;
          events.push({
            tracking,
            state: mapped.state,
            courierStatus: word,
            reason: text(entry.comment).trim() || null,
            occurredAt: zrDate(entry.timestamp || entry.createdAt || entry.date, now()),
            eventId: null,
            cashCollected: null,
          });
        }
      }
      return { ok: true, value: inOrder(events) };
    },

    async cancel(tracking) {
      const id = await parcelId(tracking);
      if (!id.ok) return id;
      // ZR deletes a parcel only while it has not left; afterwards it refuses in its own words.
      const answer = await request("DELETE", `/parcels/${encodeURIComponent(id.value)}`);
      return answer.ok ? { ok: true, value: true } : answer;
    },

    async places() {
      const list = await loadTerritories();
      if (!list.ok) return list;
      const wilayas = new Map(list.value.filter((t) => t.isWilaya).map((t) => [t.id, t]));
      const places: CourierPlace[] = [];
      for (const commune of list.value) {
        const wilaya = commune.parentId ? wilayas.get(commune.parentId) : undefined;
        if (commune.isWilaya || !wilaya || wilaya.code === null || wilaya.code < 1 || wilaya.code > 58) continue;
        if (!commune.hasHomeDelivery && !commune.hasPickupPoint) continue;
        places.push({
          wilayaCode: wilaya.code,
          wilayaName: wilaya.name,
          communeName: commune.name,
          placeId: commune.id,
          wilayaPlaceId: wilaya.id,
          hasStopDesk: commune.hasPickupPoint,
        });
      }
      return { ok: true, value: places };
    },

    async stopDesks() {
      const hubs = await search("/hubs/search");
      if (!hubs.ok) return hubs;
      const list = await loadTerritories();
      if (!list.ok) return list;
      const byId = new Map(list.value.map((t) => [t.id, t]));
      const desks: CourierStopDesk[] = [];
      for (const hub of hubs.value) {
        if (hub.isPickupPoint !== true || hub.isVisible === false) continue;
        const address = isRecord(hub.address) ? hub.address : {};
        const wilaya = byId.get(text(address.cityTerritoryId));
        const commune = byId.get(text(address.districtTerritoryId));
        if (!wilaya || wilaya.code === null || wilaya.code < 1 || wilaya.code > 58 || text(hub.id) === "") continue;
        desks.push({
          id: text(hub.id),
          name: text(hub.name),
          wilayaCode: wilaya.code,
          communeName: commune?.name ?? text(address.district),
          address: text(address.street) || null,
        });
      }
      return { ok: true, value: desks };
    },
  };
}

/** How old (or how far ahead) a signed webhook may be: older is a replay. */
export const ZR_WEBHOOK_TOLERANCE_MS = 5 * MINUTE;

/** The header, under Svix's names or the Standard Webhooks names Svix also sends. */
function svixHeader(headers: Headers, name: "id" | "timestamp" | "signature"): string {
  return (headers.get(`svix-${name}`) ?? headers.get(`webhook-${name}`) ?? "").trim();
}

/** A Svix secret, "whsec_<base64>", as the key bytes; null when it is not one. */
function svixKey(secret: string): Buffer | null {
  const encoded = secret.trim().replace(/^whsec_/, "");
  if (encoded === "" || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  const key = Buffer.from(encoded, "base64");
  return key.length > 0 ? key : null;
}

/**
 * ZR's webhooks, sent through Svix: each POST carries `svix-id`, `svix-timestamp` (seconds) and
 * `svix-signature`, a space-separated list of `v1,<base64 HMAC-SHA256>` of "id.timestamp.body"
 * keyed with the endpoint's secret ("whsec_" then the key in base64). A timestamp more than five
 * minutes away is refused, so a captured request cannot be replayed later. The body is one event,
 * `{ eventType, occurredAt, data }`; Svix retries it with the same id, so its event id is the
 * body's own id where it has one, else a digest of the body (the same on every retry).
 */
export const zrWebhooks: CourierWebhooks = {
  verify(rawBody, headers, secret) {
    const id = svixHeader(headers, "id");
    const timestamp = svixHeader(headers, "timestamp");
    const signatures = svixHeader(headers, "signature");
    const key = svixKey(secret);
    if (key === null || id === "" || !/^\d{1,12}$/.test(timestamp) || signatures === "") return false;
    if (Math.abs(Date.now() - Number(timestamp) * 1000) > ZR_WEBHOOK_TOLERANCE_MS) return false;
    const expected = createHmac("sha256", key).update(`${id}.${timestamp}.`).update(rawBody).digest();
    let valid = false;
    for (const signature of signatures.split(" ")) {
      const [version, value] = signature.split(",", 2);
      if (version !== "v1" || !value) continue;
      const given = Buffer.from(value, "base64");
      // Every listed signature is compared, in constant time each.
      if (given.length === expected.length && timingSafeEqual(given, expected)) valid = true;
    }
    return valid;
  },

  parse(rawBody) {
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(rawBody).toString("utf8"));
    } catch {
      return [];
    }
    const bodies = Array.isArray(payload) ? payload : [payload];
    const fallback = Date.now();
    const events: ParcelEvent[] = [];
    for (const body of bodies) {
      if (!isRecord(body) || !isRecord(body.data)) continue;
      const data = body.data;
      const tracking = text(data.trackingNumber) || text(data.id);
      if (tracking === "") continue;
      const type = text(body.eventType) || text(body.type);
      const occurredAt = zrDate(body.occurredAt || body.timestamp || data.timestamp || data.updatedAt, fallback);
      const eventId = text(body.id) || text(body.eventId) || `sha256:${createHash("sha256").update(JSON.stringify(body)).digest("hex").slice(0, 32)}`;
      const base = { tracking, occurredAt, eventId };
      if (type === "parcel.state.updated") {
        const state = isRecord(data.state) ? data.state : {};
        const word = text(state.name) || text(data.newStateName) || text(data.stateName);
        const mapped = mapZrStatus(word);
        if (mapped === null) continue;
        events.push({
          ...base,
          state: mapped.state,
          courierStatus: word,
          reason: text(data.comment).trim() || null,
          cashCollected: mapped.cash ? wholeNumber(data.amount) : null,
        });
      } else if (type === "parcel.state.situation.created") {
        const situation = isRecord(data.situation) ? data.situation : {};
        const word = text(situation.name) || text(data.situationName);
        if (word === "") continue;
        const reason = text(situation.description) || text(data.comment) || word;
        events.push({ ...base, state: mapZrSituation(word), courierStatus: word, reason, cashCollected: null });
      } else if (type === "parcel.isReturn.updated" && data.isReturn === true) {
        // The parcel is on its way back; it is returned when a state says so.
        events.push({ ...base, state: "returning", courierStatus: type, reason: null, cashCollected: null });
      }
    }
    // Within one body, an event repeated is kept once.
    const seen = new Set<string | null>();
    const unique = events.filter((event) => {
      if (seen.has(event.eventId)) return false;
      seen.add(event.eventId);
      return true;
    });
    return inOrder(unique);
  },
};
