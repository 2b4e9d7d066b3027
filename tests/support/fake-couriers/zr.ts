// A fake ZR Express (new API) for tests: a real HTTP server on 127.0.0.1 (port 0: a free port)
// that speaks the API as its clients use it — X-Tenant / X-Api-Key, territories and hubs by
// UUID through paged searches, parcels created one at a time and answered with their UUID,
// parcel search by externalId or trackingNumber, signed expiring label links, state histories,
// deletion before pickup, problem-details errors (401, 422 with ZR's words), 429 with
// Retry-After past a configurable burst — and sends Svix-signed webhooks. State lives in memory.
//
//   const zr = await startFakeZr();
//   const adapter = createZrAdapter(zr.access, { fetch, limiter });
//   zr.setState(tracking, "Delivered");
//   await zr.sendWebhook(url, { eventType: "parcel.state.updated", data: { trackingNumber, state: { name: "Delivered" } } }, { secret: zr.webhookSecret });
//   await zr.close();
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { CourierAccountAccess } from "~/server/couriers/adapter.server";

export interface FakeZrOptions {
  tenant?: string;
  apiKey?: string;
  /** The largest page the fake serves, smaller to exercise the pages. */
  maxPageSize?: number;
}

export interface FakeZrRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

export interface FakeZrParcel {
  id: string;
  trackingNumber: string;
  externalId: string;
  body: Record<string, unknown>;
  state: string;
}

export interface FakeZrHistory {
  parcelId: string;
  id: string;
  stateName: string;
  previousStateName: string;
  /** ISO-8601 UTC, as ZR writes it. */
  timestamp: string;
  comment: string;
}

interface TerritoryRow {
  id: string;
  code: number;
  name: string;
  postalCode: string;
  level: "wilaya" | "commune";
  parentId: string | null;
  delivery: { hasHomeDelivery: boolean; hasPickupPoint: boolean };
}

/** Stable UUIDs, so tests can name places. */
export const ZR_PLACES = {
  alger: "6b1c2f0e-0016-4000-8000-000000000016",
  setif: "6b1c2f0e-0019-4000-8000-000000000019",
  bordjElKiffan: "6b1c2f0e-1630-4000-8000-000000001630",
  ouledFayet: "6b1c2f0e-1641-4000-8000-000000001641",
  ainArnat: "6b1c2f0e-1902-4000-8000-000000001902",
  tafraoui: "6b1c2f0e-3150-4000-8000-000000003150",
  oran: "6b1c2f0e-0031-4000-8000-000000000031",
  hubBordjElKiffan: "9f3e1a20-1630-4000-8000-00000000a001",
  hubSetif: "9f3e1a20-1902-4000-8000-00000000a002",
  /** A sorting centre: not a pick-up point. */
  hubSorting: "9f3e1a20-1600-4000-8000-00000000a003",
} as const;

const wilaya = (id: string, code: number, name: string): TerritoryRow => ({
  id,
  code,
  name,
  postalCode: `${String(code).padStart(2, "0")}000`,
  level: "wilaya",
  parentId: null,
  delivery: { hasHomeDelivery: true, hasPickupPoint: true },
});
const commune = (id: string, code: number, name: string, parentId: string, pickup: boolean, home = true): TerritoryRow => ({
  id,
  code,
  name,
  postalCode: `${code}0`,
  level: "commune",
  parentId,
  delivery: { hasHomeDelivery: home, hasPickupPoint: pickup },
});

const TERRITORIES: TerritoryRow[] = [
  wilaya(ZR_PLACES.alger, 16, "Alger"),
  wilaya(ZR_PLACES.setif, 19, "Sétif"),
  wilaya(ZR_PLACES.oran, 31, "Oran"),
  commune(ZR_PLACES.bordjElKiffan, 1630, "Bordj El Kiffan", ZR_PLACES.alger, true),
  commune(ZR_PLACES.ouledFayet, 1641, "Ouled Fayet", ZR_PLACES.alger, false),
  commune(ZR_PLACES.ainArnat, 1902, "Aïn Arnat", ZR_PLACES.setif, true),
  commune(ZR_PLACES.tafraoui, 3150, "Tafraoui", ZR_PLACES.oran, false, false),
];

const hub = (id: string, name: string, districtId: string, street: string, isPickupPoint = true) => {
  const district = TERRITORIES.find((t) => t.id === districtId)!;
  const city = TERRITORIES.find((t) => t.id === district.parentId)!;
  return {
    id,
    name,
    type: isPickupPoint ? "pickup-point" : "sorting-center-hub",
    isPickupPoint,
    isVisible: true,
    address: {
      street,
      city: city.name,
      cityTerritoryId: city.id,
      district: district.name,
      districtTerritoryId: district.id,
      postalCode: district.postalCode,
      country: "algeria",
      coordinates: null,
    },
    openingHours: "08:30-16:30",
    phone: { number1: "+213770000001", number2: "", number3: "" },
  };
};

const HUBS = [
  hub(ZR_PLACES.hubBordjElKiffan, "Hub Bordj El Kiffan مكتب برج الكيفان", ZR_PLACES.bordjElKiffan, "Lido, près du stade"),
  hub(ZR_PLACES.hubSetif, "Hub Aïn Arnat مكتب عين أرنات", ZR_PLACES.ainArnat, "Route nationale 5"),
  hub(ZR_PLACES.hubSorting, "Centre de tri Alger", ZR_PLACES.ouledFayet, "Zone industrielle", false),
];

/** States from which ZR still deletes a parcel. */
const DELETABLE = new Set(["OrderReceived", "ReadyToDispatch"]);
/** How long a label link stays valid. */
const LABEL_TTL_MS = 60 * 60 * 1000;
/** A PDF, small but whole. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The Svix signature of a webhook: `v1,` and the base64 HMAC-SHA256 of "id.timestamp.body" with the decoded secret. */
export function signSvix(id: string, timestamp: number, body: string, secret: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

export async function startFakeZr(options: FakeZrOptions = {}) {
  const tenant = options.tenant ?? randomUUID();
  const apiKey = options.apiKey ?? `zr_${randomBytes(24).toString("base64url")}`;
  const webhookSecret = `whsec_${randomBytes(24).toString("base64")}`;
  const parcels = new Map<string, FakeZrParcel>();
  const histories: FakeZrHistory[] = [];
  const requests: FakeZrRequest[] = [];
  const labelSignatures = new Map<string, number>();
  let burst: { limit: number; windowMs: number; retryAfterSeconds: number } | null = null;
  const recent: number[] = [];
  let counter = 0;
  let origin = "";

  function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }

  /** ZR's errors: problem details, with the refused fields' words under `errors`. */
  function problem(res: ServerResponse, status: number, title: string, detail: string, headers: Record<string, string> = {}) {
    json(res, status, { type: `https://httpstatuses.io/${status}`, title, status, detail }, headers);
  }

  function refuse(res: ServerResponse, ...descriptions: string[]) {
    json(res, 422, {
      type: "https://httpstatuses.io/422",
      title: "General.Validation",
      status: 422,
      errors: descriptions.map((description) => ({ code: "Validation", description, type: 2 })),
    });
  }

  function paged(res: ServerResponse, body: Record<string, unknown>, rows: unknown[]) {
    const size = Math.min(options.maxPageSize ?? 1_000, Math.max(1, Number(body.pageSize ?? 10) || 10));
    const number = Math.max(1, Number(body.pageNumber ?? 1) || 1);
    const totalPages = Math.max(1, Math.ceil(rows.length / size));
    json(res, 200, {
      items: rows.slice((number - 1) * size, number * size),
      pageNumber: number,
      pageSize: size,
      totalCount: rows.length,
      totalPages,
      hasPrevious: number > 1,
      hasNext: number < totalPages,
    });
  }

  function parcelRow(parcel: FakeZrParcel) {
    return {
      ...parcel.body,
      id: parcel.id,
      trackingNumber: parcel.trackingNumber,
      externalId: parcel.externalId,
      state: { id: `state-${parcel.state}`, name: parcel.state },
    };
  }

  function record(parcel: FakeZrParcel, state: string, comment: string, at: number) {
    histories.push({
      parcelId: parcel.id,
      id: randomUUID(),
      stateName: state,
      previousStateName: parcel.state,
      timestamp: new Date(at).toISOString(),
      comment,
    });
    parcel.state = state;
  }

  function create(res: ServerResponse, input: unknown) {
    const body = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    const customer = (body.customer ?? {}) as Record<string, unknown>;
    const phone = (customer.phone ?? {}) as Record<string, unknown>;
    const address = (body.deliveryAddress ?? {}) as Record<string, unknown>;
    const products = Array.isArray(body.orderedProducts) ? (body.orderedProducts as Record<string, unknown>[]) : [];
    if (typeof customer.name !== "string" || customer.name.length < 2) return refuse(res, "Customer name must be between 2 and 100 characters.");
    if (typeof phone.number1 !== "string" || !/^\+213[5-7]\d{8}$/.test(phone.number1)) {
      return refuse(res, `Le numéro de téléphone « ${String(phone.number1)} » est invalide (format +213XXXXXXXXX).`);
    }
    const city = TERRITORIES.find((t) => t.level === "wilaya" && t.id === address.cityTerritoryId);
    if (!city) return refuse(res, "La wilaya est introuvable.");
    const district = TERRITORIES.find((t) => t.level === "commune" && t.id === address.districtTerritoryId && t.parentId === city.id);
    if (!district) return refuse(res, `La commune est introuvable dans la wilaya ${city.name}.`);
    if (products.length === 0 || products.some((p) => typeof p.productName !== "string" || p.productName.includes("|") || p.stockType !== "none")) {
      return refuse(res, "Each ordered product needs a productName without '|' and a stockType.");
    }
    if (typeof body.description !== "string" || body.description.length < 2 || body.description.length > 250) {
      return refuse(res, "Description must be between 2 and 250 characters.");
    }
    const amount = body.amount;
    if (typeof amount !== "number" || amount < 0 || amount > 150_000) return refuse(res, "Le montant doit être compris entre 0 et 150000 DA.");
    if (body.deliveryType === "pickup-point") {
      const desk = HUBS.find((h) => h.id === body.hubId && h.isPickupPoint);
      if (!desk || desk.address.cityTerritoryId !== city.id) return refuse(res, "Le point relais est introuvable dans cette wilaya.");
    } else if (body.deliveryType === "home") {
      if (!district.delivery.hasHomeDelivery) return refuse(res, `La commune « ${district.name} » n'est pas desservie à domicile.`);
    } else {
      return refuse(res, "DeliveryType must be either home or pickup-point.");
    }
    const externalId = String(body.externalId ?? "");
    if (externalId !== "" && [...parcels.values()].some((p) => p.externalId === externalId)) {
      return refuse(res, `Un colis avec la référence externe « ${externalId} » existe déjà.`);
    }
    counter += 1;
    const parcel: FakeZrParcel = {
      id: randomUUID(),
      trackingNumber: `ZR-${String(counter).padStart(6, "0")}`,
      externalId,
      body,
      state: "OrderReceived",
    };
    parcels.set(parcel.id, parcel);
    histories.push({
      parcelId: parcel.id,
      id: randomUUID(),
      stateName: "OrderReceived",
      previousStateName: "",
      timestamp: new Date().toISOString(),
      comment: "",
    });
    json(res, 201, { id: parcel.id });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? "/", origin);
    const path = url.pathname.replace(/\/+$/, "");
    let body: unknown;
    try {
      body = raw === "" ? null : JSON.parse(raw);
    } catch {
      return problem(res, 400, "Bad Request", "The request body is not valid JSON.");
    }
    requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });

    // The label files: a signed link anyone may read until it expires; credentials sent there are a leak.
    const file = /^\/files\/labels\/([^/]+)\.pdf$/.exec(path);
    if (file && req.method === "GET") {
      if (req.headers["x-api-key"] !== undefined || req.headers["x-tenant"] !== undefined) {
        return problem(res, 400, "Bad Request", "Credentials were sent to the file host.");
      }
      const expires = labelSignatures.get(url.searchParams.get("sig") ?? "");
      if (expires === undefined || expires < Date.now()) return problem(res, 403, "Forbidden", "The link has expired.");
      res.writeHead(200, { "Content-Type": "application/pdf" });
      res.end(PDF);
      return;
    }

    if (req.headers["x-tenant"] !== tenant || req.headers["x-api-key"] !== apiKey) {
      return problem(res, 401, "Unauthorized", "Invalid API key or tenant.");
    }
    const now = Date.now();
    if (burst) {
      while (recent.length > 0 && recent[0]! <= now - burst.windowMs) recent.shift();
      if (recent.length >= burst.limit) {
        return problem(res, 429, "Too Many Requests", "Rate limit exceeded.", { "Retry-After": String(burst.retryAfterSeconds) });
      }
      recent.push(now);
    }

    const route = path.replace(/^\/api\/v1/, "");
    if (route === path) return problem(res, 404, "Not Found", "Unknown API version.");
    const search = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const method = req.method ?? "GET";

    if (method === "GET" && route === "/users/profile") return json(res, 200, { id: randomUUID(), tenantId: tenant, name: "Boutique Souq" });
    if (method === "POST" && route === "/territories/search") {
      const rows =
        search.includeUnavailable === false ? TERRITORIES.filter((t) => t.delivery.hasHomeDelivery || t.delivery.hasPickupPoint) : TERRITORIES;
      return paged(res, search, rows);
    }
    if (method === "POST" && route === "/hubs/search") return paged(res, search, HUBS);
    if (method === "POST" && route === "/parcels") return create(res, body);
    if (method === "POST" && route === "/parcels/search") {
      const advanced = (search.advancedSearch ?? {}) as { fields?: unknown; keyword?: unknown };
      const fields = Array.isArray(advanced.fields) ? advanced.fields.map(String) : [];
      const keyword = String(advanced.keyword ?? "");
      // Like ZR's keyword search: a part of the field matches.
      const rows = [...parcels.values()]
        .map(parcelRow)
        .filter((row) => keyword === "" || fields.some((field) => String((row as Record<string, unknown>)[field] ?? "").includes(keyword)));
      return paged(res, search, rows);
    }
    if (method === "POST" && route === "/parcels/labels/individual") {
      const trackings = Array.isArray(search.trackingNumbers) ? search.trackingNumbers.map(String) : [];
      const known = trackings.filter((t) => [...parcels.values()].some((p) => p.trackingNumber === t));
      if (known.length === 0) return problem(res, 404, "Not Found", `Parcel not found: ${trackings.join(", ")}`);
      const files = known.map((trackingNumber) => {
        const sig = randomBytes(12).toString("base64url");
        labelSignatures.set(sig, Date.now() + LABEL_TTL_MS);
        return { trackingNumber, fileUrl: `${origin}/files/labels/${trackingNumber}.pdf?sig=${sig}` };
      });
      return json(res, 200, { parcelLabelFiles: files, failed: trackings.filter((t) => !known.includes(t)) });
    }
    const one = /^\/parcels\/([^/]+)(\/state-history)?$/.exec(route);
    if (one) {
      const parcel = parcels.get(decodeURIComponent(one[1]!));
      if (!parcel) return problem(res, 404, "Not Found", "Parcel not found.");
      if (method === "GET" && one[2]) {
        return json(
          res,
          200,
          histories.filter((h) => h.parcelId === parcel.id).map(({ parcelId: _parcel, ...entry }) => entry),
        );
      }
      if (method === "GET") return json(res, 200, parcelRow(parcel));
      if (method === "DELETE") {
        if (!DELETABLE.has(parcel.state)) return refuse(res, `Le colis ${parcel.trackingNumber} ne peut plus être supprimé (état ${parcel.state}).`);
        parcels.delete(parcel.id);
        res.writeHead(204);
        res.end();
        return;
      }
    }
    return problem(res, 404, "Not Found", "Not found.");
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      handle(req, res, Buffer.concat(chunks).toString("utf8")).catch(() => problem(res, 500, "Internal Server Error", "Internal error."));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const access: CourierAccountAccess = { family: "zr", baseUrl: `${origin}/api/v1`, credentials: { tenant, apiKey } };

  function byTracking(tracking: string): FakeZrParcel {
    const parcel = [...parcels.values()].find((p) => p.trackingNumber === tracking || p.id === tracking);
    if (!parcel) throw new Error(`no parcel ${tracking}`);
    return parcel;
  }

  return {
    origin,
    access,
    webhookSecret,
    parcels,
    histories,
    requests,
    /** Past `limit` requests in `windowMs`, answer 429 with Retry-After `retryAfterSeconds`; null lifts it. */
    limit(limit: { limit: number; windowMs: number; retryAfterSeconds: number } | null) {
      burst = limit;
      recent.length = 0;
    },
    /** The courier moves a parcel: a history entry, its current state. */
    setState(tracking: string, state: string, comment = "", at: number = Date.now()) {
      record(byTracking(tracking), state, comment, at);
    },
    /**
     * POSTs one webhook event to `url` as ZR does through Svix. `sign: "bad"` signs with another
     * secret; `tamper` changes the body after signing; `timestamp` (seconds) dates the signature.
     */
    async sendWebhook(
      url: string,
      event: { eventType: string; occurredAt?: string; data: Record<string, unknown> },
      options: { secret: string; sign?: "good" | "bad" | "none"; tamper?: boolean; timestamp?: number; id?: string },
    ): Promise<Response> {
      const body = JSON.stringify({ occurredAt: new Date().toISOString(), ...event });
      const id = options.id ?? `msg_${randomBytes(12).toString("base64url")}`;
      const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
      const sign = options.sign ?? "good";
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (sign !== "none") {
        const secret = sign === "good" ? options.secret : `whsec_${randomBytes(24).toString("base64")}`;
        headers["svix-id"] = id;
        headers["svix-timestamp"] = String(timestamp);
        headers["svix-signature"] = signSvix(id, timestamp, body, secret);
      }
      const sent = options.tamper ? body.replace(/"name":"[^"]*"/, '"name":"Delivered"') : body;
      return fetch(url, { method: "POST", headers, body: sent });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

export type FakeZr = Awaited<ReturnType<typeof startFakeZr>>;
