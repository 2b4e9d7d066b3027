import { spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { isPostgresUrl } from "~/server/db/db.server";
import { startServerProcess } from "../../scripts/lib/server-process.js";

export { freePort } from "../../scripts/lib/server-process.js";

/** A server process's resident memory in bytes (Linux: VmRSS of /proc/<pid>/status). */
export function residentBytes(server: RunningServer): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.process.pid}/status`, "utf8"))?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${server.process.pid}`);
  return Number(kb) * 1024;
}

export interface RunningServer {
  baseURL: string;
  process: ChildProcess;
  /** Everything the server wrote (JSON log lines). */
  output(): string;
  /** SIGTERM, then resolves with the exit code and how long the exit took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

/** DATABASE_URL for a SQLite file path or a postgres:// URL. */
export function databaseUrlOf(database: string): string {
  return isPostgresUrl(database) ? database : `file:${database}`;
}

export interface ServerDatabase {
  /** What startServer and createAdmin take: a SQLite file, or a postgres:// URL. */
  database: string;
  /** DATABASE_URL, for openDatabase in the test. */
  url: string;
  engine: "sqlite" | "postgres";
  /** Drops the PostgreSQL database (after the servers stopped); nothing for SQLite (the test removes its folder). */
  drop(): Promise<void>;
}

async function postgresQuery(connectionString: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for a production-server test: `shop.db` in `dir`, or, when TEST_DATABASE_URL
 * is a postgres:// URL (the PostgreSQL leg of `npm test`), a new database on that server, so the
 * same test proves the same promise on both engines.
 */
export async function freshServerDatabase(dir: string): Promise<ServerDatabase> {
  const server = process.env.TEST_DATABASE_URL ?? "";
  if (!isPostgresUrl(server)) {
    const file = join(dir, "shop.db");
    return { database: file, url: databaseUrlOf(file), engine: "sqlite", drop: async () => {} };
  }
  const name = `souq_ops_${randomBytes(5).toString("hex")}`;
  await postgresQuery(server, `create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    database: url.toString(),
    url: url.toString(),
    engine: "postgres",
    drop: () => postgresQuery(server, `drop database if exists ${name} with (force)`),
  };
}

/**
 * Starts the production build (scripts/lib/server-process.js) on `database` (a SQLite file or a
 * postgres:// URL) and waits for /healthz (e2e global setup, ops tests).
 */
export async function startServer(database: string, env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync("build/server/index.js")) throw new Error("No production build: run `npm test` (it builds first) or `npm run build`.");
  const server = await startServerProcess({
    port: "free",
    env: {
      DATABASE_URL: databaseUrlOf(database),
      UPLOADS_DIR: isPostgresUrl(database) ? join(tmpdir(), `souq-uploads-${randomBytes(4).toString("hex")}`) : `${database}.uploads`,
      LOG_LEVEL: "info",
      // One process, as the checks of a single server's page cache and log lines expect; the
      // cluster's own test (tests/ops/cluster.test.ts) asks for two workers.
      WEB_CONCURRENCY: "1",
      ...env,
    },
  });
  try {
    await server.waitUntilHealthy(60_000);
  } catch (error) {
    await server.stop({ signal: "SIGKILL" });
    throw new Error(`${(error as Error).message}:\n${server.output()}`, { cause: error });
  }
  return {
    baseURL: server.baseURL!,
    process: server.child,
    output: server.output,
    stop: (signal = "SIGTERM") => server.stop({ signal }),
  };
}

/** `npm run create-admin` against a database file. */
export function createAdmin(database: string, email: string, password: string): void {
  const created = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", email, "--password", password], {
    env: { ...process.env, DATABASE_URL: databaseUrlOf(database), LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (created.status !== 0) throw new Error(`create-admin failed (${created.status}):\n${created.stdout}${created.stderr}`);
}

/** Signs in over HTTP and returns the Cookie header value for admin requests. */
export async function adminCookie(baseURL: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseURL}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    body: new URLSearchParams({ email, password, redirectTo: "/admin/products" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith("souq_admin=") && pair !== "souq_admin=");
  if (response.status !== 303 || !cookie) throw new Error(`Admin sign-in failed: HTTP ${response.status}`);
  return cookie;
}

/** A JSON order body for POST /api/orders, with the cart page's source. */
export function orderBody(productId: string, phone: string, firstName = "Amine", lastName = "Benali"): string {
  return JSON.stringify({
    source: "cart_page",
    customer: { firstName, lastName, phone, wilayaCode: "16" },
    items: [{ productId, quantity: 1 }],
    total: 1,
  });
}
