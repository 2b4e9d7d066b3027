import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { ordersCsv, type OrdersCsvLabels } from "~/lib/order-print";
import { parseEnv } from "~/server/env.server";
import {
  ORDER_NOTIFY_TELEGRAM_TOPIC,
  ORDER_NOTIFY_URL_TOPIC,
  orderNotifySettingsFromEnv,
  orderNotifyTransports,
  type OrderNotifySettings,
} from "~/server/notify/order-notify.server";
import { ORDER_CREATED_TOPIC } from "~/server/notify/order-webhook.server";
import { deliverDueMessages } from "~/server/notify/outbox.server";
import { placeOrder, type OrderSettings } from "~/server/orders/order.service.server";
import { countNewOrders, loadPrintableOrder, loadPrintableOrders } from "~/server/orders/order-print.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});
beforeEach(async () => {
  await t.db.deleteFrom("outbox").execute();
});

const plenty = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 50);
const [toy, other] = [plenty[0]!, plenty[1]!];
const open: OrderSettings = { perIp: { limit: 10_000, windowSeconds: 600 }, perPhone: { limit: 10_000, windowSeconds: 3600 } };
let phones = 0;

async function order(wilayaCode: string, settings: OrderSettings = open, quantity = 1) {
  phones += 1;
  const result = await placeOrder(
    t.db,
    {
      source: "cart_page",
      customer: { firstName: "Amine", lastName: "Benali", phone: `0551${String(phones).padStart(6, "0")}`, wilayaCode, address: "Cité 1" },
      items: [
        { productId: toy.id, quantity },
        { productId: other.id, quantity: 1 },
      ],
    },
    { ip: "127.0.0.1", language: "fr" },
    settings,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.order;
}

/** A local HTTP server (standing in for Telegram or the merchant's endpoint) that answers 200. */
async function endpoint(status = 200) {
  const received: { method: string; path: string; contentType: string | undefined; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ method: req.method ?? "", path: req.url ?? "", contentType: req.headers["content-type"], body });
      res.statusCode = status;
      res.setHeader("Content-Type", "application/json");
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const labels: OrdersCsvLabels = {
  header: {
    orderNumber: "number",
    date: "date",
    localDate: "local",
    status: "status",
    source: "source",
    customer: "customer",
    phone: "phone",
    wilaya: "wilaya",
    commune: "commune",
    deliveryType: "type",
    stopDesk: "stopDesk",
    items: "items",
    itemsTotal: "itemsTotal",
    delivery: "delivery",
    total: "total",
  },
  status: {},
  source: {},
  deliveryType: {},
  locale: "fr-DZ",
  arabicNames: false,
};

describe("the orders export and slip", () => {
  it("exports exactly the orders the filter selects, newest first, with lines and totals", async () => {
    const oran = [await order("31"), await order("31", open, 3)];
    await order("16");
    const cancelled = await order("31");
    await t.db.updateTable("orders").set({ status: "cancelled" }).where("order_number", "=", cancelled.orderNumber).execute();

    const printable = await loadPrintableOrders(t.db, { wilayaCode: "31", status: "new" });
    expect(printable.map((o) => o.orderNumber)).toEqual([oran[1]!.orderNumber, oran[0]!.orderNumber]);
    expect(printable[0]).toMatchObject({
      wilayaName: "Oran",
      total: oran[1]!.total,
      itemsTotal: oran[1]!.itemsTotal,
      deliveryPrice: oran[1]!.deliveryPrice,
      deliveryType: "home",
      address: "Cité 1",
      lines: [
        { title: toy.title, quantity: 3 },
        { title: other.title, quantity: 1 },
      ],
    });

    const csv = ordersCsv(printable, labels);
    const rows = csv.slice(1).trimEnd().split("\r\n");
    expect(rows).toHaveLength(3);
    expect(rows[1]!.startsWith(`${oran[1]!.orderNumber},`)).toBe(true);
    expect(rows[1]).toContain(`${toy.title} × 3; ${other.title} × 1`);
    expect(rows[1]!.endsWith(`,${oran[1]!.itemsTotal},${oran[1]!.deliveryPrice},${oran[1]!.total}`)).toBe(true);
    expect(csv).not.toContain(cancelled.orderNumber);

    const slip = await loadPrintableOrder(t.db, Number(cancelled.orderNumber.slice(3)));
    expect(slip).toMatchObject({ orderNumber: cancelled.orderNumber, status: "cancelled", wilayaNameAr: "وهران" });
    expect(await loadPrintableOrder(t.db, 999_999)).toBeUndefined();
  });

  it("counts the orders waiting in status new", async () => {
    const before = await countNewOrders(t.db);
    await order("16");
    expect(await countNewOrders(t.db)).toBe(before + 1);
  });
});

describe("the new-order notification", () => {
  const telegramSettings = (apiUrl: string): OrderNotifySettings => ({
    telegram: { botToken: "123456:TEST-token_x", chatId: "-1001234", apiUrl },
    publicUrl: "https://shop.example",
  });

  it("is enqueued with the order and delivered to Telegram's sendMessage with the expected text", async () => {
    const telegram = await endpoint();
    try {
      const notify = telegramSettings(`${telegram.base}/`);
      const placed = await order("31", { ...open, webhookUrl: "http://127.0.0.1:9/unused", notify }, 2);
      const rows = await t.db.selectFrom("outbox").selectAll().orderBy("id").execute();
      expect(rows.map((row) => row.topic)).toEqual([ORDER_CREATED_TOPIC, ORDER_NOTIFY_TELEGRAM_TOPIC]);
      // The token never lands in the database.
      expect(rows[1]!.payload).not.toContain("TEST-token");

      // A worker with only the notification transports leaves the webhook's message alone.
      const report = await deliverDueMessages(t.db, { transports: orderNotifyTransports(notify), now: new Date(Date.now() + 1000) });
      expect(report).toMatchObject({ claimed: 1, delivered: 1 });
      expect(telegram.received).toHaveLength(1);
      const request = telegram.received[0]!;
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/bot123456:TEST-token_x/sendMessage");
      expect(request.contentType).toMatch(/^application\/json/);
      const body = JSON.parse(request.body) as { chat_id: string; text: string };
      expect(body.chat_id).toBe("-1001234");
      const phone = (await t.db.selectFrom("orders").select("phone").where("order_number", "=", placed.orderNumber).executeTakeFirstOrThrow()).phone;
      expect(body.text).toBe(
        [
          `طلب جديد ${placed.orderNumber}`,
          `المجموع: ${placed.total} دج`,
          "الولاية: 31 - وهران",
          `الهاتف: ${phone.slice(0, 4)}****${phone.slice(-2)}`,
          "عدد القطع: 3",
          `https://shop.example/admin/orders/${placed.orderNumber}/slip`,
        ].join("\n"),
      );
      const left = await t.db.selectFrom("outbox").select(["topic", "delivered_at"]).orderBy("id").execute();
      expect(left).toEqual([
        { topic: ORDER_CREATED_TOPIC, delivered_at: null },
        { topic: ORDER_NOTIFY_TELEGRAM_TOPIC, delivered_at: expect.any(String) },
      ]);
    } finally {
      await telegram.close();
    }
  });

  it("posts the JSON summary to ORDER_NOTIFY_URL, retrying when it fails", async () => {
    const down = await endpoint(503);
    const up = await endpoint(200);
    try {
      const placed = await order("16", { ...open, notify: { url: `${down.base}/orders` } });
      const now = new Date(Date.now() + 1000);
      expect(await deliverDueMessages(t.db, { transports: orderNotifyTransports({ url: `${down.base}/orders` }), now })).toMatchObject({
        retrying: 1,
      });
      const later = new Date(now.getTime() + 60_000);
      expect(await deliverDueMessages(t.db, { transports: orderNotifyTransports({ url: `${up.base}/orders` }), now: later })).toMatchObject({
        delivered: 1,
      });
      const request = up.received[0]!;
      expect(request.path).toBe("/orders");
      expect(request.contentType).toMatch(/^application\/json/);
      expect(JSON.parse(request.body)).toEqual({
        orderNumber: placed.orderNumber,
        total: placed.total,
        wilaya: "16 - Alger",
        phone: expect.stringMatching(/^0551\*{4}\d{2}$/),
        itemsCount: 2,
        url: `/admin/orders/${placed.orderNumber}/slip`,
      });
      expect((await t.db.selectFrom("outbox").select("topic").executeTakeFirstOrThrow()).topic).toBe(ORDER_NOTIFY_URL_TOPIC);
    } finally {
      await down.close();
      await up.close();
    }
  });

  it("is configured from the environment: Telegram needs both the token and the chat", () => {
    expect(orderNotifySettingsFromEnv(parseEnv({}))).toBeUndefined();
    expect(
      orderNotifySettingsFromEnv(
        parseEnv({ NOTIFY_TELEGRAM_BOT_TOKEN: "1:abc", NOTIFY_TELEGRAM_CHAT_ID: "42", ORDER_NOTIFY_URL: "http://127.0.0.1:1/x" }),
      ),
    ).toEqual({
      telegram: { botToken: "1:abc", chatId: "42", apiUrl: "https://api.telegram.org" },
      url: "http://127.0.0.1:1/x",
      publicUrl: undefined,
    });
    expect(() => parseEnv({ NOTIFY_TELEGRAM_BOT_TOKEN: "1:abc" })).toThrow(/NOTIFY_TELEGRAM_CHAT_ID/);
    expect(() => parseEnv({ NOTIFY_TELEGRAM_BOT_TOKEN: "nope", NOTIFY_TELEGRAM_CHAT_ID: "42" })).toThrow(/NOTIFY_TELEGRAM_BOT_TOKEN/);
  });
});
