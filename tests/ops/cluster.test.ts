import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import {
  adminCookie,
  createAdmin,
  freePort,
  freshServerDatabase,
  orderBody,
  startServer,
  type RunningServer,
  type ServerDatabase,
} from "../support/production-server";

// The production server with two worker processes (WEB_CONCURRENCY=2, docs/decisions/0035-worker-processes.md):
// an admin change through one worker shows on the next page of both; a worker killed with SIGKILL
// is replaced while the other answers every request; the outbox delivers each order exactly once;
// SIGTERM drains both workers and the primary exits 0.

const EMAIL = "owner@example.com";
const PASSWORD = "cluster-test-password";
const ORDERS = 12;
const products = demoProducts
  .filter((p) => !p.variants && p.inStock)
  .sort((a, b) => b.stockQuantity - a.stockQuantity)
  .slice(0, 6);

interface Answer {
  status: number;
  worker: string | undefined;
  cache: string | undefined;
  body: string;
}

/** One request on a connection of its own, so the primary hands each to the next worker in turn. */
function send(baseURL: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${baseURL}${path}`, { method: options.method ?? "GET", headers: options.headers, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          worker: response.headers["x-worker"] as string | undefined,
          cache: response.headers["x-cache"] as string | undefined,
          body,
        }),
      );
      response.on("error", reject);
    });
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error(`no answer to ${path} in 10 s`)));
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(find: () => T | undefined | Promise<T | undefined>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The JSON log lines written so far (the primary's and every worker's). */
function logLines(server: RunningServer): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** GET `path` on new connections until each worker in `workers` answered once; their first answers. */
async function firstAnswerOfEach(baseURL: string, path: string, workers: string[]): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  for (let i = 0; i < 40 && answers.size < workers.length; i++) {
    const answer = await send(baseURL, path);
    if (answer.worker && workers.includes(answer.worker) && !answers.has(answer.worker)) answers.set(answer.worker, answer);
  }
  expect([...answers.keys()].sort()).toEqual([...workers].sort());
  return answers;
}

let dir: string;
let database: ServerDatabase;
let server: RunningServer | undefined;
let receiver: Server | undefined;
/** The webhook's deliveries: one order number per POST. */
const deliveries: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-cluster-"));
  database = await freshServerDatabase(dir);
  receiver = createServer((incoming, response) => {
    let body = "";
    incoming.setEncoding("utf8");
    incoming.on("data", (chunk: string) => (body += chunk));
    incoming.on("end", () => {
      const orderNumber = new URLSearchParams(body).get("orderNumber");
      if (orderNumber) deliveries.push(orderNumber);
      response.writeHead(200).end("ok");
    });
  });
  const receiverPort = await freePort();
  await new Promise<void>((resolve) => receiver!.listen(receiverPort, "127.0.0.1", resolve));
  server = await startServer(database.database, {
    WEB_CONCURRENCY: "2",
    ORDER_WEBHOOK_URL: `http://127.0.0.1:${receiverPort}/orders`,
    OUTBOX_INTERVAL_MS: "100",
    ORDER_RATE_LIMIT_PER_IP: "100000",
    // The demo pictures from the shared test folder: the seed finds them and skips re-encoding.
    UPLOADS_DIR: join(tmpdir(), "souq-test-uploads"),
  });
  // /healthz answered from the first worker; the second starts once the first has prepared the database.
  await until(() => (logLines(server!).filter((line) => line.msg === "worker listening").length >= 2 ? true : undefined), 60_000, "two workers");
  createAdmin(database.database, EMAIL, PASSWORD);
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("two worker processes (WEB_CONCURRENCY=2)", () => {
  it("show an admin change on the next page of each worker, though both had the page cached", async () => {
    const { baseURL } = server!;
    // Both workers keep the home page (the second request of each is a HIT).
    await firstAnswerOfEach(baseURL, "/", ["1", "2"]);
    const cached = await firstAnswerOfEach(baseURL, "/", ["1", "2"]);
    for (const [worker, answer] of cached) expect(answer.cache, `worker ${worker}`).toBe("HIT");

    const name = "Souk Cluster Proof";
    expect(cached.get("1")!.body).not.toContain(name);
    const cookie = await adminCookie(baseURL, EMAIL, PASSWORD);
    const saved = await send(baseURL, "/admin/settings", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: baseURL },
      body: new URLSearchParams({ nameAr: name, nameFr: name, nameEn: name }).toString(),
    });
    expect(saved.status).toBe(303);

    const after = await firstAnswerOfEach(baseURL, "/", ["1", "2"]);
    for (const [worker, answer] of after) {
      expect(answer.status, `worker ${worker}`).toBe(200);
      expect(answer.cache, `worker ${worker}`).not.toBe("HIT");
      expect(answer.body, `worker ${worker}`).toContain(name);
    }
  });

  it("replace a worker killed with SIGKILL, the background work moving to its replacement, while the other answers every request", async () => {
    const { baseURL } = server!;
    const listening = logLines(server!).filter((line) => line.msg === "worker listening");
    // The first worker runs the background work (the outbox here).
    expect(
      logLines(server!)
        .filter((line) => line.msg === "background work runs in this worker")
        .map((line) => line.worker),
    ).toEqual([1]);
    const first = listening.find((line) => line.worker === 1)!;
    process.kill(first.pid as number, "SIGKILL");
    await until(() => logLines(server!).find((line) => line.msg === "worker died: starting a replacement"), 10_000, "the primary to see the death");

    // Until the replacement answers, every request is answered by worker 2.
    const answers: Answer[] = [];
    await until(
      async () => {
        const answer = await send(baseURL, "/healthz");
        answers.push(answer);
        return answer.worker === "3" ? true : undefined;
      },
      60_000,
      "the replacement to answer",
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.slice(0, -1).map((answer) => answer.worker))).toEqual(new Set(["2"]));
    const died = logLines(server!).find((line) => line.msg === "worker died: starting a replacement")!;
    expect(died).toMatchObject({ level: 50, worker: 1, pid: first.pid, signal: "SIGKILL" });
    await until(
      () => (logLines(server!).some((line) => line.msg === "background work runs in this worker" && line.worker === 3) ? true : undefined),
      10_000,
      "the replacement to take the background work",
    );
    expect(
      logLines(server!)
        .filter((line) => line.msg === "background work runs in this worker")
        .map((line) => line.worker),
    ).toEqual([1, 3]);
  });

  it("deliver each order to the webhook exactly once, whichever worker took it", async () => {
    const { baseURL } = server!;
    deliveries.length = 0;
    const placed: { orderNumber: string; worker: string | undefined }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const answer = await send(baseURL, "/api/orders", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", "Idempotency-Key": `cluster-${i}` },
        body: orderBody(products[i % products.length]!.id, `0661${String(100000 + i).slice(-6)}`),
      });
      expect(answer.status, answer.body).toBe(201);
      placed.push({ orderNumber: (JSON.parse(answer.body) as { orderNumber: string }).orderNumber, worker: answer.worker });
    }
    expect(new Set(placed.map((order) => order.worker))).toEqual(new Set(["2", "3"]));
    await until(() => (deliveries.length >= ORDERS ? true : undefined), 30_000, "every delivery");
    // A few more outbox rounds: nothing is sent twice.
    await sleep(1_000);
    expect([...deliveries].sort()).toEqual(placed.map((order) => order.orderNumber).sort());
  });

  it("drain every worker on SIGTERM, the primary exiting 0", async () => {
    const { code } = await server!.stop("SIGTERM");
    const lines = logLines(server!);
    expect(code, server!.output()).toBe(0);
    expect(
      lines
        .filter((line) => line.msg === "database closed; exiting")
        .map((line) => line.worker)
        .sort(),
    ).toEqual([2, 3]);
    expect(lines.at(-1)).toMatchObject({ msg: "every worker stopped; exiting", failedExits: 0 });
    server = undefined;
  });
});
