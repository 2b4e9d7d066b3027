// Two production servers (scripts/lib/server-process.js) on one PostgreSQL database and one S3-compatible bucket
// (s3rver, in this process): what one instance writes, the other sees. They are set up as
// docs/deploy.md's fleet behind a balancer (TRUST_PROXY names the balancer's addresses, here
// loopback: this process stands in for it and sends X-Forwarded-For; PUBLIC_URL is set).
// Runs in the `fleet` project, only with TEST_DATABASE_URL=postgres://… (npm test builds first).
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgresUrl } from "~/server/db/db.server";
import { startServerProcess, type ServerProcess } from "../../scripts/lib/server-process.js";
import { createAdmin, freshServerDatabase, type ServerDatabase } from "../support/production-server";

const POSTGRES = isPostgresUrl(process.env.TEST_DATABASE_URL ?? "");

// s3rver ships no types: the little of it this file uses.
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { port: number; address: string; silent: boolean; directory: string }) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

const ADMIN = { email: "fleet-admin@souq.test", password: "fleet-Admin-Passw0rd!" };
const BUCKET = "souq-fleet";
const ORDERS_PER_IP = 6;

interface Instance {
  name: "A" | "B";
  url: string;
  server: ServerProcess;
  output: () => string;
}

const temp = mkdtempSync(join(tmpdir(), "souq-fleet-"));
let database: ServerDatabase | undefined;
let databaseUrl = "";
let s3: S3rverInstance | undefined;
let s3Endpoint = "";
let receiver: Server | undefined;
const deliveries: { orderNumber: string; at: number }[] = [];
let a: Instance;
let b: Instance;

async function waitForHealthy(instance: Instance): Promise<void> {
  try {
    await instance.server.waitUntilHealthy(45_000);
  } catch (error) {
    throw new Error(`Server ${instance.name}: ${(error as Error).message}:\n${instance.output()}`, { cause: error });
  }
}

async function startInstance(name: "A" | "B", webhookUrl: string): Promise<Instance> {
  const server = await startServerProcess({
    port: "free",
    env: {
      DATABASE_URL: databaseUrl,
      // Each instance its own (unused) folder: images must come from the bucket.
      UPLOADS_DIR: join(temp, `uploads-${name}`),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      S3_PUBLIC_URL: "",
      S3_PREFIX: "",
      SEED_DEMO_CATALOGUE: "true",
      ORDER_WEBHOOK_URL: webhookUrl,
      ORDER_RATE_LIMIT_PER_IP: String(ORDERS_PER_IP),
      // One long window, so that the test never straddles two (fixed windows, floored to the day).
      ORDER_RATE_LIMIT_IP_WINDOW_SECONDS: "86400",
      TRUST_PROXY: "loopback",
      PUBLIC_URL: "https://shop.example",
      LOG_LEVEL: "info",
    },
  });
  return { name, url: server.baseURL!, server, output: server.output };
}

async function stop(instance: Instance | undefined, signal: NodeJS.Signals): Promise<number | null> {
  if (!instance) return null;
  return (await instance.server.stop({ signal })).code;
}

beforeAll(async () => {
  if (!POSTGRES) return;
  if (!existsSync("build/server/index.js")) throw new Error("No production build: run `npm test` (it builds first) or `npm run build`.");

  // A fresh database on the PostgreSQL server of TEST_DATABASE_URL, dropped at the end.
  database = await freshServerDatabase(temp);
  databaseUrl = database.url;

  // One bucket on a local S3-compatible server.
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: join(temp, "s3") });
  const { port: s3Port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${s3Port}`;
  const client = new S3Client({
    endpoint: s3Endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  client.destroy();

  // The merchant's webhook: counts what it receives.
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      deliveries.push({ orderNumber: new URLSearchParams(body).get("orderNumber") ?? "", at: Date.now() });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/orders`;

  // Both at once on the empty database, as a fleet's rolling start does: each migrates and seeds.
  a = await startInstance("A", webhookUrl);
  b = await startInstance("B", webhookUrl);
  await Promise.all([waitForHealthy(a), waitForHealthy(b)]);

  createAdmin(databaseUrl, ADMIN.email, ADMIN.password);
}, 90_000);

afterAll(async () => {
  await Promise.all([stop(a, "SIGKILL"), stop(b, "SIGKILL")]);
  if (receiver) {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver!.close(resolve));
  }
  await s3?.close();
  await database?.drop().catch(() => {});
  rmSync(temp, { recursive: true, force: true });
}, 30_000);

// ---------------------------------------------------------------------------------------------

async function signIn(instance: Instance): Promise<string> {
  const response = await fetch(`${instance.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: instance.url },
    body: new URLSearchParams({ ...ADMIN, redirectTo: "/admin/products" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith("souq_admin=") && pair !== "souq_admin=");
  if (response.status !== 303 || !cookie) throw new Error(`Sign-in on ${instance.name} failed: HTTP ${response.status}\n${instance.output()}`);
  return cookie;
}

function productForm(fields: { slug: string; price: number }, image?: Buffer): FormData {
  const form = new FormData();
  form.set("intent", "save");
  form.set("title", "مصباح الأسطول");
  form.set("slug", fields.slug);
  form.set("price", String(fields.price));
  form.set("target", "electronics");
  form.set("sectionId", "special-offers");
  form.set("category", "electronics");
  form.set("inStock", "on");
  form.set("stockQuantity", "100");
  if (image) form.append("images", new Blob([new Uint8Array(image)], { type: "image/png" }), "fleet.png");
  return form;
}

function saveProduct(instance: Instance, cookie: string, path: string, form: FormData) {
  return fetch(`${instance.url}${path}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: instance.url }, body: form });
}

/** An order from `client` as the balancer forwards it: after whatever the client put in X-Forwarded-For. */
function placeOrder(instance: Instance, productId: string, phone: string, client = "203.0.113.50", forged = "198.51.100.1") {
  return fetch(`${instance.url}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": `${forged}, ${client}` },
    body: JSON.stringify({
      source: "cart_page",
      customer: { firstName: "Amine", lastName: "Benali", phone, wilayaCode: "16" },
      items: [{ productId, quantity: 1 }],
      total: 1,
    }),
  });
}

const adminPage = async (instance: Instance, cookie: string, path: string) =>
  fetch(`${instance.url}${path}`, { redirect: "manual", headers: { Cookie: cookie } });

const priceShown = (html: string, digits: string) => new RegExp(`${digits[0]}[,.\\s\\u00a0\\u202f]?${digits.slice(1)}`).test(html);

describe.skipIf(!POSTGRES)("two app servers on one PostgreSQL database and one bucket", () => {
  let cookie = "";
  let productId = "";
  const slug = `fleet-lamp-${Date.now()}`;
  const orderNumbers: string[] = [];

  it("both started on the empty database (migrated and seeded once between them), each with its outbox worker", async () => {
    for (const instance of [a, b]) {
      expect(instance.output()).toContain("outbox worker started");
      expect(instance.output()).not.toMatch(/"level":(50|60)/);
    }
    const wilayas = await (await fetch(`${b.url}/api/delivery`)).json();
    expect(wilayas).toHaveLength(69);
  });

  it("an admin session made on A works on B", async () => {
    cookie = await signIn(a);
    expect((await adminPage(b, cookie, "/admin/orders")).status).toBe(200);
    expect((await adminPage(a, cookie, "/admin/orders")).status).toBe(200);
    // Without the cookie, B sends to the sign-in page.
    expect((await fetch(`${b.url}/admin/orders`, { redirect: "manual" })).status).toBeGreaterThanOrEqual(300);
  });

  it("an image uploaded through A's admin form is stored in the bucket and served by B", async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 30 } } })
      .png()
      .toBuffer();
    const saved = await saveProduct(a, cookie, "/admin/products/new", productForm({ slug, price: 4200 }, png));
    expect(saved.status, a.output()).toBe(303);
    productId = /\/admin\/products\/([^/?]+)\?saved/.exec(saved.headers.get("location") ?? "")![1]!;

    const html = await (await fetch(`${b.url}/products/${slug}`)).text();
    const srcset = /srcset="([^"]*\.webp[^"]*)"/i.exec(html)?.[1];
    expect(srcset).toBeTruthy();
    const variants = srcset!.split(",").map((entry) => entry.trim().split(" ")[0]!.replaceAll("&amp;", "&"));
    for (const src of variants) {
      const image = await fetch(new URL(src, b.url));
      expect(image.status, src).toBe(200);
      expect(image.headers.get("content-type")).toContain("image/webp");
    }
    // The files are in the bucket (not in either instance's own folder).
    const client = new S3Client({
      endpoint: s3Endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    client.destroy();
    const keys = (listed.Contents ?? []).map((object) => object.Key ?? "");
    expect(keys.filter((key) => key.includes(slug) && key.endsWith(".webp")).length).toBeGreaterThanOrEqual(variants.length);
    expect(existsSync(join(temp, "uploads-A", "products"))).toBe(false);
  });

  it("a price edited on B shows on A's product page", async () => {
    const saved = await saveProduct(b, cookie, `/admin/products/${productId}`, productForm({ slug, price: 3900 }));
    expect(saved.status, b.output()).toBe(303);
    const html = await (await fetch(`${a.url}/products/${slug}`)).text();
    expect(priceShown(html, "3900")).toBe(true);
    expect(priceShown(html, "4200")).toBe(false);
  });

  it(`counts the order rate limit across both by the client's address: the ${ORDERS_PER_IP + 1}th order from one address answers 429`, async () => {
    for (let i = 0; i < ORDERS_PER_IP; i++) {
      const instance = i % 2 === 0 ? a : b;
      // The client forges a new leftmost X-Forwarded-For each time: the balancer's entry counts.
      const response = await placeOrder(instance, productId, `05509${String(i).padStart(5, "0")}`, "203.0.113.50", `198.51.100.${i + 1}`);
      expect(response.status, `order ${i + 1} on ${instance.name}`).toBe(201);
      orderNumbers.push(((await response.json()) as { orderNumber: string }).orderNumber);
    }
    expect((await placeOrder(a, productId, "0550999998", "203.0.113.50", "198.51.100.98")).status).toBe(429);
    expect((await placeOrder(b, productId, "0550999999", "203.0.113.50", "198.51.100.99")).status).toBe(429);
    // Another shopper behind the same balancer has a count of their own.
    const other = await placeOrder(b, productId, "0550999997", "203.0.113.51");
    expect(other.status).toBe(201);
    orderNumbers.push(((await other.json()) as { orderNumber: string }).orderNumber);
  });

  it("an order placed through A is in B's admin order list, and the other way round", async () => {
    const [listA, listB] = await Promise.all([adminPage(a, cookie, "/admin/orders"), adminPage(b, cookie, "/admin/orders")]);
    const [htmlA, htmlB] = await Promise.all([listA.text(), listB.text()]);
    for (const number of orderNumbers) {
      expect(htmlA).toContain(number);
      expect(htmlB).toContain(number);
    }
  });

  it("the outbox delivers each order's webhook exactly once, with both workers running", async () => {
    const deadline = Date.now() + 20_000;
    while (deliveries.length < orderNumbers.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    // One more round of each worker (every 5 s): nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(deliveries.map((d) => d.orderNumber).toSorted()).toEqual([...orderNumbers].toSorted());
  });

  it("both stop gracefully on SIGTERM", async () => {
    const [codeA, codeB] = await Promise.all([stop(a, "SIGTERM"), stop(b, "SIGTERM")]);
    expect(codeA, a.output()).toBe(0);
    expect(codeB, b.output()).toBe(0);
  });
});
