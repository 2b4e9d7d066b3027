import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";

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

export interface RunningServer {
  baseURL: string;
  process: ChildProcess;
  /** Everything the server wrote (JSON log lines). */
  output(): string;
  /** SIGTERM, then resolves with the exit code and how long the exit took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

/** Starts the production build (`node server.js`) on `databaseFile` and waits for /healthz (e2e global setup, ops tests). */
export async function startServer(databaseFile: string, env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync("build/server/index.js")) throw new Error("No production build: run `npm test` (it builds first) or `npm run build`.");
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${databaseFile}`,
      UPLOADS_DIR: `${databaseFile}.uploads`,
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
export function createAdmin(databaseFile: string, email: string, password: string): void {
  const created = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", email, "--password", password], {
    env: { ...process.env, DATABASE_URL: `file:${databaseFile}`, LOG_LEVEL: "warn" },
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
