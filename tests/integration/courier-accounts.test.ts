import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { createI18n } from "~/i18n/i18n";
import { I18nProvider } from "~/i18n/react";
import type { CourierAdapter } from "~/server/couriers/adapter.server";
import type { Database } from "~/server/db/database.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startFakeYalidine } from "~/server/couriers/sandbox/fake-yalidine.server";

/*
 * Courier accounts (/admin/couriers): the credentials are sealed before they reach the database,
 * never come back in the page's data, its HTML, an answer or a log line; a blank replacement
 * keeps them; one account is the default; "test connection" goes through the family's adapter;
 * without SECRETS_KEY nothing is saved and the page says why.
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
// SECRETS_KEY as each test sets it (the rest of the environment as parsed).
const secrets = vi.hoisted(() => ({ key: undefined as string | undefined }));
vi.mock("~/server/env.server", async (original) => {
  const actual = await original<typeof import("~/server/env.server")>();
  return { ...actual, env: () => ({ ...actual.env(), SECRETS_KEY: secrets.key }) };
});

const page = await import("~/routes/admin/couriers");
const { courierAccountAccess, listCourierAccounts, reportCourierFeatures } = await import("~/server/couriers/index.server");
const { COURIER_ADAPTER_FACTORIES: adapterFactories } = await import("~/server/couriers/adapters/index.server");
const realYalidine = adapterFactories.yalidine;
const { logger } = await import("~/server/logger.server");

// Distinctive values, so a grep finds any copy of them.
const API_ID = `id-${randomBytes(8).toString("hex")}`;
const TOKEN = `tok-${randomBytes(16).toString("hex")}`;
const WEBHOOK = `whs-${randomBytes(16).toString("hex")}`;
const SECRETS = [API_ID, TOKEN, WEBHOOK];

/** Everything the logger was asked to write during the file. */
const logged: string[] = [];

let t: TestDatabase;
beforeAll(async () => {
  // Seeded: the wilayas and communes a refresh of places maps.
  t = await createTestDatabase({ seed: true });
  db = t.db;
  secrets.key = randomBytes(32).toString("base64");
});
// Each test's log lines, kept (spies are restored between tests).
beforeEach(() => {
  for (const level of ["fatal", "error", "warn", "info", "debug", "trace"] as const) {
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
      logged.push(JSON.stringify(args, (_key, value: unknown) => (value instanceof Error ? { message: value.message, stack: value.stack } : value)));
    }) as never);
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.destroy();
  // No credential in any log line of the whole file (and the lines were seen: "courier account added").
  expect(logged.join("\n")).toContain("courier account added");
  for (const secret of SECRETS) expect(logged.join("\n")).not.toContain(secret);
});
afterEach(() => {
  adapterFactories.yalidine = realYalidine;
});

type AnyRoute = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
type LoaderData = Awaited<ReturnType<typeof page.loader>>;

async function load(search = "", language = "ar"): Promise<LoaderData> {
  const request = new Request(`http://shop.test/admin/couriers${search}`, { headers: { Cookie: `lng=${language}` } });
  return (await (page.loader as unknown as AnyRoute)({ request, params: {}, context: {} })) as LoaderData;
}

async function post(fields: Record<string, string>, language = "ar") {
  const request = new Request("http://shop.test/admin/couriers", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `lng=${language}` },
    body: new URLSearchParams(fields),
  });
  const answer = await (page.action as unknown as AnyRoute)({ request, params: {}, context: {} });
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location"), data: null };
  const { data, init } = answer as { data: import("~/routes/admin/couriers").CouriersAnswer; init: { status: number } };
  return { status: init.status, location: null, data };
}

/** The page as the server renders it for this loader data (and action answer), in a language. */
async function render(loaderData: LoaderData, language: "ar" | "fr" = "ar", actionData?: unknown): Promise<string> {
  const Stub = createRoutesStub([{ id: "couriers", path: "/admin/couriers", Component: page.default as never, loader: () => loaderData }]);
  const stub = createElement(Stub, {
    initialEntries: ["/admin/couriers"],
    hydrationData: { loaderData: { couriers: loaderData }, actionData: actionData ? { couriers: actionData } : undefined },
  });
  return renderToString(createElement(I18nProvider, { i18n: await createI18n(language), children: stub }));
}

const yalidine = (overrides: Record<string, string> = {}) => ({
  intent: "add",
  family: "yalidine",
  label: "Yalidine",
  baseUrl: "https://api.yalidine.app/v1",
  "credentials.apiId": API_ID,
  "credentials.apiToken": TOKEN,
  webhookSecret: WEBHOOK,
  ...overrides,
});

const rows = () => db.selectFrom("courier_accounts").selectAll().orderBy("id").execute();

describe("courier accounts", () => {
  it("saving stores ciphertext only: the row holds no credential, and they open again for the adapter", async () => {
    expect(await post(yalidine())).toMatchObject({ status: 303, location: "/admin/couriers?done=added" });
    const [row] = await rows();
    expect(row).toMatchObject({ family: "yalidine", label: "Yalidine", base_url: "https://api.yalidine.app/v1" });
    expect(row!.credentials).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(row!.webhook_secret).toMatch(/^v1:/);
    const stored = JSON.stringify(row);
    for (const secret of SECRETS) expect(stored).not.toContain(secret);

    const opened = await courierAccountAccess(db, row!.id);
    expect(opened).toEqual({
      ok: true,
      access: { family: "yalidine", baseUrl: "https://api.yalidine.app/v1", credentials: { apiId: API_ID, apiToken: TOKEN } },
    });
  });

  it("the page's loader data and HTML say the credentials are set and never contain them (Arabic and French)", async () => {
    const data = await load("?done=added");
    expect(data.enabled).toBe(true);
    expect(data.accounts).toEqual([
      expect.objectContaining({
        family: "yalidine",
        label: "Yalidine",
        host: "api.yalidine.app",
        isDefault: true,
        credentials: "set",
        webhookSecretSet: true,
      }),
    ]);
    for (const secret of SECRETS) expect(JSON.stringify(data)).not.toContain(secret);

    const html = await render(data, "ar");
    expect(html).toContain(ar.adminCouriers.list.credentialsSet);
    expect(html).toContain(ar.adminCouriers.notices.added);
    expect(html).toContain('type="password"');
    for (const secret of SECRETS) expect(html).not.toContain(secret);
    const htmlFr = await render(await load("?family=ecotrack", "fr"), "fr");
    expect(htmlFr).toContain(fr.adminCouriers.list.credentialsSet);
    expect(htmlFr).toContain(fr.adminCouriers.fields.baseUrlRequiredHint);
    for (const secret of SECRETS) expect(htmlFr).not.toContain(secret);
  });

  it("a refused form names each field in the merchant's language and echoes no credential", async () => {
    const refused = await post(yalidine({ label: "", baseUrl: "http://api.yalidine.app/v1", "credentials.apiToken": "has space" }), "fr");
    expect(refused.status).toBe(400);
    expect(refused.data!.fields).toEqual({
      label: fr.adminCouriers.errors.required,
      baseUrl: fr.adminCouriers.errors.https,
      "credentials.apiToken": fr.adminCouriers.errors.credential,
    });
    for (const secret of SECRETS) expect(JSON.stringify(refused.data)).not.toContain(secret);
    const html = await render(await load("", "fr"), "fr", refused.data);
    for (const secret of SECRETS) expect(html).not.toContain(secret);
    expect(html).toContain(fr.adminCouriers.errors.https.replace(/'/g, "&#x27;"));

    const tooLong = await post(yalidine({ "credentials.apiId": "x".repeat(301), family: "yalidine" }));
    expect(tooLong.data!.fields).toEqual({ "credentials.apiId": ar.adminCouriers.errors.tooLong });
    expect((await post(yalidine({ family: "procolis" }))).data!.fields).toEqual({ family: ar.adminCouriers.errors.family });
    expect(await rows()).toHaveLength(1);
  });

  it("a blank replacement keeps each stored credential; a new one replaces only itself", async () => {
    const [row] = await rows();
    const update = (fields: Record<string, string>) =>
      post({
        intent: "update",
        id: String(row!.id),
        label: "Guepex",
        baseUrl: "api.guepex.app/v1",
        "credentials.apiId": "",
        "credentials.apiToken": "",
        webhookSecret: "",
        ...fields,
      });

    expect(await update({})).toMatchObject({ status: 303, location: "/admin/couriers?done=updated" });
    let opened = await courierAccountAccess(db, row!.id);
    expect(opened).toEqual({
      ok: true,
      access: { family: "yalidine", baseUrl: "https://api.guepex.app/v1", credentials: { apiId: API_ID, apiToken: TOKEN } },
    });
    expect((await rows())[0]!.webhook_secret).toBe(row!.webhook_secret);

    const newToken = `tok-${randomBytes(16).toString("hex")}`;
    SECRETS.push(newToken);
    expect(await update({ "credentials.apiToken": newToken })).toMatchObject({ status: 303 });
    opened = await courierAccountAccess(db, row!.id);
    expect(opened.ok && opened.access.credentials).toEqual({ apiId: API_ID, apiToken: newToken });
    expect(JSON.stringify(await rows())).not.toContain(newToken);

    expect((await post({ intent: "update", id: "999", label: "x", baseUrl: "api.guepex.app" })).status).toBe(404);
  });

  it("one default: the first account is it, another can take it, and deleting it hands it on", async () => {
    const [first] = await rows();
    expect(
      await post({
        intent: "add",
        family: "ecotrack",
        label: "DHD",
        baseUrl: "dhd.ecotrack.dz",
        "credentials.token": `eco-${TOKEN}`,
        webhookSecret: "",
      }),
    ).toMatchObject({ status: 303 });
    const accounts = await listCourierAccounts(db);
    expect(accounts.map((a) => [a.label, a.host, a.isDefault, a.webhookSecretSet])).toEqual([
      ["Guepex", "api.guepex.app", true, true],
      ["DHD", "dhd.ecotrack.dz", false, false],
    ]);
    expect(accounts[1]!.baseUrl).toBe("https://dhd.ecotrack.dz/api/v1");
    const second = accounts[1]!.id;

    expect(await post({ intent: "default", id: String(second) })).toMatchObject({ status: 303, location: "/admin/couriers?done=defaultSet" });
    expect((await listCourierAccounts(db)).map((a) => a.isDefault)).toEqual([false, true]);
    expect(await post({ intent: "default", id: String(second) })).toMatchObject({ status: 303 });
    expect((await listCourierAccounts(db)).map((a) => a.isDefault)).toEqual([false, true]);

    expect(await post({ intent: "delete", id: String(second) })).toMatchObject({ status: 303, location: "/admin/couriers?done=deleted" });
    expect((await listCourierAccounts(db)).map((a) => [a.id, a.isDefault])).toEqual([[first!.id, true]]);
    expect((await post({ intent: "delete", id: String(second) })).status).toBe(404);
  });

  it("test connection: through the family's adapter with the opened credentials, answered in the merchant's words", async () => {
    const [row] = await rows();
    // A family without an adapter yet.
    delete adapterFactories.yalidine;
    const notYet = await post({ intent: "test", id: String(row!.id) });
    expect(notYet.data).toMatchObject({ ok: false, message: ar.adminCouriers.test.notAvailable, id: row!.id });

    const seen: unknown[] = [];
    let answer: Awaited<ReturnType<CourierAdapter["testConnection"]>> = { ok: true, value: true };
    adapterFactories.yalidine = (access) => {
      seen.push(access);
      return { family: "yalidine", testConnection: async () => answer } as CourierAdapter;
    };
    expect((await post({ intent: "test", id: String(row!.id) }, "fr")).data).toMatchObject({ ok: true, message: fr.adminCouriers.test.ok });
    expect(seen).toEqual([expect.objectContaining({ family: "yalidine", credentials: expect.objectContaining({ apiId: API_ID }) })]);

    answer = { ok: false, failure: { kind: "unauthorized", message: "Invalid API credentials" } };
    const refused = await post({ intent: "test", id: String(row!.id) }, "fr");
    expect(refused.data!.message).toBe(fr.adminCouriers.test.unauthorized.replace("{{message}}", "Invalid API credentials"));
    answer = { ok: false, failure: { kind: "rate_limited", retryAfterMs: 2500 } };
    expect((await post({ intent: "test", id: String(row!.id) })).data!.message).toBe(ar.adminCouriers.test.rateLimited.replace("{{seconds}}", "3"));
    for (const secret of SECRETS) expect(JSON.stringify(refused.data)).not.toContain(secret);
  });

  it("another key cannot read the stored credentials: the list says to enter them again, and a blank replacement is refused", async () => {
    const before = secrets.key;
    secrets.key = randomBytes(32).toString("hex");
    try {
      const [account] = await listCourierAccounts(db);
      expect(account!.credentials).toBe("unreadable");
      expect(await courierAccountAccess(db, account!.id)).toEqual({ ok: false, error: "unreadable" });
      const blank = await post({ intent: "update", id: String(account!.id), label: "Guepex", baseUrl: "api.guepex.app/v1" });
      expect(blank.data!.fields).toEqual({
        "credentials.apiId": ar.adminCouriers.errors.required,
        "credentials.apiToken": ar.adminCouriers.errors.required,
      });
    } finally {
      secrets.key = before;
    }
  });

  it("without SECRETS_KEY: the page says the features are off and offers no form; nothing is saved; start-up says it once", async () => {
    const before = secrets.key;
    secrets.key = undefined;
    try {
      const data = await load("?family=yalidine");
      expect(data.enabled).toBe(false);
      const html = await render(data);
      expect(html).toContain(ar.adminCouriers.disabled.replace(/'/g, "&#x27;"));
      expect(html).not.toContain('name="credentials.apiToken"');
      expect(html).not.toContain('value="add"');

      const count = (await rows()).length;
      expect(await post(yalidine())).toMatchObject({ status: 409, data: { ok: false, message: ar.adminCouriers.disabled } });
      const [row] = await rows();
      expect(await post({ intent: "update", id: String(row!.id), label: "x", baseUrl: "api.guepex.app" })).toMatchObject({ status: 409 });
      expect(await rows()).toHaveLength(count);
      expect(await courierAccountAccess(db, row!.id)).toEqual({ ok: false, error: "disabled" });
      expect((await post({ intent: "test", id: String(row!.id) })).data!.message).toBe(ar.adminCouriers.disabled);

      const warnings = logged.length;
      reportCourierFeatures();
      expect(logged.slice(warnings).join("\n")).toContain("SECRETS_KEY is not set");
    } finally {
      secrets.key = before;
    }
    const warnings = logged.length;
    reportCourierFeatures();
    expect(logged.length).toBe(warnings);
  });

  it("at once: five first accounts make one default, and five admins choosing defaults leave exactly one", async () => {
    for (const row of await rows()) expect((await post({ intent: "delete", id: String(row.id) })).status).toBe(303);
    const added = await Promise.all(
      ["A", "B", "C", "D", "E"].map((label) =>
        post({ intent: "add", family: "noest", label, baseUrl: "app.noest-dz.com", "credentials.token": TOKEN, "credentials.userGuid": API_ID }),
      ),
    );
    expect(added.map((answer) => answer.status)).toEqual([303, 303, 303, 303, 303]);
    let accounts = await listCourierAccounts(db);
    expect(accounts).toHaveLength(5);
    expect(accounts.filter((account) => account.isDefault)).toHaveLength(1);
    expect(accounts[0]!.baseUrl).toBe("https://app.noest-dz.com/api/public");

    const chosen = await Promise.all(accounts.map((account) => post({ intent: "default", id: String(account.id) })));
    expect(chosen.map((answer) => answer.status)).toEqual([303, 303, 303, 303, 303]);
    accounts = await listCourierAccounts(db);
    expect(accounts.filter((account) => account.isDefault)).toHaveLength(1);
  });
});

describe("an account's places and origin wilaya", () => {
  it("stores the origin wilaya chosen on the form, and refuses one that is not ours beside its field", async () => {
    await db.deleteFrom("courier_accounts").execute();
    expect(await post(yalidine({ originWilaya: "16" }))).toMatchObject({ status: 303 });
    const [row] = await rows();
    expect(row!.origin_wilaya_code).toBe("16");
    expect((await load()).accounts[0]!.originWilayaCode).toBe("16");
    const refused = await post(yalidine({ originWilaya: "99" }));
    expect(refused.status).toBe(400);
    expect(refused.data!.fields.originWilaya).toBe(ar.adminCouriers.errors.wilaya);
    // Blank on an update: not set.
    expect(await post({ ...yalidine({ originWilaya: "" }), intent: "update", id: String(row!.id) })).toMatchObject({ status: 303 });
    expect((await rows())[0]!.origin_wilaya_code).toBeNull();
  });

  it("refreshes an account's places from the courier: the report in the admin's language, then the counts on its card", async () => {
    await db.deleteFrom("courier_accounts").execute();
    const fake = await startFakeYalidine({ apiId: API_ID, apiToken: TOKEN });
    try {
      expect(await post(yalidine())).toMatchObject({ status: 303 });
      const [row] = await rows();
      // The real adapter, pointed at the fake courier.
      await db.updateTable("courier_accounts").set({ base_url: fake.access.baseUrl }).where("id", "=", row!.id).execute();
      const answer = await post({ intent: "refresh", id: String(row!.id) });
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ ok: true, intent: "refresh", id: row!.id });
      expect(answer.data!.message).toContain(ar.adminCouriers.places.refreshed.split("{{")[0]!);
      expect(answer.data!.message).toContain("6");
      const loaded = await load();
      expect(loaded.accounts[0]!.places).toMatchObject({ places: 6, stopDesks: 2 });
      const html = await render(loaded, "fr");
      expect(html).toContain("6 communes associées, 2 points relais");
      for (const secret of SECRETS) expect(html + JSON.stringify(answer.data)).not.toContain(secret);

      // Refused credentials: the courier's refusal, translated; the stored places stay.
      await db
        .updateTable("courier_accounts")
        .set({ base_url: `${fake.access.baseUrl}/nope` })
        .where("id", "=", row!.id)
        .execute();
      const failed = await post({ intent: "refresh", id: String(row!.id) }, "fr");
      expect(failed.data).toMatchObject({ ok: false, intent: "refresh" });
      expect((await load()).accounts[0]!.places.places).toBe(6);
      expect((await post({ intent: "refresh", id: "999999" })).status).toBe(404);
    } finally {
      await fake.close();
    }
  });
});
