import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import type { PlaceOrderContext, OrderSettings } from "~/server/orders/order.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startFakeEcotrack, type FakeEcotrack } from "../support/fake-couriers/ecotrack";
import { startFakeZr, ZR_PLACES } from "../support/fake-couriers/zr";
import { recordingLimiter } from "../support/fake-couriers/parcels";
import { startFakeYalidine, type FakeYalidine } from "~/server/couriers/sandbox/fake-yalidine.server";

/*
 * A courier account's places: refreshed from the courier's own lists (the fake Yalidine and
 * Ecotrack servers), each of our communes mapped by name within the courier's wilaya (a 2026
 * wilaya's under its parent), the stop-desks stored; then offered at checkout, where an order
 * takes one of the default account's desks of its wilaya and nothing else.
 */

// SECRETS_KEY for this file (the rest of the environment as parsed).
vi.mock("~/server/env.server", async (original) => {
  const actual = await original<typeof import("~/server/env.server")>();
  const key = randomBytes(32).toString("base64");
  return { ...actual, env: () => ({ ...actual.env(), SECRETS_KEY: key }) };
});

const { addCourierAccount, refreshCourierPlaces, setDefaultCourierAccount, stopDeskChoices, courierDestination } =
  await import("~/server/couriers/index.server");
const { placeOrder } = await import("~/server/orders/order.service.server");
const { getAdminOrder, getOrderConfirmation, loadPrintableOrder } = await import("~/server/orders/index.server");

let t: TestDatabase;
let yalidine: FakeYalidine;
let ecotrack: FakeEcotrack;
const deps = () => ({ fetch, limiter: recordingLimiter() });

/** An account saved as the admin does (https), then pointed at the fake's local address. */
async function account(family: "yalidine" | "ecotrack" | "zr", baseUrl: string, credentials: Record<string, string>): Promise<number> {
  const saved = await addCourierAccount(t.db, { family, label: family, baseUrl: "https://courier.example.dz/v1", credentials, webhookSecret: "" });
  if (!saved.ok) throw new Error(`account not saved: ${JSON.stringify(saved)}`);
  await t.db.updateTable("courier_accounts").set({ base_url: baseUrl }).where("id", "=", saved.id).execute();
  return saved.id;
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});
beforeEach(async () => {
  yalidine = await startFakeYalidine();
  ecotrack = await startFakeEcotrack();
});
afterEach(async () => {
  await yalidine.close();
  await ecotrack.close();
  await t.db.deleteFrom("courier_accounts").execute();
});

describe("refreshing a courier account's places", () => {
  it("maps our communes to the Yalidine fake's by name, a 2026 wilaya's under its parent, and stores its stop-desks", async () => {
    const id = await account("yalidine", yalidine.access.baseUrl, yalidine.access.credentials);
    const result = await refreshCourierPlaces(t.db, id, deps());
    if (!result.ok) throw new Error(`refresh failed: ${JSON.stringify(result)}`);
    const communes = Number(
      (
        await t.db
          .selectFrom("communes")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    // Bordj El Kiffan, Ouled Fayet, Aïn Arnat, Sétif, Boussaada (Bou Saada), Bir El Djir; Tafraoui is not deliverable.
    expect(result.report).toMatchObject({ mapped: 6, unmatched: communes - 6, stopDesks: 2 });
    expect(result.report.unmatchedSample).toHaveLength(20);

    const places = await t.db.selectFrom("courier_places").selectAll().where("account_id", "=", id).orderBy("commune_code").execute();
    expect(places.map((place) => place.commune_code)).toEqual(["1630", "1651", "1901", "1926", "2820", "3103"]);
    // Bou Saada is in wilaya 68 since 2026: Yalidine knows it under M'Sila (28).
    expect(places.find((place) => place.commune_code === "2820")).toMatchObject({
      wilaya_code: "68",
      courier_wilaya_code: 28,
      courier_wilaya_name: "M'Sila",
      courier_commune_name: "Boussaada",
      commune_place_id: "2820",
    });
    expect(await courierDestination(t.db, id, { communeCode: "2820", stopDesk: null })).toMatchObject({
      ok: true,
      destination: { wilayaCode: 28, wilayaName: "M'Sila", communeName: "Boussaada" },
    });
    const desks = await t.db.selectFrom("courier_stop_desks").selectAll().where("account_id", "=", id).orderBy("code").execute();
    expect(desks.map((desk) => [desk.code, desk.courier_wilaya_code, desk.commune_name])).toEqual([
      ["163001", 16, "Bordj El Kiffan"],
      ["190201", 19, "Aïn Arnat"],
    ]);

    // A second refresh replaces the rows, it does not add to them.
    const again = await refreshCourierPlaces(t.db, id, deps());
    expect(again.ok).toBe(true);
    expect(await t.db.selectFrom("courier_places").select("commune_code").where("account_id", "=", id).execute()).toHaveLength(6);
    expect(await t.db.selectFrom("courier_stop_desks").select("code").where("account_id", "=", id).execute()).toHaveLength(2);
  });

  it("maps the Ecotrack fake's communes and stores its stop-desk communes", async () => {
    const id = await account("ecotrack", ecotrack.baseUrl, { token: ecotrack.token });
    const result = await refreshCourierPlaces(t.db, id, deps());
    if (!result.ok) throw new Error(`refresh failed: ${JSON.stringify(result)}`);
    expect(result.report).toMatchObject({ mapped: 3, stopDesks: 2 });
    const places = await t.db
      .selectFrom("courier_places")
      .select(["commune_code", "has_stop_desk"])
      .where("account_id", "=", id)
      .orderBy("commune_code")
      .execute();
    expect(places.map((place) => place.commune_code)).toEqual(["1621", "1628", "3101"]);
  });

  it("keeps ZR's place ids (UUIDs) of the commune and of its wilaya, which its parcels are sent with", async () => {
    const zr = await startFakeZr();
    try {
      const id = await account("zr", zr.access.baseUrl, zr.access.credentials);
      const result = await refreshCourierPlaces(t.db, id, deps());
      if (!result.ok) throw new Error(`refresh failed: ${JSON.stringify(result)}`);
      const kiffan = await t.db
        .selectFrom("courier_places")
        .select(["wilaya_place_id", "commune_place_id"])
        .where("account_id", "=", id)
        .where("commune_code", "=", "1630")
        .executeTakeFirstOrThrow();
      expect(kiffan).toEqual({ wilaya_place_id: ZR_PLACES.alger, commune_place_id: ZR_PLACES.bordjElKiffan });
    } finally {
      await zr.close();
    }
  });

  it("keeps the stored places when the courier refuses the credentials", async () => {
    const id = await account("ecotrack", ecotrack.baseUrl, { token: ecotrack.token });
    expect((await refreshCourierPlaces(t.db, id, deps())).ok).toBe(true);
    const wrong = await account("ecotrack", ecotrack.baseUrl, { token: "not-the-token" });
    const refused = await refreshCourierPlaces(t.db, wrong, deps());
    expect(refused).toMatchObject({ ok: false, error: "failure", failure: { kind: "unauthorized" } });
    expect(await t.db.selectFrom("courier_places").select("commune_code").where("account_id", "=", id).execute()).toHaveLength(3);
    expect(await t.db.selectFrom("courier_places").select("commune_code").where("account_id", "=", wrong).execute()).toHaveLength(0);
  });
});

describe("a stop-desk at checkout", () => {
  const toy = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 20).sort((a, b) => b.stockQuantity - a.stockQuantity)[0]!;
  const open: OrderSettings = { perIp: { limit: 10_000, windowSeconds: 600 }, perPhone: { limit: 10_000, windowSeconds: 3600 } };
  const context: PlaceOrderContext = { ip: "192.0.2.60", language: "ar" };
  let phone = 0;
  const body = (wilayaCode: string, communeCode: string, extra: Record<string, unknown>) => {
    phone += 1;
    return {
      source: "cart_page",
      items: [{ productId: toy.id, quantity: 1 }],
      customer: { firstName: "أمين", lastName: "بن علي", phone: `0772${String(phone).padStart(6, "0")}`, wilayaCode, communeCode },
      deliveryType: "stop_desk",
      ...extra,
    };
  };

  it("offers the default account's desks of the wilaya and stores the chosen one; refuses another wilaya's or account's", async () => {
    const yal = await account("yalidine", yalidine.access.baseUrl, yalidine.access.credentials);
    const eco = await account("ecotrack", ecotrack.baseUrl, { token: ecotrack.token });
    expect((await refreshCourierPlaces(t.db, yal, deps())).ok).toBe(true);
    expect((await refreshCourierPlaces(t.db, eco, deps())).ok).toBe(true);
    expect(await setDefaultCourierAccount(t.db, eco)).toBe(true);

    // Oran (31): the Ecotrack desk, standing in our commune Oran.
    expect(await stopDeskChoices(t.db, "31")).toEqual([{ code: "31001", name: "Oran", communeName: "Oran", address: null, communeCode: "3101" }]);
    expect(await stopDeskChoices(t.db, "19")).toEqual([]);

    const placed = await placeOrder(t.db, body("31", "3103", { stopDesk: "31001" }), context, open);
    if (!placed.ok) throw new Error(`refused: ${JSON.stringify(placed)}`);
    const stored = await t.db
      .selectFrom("orders")
      .select(["stop_desk_account_id", "stop_desk_code", "stop_desk_name"])
      .where("order_number", "=", placed.order.orderNumber)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ stop_desk_account_id: eco, stop_desk_code: "31001", stop_desk_name: "Oran" });
    // The admin's order data, its slip and CSV row, and the shopper's confirmation name the desk.
    const { id: orderId, confirmation_token: token } = await t.db
      .selectFrom("orders")
      .select(["id", "confirmation_token"])
      .where("order_number", "=", placed.order.orderNumber)
      .executeTakeFirstOrThrow();
    expect((await getAdminOrder(t.db, orderId, "fr"))?.order.stopDeskName).toBe("Oran");
    expect((await loadPrintableOrder(t.db, orderId))?.stopDeskName).toBe("Oran");
    expect((await getOrderConfirmation(t.db, token, "ar"))?.stopDesk).toBe("Oran");

    // Required where desks are offered; another account's desk (Yalidine's, of Sétif) or another wilaya's is refused.
    const missing = await placeOrder(t.db, body("31", "3103", {}), context, open);
    expect(missing).toMatchObject({ ok: false, status: 422, error: { fields: { stopDesk: expect.any(String) } } });
    const otherAccount = await placeOrder(t.db, body("31", "3103", { stopDesk: "190201" }), context, open);
    expect(otherAccount).toMatchObject({ ok: false, status: 422, error: { fields: { stopDesk: expect.any(String) } } });
    await setDefaultCourierAccount(t.db, yal);
    const otherWilaya = await placeOrder(t.db, body("31", "3103", { stopDesk: "190201" }), context, open);
    // Yalidine has no desk in Oran: the order is taken as before, without a desk.
    if (!otherWilaya.ok) throw new Error(`refused: ${JSON.stringify(otherWilaya)}`);
    const plain = await t.db
      .selectFrom("orders")
      .select(["stop_desk_code"])
      .where("order_number", "=", otherWilaya.order.orderNumber)
      .executeTakeFirstOrThrow();
    expect(plain.stop_desk_code).toBeNull();
    const wrongWilaya = await placeOrder(t.db, body("19", "1901", { stopDesk: "163001" }), context, open);
    expect(wrongWilaya).toMatchObject({ ok: false, status: 422, error: { fields: { stopDesk: expect.any(String) } } });
    const right = await placeOrder(t.db, body("19", "1901", { stopDesk: "190201" }), context, open);
    expect(right.ok).toBe(true);
  });
});
