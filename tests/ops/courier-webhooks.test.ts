import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { createYalidineAdapter } from "~/server/couriers/adapters/yalidine.server";
import { signYalidine } from "~/server/couriers/sandbox/fake-yalidine.server";
import { openDatabase, type DatabaseHandle } from "~/server/db/db.server";
import { changeOrderStatus, placeOrder } from "~/server/orders/index.server";
import { decodeSecretsKey, secretBox } from "~/server/platform/index.server";
import { parcelRequest, recordingLimiter } from "../support/fake-couriers/parcels";
import { startServer, type RunningServer } from "../support/production-server";

// The couriers' webhook route on the production server (Express, body limits, React Router):
// a signed body is verified on its raw bytes and applied, a bad signature is 401 and changes
// nothing, the handshake is answered, a body over the limit is 413; with COURIER_SANDBOX the
// sandbox courier's parcels reach "delivered" through its signed webhooks. No secret in the output.

const SECRETS_KEY = randomBytes(32).toString("base64");
const WEBHOOK_SECRET = `whs-${randomBytes(16).toString("hex")}`;
const API_TOKEN = `tok-${randomBytes(16).toString("hex")}`;

let dir: string;
let server: RunningServer;
let handle: DatabaseHandle;
let accountId: number;
let phones = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-couriers-"));
  const file = join(dir, "shop.db");
  server = await startServer(file, { SECRETS_KEY, COURIER_SANDBOX: "true", COURIER_SANDBOX_STEP_MS: "200", COURIER_POLL_INTERVAL_MS: "500" });
  handle = openDatabase(`file:${file}`);
  // An account as the admin page stores it: credentials and webhook secret sealed under SECRETS_KEY.
  const box = secretBox(decodeSecretsKey(SECRETS_KEY)!);
  const at = new Date().toISOString();
  const row = await handle.db
    .insertInto("courier_accounts")
    .values({
      family: "yalidine",
      label: "Yalidine",
      base_url: "https://api.yalidine.app/v1",
      credentials: box.seal(JSON.stringify({ apiId: "ops-id", apiToken: API_TOKEN }), "courier_accounts.credentials"),
      webhook_secret: box.seal(WEBHOOK_SECRET, "courier_accounts.webhook_secret"),
      is_default: false,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  accountId = row.id;
}, 90_000);

afterAll(async () => {
  // A graceful stop with the poller and the sandbox running: exit 0.
  const stopped = await server?.stop();
  await handle?.close();
  expect(stopped?.code).toBe(0);
  const output = server?.output() ?? "";
  for (const secret of [SECRETS_KEY, WEBHOOK_SECRET, API_TOKEN]) expect(output).not.toContain(secret);
  rmSync(dir, { recursive: true, force: true });
});

const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 5)!;

async function shippedParcel(account: number, tracking: string): Promise<number> {
  phones += 1;
  const placed = await placeOrder(
    handle.db,
    {
      source: "cart_page",
      items: [{ productId: product.id, quantity: 1 }],
      customer: { firstName: "Amine", lastName: "Benali", phone: `0772${String(phones).padStart(6, "0")}`, wilayaCode: "16" },
    },
    { ip: "192.0.2.8", language: "fr" },
    { perIp: { limit: 100_000, windowSeconds: 600 }, perPhone: { limit: 100_000, windowSeconds: 3600 } },
  );
  if (!placed.ok) throw new Error(JSON.stringify(placed.error));
  const { id } = await handle.db.selectFrom("orders").select("id").where("order_number", "=", placed.order.orderNumber).executeTakeFirstOrThrow();
  for (const to of ["confirmed", "shipped"] as const) await changeOrderStatus(handle.db, id, to, { adminId: null, email: "ops@souq.test" });
  const at = new Date().toISOString();
  await handle.db
    .insertInto("parcels")
    .values({
      order_id: id,
      account_id: account,
      family: "yalidine",
      courier_label: "Yalidine",
      reference: placed.order.orderNumber,
      tracking,
      state: "ready",
      needs_handover: false,
      state_changed_at: at,
      created_by: "ops@souq.test",
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

async function orderStatus(id: number) {
  return (await handle.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
}

function post(body: string, signature: string | null, account = accountId) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["X-YALIDINE-SIGNATURE"] = signature;
  return fetch(`${server.baseURL}/api/couriers/webhooks/${account}`, { method: "POST", headers, body });
}

describe("the couriers' webhook route on the production server", () => {
  it("answers the subscription handshake", async () => {
    const response = await fetch(`${server.baseURL}/api/couriers/webhooks/${accountId}?subscribe&crc_token=ops-token`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ crc_token: "ops-token" });
  });

  it("applies a signed webhook (200); a bad or missing signature is 401 and changes nothing", async () => {
    const delivered = await shippedParcel(accountId, "yal-OPS-1");
    const returned = await shippedParcel(accountId, "yal-OPS-2");
    const body = (tracking: string, status: string) =>
      JSON.stringify({
        type: "parcel_status_updated",
        events: [{ event_id: `ops-${tracking}`, occurred_at: "2026-11-20 10:00:00", data: { tracking, status, reason: "" } }],
      });
    const bad = body("yal-OPS-2", "Retourné au vendeur");
    expect((await post(bad, signYalidine(bad, `${WEBHOOK_SECRET}-not`))).status).toBe(401);
    expect((await post(bad, null)).status).toBe(401);
    expect(await orderStatus(returned)).toBe("shipped");
    const good = body("yal-OPS-1", "Livré");
    expect((await post(good, signYalidine(good, WEBHOOK_SECRET))).status).toBe(200);
    expect(await orderStatus(delivered)).toBe("delivered");
    expect(await orderStatus(returned)).toBe("shipped");
  });

  it("refuses a body over the limit with 413", async () => {
    const huge = JSON.stringify({ type: "parcel_status_updated", events: [], padding: "x".repeat(100 * 1024) });
    expect((await post(huge, signYalidine(huge, WEBHOOK_SECRET))).status).toBe(413);
  });

  it("COURIER_SANDBOX: the sandbox courier's parcel reaches delivered through its signed webhooks", async () => {
    const sandbox = await handle.db
      .selectFrom("courier_accounts")
      .select(["id", "base_url", "credentials"])
      .where("label", "=", "Sandbox (Yalidine)")
      .executeTakeFirstOrThrow();
    expect(sandbox.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(await handle.db.selectFrom("courier_places").select("commune_code").where("account_id", "=", sandbox.id).execute()).not.toHaveLength(0);
    const credentials = JSON.parse(secretBox(decodeSecretsKey(SECRETS_KEY)!).open(sandbox.credentials, "courier_accounts.credentials")) as Record<
      string,
      string
    >;
    const adapter = createYalidineAdapter(
      { family: "yalidine", baseUrl: sandbox.base_url, credentials: { ...credentials, fromWilayaName: "Alger" } },
      { fetch: globalThis.fetch, limiter: recordingLimiter() },
    );
    const created = (await adapter.createParcels([parcelRequest("SQ-OPS-SANDBOX", { communeName: "Bordj El Kiffan" })])).get("SQ-OPS-SANDBOX");
    if (!created?.ok) throw new Error(`not created: ${JSON.stringify(created)}`);
    const order = await shippedParcel(sandbox.id, created.value.tracking);
    const deadline = Date.now() + 20_000;
    while ((await orderStatus(order)) !== "delivered" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await orderStatus(order)).toBe("delivered");
  }, 30_000);
});
