// A fake Yalidine-family courier, for the tests and the sandbox (COURIER_SANDBOX): a real HTTP server on 127.0.0.1 (port 0: a free
// port) that speaks the family's v1 API as its clients use it — X-API-ID / X-API-TOKEN, parcels
// created in bulk and answered by order_id, public label URLs, status histories, wilayas,
// communes and centres in pages, deletion while "En préparation", quota headers, 429 with
// Retry-After past a configurable burst — and sends signed webhooks. State lives in memory.
//
//   const yalidine = await startFakeYalidine();
//   const adapter = createYalidineAdapter(yalidine.access, { fetch, limiter });
//   yalidine.setStatus(tracking, "Livré");
//   await yalidine.sendWebhook(url, [{ type: "parcel_status_updated", data: { tracking, status: "Livré" } }]);
//   await yalidine.close();
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PDFDocument } from "pdf-lib";
import type { CourierAccountAccess } from "../adapter.server";

export interface FakeYalidineOptions {
  apiId?: string;
  apiToken?: string;
  /** The merchant's wilaya, sent as every parcel's origin. */
  fromWilayaName?: string;
  /** The largest page the fake serves (Yalidine's: 1,000), smaller to exercise the pages. */
  maxPageSize?: number;
}

export interface FakeHistory extends Record<string, unknown> {
  tracking: string;
  status: string;
  reason: string;
  /** "YYYY-MM-DD HH:MM:SS", Algeria's time, as Yalidine writes it. */
  date_status: string;
}

export interface FakeParcel {
  tracking: string;
  order_id: string;
  body: Record<string, unknown>;
  label: string;
  last_status: string;
  payment_status: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeWebhookEvent {
  type: string;
  event_id?: string;
  occurred_at?: string;
  data: Record<string, unknown>;
}

const WILAYAS = [
  { id: 16, name: "Alger", zone: 1, is_deliverable: 1 },
  { id: 19, name: "Sétif", zone: 2, is_deliverable: 1 },
  { id: 28, name: "M'Sila", zone: 3, is_deliverable: 1 },
  { id: 31, name: "Oran", zone: 2, is_deliverable: 1 },
];

const COMMUNES = [
  { id: 1630, name: "Bordj El Kiffan", wilaya_id: 16, has_stop_desk: 1, is_deliverable: 1 },
  { id: 1641, name: "Ouled Fayet", wilaya_id: 16, has_stop_desk: 0, is_deliverable: 1 },
  { id: 1902, name: "Aïn Arnat", wilaya_id: 19, has_stop_desk: 1, is_deliverable: 1 },
  { id: 1901, name: "Sétif", wilaya_id: 19, has_stop_desk: 1, is_deliverable: 1 },
  // In wilaya 68 since 2026: Yalidine still lists it under M'Sila (28).
  { id: 2820, name: "Boussaada", wilaya_id: 28, has_stop_desk: 0, is_deliverable: 1 },
  { id: 3103, name: "Bir El Djir", wilaya_id: 31, has_stop_desk: 0, is_deliverable: 1 },
  { id: 3150, name: "Tafraoui", wilaya_id: 31, has_stop_desk: 0, is_deliverable: 0 },
].map((commune) => ({
  ...commune,
  wilaya_name: WILAYAS.find((w) => w.id === commune.wilaya_id)!.name,
  delivery_time_parcel: 2,
  delivery_time_payment: 7,
}));

const CENTERS = [
  { center_id: 163001, name: "Agence de Bordj El Kiffan", address: "Cité Kaidi", gps: "36.75,3.19", commune_id: 1630 },
  { center_id: 190201, name: "Centre de Aïn Arnat", address: "Route nationale 5", gps: "36.18,5.31", commune_id: 1902 },
].map((center) => {
  const commune = COMMUNES.find((c) => c.id === center.commune_id)!;
  return { ...center, commune_name: commune.name, wilaya_id: commune.wilaya_id, wilaya_name: commune.wilaya_name };
});

/** Algeria's time (UTC+1), the way Yalidine writes its dates. */
export function yalidineTime(at: number = Date.now()): string {
  return new Date(at + 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

/** The signature Yalidine puts in X-YALIDINE-SIGNATURE: hex HMAC-SHA256 of the raw body. */
export function signYalidine(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** A small one-page PDF, as Yalidine's bordereau is (A6). */
async function labelPdf(tracking: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Bordereau ${tracking}`);
  pdf.addPage([298, 420]);
  return pdf.save();
}

export async function startFakeYalidine(options: FakeYalidineOptions = {}) {
  const apiId = options.apiId ?? "94986571734304520846";
  const apiToken = options.apiToken ?? randomBytes(24).toString("base64url");
  const fromWilayaName = options.fromWilayaName ?? "Alger";
  const parcels = new Map<string, FakeParcel>();
  const histories: FakeHistory[] = [];
  const requests: FakeRequest[] = [];
  /** Requests allowed per window before 429s (null: no limit). */
  let burst: { limit: number; windowMs: number; retryAfterSeconds: number } | null = null;
  const recent: number[] = [];
  let counter = 0;
  let origin = "";

  function page(res: ServerResponse, query: URLSearchParams, path: string, rows: unknown[]) {
    const size = Math.min(options.maxPageSize ?? 1_000, Math.max(1, Number(query.get("page_size") ?? 100) || 100));
    const number = Math.max(1, Number(query.get("page") ?? 1) || 1);
    const data = rows.slice((number - 1) * size, number * size);
    const has_more = number * size < rows.length;
    const link = (n: number) => `${origin}/v1${path}?page_size=${size}&page=${n}`;
    json(res, 200, {
      has_more,
      total_data: rows.length,
      data,
      links: { self: link(number), ...(has_more ? { next: link(number + 1) } : {}) },
    });
  }

  function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }

  function error(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
    json(res, status, { error: { code: status, message, description: message } }, headers);
  }

  function filterBy<T extends Record<string, unknown>>(rows: T[], query: URLSearchParams, fields: string[]): T[] {
    return rows.filter((row) =>
      fields.every((field) => {
        const wanted = query.get(field);
        return wanted === null || wanted.split(",").includes(String(row[field]));
      }),
    );
  }

  function parcelRow(parcel: FakeParcel) {
    return {
      ...parcel.body,
      tracking: parcel.tracking,
      order_id: parcel.order_id,
      last_status: parcel.last_status,
      payment_status: parcel.payment_status,
      label: parcel.label,
    };
  }

  function createOne(input: unknown): Record<string, unknown> {
    const body = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    const orderId = String(body.order_id ?? "");
    const refuse = (message: string) => ({ success: false, order_id: orderId, tracking: null, import_id: null, label: null, labels: null, message });
    for (const field of [
      "order_id",
      "from_wilaya_name",
      "firstname",
      "familyname",
      "contact_phone",
      "address",
      "to_commune_name",
      "to_wilaya_name",
      "product_list",
    ]) {
      if (typeof body[field] !== "string" || body[field] === "") return refuse(`The ${field} field is required.`);
    }
    const price = body.price;
    if (typeof price !== "number" || !Number.isInteger(price) || price < 0 || price > 150_000) {
      return refuse("The price must be between 0 and 150000.");
    }
    if (!WILAYAS.some((w) => w.name === body.from_wilaya_name))
      return refuse(`La wilaya de départ « ${String(body.from_wilaya_name)} » est introuvable.`);
    const wilaya = WILAYAS.find((w) => w.name === body.to_wilaya_name);
    if (!wilaya) return refuse(`La wilaya « ${String(body.to_wilaya_name)} » est introuvable.`);
    const commune = COMMUNES.find((c) => c.wilaya_id === wilaya.id && c.name === body.to_commune_name);
    if (!commune) return refuse(`La commune « ${String(body.to_commune_name)} » est introuvable dans la wilaya ${wilaya.name}.`);
    if (!commune.is_deliverable) return refuse(`La commune « ${commune.name} » n'est pas livrable.`);
    if (body.is_stopdesk === true && !CENTERS.some((c) => String(c.center_id) === String(body.stopdesk_id) && c.wilaya_id === wilaya.id)) {
      return refuse(`Le stop-desk « ${String(body.stopdesk_id)} » est introuvable.`);
    }
    counter += 1;
    const tracking = `yal-${String(counter).padStart(6, "0")}`;
    const label = `${origin}/app/bordereau.php?tracking=${tracking}&token=${randomBytes(12).toString("base64url")}`;
    parcels.set(tracking, { tracking, order_id: orderId, body, label, last_status: "En préparation", payment_status: "not-ready" });
    histories.push({ tracking, status: "En préparation", reason: "", date_status: yalidineTime() });
    return { success: true, order_id: orderId, tracking, import_id: counter, label, labels: label, message: "" };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? "/", origin);
    const path = url.pathname.replace(/\/+$/, "");
    let body: unknown;
    try {
      body = raw === "" ? null : JSON.parse(raw);
    } catch {
      return error(res, 400, "Invalid JSON body.");
    }
    requests.push({ method: req.method ?? "GET", path, query: url.searchParams, body });

    // The public label URL (no credential): a one-page PDF of the parcel's label.
    if (req.method === "GET" && path === "/app/bordereau.php") {
      const parcel = parcels.get(url.searchParams.get("tracking") ?? "");
      if (!parcel || parcel.label !== url.href) return error(res, 404, "Not found.");
      res.writeHead(200, { "Content-Type": "application/pdf" });
      res.end(await labelPdf(parcel.tracking));
      return;
    }
    if (req.headers["x-api-id"] !== apiId || req.headers["x-api-token"] !== apiToken) {
      return error(res, 401, "Invalid API ID or API TOKEN.");
    }
    const now = Date.now();
    if (burst) {
      while (recent.length > 0 && recent[0]! <= now - burst.windowMs) recent.shift();
      if (recent.length >= burst.limit) {
        return error(res, 429, "Too many requests", { "Retry-After": String(burst.retryAfterSeconds), "x-second-quota-left": "0" });
      }
      recent.push(now);
    }
    res.setHeader("x-second-quota-left", "4");
    res.setHeader("x-minute-quota-left", "49");
    res.setHeader("x-hour-quota-left", "999");
    res.setHeader("x-day-quota-left", "9999");

    const [, version, resource, id] = path.split("/");
    if (version !== "v1") return error(res, 404, "Not found.");
    const q = url.searchParams;
    if (req.method === "GET" && resource === "wilayas" && !id) return page(res, q, "/wilayas/", filterBy(WILAYAS, q, ["id"]));
    if (req.method === "GET" && resource === "communes" && !id) return page(res, q, "/communes/", filterBy(COMMUNES, q, ["wilaya_id", "id"]));
    if (req.method === "GET" && resource === "centers" && !id) return page(res, q, "/centers/", filterBy(CENTERS, q, ["wilaya_id", "center_id"]));
    if (req.method === "GET" && resource === "parcels") {
      const rows = [...parcels.values()].map(parcelRow);
      return page(res, q, "/parcels/", id ? rows.filter((r) => r.tracking === id) : filterBy(rows, q, ["tracking", "order_id"]));
    }
    if (req.method === "POST" && resource === "parcels" && !id) {
      if (!Array.isArray(body)) return error(res, 400, "The body must be an array of parcels.");
      const orderIds = body.map((p) => (typeof p === "object" && p !== null ? String((p as Record<string, unknown>).order_id) : ""));
      if (new Set(orderIds).size !== orderIds.length) return error(res, 400, "Duplicate order_id in the same request.");
      const answer: Record<string, unknown> = {};
      for (const [index, parcel] of body.entries()) answer[orderIds[index]!] = createOne(parcel);
      return json(res, 200, answer);
    }
    if (req.method === "DELETE" && resource === "parcels" && id) {
      const parcel = parcels.get(id);
      const deleted = parcel !== undefined && parcel.last_status === "En préparation";
      if (deleted) parcels.delete(id);
      return json(res, 200, [{ tracking: id, deleted }]);
    }
    if (req.method === "GET" && resource === "histories") {
      // Newest first, as Yalidine orders them by default.
      const rows = [...histories].reverse().sort((a, b) => b.date_status.localeCompare(a.date_status));
      return page(res, q, "/histories/", id ? rows.filter((r) => r.tracking === id) : filterBy(rows, q, ["tracking", "status"]));
    }
    return error(res, 404, "Not found.");
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      handle(req, res, Buffer.concat(chunks).toString("utf8")).catch(() => error(res, 500, "Internal error."));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const access: CourierAccountAccess = {
    family: "yalidine",
    baseUrl: `${origin}/v1`,
    credentials: { apiId, apiToken, fromWilayaName },
  };

  return {
    origin,
    access,
    parcels,
    histories,
    requests,
    /** Past `limit` requests in `windowMs`, answer 429 with Retry-After `retryAfterSeconds`; null lifts it. */
    limit(limit: { limit: number; windowMs: number; retryAfterSeconds: number } | null) {
      burst = limit;
      recent.length = 0;
    },
    /** The courier moves a parcel: a history row, its last status. */
    setStatus(tracking: string, status: string, reason = "", at: number = Date.now()) {
      const parcel = parcels.get(tracking);
      if (!parcel) throw new Error(`no parcel ${tracking}`);
      parcel.last_status = status;
      histories.push({ tracking, status, reason, date_status: yalidineTime(at) });
    },
    /** The subscription handshake Yalidine makes: true when `url` echoes the token. */
    async subscribe(url: string): Promise<boolean> {
      const token = randomBytes(16).toString("hex");
      const target = new URL(url);
      target.searchParams.set("subscribe", "");
      target.searchParams.set("crc_token", token);
      const response = await fetch(target);
      if (!response.ok) return false;
      const answer = (await response.json()) as { crc_token?: unknown };
      return answer.crc_token === token;
    },
    /**
     * POSTs a webhook to `url` as Yalidine does: `{ type, events }` signed with `secret`.
     * `sign: "bad"` signs with another secret; `tamper` changes the body after signing.
     */
    async sendWebhook(
      url: string,
      events: FakeWebhookEvent[],
      options: { secret: string; sign?: "good" | "bad" | "none"; tamper?: boolean },
    ): Promise<{ status: number }> {
      const body = JSON.stringify({
        type: events[0]?.type ?? "parcel_status_updated",
        events: events.map((event) => ({
          event_id: event.event_id ?? randomBytes(8).toString("hex"),
          occurred_at: event.occurred_at ?? yalidineTime(),
          ...event,
        })),
      });
      const sign = options.sign ?? "good";
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (sign !== "none") headers["X-YALIDINE-SIGNATURE"] = signYalidine(body, sign === "good" ? options.secret : `${options.secret}-not`);
      const sent = options.tamper ? body.replace(/"status":"[^"]*"/, '"status":"Livré"') : body;
      const response = await fetch(url, { method: "POST", headers, body: sent });
      await response.body?.cancel();
      return { status: response.status };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

export type FakeYalidine = Awaited<ReturnType<typeof startFakeYalidine>>;
