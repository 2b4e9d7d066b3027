import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { isPostgresUrl } from "~/server/db/db.server";
import { SERVER_NODE_ARGS } from "../../scripts/lib/server-node-args.js";

/** A port nobody listens on (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

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
 * Starts the production build (`node server.js`) on `database` (a SQLite file or a postgres://
 * URL) and waits for /healthz (e2e global setup, ops tests).
 */
export async function startServer(database: string, env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync("build/server/index.js")) throw new Error("No production build: run `npm test` (it builds first) or `npm run build`.");
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, "server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrlOf(database),
      UPLOADS_DIR: isPostgresUrl(database) ? join(tmpdir(), `souq-uploads-${randomBytes(4).toString("hex")}`) : `${database}.uploads`,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not become healthy in 60 s:\n${output}`);
    }
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      const started = Date.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      return { code, ms: Date.now() - started };
    },
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

/** A cart-page order body for /api/orders. */
export function orderBody(productId: string, phone: string, firstName = "Amine", lastName = "Benali"): string {
  return JSON.stringify({
    source: "cart_page",
    customer: { firstName, lastName, phone, wilayaCode: "16" },
    items: [{ productId, quantity: 1 }],
    total: 1,
  });
}
