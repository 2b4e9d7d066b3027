import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CourierAdapter, CourierResult, CreatedParcel } from "~/server/couriers/index.server";
import { COURIER_ADAPTER_FACTORIES } from "~/server/couriers/index.server";
import { startFakeNoest, type FakeNoest } from "../support/fake-couriers/noest";
import { parcelRequest, recordingLimiter } from "../support/fake-couriers/parcels";

// The Noest adapter against a local fake of Noest's public API.
let fake: FakeNoest;
let limiter: ReturnType<typeof recordingLimiter>;
let adapter: CourierAdapter;

function adapterWith(credentials: Record<string, string>): CourierAdapter {
  const factory = COURIER_ADAPTER_FACTORIES.noest;
  if (!factory) throw new Error("no noest factory");
  return factory({ family: "noest", baseUrl: fake.baseUrl, credentials }, { fetch, limiter });
}

function created(result: CourierResult<CreatedParcel> | undefined): CreatedParcel {
  if (!result?.ok) throw new Error(`not created: ${JSON.stringify(result)}`);
  return result.value;
}

beforeEach(async () => {
  fake = await startFakeNoest();
  limiter = recordingLimiter();
  adapter = adapterWith({ token: fake.token, userGuid: fake.userGuid });
});

afterEach(async () => {
  await fake.close();
});

describe("the Noest adapter", () => {
  it("tests the connection under a limiter key without the token", async () => {
    expect(await adapter.testConnection()).toEqual({ ok: true, value: true });
    expect(limiter.takes[0]).toContain("noest:");
    expect(limiter.takes[0]).not.toContain(fake.token);
  });

  it("creates drafts with the user_guid, which stay drafts until validated", async () => {
    const results = await adapter.createParcels([
      parcelRequest("SQ-1001"),
      parcelRequest("SQ-1002", { deliveryType: "stop_desk", stopDeskId: "16A", amountToCollect: 3900 }),
    ]);
    const creates = fake.requests.filter((request) => request.path === "/create/orders");
    expect(creates).toHaveLength(1);
    expect(creates[0]?.body).toMatchObject({ user_guid: fake.userGuid });
    const first = created(results.get("SQ-1001"));
    const second = created(results.get("SQ-1002"));
    expect(first).toMatchObject({ reference: "SQ-1001", needsHandover: true, labelUrl: null });
    expect(fake.parcels.get(first.tracking)?.fields).toMatchObject({
      reference: "SQ-1001",
      client: "Amine Benali",
      phone: "0550123456",
      adresse: "12 rue des Frères Bouadou",
      wilaya_id: 16,
      commune: "Bab Ezzouar",
      montant: 4600,
      produit: "2 × Red car",
      type_id: 1,
      stop_desk: 0,
      poids: 1,
    });
    expect(fake.parcels.get(second.tracking)?.fields).toMatchObject({ stop_desk: 1, station_code: "16A" });

    const draft = await adapter.statuses([first.tracking]);
    expect(draft.ok && draft.value.map((event) => event.state)).toEqual(["draft"]);
    expect(await adapter.handOver(first.tracking)).toEqual({ ok: true, value: true });
    expect(fake.parcels.get(first.tracking)?.validated).toBe(true);
    const validated = await adapter.statuses([first.tracking]);
    expect(validated.ok && validated.value.map((event) => event.state)).toEqual(["draft", "ready"]);
  });

  it("gives a refusal in the courier's own words, per parcel, and creates the others", async () => {
    const results = await adapter.createParcels([
      parcelRequest("SQ-2001", { communeName: "Atlantis" }),
      parcelRequest("SQ-2002", { phone: "12" }),
      parcelRequest("SQ-2003"),
    ]);
    expect(results.get("SQ-2001")).toEqual({
      ok: false,
      failure: { kind: "refused", field: "commune", message: "La commune sélectionnée est invalide." },
    });
    expect(results.get("SQ-2002")).toEqual({
      ok: false,
      failure: { kind: "refused", field: "phone", message: "Le format du numéro de téléphone est invalide." },
    });
    expect(results.get("SQ-2003")?.ok).toBe(true);
    expect(fake.parcels.size).toBe(1);
  });

  it("is refused without the user_guid, in the courier's words", async () => {
    const without = adapterWith({ token: fake.token });
    expect((await without.createParcels([parcelRequest("SQ-2101")])).get("SQ-2101")).toEqual({
      ok: false,
      failure: { kind: "refused", field: "user_guid", message: "Le champ user guid est obligatoire." },
    });
  });

  it("follows the label's redirect to the expiring PDF link and keeps the PDF", async () => {
    const { tracking } = created((await adapter.createParcels([parcelRequest("SQ-3001")])).get("SQ-3001"));
    const label = await adapter.label(tracking);
    if (!label.ok || label.value.kind !== "pdf") throw new Error("no PDF label");
    expect(new TextDecoder().decode(label.value.bytes)).toContain(`label ${tracking}`);
    expect(fake.requests.some((request) => request.path.startsWith("/labels/"))).toBe(true);
  });

  it("reads statuses in batches of 100: 150 trackings take 2 requests", async () => {
    const requests = Array.from({ length: 150 }, (_, index) => parcelRequest(`SQ-${5000 + index}`));
    const results = await adapter.createParcels(requests);
    expect(fake.requests.filter((request) => request.path === "/create/orders")).toHaveLength(2);
    const trackings = requests.map((request) => created(results.get(request.reference)).tracking);
    const statuses = await adapter.statuses(trackings);
    const reads = fake.requests.filter((request) => request.path === "/get/trackings/info");
    expect(reads.map((request) => (request.body as { trackings: string[] }).trackings.length)).toEqual([100, 50]);
    expect(reads.every((request) => (request.body as { user_guid: string }).user_guid === fake.userGuid)).toBe(true);
    if (!statuses.ok) throw new Error("statuses failed");
    expect(statuses.value).toHaveLength(150);
  });

  it("maps each event onto the shop's states; money events mark the cash, edits are no event", async () => {
    const { tracking } = created((await adapter.createParcels([parcelRequest("SQ-4001")])).get("SQ-4001"));
    await adapter.handOver(tracking);
    const steps: [string, string?][] = [
      ["validation_collect_colis"],
      ["validation_reception"],
      ["fdr_activated"],
      ["mise_a_jour", "Client injoignable"],
      ["nouvel_tentative_asked_by_customer"],
      ["edit_price"],
      ["livre"],
      ["verssement_admin_cust"],
    ];
    steps.forEach(([key, remarque], index) => fake.setStatus(tracking, key, { remarque, at: new Date(Date.UTC(2030, 0, 15, 8, index)) }));
    const statuses = await adapter.statuses([tracking]);
    if (!statuses.ok) throw new Error("statuses failed");
    expect(statuses.value.map(({ state, courierStatus, reason, cashCollected }) => ({ state, courierStatus, reason, cashCollected }))).toEqual([
      { state: "draft", courierStatus: "upload", reason: null, cashCollected: null },
      { state: "ready", courierStatus: "customer_validation", reason: null, cashCollected: null },
      { state: "in_transit", courierStatus: "validation_collect_colis", reason: null, cashCollected: null },
      { state: "in_transit", courierStatus: "validation_reception", reason: null, cashCollected: null },
      { state: "in_transit", courierStatus: "fdr_activated", reason: null, cashCollected: null },
      { state: "attempt_failed", courierStatus: "mise_a_jour", reason: "Client injoignable", cashCollected: null },
      { state: "postponed", courierStatus: "nouvel_tentative_asked_by_customer", reason: null, cashCollected: null },
      { state: "delivered", courierStatus: "livre", reason: null, cashCollected: null },
      { state: "delivered", courierStatus: "verssement_admin_cust", reason: null, cashCollected: 4600 },
    ]);
    expect(statuses.value.at(2)?.occurredAt).toBe("2030-01-15T08:00:00.000Z");
  });

  it("maps a return", async () => {
    const { tracking } = created((await adapter.createParcels([parcelRequest("SQ-4101")])).get("SQ-4101"));
    await adapter.handOver(tracking);
    fake.setStatus(tracking, "return_asked_by_customer", { at: new Date(Date.UTC(2030, 0, 15, 9, 0)) });
    fake.setStatus(tracking, "return_validated_by_partener", { at: new Date(Date.UTC(2030, 0, 15, 10, 0)) });
    const statuses = await adapter.statuses([tracking]);
    if (!statuses.ok) throw new Error("statuses failed");
    expect(statuses.value.map((event) => event.state)).toEqual(["draft", "ready", "returning", "returned"]);
  });

  it("cancels a draft; a validated parcel is the courier's refusal", async () => {
    const results = await adapter.createParcels([parcelRequest("SQ-6001"), parcelRequest("SQ-6002")]);
    const first = created(results.get("SQ-6001"));
    const second = created(results.get("SQ-6002"));
    expect(await adapter.cancel(first.tracking)).toEqual({ ok: true, value: true });
    expect(fake.parcels.get(first.tracking)?.deleted).toBe(true);
    await adapter.handOver(second.tracking);
    expect(await adapter.cancel(second.tracking)).toEqual({
      ok: false,
      failure: { kind: "refused", message: "Impossible de supprimer un colis validé." },
    });
  });

  it("lists places (communes wilaya by wilaya) and the stop-desks", async () => {
    expect(await adapter.places()).toEqual({
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
        { id: "16A", name: "Agence Bab Ezzouar", wilayaCode: 16, communeName: "Bab Ezzouar", address: "Cité 5 Juillet, Bab Ezzouar" },
        { id: "31A", name: "Agence Oran", wilayaCode: 31, communeName: "Oran", address: "Boulevard de l'ALN, Oran" },
      ],
    });
  });

  it("answers unauthorized for a wrong token, without the secrets in the failure", async () => {
    const wrong = adapterWith({ token: "not-the-token", userGuid: fake.userGuid });
    const result = await wrong.testConnection();
    expect(result).toEqual({ ok: false, failure: { kind: "unauthorized", message: "Unauthenticated." } });
    expect(JSON.stringify(result)).not.toContain("not-the-token");
    expect(JSON.stringify(result)).not.toContain(fake.userGuid);
  });

  it("answers rate limited on a 429 and backs the limiter off by the courier's Retry-After", async () => {
    fake.rateLimit({ burst: 0, retryAfterSeconds: 30 });
    expect((await adapter.createParcels([parcelRequest("SQ-8001")])).get("SQ-8001")).toEqual({
      ok: false,
      failure: { kind: "rate_limited", retryAfterMs: 30_000 },
    });
    expect(await adapter.statuses(["NOE-00001"])).toEqual({ ok: false, failure: { kind: "rate_limited", retryAfterMs: 30_000 } });
    expect(limiter.backOffs).toEqual([
      { key: limiter.takes[0], ms: 30_000 },
      { key: limiter.takes[0], ms: 30_000 },
    ]);
    expect(fake.parcels.size).toBe(0);
  });
});
