// `npm run migrate-uploads [-- --force] [-- --rewrite-urls]`: copies every file of the local
// uploads folder (UPLOADS_DIR) into the bucket of S3_BUCKET under the same key (files already
// there with the same size are skipped unless --force). Nothing is deleted: the folder stays as
// it was. The stored image URLs (/uploads/<key>) keep working, since the app then serves
// /uploads from the bucket. With --rewrite-urls (needs S3_PUBLIC_URL, and a copy without
// failures), the stored URLs are rewritten to S3_PUBLIC_URL/<key> in the database of
// DATABASE_URL (migrated first), one transaction per table. Exit code 1 on any failure.
import { parseArgs } from "node:util";
import { closeDatabase, getDatabase } from "../app/server/db/connection.server";
import { migrateToLatest } from "../app/server/db/migrate.server";
import { env, type Env } from "../app/server/env.server";
import { copyUploadsToBucket, rewriteUploadUrls } from "../app/server/storage/migrate-uploads.server";
import { createS3Storage } from "../app/server/storage/s3-storage.server";
import { LocalStorage } from "../app/server/storage/storage.server";

const usage = "Usage: npm run migrate-uploads [-- --force] [-- --rewrite-urls]   (with S3_BUCKET and the other S3_* variables set)";

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

let values: { force?: boolean; "rewrite-urls"?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { force: { type: "boolean" }, "rewrite-urls": { type: "boolean" }, help: { type: "boolean", short: "h" } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

let config: Env;
try {
  config = env();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (!config.S3_BUCKET) fail("S3_BUCKET is not set: there is no bucket to copy the uploads to.");
if (values["rewrite-urls"] && !config.S3_PUBLIC_URL) {
  fail("--rewrite-urls needs S3_PUBLIC_URL (the bucket's public base URL or CDN): without it, /uploads/<key> is the right URL.");
}

const source = new LocalStorage(config.UPLOADS_DIR);
const target = createS3Storage({ ...config, S3_BUCKET: config.S3_BUCKET });
const where = `s3://${target.bucket}/${target.prefix}`;
console.log(`Copying ${source.root} to ${where}${values.force ? " (--force: every file)" : ""}…`);

const report = await copyUploadsToBucket(source, target, {
  force: values.force,
  onFile: (key, outcome) => {
    if (outcome === "failed") console.error(`  failed: ${key}`);
  },
});
for (const file of report.ignored) console.log(`  ignored (not a storage key): ${file}`);
for (const { key, error } of report.failed) console.error(`  ${key}: ${error}`);
console.log(`${report.copied} copied, ${report.skipped} already in the bucket, ${report.ignored.length} ignored, ${report.failed.length} failed.`);
if (report.failed.length > 0) {
  target.client.destroy();
  fail(`The copy is incomplete: run it again${values["rewrite-urls"] ? " (the URLs were not rewritten)" : ""}.`);
}

if (values["rewrite-urls"]) {
  const { db } = getDatabase();
  try {
    await migrateToLatest(db);
    const { rewritten } = await rewriteUploadUrls(db, target);
    for (const [column, count] of Object.entries(rewritten)) console.log(`  ${column}: ${count} URL(s) rewritten`);
    console.log(`Stored image URLs now point to ${config.S3_PUBLIC_URL}/…`);
  } catch (error) {
    console.error(`Rewriting the URLs failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}
target.client.destroy();
