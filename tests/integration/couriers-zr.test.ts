import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CourierAdapter, ParcelRequest } from "~/server/couriers/adapter.server";
import { COURIER_ADAPTER_FACTORIES, COURIER_WEBHOOKS } from "~/server/couriers/adapters/index.server";
import { createZrAdapter, zrWebhooks } from "~/server/couriers/adapters/zr.server";
import { CourierLimiter } from "~/server/couriers/limiter.server";
import { parcelRequest, recordingLimiter } from "../support/fake-couriers/parcels";
import { signSvix, startFakeZr, ZR_PLACES, type FakeZr } from "../support/fake-couriers/zr";

// Contract tests of the ZR Express adapter against a local fake of the courier's new API: the
// adapter under test is the one that would talk to the real courier.

let zr: FakeZr;
let adapter: CourierAdapter;
let limiter: ReturnType<typeof recordingLimiter>;
let orders = 0;

beforeAll(async () => {
  zr = await startFakeZr();
});
afterAll(async () => {
  await zr.close();
});
beforeEach(() => {
  zr.limit(null);
  zr.requests.length = 0;
  // A limiter that never waits: the shared limiter's own rules are tested beside it, and below with a 429.
  limiter = recordingLimiter();
  adapter = createZrAdapter(zr.access, { fetch, limiter });
});

function parcel(overrides: Partial<ParcelRequest> = {}): ParcelRequest {
  orders += 1;
  return parcelRequest(`SQ-${2000 + orders}`, {
    address: "Cité Kaidi, bâtiment 4",
    communeName: "Bordj El Kiffan",
    wilayaPlaceId: ZR_PLACES.alger,
    communePlaceId: ZR_PLACES.bordjElKiffan,
    amountToCollect: 5400,
    deliveryFee: 400,
    ...overrides,
  });
}

async function createOne(request: ParcelRequest) {
  const result = (await adapter.createParcels([request])).get(request.reference);
  if (!result?.ok) throw new Error(`not created: ${JSON.stringify(result)}`);
  return result.value;
}

const calls = () => zr.requests.map((r) => `${r.method} ${r.path}`);

describe("ZR Express adapter against the fake courier", () => {
  it("is registered for its family", () => {
    expect(COURIER_ADAPTER_FACTORIES.zr).toBe(createZrAdapter);
    expect(COURIER_WEBHOOKS.zr).toBe(zrWebhooks);
  });

  it("tests the connection with X-Tenant and X-Api-Key", async () => {
    expect(await adapter.testConnection()).toEqual({ ok: true, value: true });
    expect(calls()).toEqual(["GET /api/v1/users/profile"]);
    expect(zr.requests[0]!.headers).toMatchObject({ "x-tenant": zr.access.credentials.tenant, "x-api-key": zr.access.credentials.apiKey });
    // Through the shared limiter, under a key that names the account without its secrets.
    expect(limiter.takes).toEqual([expect.stringMatching(/^zr:/)]);
    expect(limiter.takes[0]).not.toContain(zr.access.credentials.apiKey);
    expect(limiter.takes[0]).not.toContain(zr.access.credentials.tenant);
  });

  it("creates a parcel with its places' UUIDs and the order number as externalId, and reads its tracking number", async () => {
    const request = parcel({ firstName: "رفيدة", lastName: "بن مهيدي" });
    const created = await createOne(request);
    expect(created).toEqual({ reference: request.reference, tracking: expect.stringMatching(/^ZR-\d{6}$/), labelUrl: null, needsHandover: false });
    expect(calls()).toEqual([
      "POST /api/v1/parcels/search",
      "POST /api/v1/parcels",
      `GET /api/v1/parcels/${[...zr.parcels.values()].find((p) => p.externalId === request.reference)!.id}`,
    ]);
    const sent = zr.requests[1]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      customer: { name: "رفيدة بن مهيدي", phone: { number1: "+213550123456" } },
      deliveryAddress: { cityTerritoryId: ZR_PLACES.alger, districtTerritoryId: ZR_PLACES.bordjElKiffan, street: "Cité Kaidi, bâtiment 4" },
      orderedProducts: [{ productName: "2 × Red car", unitPrice: 5000, quantity: 1, stockType: "none" }],
      deliveryType: "home",
      description: "2 × Red car",
      amount: 5400,
      externalId: request.reference,
    });
    expect(sent).not.toHaveProperty("hubId");
  });

  it("sends a stop-desk parcel to the hub as a pickup-point", async () => {
    const request = parcel({ deliveryType: "stop_desk", stopDeskId: ZR_PLACES.hubBordjElKiffan });
    await createOne(request);
    expect(zr.requests.find((r) => r.method === "POST" && r.path === "/api/v1/parcels")!.body).toMatchObject({
      deliveryType: "pickup-point",
      hubId: ZR_PLACES.hubBordjElKiffan,
    });
  });

  it("finds the commune's wilaya in ZR's territories when the shop did not store it", async () => {
    const request = parcel({ wilayaPlaceId: null, communePlaceId: ZR_PLACES.ainArnat });
    await createOne(request);
    const sent = zr.requests.find((r) => r.method === "POST" && r.path === "/api/v1/parcels")!.body;
    expect(sent).toMatchObject({ deliveryAddress: { cityTerritoryId: ZR_PLACES.setif, districtTerritoryId: ZR_PLACES.ainArnat } });
  });

  it("a refused parcel comes back with ZR's own words, and nothing is created", async () => {
    const results = await adapter.createParcels([
      parcel({ communePlaceId: ZR_PLACES.ainArnat }),
      parcel({ phone: "0212345678" }),
      parcel({ deliveryType: "stop_desk", stopDeskId: ZR_PLACES.hubSetif }),
    ]);
    expect([...results.values()]).toEqual([
      { ok: false, failure: { kind: "refused", message: "La commune est introuvable dans la wilaya Alger." } },
      { ok: false, failure: { kind: "refused", message: "Le numéro de téléphone « +213212345678 » est invalide (format +213XXXXXXXXX)." } },
      { ok: false, failure: { kind: "refused", message: "Le point relais est introuvable dans cette wilaya." } },
    ]);
    expect(zr.requests.filter((r) => r.method === "GET")).toHaveLength(0);
  });

  it("refuses what ZR would refuse before sending anything: over 150,000 DA, no commune, a stop-desk without hub", async () => {
    const results = await adapter.createParcels([
      parcel({ amountToCollect: 150_001 }),
      parcel({ communePlaceId: null }),
      parcel({ deliveryType: "stop_desk", stopDeskId: null }),
    ]);
    expect([...results.values()].map((r) => (r.ok ? null : r.failure))).toEqual([
      expect.objectContaining({ kind: "refused", field: "amountToCollect" }),
      expect.objectContaining({ kind: "refused", field: "communePlaceId" }),
      expect.objectContaining({ kind: "refused", field: "stopDeskId" }),
    ]);
    expect(zr.requests).toHaveLength(0);
  });

  it("a retry finds the parcel already created instead of making it twice", async () => {
    const request = parcel();
    const created = await createOne(request);
    zr.requests.length = 0;
    expect((await adapter.createParcels([request])).get(request.reference)).toEqual({ ok: true, value: created });
    expect(calls()).toEqual(["POST /api/v1/parcels/search"]);
    expect([...zr.parcels.values()].filter((p) => p.externalId === request.reference)).toHaveLength(1);
  });

  it("downloads the label from its expiring link, without sending the credentials there", async () => {
    const created = await createOne(parcel());
    zr.requests.length = 0;
    const label = await adapter.label(created.tracking);
    if (!label.ok || label.value.kind !== "pdf") throw new Error(`no label: ${JSON.stringify(label)}`);
    expect(Buffer.from(label.value.bytes).toString("latin1")).toMatch(/^%PDF-/);
    expect(zr.requests[0]!.body).toEqual({ trackingNumbers: [created.tracking] });
    const file = zr.requests.find((r) => r.path.startsWith("/files/"))!;
    expect(file.headers["x-api-key"]).toBeUndefined();
    expect(file.headers["x-tenant"]).toBeUndefined();
  });

  it("an unknown parcel has no label, in ZR's words", async () => {
    expect(await adapter.label("ZR-999999")).toMatchObject({ ok: false, failure: { kind: "refused" } });
  });

  it("reads the state histories, mapped, with reasons, in the order they happened", async () => {
    const a = await createOne(parcel());
    const b = await createOne(parcel({ deliveryType: "stop_desk", stopDeskId: ZR_PLACES.hubBordjElKiffan }));
    const start = Date.now() - 3 * 3_600_000;
    zr.setState(a.tracking, "Picked Up", "", start + 1_000);
    zr.setState(a.tracking, "Out for Delivery", "", start + 60_000);
    zr.setState(b.tracking, "At Pickup Point", "", start + 90_000);
    zr.setState(a.tracking, "Delivery Failed", "Client injoignable", start + 120_000);
    zr.requests.length = 0;

    const result = await adapter.statuses([a.tracking, b.tracking]);
    if (!result.ok) throw new Error("statuses failed");
    expect(calls().filter((c) => c.endsWith("/state-history"))).toHaveLength(2);
    const events = result.value.filter((e) => e.occurredAt < new Date(start + 200_000).toISOString());
    expect(events.map((e) => [e.tracking, e.courierStatus, e.state, e.reason])).toEqual([
      [a.tracking, "Picked Up", "in_transit", null],
      [a.tracking, "Out for Delivery", "in_transit", null],
      [b.tracking, "At Pickup Point", "at_stop_desk", null],
      [a.tracking, "Delivery Failed", "attempt_failed", "Client injoignable"],
    ]);
    expect(events[0]!.occurredAt).toBe(new Date(start + 1_000).toISOString());
    // The creation itself is the first state: waiting for pickup.
    expect(result.value.filter((e) => e.tracking === a.tracking).at(-1)).toMatchObject({ courierStatus: "OrderReceived", state: "ready" });
  });

  it("cancels a parcel not yet picked up, and gives ZR's refusal once it has left", async () => {
    const waiting = await createOne(parcel());
    const gone = await createOne(parcel());
    zr.setState(gone.tracking, "Picked Up");
    expect(await adapter.cancel(waiting.tracking)).toEqual({ ok: true, value: true });
    expect(await adapter.cancel(gone.tracking)).toEqual({
      ok: false,
      failure: { kind: "refused", message: `Le colis ${gone.tracking} ne peut plus être supprimé (état Picked Up).` },
    });
  });

  it("lists the served communes with their UUIDs, and the hubs that are pick-up points", async () => {
    const places = await adapter.places();
    if (!places.ok) throw new Error("places failed");
    expect(places.value).toContainEqual({
      wilayaCode: 19,
      wilayaName: "Sétif",
      communeName: "Aïn Arnat",
      placeId: ZR_PLACES.ainArnat,
      wilayaPlaceId: ZR_PLACES.setif,
      hasStopDesk: true,
    });
    expect(places.value).toContainEqual({
      wilayaCode: 16,
      wilayaName: "Alger",
      communeName: "Ouled Fayet",
      placeId: ZR_PLACES.ouledFayet,
      wilayaPlaceId: ZR_PLACES.alger,
      hasStopDesk: false,
    });
    expect(places.value.some((p) => p.communeName === "Tafraoui")).toBe(false);
    const desks = await adapter.stopDesks();
    if (!desks.ok) throw new Error("stop-desks failed");
    expect(desks.value).toEqual([
      {
        id: ZR_PLACES.hubBordjElKiffan,
        name: "Hub Bordj El Kiffan مكتب برج الكيفان",
        wilayaCode: 16,
        communeName: "Bordj El Kiffan",
        address: "Lido, près du stade",
      },
      { id: ZR_PLACES.hubSetif, name: "Hub Aïn Arnat مكتب عين أرنات", wilayaCode: 19, communeName: "Aïn Arnat", address: "Route nationale 5" },
    ]);
  });

  it("follows the pages of a search", async () => {
    const small = await startFakeZr({ maxPageSize: 2 });
    try {
      const paged = createZrAdapter(small.access, { fetch, limiter: recordingLimiter() });
      const places = await paged.places();
      if (!places.ok) throw new Error("places failed");
      expect(places.value.map((p) => p.communeName)).toEqual(["Bordj El Kiffan", "Ouled Fayet", "Aïn Arnat"]);
      expect(small.requests.map((r) => (r.body as { pageNumber: number }).pageNumber)).toEqual([1, 2, 3]);
    } finally {
      await small.close();
    }
  });

  it("bad credentials are unauthorized, without the secret in the failure", async () => {
    const key = "zr_wrong-key-7c1d";
    const wrong = createZrAdapter({ ...zr.access, credentials: { ...zr.access.credentials, apiKey: key } }, { fetch, limiter });
    const result = await wrong.testConnection();
    expect(result).toEqual({ ok: false, failure: { kind: "unauthorized", message: "Invalid API key or tenant." } });
    expect(JSON.stringify(result)).not.toContain(key);
    expect(JSON.stringify(result)).not.toContain(zr.access.credentials.apiKey);
  });

  it("a 429 is rate_limited with ZR's Retry-After, backs the shared limiter off, and the next request waits it out", async () => {
    const shared = new CourierLimiter();
    const backOffs: (number | null | undefined)[] = [];
    const backOff = shared.backOff.bind(shared);
    shared.backOff = (key, ms) => {
      backOffs.push(ms);
      return backOff(key, ms);
    };
    const limited = createZrAdapter(zr.access, { fetch, limiter: shared });
    zr.limit({ limit: 2, windowMs: 1_000, retryAfterSeconds: 1 });
    expect((await limited.testConnection()).ok).toBe(true);
    expect((await limited.testConnection()).ok).toBe(true);
    expect(await limited.testConnection()).toEqual({ ok: false, failure: { kind: "rate_limited", retryAfterMs: 1_000 } });
    expect(backOffs).toEqual([1_000]);
    const before = Date.now();
    expect(await limited.testConnection()).toEqual({ ok: true, value: true });
    expect(Date.now() - before).toBeGreaterThanOrEqual(900);
  });

  it("an unreachable courier is unavailable", async () => {
    const closed = createZrAdapter({ ...zr.access, baseUrl: "http://127.0.0.1:9/api/v1" }, { fetch, limiter });
    expect(await closed.testConnection()).toMatchObject({ ok: false, failure: { kind: "unavailable" } });
  });
});

describe("ZR Express webhooks", () => {
  let receiver: Server;
  let url: string;
  let received: { verified: boolean; events: ReturnType<typeof zrWebhooks.parse> }[] = [];

  // A receiver as the shop's webhook route will be: the signature on the raw body before anything is read.
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const raw = new Uint8Array(Buffer.concat(chunks));
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
        const verified = zrWebhooks.verify(raw, headers, zr.webhookSecret);
        received.push({ verified, events: verified ? zrWebhooks.parse(raw) : [] });
        res.writeHead(verified ? 200 : 401);
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/zr`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });
  beforeEach(() => {
    received = [];
  });

  const delivered = {
    eventType: "parcel.state.updated",
    occurredAt: "2026-11-20T10:00:00.000Z",
    data: {
      id: "0b8e5c4e-5d0a-4c36-9a43-1f0b9d7f2a11",
      externalId: "SQ-2001",
      trackingNumber: "ZR-000001",
      state: { id: "s-del", name: "Delivered" },
    },
  };

  it("accepts an event signed with the secret and reads it", async () => {
    const response = await zr.sendWebhook(url, delivered, { secret: zr.webhookSecret, id: "msg_1" });
    expect(response.status).toBe(200);
    expect(received).toEqual([
      {
        verified: true,
        events: [
          {
            tracking: "ZR-000001",
            state: "delivered",
            courierStatus: "Delivered",
            reason: null,
            occurredAt: "2026-11-20T10:00:00.000Z",
            eventId: expect.stringMatching(/^sha256:[0-9a-f]{32}$/),
            cashCollected: null,
          },
        ],
      },
    ]);
  });

  const badBodies: { name: string; options: { sign?: "bad" | "none"; tamper?: boolean; timestamp?: number } }[] = [
    { name: "signed with another secret", options: { sign: "bad" } },
    { name: "tampered with after signing", options: { tamper: true } },
    { name: "not signed", options: { sign: "none" } },
    { name: "replayed: signed ten minutes ago", options: { timestamp: Math.floor(Date.now() / 1000) - 600 } },
    { name: "dated ten minutes ahead", options: { timestamp: Math.floor(Date.now() / 1000) + 600 } },
  ];
  it.each(badBodies)("refuses an event $name", async ({ options }) => {
    const returned = { ...delivered, data: { ...delivered.data, state: { id: "s-ret", name: "Returned" } } };
    const response = await zr.sendWebhook(url, returned, { secret: zr.webhookSecret, ...options });
    expect(response.status).toBe(401);
    expect(received).toEqual([{ verified: false, events: [] }]);
  });

  it("checks every signature Svix lists (a secret being rotated), each v1 in constant time", () => {
    const body = JSON.stringify(delivered);
    const raw = new TextEncoder().encode(body);
    const timestamp = Math.floor(Date.now() / 1000);
    const old = signSvix("msg_2", timestamp, body, `whsec_${Buffer.from("an-older-secret-of-the-endpoint").toString("base64")}`);
    const current = signSvix("msg_2", timestamp, body, zr.webhookSecret);
    const headers = (signature: string) => new Headers({ "svix-id": "msg_2", "svix-timestamp": String(timestamp), "svix-signature": signature });
    expect(zrWebhooks.verify(raw, headers(`${old} ${current}`), zr.webhookSecret)).toBe(true);
    expect(zrWebhooks.verify(raw, headers(old), zr.webhookSecret)).toBe(false);
    expect(zrWebhooks.verify(raw, headers(current.replace("v1,", "v2,")), zr.webhookSecret)).toBe(false);
    // The id is signed too: another message id with the same body does not pass.
    expect(
      zrWebhooks.verify(raw, new Headers({ "svix-id": "msg_3", "svix-timestamp": String(timestamp), "svix-signature": current }), zr.webhookSecret),
    ).toBe(false);
    expect(zrWebhooks.verify(raw, headers(current), "not a whsec secret!")).toBe(false);
  });

  it("reads situations, returns and cash, each event with an id that a retry repeats", () => {
    const parse = (event: unknown) => zrWebhooks.parse(new TextEncoder().encode(JSON.stringify(event)));
    const data = { id: "0b8e5c4e-5d0a-4c36-9a43-1f0b9d7f2a12", trackingNumber: "ZR-000002" };
    expect(
      parse({
        eventType: "parcel.state.situation.created",
        occurredAt: "2026-11-20T09:00:00Z",
        data: { ...data, situation: { name: "Client injoignable", description: "Ne répond pas (2e appel)" } },
      }),
    ).toMatchObject([{ tracking: "ZR-000002", state: "attempt_failed", courierStatus: "Client injoignable", reason: "Ne répond pas (2e appel)" }]);
    expect(parse({ eventType: "parcel.state.situation.created", data: { ...data, situation: { name: "Reporté" } } })).toMatchObject([
      { state: "postponed" },
    ]);
    expect(parse({ eventType: "parcel.isReturn.updated", data: { ...data, isReturn: true } })).toMatchObject([{ state: "returning" }]);
    expect(parse({ eventType: "parcel.isReturn.updated", data: { ...data, isReturn: false } })).toEqual([]);
    expect(parse({ eventType: "parcel.state.updated", data: { ...data, amount: 5400, state: { name: "Encaissé" } } })).toMatchObject([
      { state: "delivered", cashCollected: 5400 },
    ]);
    const event = { eventType: "parcel.state.updated", occurredAt: "2026-11-20T11:00:00Z", data: { ...data, state: { name: "Returned" } } };
    expect(parse(event)[0]!.eventId).toBe(parse(event)[0]!.eventId);
    expect(parse(event)[0]!.eventId).not.toBe(parse({ ...event, occurredAt: "2026-11-20T11:00:01Z" })[0]!.eventId);
    expect(zrWebhooks.parse(new TextEncoder().encode("not json"))).toEqual([]);
  });

  it("puts a batch of events in the order they happened, each once", () => {
    const data = { trackingNumber: "ZR-000003" };
    const events = [
      { id: "e3", eventType: "parcel.state.updated", occurredAt: "2026-11-20T12:00:00Z", data: { ...data, state: { name: "Returned" } } },
      {
        id: "e1",
        eventType: "parcel.state.updated",
        occurredAt: "2026-11-20T09:00:00Z",
        data: { ...data, state: { name: "Delivery Failed" }, comment: "Client absent" },
      },
      { id: "e2", eventType: "parcel.isReturn.updated", occurredAt: "2026-11-20T10:30:00Z", data: { ...data, isReturn: true } },
      {
        id: "e1",
        eventType: "parcel.state.updated",
        occurredAt: "2026-11-20T09:00:00Z",
        data: { ...data, state: { name: "Delivery Failed" }, comment: "Client absent" },
      },
    ];
    expect(zrWebhooks.parse(new TextEncoder().encode(JSON.stringify(events))).map((e) => [e.eventId, e.state, e.reason])).toEqual([
      ["e1", "attempt_failed", "Client absent"],
      ["e2", "returning", null],
      ["e3", "returned", null],
    ]);
  });
});
