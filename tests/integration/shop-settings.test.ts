import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fr from "~/i18n/fr";
import type { Database } from "~/server/db/database.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/*
 * The shop settings (/admin/settings): stored and read back, a bad field refused with its
 * translated reason, and a change shown by the storefront's next request (the root loader feeds
 * the footer, the contact page and the legal notice), while no placeholder is ever given.
 */

// The routes read the process-wide database (getDb): this file's test database.
let db: Kysely<Database>;
vi.mock("~/server/db/connection.server", () => ({
  getDb: () => db,
  getDatabase: () => ({ db, dialect: "sqlite", close: async () => {} }),
  closeDatabase: async () => {},
}));
// The admin's session is checked elsewhere (tests/e2e/admin-auth.test.ts): here, a signed-in admin.
vi.mock("~/server/http/admin-session.server", async (original) =>
  (await import("../support/signed-in-owner")).signedInOwner(await original<object>()),
);

const root = await import("~/root");
const adminSettings = await import("~/routes/admin/settings");
const adminLayout = await import("~/routes/admin/layout");
const { getShopSettings, publicShopInfo, reloadShopSettings, saveShopSettings, startShopSettingsRefresh } =
  await import("~/server/settings/index.server");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t.destroy();
});

type AnyRoute = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;

/** The root loader's shop data, as the next storefront request in `language` sees it. */
async function footerShop(language: "ar" | "fr" = "ar") {
  const answer = (await (root.loader as unknown as AnyRoute)({
    request: new Request("http://shop.test/", { headers: { Cookie: `lng=${language}` } }),
    params: {},
    context: {},
  })) as { data: { shop: Record<string, unknown> } };
  return answer.data.shop;
}

async function postSettings(fields: Record<string, string>, language = "ar") {
  const request = new Request("http://shop.test/admin/settings", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `lng=${language}` },
    body: new URLSearchParams(fields),
  });
  const answer = await (adminSettings.action as unknown as AnyRoute)({ request, params: {}, context: {} });
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location"), data: null };
  const { data, init } = answer as { data: unknown; init: { status: number } };
  return { status: init.status, location: null, data: data as { fields: Record<string, string>; values: Record<string, string> } };
}

const phoneMissing = async () =>
  (
    (await (adminLayout.loader as unknown as AnyRoute)({ request: new Request("http://shop.test/admin"), params: {}, context: {} })) as {
      phoneMissing: boolean;
    }
  ).phoneMissing;

describe("shop settings", () => {
  it("before any save: the names of the environment, and no contact at all (never a placeholder)", async () => {
    expect(await getShopSettings(db)).toMatchObject({ nameAr: null, phone: null, email: null });
    const shop = await footerShop();
    expect(shop).toEqual({
      name: "سوق",
      phone: null,
      whatsapp: null,
      email: null,
      address: null,
      facebookUrl: null,
      instagramUrl: null,
      tiktokUrl: null,
      rc: null,
      nif: null,
    });
    expect((await footerShop("fr")).name).toBe("Souq");
    expect(await phoneMissing()).toBe(true);
  });

  it("saves through /admin/settings (303) and the next request shows them: footer data, names per language, the banner gone", async () => {
    const saved = await postSettings({
      nameAr: "متجر النور",
      nameEn: "Noor Shop",
      nameFr: "Boutique Noor",
      phone: "0550 12 34 56",
      whatsapp: "+213661234567",
      email: "contact@noor.dz",
      address: "12 rue Didouche Mourad, Alger",
      facebookUrl: "https://www.facebook.com/noor.dz",
      instagramUrl: "",
      tiktokUrl: "",
      rc: "16/00-1234567 B 21",
      nif: "000116001234567",
    });
    expect(saved).toMatchObject({ status: 303, location: "/admin/settings?saved=1" });

    expect(await footerShop()).toMatchObject({
      name: "متجر النور",
      phone: "0550123456",
      whatsapp: "0661234567",
      email: "contact@noor.dz",
      facebookUrl: "https://www.facebook.com/noor.dz",
      instagramUrl: null,
      rc: "16/00-1234567 B 21",
      nif: "000116001234567",
    });
    expect((await footerShop("fr")).name).toBe("Boutique Noor");
    expect(await phoneMissing()).toBe(false);

    // Stored in the one row, read back the same from the database (another process's view).
    const row = await db.selectFrom("shop_settings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: 1, phone: "0550123456", name_fr: "Boutique Noor", instagram_url: null });

    // A second save changes the row, not adds one; an emptied field is unset again.
    expect((await postSettings({ nameAr: "متجر النور", phone: "0770000001" })).status).toBe(303);
    expect((await footerShop()).phone).toBe("0770000001");
    expect((await footerShop()).email).toBeNull();
    expect((await footerShop("fr")).name).toBe("Souq");
    expect(await db.selectFrom("shop_settings").select("id").execute()).toHaveLength(1);
  });

  it("refuses bad fields with their reasons in the admin's language, keeps what was typed, and changes nothing", async () => {
    const before = await publicShopInfo(db, "ar");
    const refused = await postSettings(
      { nameAr: "ن".repeat(81), phone: "0550", email: "noor@", facebookUrl: "https://www.facebook.com/", nif: "123" },
      "fr",
    );
    expect(refused.status).toBe(400);
    expect(refused.data?.fields).toEqual({
      nameAr: fr.settings.errors.tooLong.replace("{{max}}", "80"),
      phone: fr.settings.errors.phone,
      email: fr.settings.errors.email,
      facebookUrl: fr.settings.errors.url,
      nif: fr.settings.errors.nif,
    });
    expect(refused.data?.values.phone).toBe("0550");
    expect(await publicShopInfo(db, "ar")).toEqual(before);

    // The service answers the same to any caller.
    expect(await saveShopSettings(db, { whatsapp: "12" })).toEqual({ ok: false, fields: { whatsapp: { code: "phone" } } });
  });

  it("reads the row again while running: a save by another process of a fleet shows here too", async () => {
    const stop = await startShopSettingsRefresh(db, 20);
    try {
      // Another process's save: the row changes behind this process's copy.
      await db.updateTable("shop_settings").set({ phone: "0699999999" }).where("id", "=", 1).execute();
      await expect.poll(async () => (await footerShop()).phone, { timeout: 2_000 }).toBe("0699999999");
    } finally {
      stop();
    }
  });

  it("reads the row again at once when another worker process says it saved them", async () => {
    expect((await footerShop()).phone).toBe("0699999999");
    // Another worker's save: without a refresh timer here, this process's copy stays as it was…
    await db.updateTable("shop_settings").set({ phone: "0677777777" }).where("id", "=", 1).execute();
    expect((await footerShop()).phone).toBe("0699999999");
    // …until the primary relays the change (app/server/http/cluster-worker.server.ts).
    reloadShopSettings(db);
    expect((await footerShop()).phone).toBe("0677777777");
  });
});
