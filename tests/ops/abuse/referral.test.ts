import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { CLICK_DEDUP_MINUTES } from "~/lib/tracking";
import type { Database } from "~/server/db/database.server";
import { openDatabase } from "~/server/db/db.server";
import { createShareLink } from "~/server/tracking/tracking.service.server";
import { freshServerDatabase, startServer, type RunningServer, type ServerDatabase } from "../../support/production-server";

/*
 * Referral-click inflation against the production build (decision 0024), on SQLite here and on
 * PostgreSQL in the fleet project: cookieless page loads through a share link from one address,
 * each a "new visitor", count at most REFERRAL_CLICK_LIMIT_PER_IP clicks (the server's default,
 * 30) per link and window; the others are neither counted nor stored, and every page still renders.
 */

const BROWSER = "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const LIMIT = 30;
const CLICKS = 50;

let dir: string;
let database: ServerDatabase;
let server: RunningServer;
let handle: { db: Kysely<Database>; close: () => Promise<void> };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-abuse-referral-"));
  database = await freshServerDatabase(dir);
  // Every one of the simultaneous clicks is rendered (each `?ref=` visit is its own render): they
  // wait their turn rather than being shed after MAX_QUEUE_WAIT_MS (decision 0037), which a slow
  // machine would reach; what a saturated server answers is tests/ops/load-shedding.test.ts's.
  server = await startServer(database.database, { LOG_LEVEL: "warn", MAX_QUEUE_WAIT_MS: "60000" });
  handle = openDatabase(database.url);
});

afterAll(async () => {
  await handle?.close();
  await server?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function clicksOf(code: string): Promise<{ counted: number; stored: number }> {
  const link = await handle.db.selectFrom("tracking_links").select(["id", "click_count"]).where("link_code", "=", code).executeTakeFirstOrThrow();
  const stored = await handle.db.selectFrom("tracking_clicks").select("id").where("link_id", "=", link.id).execute();
  return { counted: Number(link.click_count), stored: stored.length };
}

/** The limits count in fixed windows: start the burst well inside one, not a few seconds before it ends. */
async function clearOfWindowEnd(): Promise<void> {
  const windowMs = CLICK_DEDUP_MINUTES * 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

describe("referral clicks from one address", () => {
  it(`${CLICKS} simultaneous cookieless clicks count ${LIMIT}, store ${LIMIT} rows, and every page renders`, async () => {
    await clearOfWindowEnd();
    const product = demoProducts[0]!;
    const created = await createShareLink(handle.db, { targetType: "product", targetId: product.id, utmSource: "abuse" }, server.baseURL);
    if (!created.ok) throw new Error(`no share link: ${created.error}`);
    const { code, fullUrl } = created.link;

    const responses = await Promise.all(
      Array.from({ length: CLICKS }, async () => {
        const response = await fetch(fullUrl, { headers: { Accept: "text/html,application/xhtml+xml", "User-Agent": BROWSER } });
        return { status: response.status, html: await response.text(), cookies: response.headers.getSetCookie() };
      }),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.html).toContain("<html");
      // Counted or not, the visitor came through the link: the ref cookie is set either way.
      expect(response.cookies.some((cookie) => cookie.startsWith(`souq_ref=${code};`))).toBe(true);
    }
    expect(await clicksOf(code)).toEqual({ counted: LIMIT, stored: LIMIT });

    // More of the same later in the window add nothing.
    for (let i = 0; i < 5; i++) {
      const response = await fetch(fullUrl, { headers: { Accept: "text/html", "User-Agent": BROWSER } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    expect(await clicksOf(code)).toEqual({ counted: LIMIT, stored: LIMIT });

    // Another address (loopback has all of 127/8) has its own allowance: the limit is per client
    // address as the server sees it, not one budget for everyone.
    expect(await getFrom("127.0.0.2", fullUrl)).toBe(200);
    expect(await clicksOf(code)).toEqual({ counted: LIMIT + 1, stored: LIMIT + 1 });
  });
});

/** A cookieless page GET from a chosen local address; resolves with the status. */
function getFrom(localAddress: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress, headers: { Accept: "text/html", "User-Agent": BROWSER } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}
