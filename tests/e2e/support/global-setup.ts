import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createAdmin, startServer } from "../../support/production-server";

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

/** Starts the production build on a fresh SQLite file, like a newcomer's first `npm start`. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "souq-e2e-"));
  const databaseFile = join(dataDir, "shop.db");
  // A shop whose phone and e-mail come from the environment (the defaults of /admin/settings);
  // tests/e2e/shop-settings.test.ts starts a shop without them.
  const server = await startServer(databaseFile, {
    UPLOADS_DIR: join(dataDir, "uploads"),
    LOG_LEVEL: "warn",
    SHOP_PHONE: "0661234567",
    SHOP_EMAIL: "contact@souq.test",
    // The key courier credentials are sealed with (tests/e2e/admin-couriers.test.ts); a new one each run.
    SECRETS_KEY: randomBytes(32).toString("base64"),
    // The parcel poller looks for due parcels every half second (tests/e2e/couriers-journey.test.ts).
    COURIER_POLL_INTERVAL_MS: "500",
  });
  project.provide("baseURL", server.baseURL);
  project.provide("databaseFile", databaseFile);

  // The admin the admin tests sign in with, created the way a merchant does (npm run create-admin).
  createAdmin(databaseFile, E2E_ADMIN.email, E2E_ADMIN.password);
  project.provide("adminCredentials", { ...E2E_ADMIN });

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    // The server's warnings and errors of the run (some tests cause them on purpose: refused
    // sign-ins, a failing loader) are kept for reading after a failure, not printed on a green run.
    mkdirSync("reports", { recursive: true });
    writeFileSync(join("reports", "e2e-server.log"), server.output());
  };
}
