// `npm run create-admin -- --email you@example.com --password '…'`: creates an owner account
// in the database of DATABASE_URL (migrating it first), or sets a new password for an existing
// account, whatever its role (which keeps its role and ends its sessions). Other staff are
// added by an owner on /admin/staff. Exit code 1 with a message on bad input.
import { parseArgs } from "node:util";
import { createOrResetAdmin, MIN_PASSWORD_LENGTH } from "../app/server/auth/auth.service.server";
import { closeDatabase, getDatabase } from "../app/server/db/connection.server";
import { migrateToLatest } from "../app/server/db/migrate.server";

const usage = `Usage: npm run create-admin -- --email you@example.com --password 'at least ${MIN_PASSWORD_LENGTH} characters'`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

let values: { email?: string; password?: string };
try {
  ({ values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (!values.email || values.password === undefined) fail("Both --email and --password are required.");

const { db } = getDatabase();
try {
  await migrateToLatest(db);
  const result = await createOrResetAdmin(db, { email: values.email, password: values.password });
  if (result.kind === "invalid") fail(result.problems.join("\n"));
  console.log(
    result.kind === "created"
      ? `Admin ${result.email} created: sign in at /admin/login`
      : `Password of ${result.email} reset (its sessions are signed out): sign in at /admin/login`,
  );
} finally {
  await closeDatabase();
}
