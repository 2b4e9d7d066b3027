// An S3-compatible server on this machine for tests (s3rver, an npm devDependency: Debian's
// only S3 server, radosgw, needs a whole Ceph cluster; docs/decisions/0013). It speaks the S3
// REST API over real HTTP, checks request signatures and keeps the objects in a folder.
//
// From a test:   const s3 = await startS3Server({ buckets: ["souq"] }); … await s3.close();
// From a shell:  node tests/support/s3-server.js --port 4401 --bucket souq [--directory DIR]
//                prints one JSON line { endpoint, port, directory, buckets } once listening,
//                and stops on SIGTERM/SIGINT. The app then needs S3_BUCKET=souq,
//                S3_ENDPOINT=<endpoint>, S3_ACCESS_KEY_ID=S3RVER, S3_SECRET_ACCESS_KEY=S3RVER.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import S3rver from "s3rver";

/** s3rver's fixed credentials. */
export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * Starts s3rver on 127.0.0.1 (`port` 0: a free port) over `directory` (default: a new temporary
 * folder, removed by close()), with `buckets` created.
 * @param {{ port?: number, directory?: string, buckets?: string[] }} [options]
 * @returns {Promise<{ endpoint: string, port: number, directory: string, env: (bucket: string) => Record<string, string>, close: () => Promise<void> }>}
 */
export async function startS3Server(options = {}) {
  const ownDirectory = !options.directory;
  const directory = options.directory ?? (await mkdtemp(join(tmpdir(), "souq-s3-")));
  const server = new S3rver({
    port: options.port ?? 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: (options.buckets ?? []).map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    port,
    directory,
    /** The app's environment for `bucket` on this server. */
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    }),
    async close() {
      await server.close();
      if (ownDirectory) await rm(directory, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: { port: { type: "string" }, bucket: { type: "string", multiple: true }, directory: { type: "string" } },
    strict: true,
  });
  const s3 = await startS3Server({
    port: values.port ? Number(values.port) : 0,
    directory: values.directory,
    buckets: values.bucket ?? ["souq"],
  });
  console.log(JSON.stringify({ endpoint: s3.endpoint, port: s3.port, directory: s3.directory, buckets: values.bucket ?? ["souq"] }));
  const stop = () => s3.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
