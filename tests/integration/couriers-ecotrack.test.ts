import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CourierAdapter, CourierResult, CreatedParcel } from "~/server/couriers/index.server";
import { COURIER_ADAPTER_FACTORIES, CourierLimiter } from "~/server/couriers/index.server";
import { startFakeEcotrack, type FakeEcotrack } from "../support/fake-couriers/ecotrack";
import { parcelRequest, recordingLimiter } from "../support/fake-couriers/parcels";

// The Ecotrack adapter against a local fake of an Ecotrack tenant: the code under test is the code
// that would talk to the real courier.
let fake: FakeEcotrack;
let limiter: ReturnType<typeof recordingLimiter>;
let adapter: CourierAdapter;

function adapterWith(token: string): CourierAdapter {
  const factory = COURIER_ADAPTER_FACTORIES.ecotrack;
  if (!factory) throw new Error("no ecotrack factory");
  return factory({ family: "ecotrack", baseUrl: fake.baseUrl, credentials: { token } }, { fetch, limiter });
}

function created(result: CourierResult<CreatedParcel> | undefined): CreatedParcel {
  if (!result?.ok) throw new Error(`not created: ${JSON.stringify(result)}`);
  return result.value;
}

beforeEach(async () => {
  fake = await startFakeEcotrack();
  limiter = recordingLimiter();
  adapter = adapterWith(fake.token);
});

afterEach(async () => {
  await fake.close();
});

describe("the Ecotrack adapter", () => {
  it("tests the connection, and every request takes a slot of the limiter under a key without the token", async () => {
    expect(await adapter.testConnection()).toEqual({ ok: true, value: true });
    expect(limiter.takes).toHaveLength(1);
    expect(limiter.takes[0]).toContain("ecotrack:");
    expect(limiter.takes[0]).not.toContain(fake.token);
  });

  it("creates parcels in one bulk request, then hands each over", async () => {
    const results = await adapter.createParcels([
      parcelRequest("SQ-1001"),
      parcelRequest("SQ-1002", { deliveryType: "stop_desk", stopDeskId: "16024", amountToCollect: 3900 }),
    ]);
    expect(fake.requests.filter((request) => request.path === "/create/orders")).toHaveLength(1);
    const first = created(results.get("SQ-1001"));
    const second = created(results.get("SQ-1002"));
    expect(first).toMatchObject({ reference: "SQ-1001", needsHandover: true, labelUrl: null });
    expect(fake.parcels.get(first.tracking)?.fields).toMatchObject({
      reference: "SQ-1001",
      nom_client: "Amine Benali",
      telephone: "0550123456",
      commune: "Bab Ezzouar",
      code_wilaya: 16,
      montant: 4600,
      type: 1,
      stop_desk: 0,
    });
    expect(fake.parcels.get(second.tracking)?.fields).toMatchObject({ stop_desk: 1, code_postal: "16024", montant: 3900 });

    expect(fake.parcels.get(first.tracking)?.validated).toBe(false);
    expect(await adapter.handOver(first.tracking)).toEqual({ ok: true, value: true });
    expect(fake.parcels.get(first.tracking)?.validated).toBe(true);
    expect(await adapter.handOver("ECO-UNKNOWN")).toEqual({ ok: false, failure: { kind: "refused", message: "Tracking introuvable." } });
  });

  it("gives a refusal in the courier's own words, per parcel, and creates the others", async () => {
    const results = await adapter.createParcels([
      parcelRequest("SQ-2001", { communeName: "Atlantis" }),
      parcelRequest("SQ-2002", { phone: "05501" }),
      parcelRequest("SQ-2003"),
    ]);
    expect(results.get("SQ-2001")).toEqual({
      ok: false,
      failure: { kind: "refused", field: "commune", message: "La commune sélectionnée n'existe pas dans cette wilaya." },
    });
    expect(results.get("SQ-2002")).toEqual({
      ok: false,
      failure: { kind: "refused", field: "telephone", message: "Le champ telephone doit avoir entre 9 et 10 chiffres." },
    });
    expect(results.get("SQ-2003")?.ok).toBe(true);
    expect(fake.parcels.size).toBe(1);
  });

  it("fetches the label as PDF bytes", async () => {
    const { tracking } = created((await adapter.createParcels([parcelRequest("SQ-3001")])).get("SQ-3001"));
    const label = await adapter.label(tracking);
    if (!label.ok || label.value.kind !== "pdf") throw new Error("no PDF label");
    expect(new TextDecoder().decode(label.value.bytes.slice(0, 8))).toBe("%PDF-1.4");
    expect(await adapter.label("ECO-UNKNOWN")).toEqual({ ok: false, failure: { kind: "refused", message: "Tracking introuvable." } });
  });

  it("creates and reads statuses in batches of 100: 150 parcels take 2 requests each way", async () => {
    const requests = Array.from({ length: 150 }, (_, index) => parcelRequest(`SQ-${5000 + index}`));
    const results = await adapter.createParcels(requests);
    expect(fake.requests.filter((request) => request.path === "/create/orders")).toHaveLength(2);
    const trackings = requests.map((request) => created(results.get(request.reference)).tracking);
    for (const tracking of trackings) await adapter.handOver(tracking);

    const statuses = await adapter.statuses(trackings);
    const reads = fake.requests.filter((request) => request.path === "/get/trackings/info");
    expect(reads.map((request) => request.query.getAll("trackings[]").length)).toEqual([100, 50]);
    if (!statuses.ok) throw new Error("statuses failed");
    expect(statuses.value).toHaveLength(150);
    expect(new Set(statuses.value.map((event) => event.tracking))).toEqual(new Set(trackings));
    expect(statuses.value.every((event) => event.state === "ready" && event.courierStatus === "order_information_received_by_carrier")).toBe(true);
  });

  it("maps each status of a parcel's activity onto the shop's, oldest first, with the reason and the cash collected", async () => {
    const { tracking } = created((await adapter.createParcels([parcelRequest("SQ-4001")])).get("SQ-4001"));
    await adapter.handOver(tracking);
    const steps: [string, string?][] = [
      ["picked"],
      ["accepted_by_carrier"],
      ["dispatched_to_driver"],
      ["attempt_delivery", "Client ne répond pas"],
      ["suspendu", "Reporté à samedi"],
      ["livred"],
      ["encaissed"],
    ];
    steps.forEach(([status, reason], index) => fake.setStatus(tracking, status, { reason, at: new Date(Date.UTC(2030, 0, 15, 8, index)) }));
    const statuses = await adapter.statuses([tracking]);
    if (!statuses.ok) throw new Error("statuses failed");
    expect(
      statuses.value.slice(-7).map(({ state, courierStatus, reason, cashCollected }) => ({ state, courierStatus, reason, cashCollected })),
    ).toEqual([
      { state: "in_transit", courierStatus: "picked", reason: null, cashCollected: null },
      { state: "in_transit", courierStatus: "accepted_by_carrier", reason: null, cashCollected: null },
      { state: "in_transit", courierStatus: "dispatched_to_driver", reason: null, cashCollected: null },
      { state: "attempt_failed", courierStatus: "attempt_delivery", reason: "Client ne répond pas", cashCollected: null },
      { state: "postponed", courierStatus: "suspendu", reason: "Reporté à samedi", cashCollected: null },
      { state: "delivered", courierStatus: "livred", reason: null, cashCollected: null },
      { state: "delivered", courierStatus: "encaissed", reason: null, cashCollected: 4600 },
    ]);
    // Algiers time (UTC+1) back to UTC.
    expect(statuses.value.at(-7)?.occurredAt).toBe("2030-01-15T08:00:00.000Z");
    expect(statuses.value.every((event) => event.eventId === null && event.tracking === tracking)).toBe(true);
  });

  it("maps a return", async () => {
    const { tracking } = created((await adapter.createParcels([parcelRequest("SQ-4101")])).get("SQ-4101"));
    fake.setStatus(tracking, "return_asked", { at: new Date(Date.UTC(2026, 10, 26, 9, 0)) });
    fake.setStatus(tracking, "Return_received", { at: new Date(Date.UTC(2026, 10, 26, 10, 0)) });
    const statuses = await adapter.statuses([tracking]);
    if (!statuses.ok) throw new Error("statuses failed");
    expect(statuses.value.map((event) => event.state)).toEqual(["returning", "returned"]);
  });

  it("cancels a parcel before it is handed over; afterwards the courier's refusal", async () => {
    const results = await adapter.createParcels([parcelRequest("SQ-6001"), parcelRequest("SQ-6002")]);
    const first = created(results.get("SQ-6001"));
    const second = created(results.get("SQ-6002"));
    expect(await adapter.cancel(first.tracking)).toEqual({ ok: true, value: true });
    expect(fake.parcels.get(first.tracking)?.deleted).toBe(true);
    await adapter.handOver(second.tracking);
    expect(await adapter.cancel(second.tracking)).toEqual({
      ok: false,
      failure: { kind: "refused", message: "Impossible de supprimer une commande déjà expédiée." },
    });
  });

  it("lists the courier's places and its stop-desks", async () => {
    const places = await adapter.places();
    expect(places).toEqual({
      ok: true,
      value: [
        { wilayaCode: 16, wilayaName: "Alger", communeName: "Bab Ezzouar", placeId: null, hasStopDesk: true },
        { wilayaCode: 16, wilayaName: "Alger", communeName: "Hydra", placeId: null, hasStopDesk: false },
        { wilayaCode: 31, wilayaName: "Oran", communeName: "Oran", placeId: null, hasStopDesk: true },
      ],
    });
    expect(await adapter.stopDesks()).toEqual({
      ok: true,
      value: [
        { id: "16024", name: "Bab Ezzouar", wilayaCode: 16, communeName: "Bab Ezzouar", address: null },
        { id: "31001", name: "Oran", wilayaCode: 31, communeName: "Oran", address: null },
      ],
    });
  });

  it("answers unauthorized for a wrong token, without the token in the failure", async () => {
    const wrong = adapterWith("not-the-token");
    const result = await wrong.testConnection();
    expect(result).toEqual({ ok: false, failure: { kind: "unauthorized", message: "Unauthenticated." } });
    expect((await wrong.createParcels([parcelRequest("SQ-7001")])).get("SQ-7001")).toMatchObject({ ok: false, failure: { kind: "unauthorized" } });
    expect(JSON.stringify(result)).not.toContain("not-the-token");
  });

  it("answers rate limited on a 429 and backs the limiter off by the courier's Retry-After", async () => {
    const { tracking } = created((await adapter.createParcels([parcelRequest("SQ-8001")])).get("SQ-8001"));
    fake.rateLimit({ burst: 1, retryAfterSeconds: 42 });
    expect((await adapter.statuses([tracking])).ok).toBe(true);
    expect(await adapter.statuses([tracking])).toEqual({ ok: false, failure: { kind: "rate_limited", retryAfterMs: 42_000 } });
    expect(limiter.backOffs).toEqual([{ key: limiter.takes[0], ms: 42_000 }]);
    expect((await adapter.createParcels([parcelRequest("SQ-8002")])).get("SQ-8002")).toEqual({
      ok: false,
      failure: { kind: "rate_limited", retryAfterMs: 42_000 },
    });
    fake.rateLimit(null);
    expect((await adapter.statuses([tracking])).ok).toBe(true);
  });

  it("with the shared limiter, a 429 delays the next request by the Retry-After and the status is read then", async () => {
    const { tracking } = created((await adapter.createParcels([parcelRequest("SQ-9001")])).get("SQ-9001"));
    await adapter.handOver(tracking);
    const waits: number[] = [];
    let clock = Date.now();
    const shared = new CourierLimiter({
      clock: {
        now: () => clock,
        sleep: async (ms) => {
          waits.push(ms);
          clock += ms;
          fake.rateLimit(null);
        },
      },
    });
    const factory = COURIER_ADAPTER_FACTORIES.ecotrack;
    if (!factory) throw new Error("no ecotrack factory");
    const polling = factory(
      { family: "ecotrack", baseUrl: fake.baseUrl, credentials: { token: fake.token } },
      { fetch, limiter: shared, now: () => clock },
    );
    fake.rateLimit({ burst: 0, retryAfterSeconds: 3 });
    expect(await polling.statuses([tracking])).toEqual({ ok: false, failure: { kind: "rate_limited", retryAfterMs: 3000 } });
    const again = await polling.statuses([tracking]);
    expect(waits).toEqual([3000]);
    expect(again.ok && again.value.map((event) => event.state)).toEqual(["ready"]);
  });
});
