import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The e2e server's SQLite file, for tests that add their own data (in their own categories). */
    databaseFile: string;
    /** The admin the setup creates with `npm run create-admin` (tests/e2e/support/admin.ts signs in with it). */
    adminCredentials: { email: string; password: string };
  }
}

/** The e2e admin: a test-only password, never used outside this throw-away database. */
export const E2E_ADMIN = { email: "e2e-admin@souq.test", password: "e2e-Admin-Passw0rd!" } as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHealthy(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy in 60 s:\n${output()}`);
}

/** Starts the production build on a fresh SQLite file, like a newcomer's first `npm start`. */
export default async function setup(project: TestProject) {
  if (!existsSync("build/server/index.js")) {
    throw new Error("No production build: run `npm test` (it builds first) or `npm run build`.");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "souq-e2e-"));
  const port = await freePort();
  const databaseFile = join(dataDir, "shop.db");
  let output = "";
  const server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${databaseFile}`,
      UPLOADS_DIR: join(dataDir, "uploads"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));

  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealthy(baseURL, server, () => output);
  project.provide("baseURL", baseURL);
  project.provide("databaseFile", databaseFile);

  // The admin the admin tests sign in with, created the way a merchant does (npm run create-admin).
  const created = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/create-admin.ts", "--email", E2E_ADMIN.email, "--password", E2E_ADMIN.password],
    { env: { ...process.env, DATABASE_URL: `file:${databaseFile}`, LOG_LEVEL: "warn" }, encoding: "utf8" },
  );
  if (created.status !== 0) throw new Error(`create-admin failed (${created.status}):\n${created.stdout}${created.stderr}`);
  project.provide("adminCredentials", { ...E2E_ADMIN });

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
    // Anything the server logged at warn level or above during the run is a finding.
    if (/"level":(40|50|60)/.test(output)) console.warn(`Server warnings during e2e:\n${output}`);
  };
}
