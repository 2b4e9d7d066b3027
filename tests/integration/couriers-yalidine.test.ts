import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CourierAdapter, ParcelRequest } from "~/server/couriers/adapter.server";
import { COURIER_ADAPTER_FACTORIES, COURIER_WEBHOOKS } from "~/server/couriers/adapters/index.server";
import { createYalidineAdapter, yalidineWebhooks } from "~/server/couriers/adapters/yalidine.server";
import { CourierLimiter } from "~/server/couriers/limiter.server";
import { signYalidine, startFakeYalidine, yalidineTime, type FakeYalidine } from "~/server/couriers/sandbox/fake-yalidine.server";

// Contract tests of the Yalidine-family adapter against a local fake of the courier's API: the
// adapter under test is the one that would talk to the real courier.

let yalidine: FakeYalidine;
let adapter: CourierAdapter;
let orders = 0;

beforeAll(async () => {
  yalidine = await startFakeYalidine();
});
afterAll(async () => {
  await yalidine.close();
});
beforeEach(() => {
  yalidine.limit(null);
  yalidine.requests.length = 0;
  adapter = createYalidineAdapter(yalidine.access, { fetch, limiter: new CourierLimiter() });
});

function parcel(overrides: Partial<ParcelRequest> = {}): ParcelRequest {
  orders += 1;
  return {
    reference: `SQ-${1000 + orders}`,
    firstName: "Amine",
    lastName: "Benali",
    phone: "0550123456",
    address: "Cité Kaidi, bâtiment 4",
    wilayaCode: 16,
    wilayaName: "Alger",
    communeName: "Bordj El Kiffan",
    wilayaPlaceId: null,
    communePlaceId: null,
    deliveryType: "home",
    stopDeskId: null,
    productSummary: "2 × Voiture rouge",
    amountToCollect: 5400,
    deliveryFee: 400,
    ...overrides,
  };
}

async function createOne(request: ParcelRequest) {
  const result = (await adapter.createParcels([request])).get(request.reference);
  if (!result?.ok) throw new Error(`not created: ${JSON.stringify(result)}`);
  return result.value;
}

describe("Yalidine adapter against the fake courier", () => {
  it("is registered for its family", () => {
    expect(COURIER_ADAPTER_FACTORIES.yalidine).toBe(createYalidineAdapter);
    expect(COURIER_WEBHOOKS.yalidine).toBe(yalidineWebhooks);
  });

  it("tests the connection with a cheap authenticated GET", async () => {
    expect(await adapter.testConnection()).toEqual({ ok: true, value: true });
    expect(yalidine.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/wilayas"]);
  });

  it("creates several parcels in one request; a refused one comes back with the courier's words", async () => {
    const first = parcel();
    const second = parcel({ deliveryType: "stop_desk", stopDeskId: "163001", firstName: "رفيدة", lastName: "بن مهيدي" });
    const unknown = parcel({ communeName: "Atlantis" });
    const results = await adapter.createParcels([first, second, unknown]);

    const posts = yalidine.requests.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    expect((posts[0]!.body as unknown[]).length).toBe(3);
    const sent = (posts[0]!.body as Record<string, unknown>[])[1]!;
    expect(sent).toMatchObject({
      order_id: second.reference,
      is_stopdesk: true,
      stopdesk_id: "163001",
      price: 5400,
      to_wilaya_name: "Alger",
      from_wilaya_name: "Alger",
    });

    for (const request of [first, second]) {
      const result = results.get(request.reference);
      expect(result?.ok).toBe(true);
      if (!result?.ok) continue;
      expect(result.value.tracking).toMatch(/^yal-/);
      expect(result.value.labelUrl).toContain(`tracking=${result.value.tracking}`);
      expect(result.value.needsHandover).toBe(false);
    }
    expect(results.get(unknown.reference)).toEqual({
      ok: false,
      failure: { kind: "refused", message: "La commune « Atlantis » est introuvable dans la wilaya Alger." },
    });
  });

  it("a retry finds the parcels already created instead of making them twice", async () => {
    const request = parcel();
    const created = await createOne(request);
    yalidine.requests.length = 0;
    const again = await adapter.createParcels([request]);
    expect(again.get(request.reference)).toEqual({ ok: true, value: created });
    expect(yalidine.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    expect([...yalidine.parcels.values()].filter((p) => p.order_id === request.reference)).toHaveLength(1);
  });

  it("refuses an amount over 150,000 DA before sending anything", async () => {
    const request = parcel({ amountToCollect: 150_001 });
    const results = await adapter.createParcels([request]);
    expect(results.get(request.reference)).toMatchObject({ ok: false, failure: { kind: "refused", field: "amountToCollect" } });
    expect(yalidine.requests).toHaveLength(0);
  });

  it("gives the label URL", async () => {
    const created = await createOne(parcel());
    expect(await adapter.label(created.tracking)).toEqual({ ok: true, value: { kind: "url", url: created.labelUrl } });
  });

  it("reads the status histories in one request, mapped and in the order they happened", async () => {
    const a = await createOne(parcel());
    const b = await createOne(parcel());
    const start = Date.now() - 3 * 3_600_000;
    yalidine.setStatus(a.tracking, "Expédié", "", start + 1_000);
    yalidine.setStatus(a.tracking, "Sorti en livraison", "", start + 60_000);
    yalidine.setStatus(a.tracking, "Tentative échouée", "Client ne répond pas", start + 120_000);
    yalidine.setStatus(b.tracking, "En attente du client", "", start + 90_000);
    yalidine.requests.length = 0;

    const result = await adapter.statuses([a.tracking, b.tracking]);
    expect(yalidine.requests.map((r) => `${r.method} ${r.path} ${r.query.get("tracking")}`)).toEqual([
      `GET /v1/histories ${a.tracking},${b.tracking}`,
    ]);
    if (!result.ok) throw new Error("statuses failed");
    const events = result.value.filter((e) => e.occurredAt < new Date(start + 200_000).toISOString());
    expect(events.map((e) => [e.tracking, e.courierStatus, e.state, e.reason])).toEqual([
      [a.tracking, "Expédié", "in_transit", null],
      [a.tracking, "Sorti en livraison", "in_transit", null],
      [b.tracking, "En attente du client", "at_stop_desk", null],
      [a.tracking, "Tentative échouée", "attempt_failed", "Client ne répond pas"],
    ]);
    // Yalidine's local time (UTC+1) becomes UTC, to the second.
    expect(events[0]!.occurredAt).toBe(new Date(Math.floor((start + 1_000) / 1000) * 1000).toISOString());
  });

  it("cancels a parcel still in preparation, and says no once it has left", async () => {
    const waiting = await createOne(parcel());
    const gone = await createOne(parcel());
    yalidine.setStatus(gone.tracking, "Expédié");
    expect(await adapter.cancel(waiting.tracking)).toEqual({ ok: true, value: true });
    expect(await adapter.cancel(gone.tracking)).toMatchObject({ ok: false, failure: { kind: "refused" } });
  });

  it("lists the deliverable communes with their stop-desks, and the centres", async () => {
    const places = await adapter.places();
    if (!places.ok) throw new Error("places failed");
    expect(places.value).toContainEqual({ wilayaCode: 19, wilayaName: "Sétif", communeName: "Aïn Arnat", placeId: "1902", hasStopDesk: true });
    expect(places.value.some((p) => p.communeName === "Tafraoui")).toBe(false);
    const desks = await adapter.stopDesks();
    if (!desks.ok) throw new Error("stop-desks failed");
    expect(desks.value).toContainEqual({
      id: "163001",
      name: "Agence de Bordj El Kiffan",
      wilayaCode: 16,
      communeName: "Bordj El Kiffan",
      address: "Cité Kaidi",
    });
  });

  it("follows the pages of a list", async () => {
    const small = await startFakeYalidine({ maxPageSize: 2 });
    try {
      const paged = createYalidineAdapter(small.access, { fetch, limiter: new CourierLimiter() });
      const places = await paged.places();
      if (!places.ok) throw new Error("places failed");
      expect(places.value.map((p) => p.communeName)).toEqual(["Bordj El Kiffan", "Ouled Fayet", "Aïn Arnat", "Sétif", "Boussaada", "Bir El Djir"]);
      expect(small.requests.filter((r) => r.path === "/v1/communes").map((r) => r.query.get("page"))).toEqual(["1", "2", "3", "4"]);
    } finally {
      await small.close();
    }
  });

  it("asks the histories of many parcels in batches", async () => {
    const trackings = Array.from({ length: 60 }, (_, i) => `yal-x${i}`);
    const result = await adapter.statuses(trackings);
    expect(result).toEqual({ ok: true, value: [] });
    expect(yalidine.requests.map((r) => r.query.get("tracking")?.split(",").length)).toEqual([50, 10]);
  });

  it("bad credentials are unauthorized, without the secret in the failure", async () => {
    const token = "wrong-token-3f9a";
    const wrong = createYalidineAdapter(
      { ...yalidine.access, credentials: { ...yalidine.access.credentials, apiToken: token } },
      { fetch, limiter: new CourierLimiter() },
    );
    const result = await wrong.testConnection();
    expect(result).toEqual({ ok: false, failure: { kind: "unauthorized", message: "Invalid API ID or API TOKEN." } });
    expect(JSON.stringify(result)).not.toContain(token);
    expect(JSON.stringify(result)).not.toContain(yalidine.access.credentials.apiToken);
  });

  it("a 429 is rate_limited with the courier's Retry-After, and the next request waits it out", async () => {
    yalidine.limit({ limit: 2, windowMs: 1_000, retryAfterSeconds: 1 });
    expect((await adapter.testConnection()).ok).toBe(true);
    expect((await adapter.testConnection()).ok).toBe(true);
    expect(await adapter.testConnection()).toEqual({ ok: false, failure: { kind: "rate_limited", retryAfterMs: 1_000 } });
    const before = Date.now();
    expect(await adapter.testConnection()).toEqual({ ok: true, value: true });
    expect(Date.now() - before).toBeGreaterThanOrEqual(900);
  });

  it("an unreachable courier is unavailable", async () => {
    const closed = createYalidineAdapter({ ...yalidine.access, baseUrl: "http://127.0.0.1:9/v1" }, { fetch, limiter: new CourierLimiter() });
    expect(await closed.testConnection()).toMatchObject({ ok: false, failure: { kind: "unavailable" } });
  });
});

describe("Yalidine webhooks", () => {
  const secret = "webhook-secret-5b1e";
  let receiver: Server;
  let url: string;
  let received: { verified: boolean; events: ReturnType<typeof yalidineWebhooks.parse> }[] = [];

  // A receiver as the shop's webhook route will be: the handshake first, then the signature on
  // the raw body before anything is read.
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const query = new URL(req.url ?? "/", "http://localhost").searchParams;
      if (req.method === "GET") {
        const answer = yalidineWebhooks.handshake?.(query) ?? null;
        res.writeHead(answer ? 200 : 400, { "Content-Type": "application/json" });
        res.end(JSON.stringify(answer ?? {}));
        return;
      }
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const raw = new Uint8Array(Buffer.concat(chunks));
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
        const verified = yalidineWebhooks.verify(raw, headers, secret);
        received.push({ verified, events: verified ? yalidineWebhooks.parse(raw) : [] });
        res.writeHead(verified ? 200 : 401);
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/yalidine`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });
  beforeEach(() => {
    received = [];
  });

  it("answers the subscription handshake with the token", async () => {
    expect(await yalidine.subscribe(url)).toBe(true);
    expect(yalidineWebhooks.handshake?.(new URLSearchParams("crc_token=abc"))).toBeNull();
  });

  it("accepts a body signed with the secret and reads its events", async () => {
    const response = await yalidine.sendWebhook(
      url,
      [
        {
          type: "parcel_status_updated",
          event_id: "e1",
          occurred_at: "2026-11-20 10:00:00",
          data: { tracking: "yal-000001", status: "Livré", reason: "" },
        },
      ],
      { secret },
    );
    expect(response.status).toBe(200);
    expect(received).toEqual([
      {
        verified: true,
        events: [
          {
            tracking: "yal-000001",
            state: "delivered",
            courierStatus: "Livré",
            reason: null,
            occurredAt: "2026-11-20T09:00:00.000Z",
            eventId: "e1",
            cashCollected: null,
          },
        ],
      },
    ]);
  });

  const badBodies: { name: string; options: { sign?: "bad" | "none"; tamper?: boolean } }[] = [
    { name: "signed with another secret", options: { sign: "bad" } },
    { name: "tampered with after signing", options: { tamper: true } },
    { name: "not signed", options: { sign: "none" } },
  ];
  it.each(badBodies)("refuses a body $name", async ({ options }) => {
    const response = await yalidine.sendWebhook(
      url,
      [{ type: "parcel_status_updated", data: { tracking: "yal-000002", status: "Retourné au vendeur", reason: "" } }],
      { secret, ...options },
    );
    expect(response.status).toBe(401);
    expect(received).toEqual([{ verified: false, events: [] }]);
  });

  it("puts repeated and out-of-order events in the order they happened, each once", () => {
    const body = JSON.stringify({
      type: "parcel_status_updated",
      events: [
        { event_id: "e3", occurred_at: "2026-11-20 12:00:00", data: { tracking: "yal-9", status: "Retourné au vendeur", reason: "" } },
        {
          event_id: "e1",
          occurred_at: "2026-11-20 09:00:00",
          data: { tracking: "yal-9", status: "Tentative échouée", reason: "Client absent (échoué)" },
        },
        { event_id: "e2", occurred_at: "2026-11-20 10:30:00", data: { tracking: "yal-9", status: "Echèc livraison", reason: "" } },
        {
          event_id: "e1",
          occurred_at: "2026-11-20 09:00:00",
          data: { tracking: "yal-9", status: "Tentative échouée", reason: "Client absent (échoué)" },
        },
      ],
    });
    const raw = new TextEncoder().encode(body);
    expect(yalidineWebhooks.verify(raw, new Headers({ "X-YALIDINE-SIGNATURE": signYalidine(body, secret) }), secret)).toBe(true);
    expect(yalidineWebhooks.parse(raw).map((e) => [e.eventId, e.state, e.reason])).toEqual([
      ["e1", "attempt_failed", "Client absent (échoué)"],
      ["e2", "returning", null],
      ["e3", "returned", null],
    ]);
  });

  it("a payment event reports the cash collected", () => {
    const body = JSON.stringify({
      type: "parcel_payment_updated",
      events: [{ event_id: "p1", occurred_at: yalidineTime(), data: { tracking: "yal-7", payment_status: "receivable", price: 5400 } }],
    });
    expect(yalidineWebhooks.parse(new TextEncoder().encode(body))).toMatchObject([{ tracking: "yal-7", state: "delivered", cashCollected: 5400 }]);
  });
});
