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
import { DAY, HOUR, MINUTE, RateLimitWaitTooLong, SECOND, type RateWindow } from "../limiter.server";
import { yalidineParcelState } from "./yalidine-statuses.server";

/**
 * The Yalidine family (Yalidine, Guepex, Yalitec… one API on different hosts): headers
 * X-API-ID / X-API-TOKEN, places by French names, parcels created in bulk with a public label
 * URL, status histories, and signed webhooks. Credentials: `apiId`, `apiToken`, and
 * `fromWilayaName` (the merchant's wilaya, which every parcel names as its origin, unless the
 * parcel brings its own `originWilayaName`: the account's origin wilaya in Yalidine's words).
 */

/** The family's default quotas per account. */
export const YALIDINE_WINDOWS: readonly RateWindow[] = [
  { limit: 5, perMs: SECOND },
  { limit: 50, perMs: MINUTE },
  { limit: 1_000, perMs: HOUR },
  { limit: 10_000, perMs: DAY },
];

/** Yalidine refuses a parcel whose `price` (the amount collected) is above this, in dinars. */
export const YALIDINE_MAX_AMOUNT = 150_000;

/** Parcels per create request and trackings per history request: one short URL, one short body. */
const BATCH = 50;
/** Yalidine's largest page. */
const PAGE_SIZE = 1_000;
/** A list longer than this many pages is not a list Yalidine sends: stop rather than loop. */
const MAX_PAGES = 50;
const TIMEOUT_MS = 20_000;
/** Yalidine writes its dates in Algeria's time, UTC+1 all year, without an offset. */
const ALGIERS_OFFSET = "+01:00";

/**
 * The quota headers Yalidine sends after each call, and when each quota comes back: at the next
 * second, minute and hour, and at midnight in Algeria for the day.
 */
const QUOTA_HEADERS: readonly { header: string; untilReset: (now: number) => number }[] = [
  { header: "x-second-quota-left", untilReset: (now) => SECOND - (now % SECOND) },
  { header: "x-minute-quota-left", untilReset: (now) => MINUTE - (now % MINUTE) },
  { header: "x-hour-quota-left", untilReset: (now) => HOUR - (now % HOUR) },
  { header: "x-day-quota-left", untilReset: (now) => DAY - ((now + HOUR) % DAY) },
];

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}

/** "2022-12-17 01:48:09" (Algeria's time) or an ISO date with its offset → ISO-8601 UTC. */
export function yalidineDate(value: unknown, fallback: number): string {
  const raw = text(value).trim();
  if (raw === "") return new Date(fallback).toISOString();
  const hasOffset = /(Z|[+-]\d\d:?\d\d)$/i.test(raw);
  const time = Date.parse(hasOffset ? raw.replace(" ", "T") : `${raw.replace(" ", "T")}${ALGIERS_OFFSET}`);
  return new Date(Number.isNaN(time) ? fallback : time).toISOString();
}

/** Retry-After in seconds or as an HTTP date → milliseconds, or null when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === "") return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * SECOND);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The courier's own words from an error answer (`{ error: { message } }` or `{ message }`). */
function courierMessage(body: unknown, status: number): string {
  if (isObject(body)) {
    const error = body.error;
    if (isObject(error) && text(error.message)) return text(error.message);
    if (typeof error === "string" && error) return error;
    if (text(body.message)) return text(body.message);
  }
  return `HTTP ${status}`;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function fail<T>(failure: CourierFailure): CourierResult<T> {
  return { ok: false, failure };
}

export function createYalidineAdapter(access: CourierAccountAccess, deps: CourierAdapterDeps): CourierAdapter {
  const now = deps.now ?? Date.now;
  const base = access.baseUrl.replace(/\/+$/, "");
  const apiId = access.credentials.apiId ?? "";
  const apiToken = access.credentials.apiToken ?? "";
  const fromWilayaName = access.credentials.fromWilayaName ?? "";
  // One quota per account: the key names the host and account without the secret.
  const key = `yalidine:${createHash("sha256").update(`${base}\n${apiId}`).digest("hex").slice(0, 24)}`;

  async function request(
    method: "GET" | "POST" | "DELETE",
    path: string,
    query: Record<string, string> = {},
    body?: unknown,
  ): Promise<CourierResult<unknown>> {
    if (apiId === "" || apiToken === "") return fail({ kind: "unauthorized", message: "X-API-ID and X-API-TOKEN are required" });
    try {
      await deps.limiter.take(key, YALIDINE_WINDOWS);
    } catch (error) {
      if (error instanceof RateLimitWaitTooLong) return fail({ kind: "rate_limited", retryAfterMs: error.retryAfterMs });
      throw error;
    }
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    // The answer and its text, read at once; a network error or a timeout is `{ error }`,
    // reported by the error's name only (nothing of the request, so no credential, in it).
    const answer = await deps
      .fetch(url, {
        method,
        headers: {
          "X-API-ID": apiId,
          "X-API-TOKEN": apiToken,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      .then(async (response) => ({ response, raw: await response.text() }))
      .catch((error: unknown) => ({ error }));
    if ("error" in answer) {
      return fail({ kind: "unavailable", message: `network error (${answer.error instanceof Error ? answer.error.name : "unknown"})` });
    }
    const { response, raw } = answer;
    const at = now();
    for (const { header, untilReset } of QUOTA_HEADERS) {
      const left = response.headers.get(header);
      if (left !== null && Number(left) <= 0) deps.limiter.pause(key, untilReset(at));
    }
    let parsed: unknown;
    try {
      parsed = raw === "" ? null : JSON.parse(raw);
    } catch {
      parsed = null;
    }
    if (response.status === 429) {
      const applied = deps.limiter.backOff(key, retryAfterMs(response.headers.get("retry-after"), at));
      return fail({ kind: "rate_limited", retryAfterMs: applied });
    }
    if (response.status === 401 || response.status === 403) {
      return fail({ kind: "unauthorized", message: courierMessage(parsed, response.status) });
    }
    if (response.status >= 500) return fail({ kind: "unavailable", message: courierMessage(parsed, response.status) });
    if (!response.ok) return fail({ kind: "refused", message: courierMessage(parsed, response.status) });
    deps.limiter.succeeded(key);
    if (raw !== "" && parsed === null) return fail({ kind: "unavailable", message: "unreadable answer" });
    return { ok: true, value: parsed };
  }

  /** Every page of a list endpoint (`{ has_more, data }`, pages from 1). */
  async function list(path: string, query: Record<string, string> = {}): Promise<CourierResult<Json[]>> {
    const rows: Json[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const answer = await request("GET", path, { ...query, page: String(page), page_size: String(PAGE_SIZE) });
      if (!answer.ok) return answer;
      const body = answer.value;
      const data = isObject(body) && Array.isArray(body.data) ? body.data : [];
      for (const row of data) if (isObject(row)) rows.push(row);
      if (!isObject(body) || !truthy(body.has_more) || data.length === 0) break;
    }
    return { ok: true, value: rows };
  }

  /** What Yalidine expects for one parcel, or the reason it would refuse it. */
  function toYalidine(parcel: ParcelRequest): CourierResult<Json> {
    const amount = parcel.amountToCollect;
    if (!Number.isInteger(amount) || amount < 0 || amount > YALIDINE_MAX_AMOUNT) {
      return fail({ kind: "refused", message: `price must be between 0 and ${YALIDINE_MAX_AMOUNT}`, field: "amountToCollect" });
    }
    if (parcel.deliveryType === "stop_desk" && !parcel.stopDeskId) {
      return fail({ kind: "refused", message: "stopdesk_id is required when is_stopdesk is true", field: "stopDeskId" });
    }
    const origin = parcel.originWilayaName || fromWilayaName;
    if (origin === "") {
      return fail({ kind: "refused", message: "from_wilaya_name is required", field: "fromWilayaName" });
    }
    const goods = Math.max(0, Math.min(YALIDINE_MAX_AMOUNT, amount - parcel.deliveryFee));
    return {
      ok: true,
      value: {
        order_id: parcel.reference,
        from_wilaya_name: origin,
        firstname: parcel.firstName,
        familyname: parcel.lastName || parcel.firstName,
        contact_phone: parcel.phone,
        address: parcel.address,
        to_commune_name: parcel.communeName,
        to_wilaya_name: parcel.wilayaName,
        product_list: parcel.productSummary,
        // `price` is what the customer pays at the door; with `freeshipping` the courier adds
        // nothing to it, so the customer pays exactly the order's total, delivery included.
        price: amount,
        freeshipping: true,
        do_insurance: false,
        declared_value: goods,
        length: 0,
        width: 0,
        height: 0,
        weight: 0,
        is_stopdesk: parcel.deliveryType === "stop_desk",
        ...(parcel.deliveryType === "stop_desk" ? { stopdesk_id: parcel.stopDeskId } : {}),
        has_exchange: false,
      },
    };
  }

  function created(reference: string, row: Json): CourierResult<CreatedParcel> {
    return {
      ok: true,
      value: { reference, tracking: text(row.tracking), labelUrl: text(row.label) || null, needsHandover: false },
    };
  }

  return {
    family: "yalidine",

    async testConnection() {
      const answer = await request("GET", "/wilayas/", { page_size: "1" });
      return answer.ok ? { ok: true, value: true } : answer;
    },

    async createParcels(parcels) {
      const results = new Map<string, CourierResult<CreatedParcel>>();
      const valid: { parcel: ParcelRequest; body: Json }[] = [];
      for (const parcel of parcels) {
        const body = toYalidine(parcel);
        if (body.ok) valid.push({ parcel, body: body.value });
        else results.set(parcel.reference, body);
      }
      for (const batch of chunks(valid, BATCH)) {
        // The order number is the parcel's order_id: a parcel a previous attempt created is
        // found, not made twice.
        const existing = await request("GET", "/parcels/", {
          order_id: batch.map(({ parcel }) => parcel.reference).join(","),
          page_size: String(PAGE_SIZE),
        });
        if (!existing.ok) {
          for (const { parcel } of batch) results.set(parcel.reference, existing);
          continue;
        }
        const rows = isObject(existing.value) && Array.isArray(existing.value.data) ? existing.value.data : [];
        for (const row of rows) {
          const reference = isObject(row) ? text(row.order_id) : "";
          if (isObject(row) && text(row.tracking) && batch.some(({ parcel }) => parcel.reference === reference)) {
            results.set(reference, created(reference, row));
          }
        }
        const remaining = batch.filter(({ parcel }) => !results.has(parcel.reference));
        if (remaining.length === 0) continue;

        const answer = await request(
          "POST",
          "/parcels/",
          {},
          remaining.map(({ body }) => body),
        );
        for (const { parcel } of remaining) {
          if (!answer.ok) {
            results.set(parcel.reference, answer);
            continue;
          }
          const entry = isObject(answer.value) ? answer.value[parcel.reference] : undefined;
          if (!isObject(entry)) {
            results.set(parcel.reference, fail({ kind: "unavailable", message: "no answer for this parcel" }));
          } else if ((truthy(entry.success) || truthy(entry.status)) && text(entry.tracking)) {
            results.set(parcel.reference, created(parcel.reference, entry));
          } else {
            results.set(parcel.reference, fail({ kind: "refused", message: text(entry.message) || "refused" }));
          }
        }
      }
      return results;
    },

    async handOver() {
      // A created Yalidine parcel is already the courier's: nothing to validate.
      return { ok: true, value: true };
    },

    async label(tracking): Promise<CourierResult<Label>> {
      const answer = await request("GET", `/parcels/${encodeURIComponent(tracking)}`);
      if (!answer.ok) return answer;
      const row = isObject(answer.value) && Array.isArray(answer.value.data) ? answer.value.data[0] : undefined;
      const url = isObject(row) ? text(row.label) : "";
      if (url === "") return fail({ kind: "refused", message: `parcel ${tracking} not found`, field: "tracking" });
      return { ok: true, value: { kind: "url", url } };
    },

    async statuses(trackings) {
      const events: ParcelEvent[] = [];
      for (const batch of chunks(trackings, BATCH)) {
        const rows = await list("/histories/", { tracking: batch.join(",") });
        if (!rows.ok) return rows;
        for (const row of rows.value) {
          const status = text(row.status);
          const reason = text(row.reason) || null;
          events.push({
            tracking: text(row.tracking),
            state: yalidineParcelState(status, reason),
            courierStatus: status,
            reason,
            occurredAt: yalidineDate(row.date_status, now()),
            eventId: null,
            cashCollected: null,
          });
        }
      }
      return { ok: true, value: inOrder(events) };
    },

    async cancel(tracking) {
      const answer = await request("DELETE", `/parcels/${encodeURIComponent(tracking)}`);
      if (!answer.ok) return answer;
      // The answer lists each tracking with `deleted: true|false` (an array or an object).
      const body = answer.value;
      const entries = Array.isArray(body) ? body : isObject(body) ? [body, ...Object.values(body)] : [];
      const entry = entries.find((item) => isObject(item) && text(item.tracking) === tracking);
      if (isObject(entry) && truthy(entry.deleted)) return { ok: true, value: true };
      return fail({ kind: "refused", message: `deleted: false (${tracking})`, field: "tracking" });
    },

    async places() {
      const wilayas = await list("/wilayas/");
      if (!wilayas.ok) return wilayas;
      const deliverable = new Set(wilayas.value.filter((w) => truthy(w.is_deliverable)).map((w) => Number(w.id)));
      const communes = await list("/communes/");
      if (!communes.ok) return communes;
      const places: CourierPlace[] = communes.value
        .filter((c) => truthy(c.is_deliverable) && deliverable.has(Number(c.wilaya_id)))
        .map((c) => ({
          wilayaCode: Number(c.wilaya_id),
          wilayaName: text(c.wilaya_name),
          communeName: text(c.name),
          placeId: text(c.id) || null,
          hasStopDesk: truthy(c.has_stop_desk),
        }));
      return { ok: true, value: places };
    },

    async stopDesks() {
      const centers = await list("/centers/");
      if (!centers.ok) return centers;
      const desks: CourierStopDesk[] = centers.value.map((c) => ({
        id: text(c.center_id),
        name: text(c.name),
        wilayaCode: Number(c.wilaya_id),
        communeName: text(c.commune_name),
        address: text(c.address) || null,
      }));
      return { ok: true, value: desks };
    },
  };
}

/** Events in the order they happened (a stable sort: same-instant events keep the courier's order). */
function inOrder(events: ParcelEvent[]): ParcelEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.occurredAt.localeCompare(b.event.occurredAt) || a.index - b.index)
    .map(({ event }) => event);
}

/** Payment statuses after which the courier holds (or has paid out) the customer's cash. */
const CASH_COLLECTED = new Set(["ready", "receivable", "payed", "paid"]);

/**
 * Yalidine's webhooks: a subscription handshake (`?subscribe&crc_token=…` answered with the
 * token), then POSTs signed with `X-YALIDINE-SIGNATURE`, the hex HMAC-SHA256 of the raw body
 * with the webhook's secret, carrying `{ type, events: [{ event_id, occurred_at, data }] }`.
 * Yalidine retries, so an event may come twice and out of order: each keeps its `event_id`.
 */
export const yalidineWebhooks: CourierWebhooks = {
  verify(rawBody, headers, secret) {
    const given = (headers.get("x-yalidine-signature") ?? "").trim().replace(/^sha256=/i, "");
    if (secret === "" || !/^[0-9a-f]{64}$/i.test(given)) return false;
    const expected = createHmac("sha256", secret).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(given, "hex"));
  },

  parse(rawBody) {
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(rawBody).toString("utf8"));
    } catch {
      return [];
    }
    if (!isObject(payload) || !Array.isArray(payload.events)) return [];
    const type = text(payload.type);
    const fallback = Date.now();
    const events: ParcelEvent[] = [];
    for (const item of payload.events) {
      if (!isObject(item) || !isObject(item.data)) continue;
      const data = item.data;
      const tracking = text(data.tracking);
      if (tracking === "") continue;
      const occurredAt = yalidineDate(item.occurred_at, fallback);
      const eventId = text(item.event_id) || null;
      const eventType = text(item.type) || type;
      const reason = text(data.reason) || null;
      if (eventType === "parcel_status_updated") {
        const status = text(data.status);
        events.push({
          tracking,
          state: yalidineParcelState(status, reason),
          courierStatus: status,
          reason,
          occurredAt,
          eventId,
          cashCollected: null,
        });
      } else if (eventType === "parcel_payment_updated") {
        // Cash is collected on delivery only: a payment event past "not-ready" says the parcel
        // was delivered; before that it says nothing yet.
        const payment = text(data.payment_status);
        if (!CASH_COLLECTED.has(payment)) continue;
        const price = Number(data.price);
        events.push({
          tracking,
          state: "delivered",
          courierStatus: payment,
          reason: null,
          occurredAt,
          eventId,
          cashCollected: Number.isFinite(price) ? Math.round(price) : null,
        });
      } else if (eventType === "parcel_deleted") {
        events.push({ tracking, state: "cancelled", courierStatus: eventType, reason: null, occurredAt, eventId, cashCollected: null });
      }
    }
    // Within one body, an event repeated is kept once.
    const seen = new Set<string>();
    const unique = events.filter((event) => {
      if (event.eventId === null) return true;
      if (seen.has(event.eventId)) return false;
      seen.add(event.eventId);
      return true;
    });
    return inOrder(unique);
  },

  handshake(query) {
    const token = query.get("crc_token");
    return query.has("subscribe") && token ? { crc_token: token } : null;
  },
};
