// The bucket storage (S3Storage), its /uploads handler and `npm run migrate-uploads`, over real
// HTTP against s3rver (an S3-compatible server, tests/support/s3-server.js, docs/decisions/0013).
import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import express from "express";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, variantUrl } from "~/lib/images";
import { openDatabase } from "~/server/db/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { parseEnv } from "~/server/env.server";
import { deleteImageVariants, ingestImage, variantKey } from "~/server/images/images.server";
import { copyUploadsToBucket, rewriteUploadUrls } from "~/server/storage/migrate-uploads.server";
import { S3Storage, s3ClientFrom } from "~/server/storage/s3-storage.server";
import { IMMUTABLE_CACHE_CONTROL, InvalidStorageKeyError, LocalStorage, createStorage } from "~/server/storage/storage.server";
import { createUploadsHandler } from "~/server/http/uploads-handler.server";
import { startS3Server } from "../support/s3-server.js";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const BUCKET = "souq-test";
const CDN = "https://cdn.souq.example/media";

let s3: Awaited<ReturnType<typeof startS3Server>>;
let client: S3Client;
/** The bucket's root, served by the app at /uploads. */
let storage: S3Storage;
/** Under the folder shop-a/ of the bucket, public at CDN. */
let published: S3Storage;
let work: string;

beforeAll(async () => {
  s3 = await startS3Server();
  client = s3ClientFrom({ ...s3Env(), S3_FORCE_PATH_STYLE: true });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  storage = new S3Storage({ client, bucket: BUCKET });
  published = new S3Storage({ client, bucket: BUCKET, prefix: "shop-a", publicBaseUrl: CDN });
  work = await mkdtemp(join(tmpdir(), "souq-s3-test-"));
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

function s3Env(): Record<string, string> {
  return s3.env(BUCKET);
}

describe("S3Storage", () => {
  it("stores, reads, tells existence and deletes an object, with its type and a one-year immutable cache", async () => {
    const key = "products/a-b/thing-1.webp";
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();

    await storage.put(key, Buffer.from("hello"), "image/webp");
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key))?.toString()).toBe("hello");
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head).toMatchObject({ ContentType: "image/webp", CacheControl: IMMUTABLE_CACHE_CONTROL, ContentLength: 5 });

    await storage.put(key, Buffer.from("replaced"), "image/webp");
    expect((await storage.get(key))?.toString()).toBe("replaced");

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("keeps binary content intact and does not take a folder for an object", async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await storage.put("folder/inner.bin", bytes, "application/octet-stream");
    expect((await storage.get("folder/inner.bin"))?.equals(bytes)).toBe(true);
    expect(await storage.exists("folder")).toBe(false);
    expect(await storage.get("folder")).toBeNull();
    await storage.delete("folder/inner.bin");
  });

  it("refuses keys that could leave the prefix or name a hidden file, before any request", async () => {
    for (const key of [
      "",
      "..",
      "../x",
      "a/../../x",
      "a/./b",
      "/etc/passwd",
      "a//b",
      "a/",
      "a\\b",
      ".hidden",
      "a/.b.tmp",
      "a b",
      "a\u0000b",
      "%2e%2e/x",
    ]) {
      for (const target of [storage, published]) {
        await expect(target.put(key, Buffer.from("x"), "text/plain"), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(target.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(target.exists(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(target.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        expect(() => target.publicUrl(key), key).toThrow(InvalidStorageKeyError);
      }
    }
    expect(() => new S3Storage({ client, bucket: BUCKET, prefix: "../up" })).toThrow(InvalidStorageKeyError);
  });

  it("serves keys at /uploads/<key> by default, at the public base URL when there is one, and reads both back", async () => {
    expect(storage.publicUrl("products/x-1234abcd")).toBe("/uploads/products/x-1234abcd");
    expect(storage.keyOf("/uploads/products/x-1234abcd")).toBe("products/x-1234abcd");
    expect(storage.keyOf(`${CDN}/products/x-1234abcd`)).toBeNull();

    expect(published.publicUrl("products/x-1234abcd")).toBe(`${CDN}/products/x-1234abcd`);
    expect(published.keyOf(`${CDN}/products/x-1234abcd`)).toBe("products/x-1234abcd");
    // Rows written before the bucket had a public URL: still its keys (the app serves them).
    expect(published.keyOf("/uploads/products/x-1234abcd")).toBe("products/x-1234abcd");
    for (const other of [
      "/images/demo/kitchen-blender.svg",
      "https://elsewhere.example/media/products/x",
      `${CDN}products/x`,
      `${CDN}/../x`,
      "/uploads/../x",
      "/uploads/",
      "uploads/x",
    ]) {
      expect(published.keyOf(other), other).toBeNull();
    }
  });

  it("keeps a prefixed storage's objects under its folder", async () => {
    await published.put("products/p-1.webp", Buffer.from("in a folder"), "image/webp");
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: "shop-a/products/p-1.webp" }));
    expect(await object.Body?.transformToString()).toBe("in a folder");
    expect(await storage.exists("products/p-1.webp")).toBe(false);
    expect(await storage.exists("shop-a/products/p-1.webp")).toBe(true);
    await published.delete("products/p-1.webp");
    expect(await storage.exists("shop-a/products/p-1.webp")).toBe(false);
  });

  it("is what createStorage makes when S3_BUCKET is set (path-style by default with an endpoint)", async () => {
    const config = parseEnv({ ...s3Env(), S3_PREFIX: "from-env/", S3_PUBLIC_URL: `${CDN}/` });
    expect(config).toMatchObject({ S3_BUCKET: BUCKET, S3_PREFIX: "from-env", S3_PUBLIC_URL: CDN, S3_REGION: "us-east-1" });
    const made = createStorage(config);
    expect(made).toBeInstanceOf(S3Storage);
    const bucket = made as S3Storage;
    try {
      expect(await bucket.client.config.forcePathStyle).toBe(true);
      await made.put("a.txt", Buffer.from("via env"), "text/plain");
      expect((await storage.get("from-env/a.txt"))?.toString()).toBe("via env");
      expect(made.publicUrl("a.txt")).toBe(`${CDN}/a.txt`);
      await made.delete("a.txt");
    } finally {
      bucket.client.destroy();
    }
    expect(createStorage(parseEnv({ UPLOADS_DIR: work }))).toBeInstanceOf(LocalStorage);
  });

  it("fails loudly, not as a missing file, when the bucket does not exist", async () => {
    const nowhere = new S3Storage({ client, bucket: "no-such-bucket" });
    await expect(nowhere.put("a.txt", Buffer.from("x"), "text/plain")).rejects.toMatchObject({ name: "NoSuchBucket" });
  });
});

describe("image ingestion into the bucket", () => {
  it("writes the WebP variants as objects, skips them when present, and removes them", async () => {
    const svg = await readFile("public/images/demo/kitchen-blender.svg");
    const image = await ingestImage(published, svg, { name: "kitchen-blender", effort: 0 });
    expect(image.src).toMatch(new RegExp(`^${CDN}/products/kitchen-blender-[0-9a-f]{8}$`));
    const baseKey = published.keyOf(image.src)!;
    const modified: (Date | undefined)[] = [];
    for (const width of IMAGE_WIDTHS) {
      const key = variantKey(baseKey, width);
      const stored = await published.get(key);
      expect(stored, key).not.toBeNull();
      const meta = await sharp(stored!).metadata();
      expect(meta).toMatchObject({ format: "webp", width });
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `shop-a/${key}` }));
      expect(head.ContentType).toBe("image/webp");
      modified.push(head.LastModified);
    }
    expect(variantUrl(image.src, 640)).toBe(`${CDN}/${variantKey(baseKey, 640)}`);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    await ingestImage(published, svg, { name: "kitchen-blender", effort: 0 });
    for (const [index, width] of IMAGE_WIDTHS.entries()) {
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `shop-a/${variantKey(baseKey, width)}` }));
      expect(head.LastModified, "not written again").toEqual(modified[index]);
    }

    await deleteImageVariants(published, image.src, image.widths);
    for (const width of IMAGE_WIDTHS) expect(await published.exists(variantKey(baseKey, width))).toBe(false);
  });
});

/** An HTTP request with the path sent exactly as given (fetch would normalise `..`). */
function rawRequest(port: number, path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method: options.method ?? "GET", headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

async function listen(handler: express.RequestHandler): Promise<{ server: Server; port: number }> {
  const app = express();
  app.use("/uploads", handler);
  app.use((_req, res) => {
    res.status(418).send("reached the app");
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, port: (server.address() as AddressInfo).port };
}

describe("the /uploads handler", () => {
  let server: Server;
  let port: number;
  const webp = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake image bytes");
  beforeAll(async () => {
    await storage.put("products/served-1234abcd-640.webp", webp, "image/webp");
    ({ server, port } = await listen(createUploadsHandler(storage)));
  });
  afterAll(async () => {
    server?.close();
  });

  it("streams an object from the bucket with its type, length, ETag and a one-year immutable cache", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/uploads/products/served-1234abcd-640.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("content-length")).toBe(String(webp.length));
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get("last-modified")).toBeTruthy();
    expect(Buffer.from(await response.arrayBuffer()).equals(webp)).toBe(true);

    const head = await fetch(`http://127.0.0.1:${port}/uploads/products/served-1234abcd-640.webp`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(webp.length));
    expect(head.headers.get("etag")).toBe(response.headers.get("etag"));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers 304 to a matching If-None-Match (strong, weak or in a list) and 200 to another", async () => {
    const url = `http://127.0.0.1:${port}/uploads/products/served-1234abcd-640.webp`;
    const etag = (await fetch(url, { method: "HEAD" })).headers.get("etag")!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = await fetch(url, { headers: { "If-None-Match": ifNoneMatch } });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.headers.get("etag")).toBe(etag);
      expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
      expect((await response.arrayBuffer()).byteLength).toBe(0);
    }
    const changed = await fetch(url, { headers: { "If-None-Match": '"0123"' } });
    expect(changed.status).toBe(200);
    expect(Buffer.from(await changed.arrayBuffer()).equals(webp)).toBe(true);
    const since = await fetch(url, { headers: { "If-Modified-Since": new Date(Date.now() + 60_000).toUTCString() } });
    expect(since.status).toBe(304);
  });

  it("answers 404 for a missing object, 405 for other methods, and never leaves the bucket's keys", async () => {
    expect((await rawRequest(port, "/uploads/products/missing-640.webp")).status).toBe(404);
    expect((await rawRequest(port, "/uploads/products/missing-640.webp", { method: "HEAD" })).status).toBe(404);
    const post = await rawRequest(port, "/uploads/products/served-1234abcd-640.webp", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    for (const path of [
      "/uploads/../package.json",
      "/uploads/../../../../etc/passwd",
      "/uploads/%2e%2e/package.json",
      "/uploads/products%2F..%2F..%2Fpackage.json",
      "/uploads/products/..%2F..%2Fpackage.json",
      "/uploads/.hidden",
      "/uploads/products//served-1234abcd-640.webp",
      "/uploads/%E0%A4%A",
      "/uploads/",
      "/uploads",
      // Hostile spellings: encoded slashes and dots, NUL, backslashes, absolute paths.
      "/uploads/%2e%2e%2fpackage.json",
      "/uploads/%2E%2E%2F%2E%2E%2Fpackage.json",
      "/uploads/products/served-1234abcd-640.webp%00.json",
      "/uploads/%00../package.json",
      "/uploads/..%5cpackage.json",
      "/uploads/products\\..\\..\\package.json",
      "/uploads//etc/passwd",
      "/uploads/%2fetc%2fpasswd",
      "/uploads/C:%5cWindows%5cwin.ini",
    ]) {
      const response = await rawRequest(port, path);
      expect([400, 404], path).toContain(response.status);
      expect(response.body.toString(), path).not.toContain('"name": "souq"');
      expect(response.body.toString(), path).not.toContain("root:");
    }
  });

  it("keeps serving a local folder with express.static when the storage is local", async () => {
    const dir = await mkdtemp(join(work, "local-"));
    const local = new LocalStorage(dir);
    await local.put("products/local-1.webp", webp, "image/webp");
    const { server: localServer, port: localPort } = await listen(createUploadsHandler(local));
    try {
      const response = await rawRequest(localPort, "/uploads/products/local-1.webp");
      expect(response.status).toBe(200);
      expect(response.headers["cache-control"]).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(response.body.equals(webp)).toBe(true);
      expect((await rawRequest(localPort, "/uploads/products/missing.webp")).status).toBe(404);
      // Every traversal spelling is refused by the local folder too.
      await writeFile(join(work, "outside-secret.txt"), "local-secret");
      for (const path of [
        "/uploads/../package.json",
        "/uploads/%2e%2e/package.json",
        "/uploads/%2e%2e%2fpackage.json",
        "/uploads/products/..%2F..%2F..%2Foutside-secret.txt",
        "/uploads/..%5c..%5coutside-secret.txt",
        "/uploads/products\\..\\..\\outside-secret.txt",
        "/uploads/products/local-1.webp%00.json",
        "/uploads//etc/passwd",
        "/uploads/%2fetc%2fpasswd",
        "/uploads/.hidden",
      ]) {
        const traversal = await rawRequest(localPort, path);
        expect(traversal.status, path).toBeGreaterThanOrEqual(400);
        expect(traversal.body.toString(), path).not.toContain('"name": "souq"');
        expect(traversal.body.toString(), path).not.toContain("local-secret");
        expect(traversal.body.toString(), path).not.toContain("root:");
      }
    } finally {
      localServer.close();
    }
  });
});

describe("migrate-uploads", () => {
  let uploads: string;
  const files: Record<string, string> = {
    "products/blender-1234abcd-320.webp": "small",
    "products/blender-1234abcd-640.webp": "medium",
    "collections/offers-5678abcd-960.webp": "large banner",
    "legacy/photo.jpg": "a jpeg",
  };
  beforeAll(async () => {
    uploads = await mkdtemp(join(work, "uploads-"));
    for (const [key, content] of Object.entries(files)) {
      await mkdir(join(uploads, key, ".."), { recursive: true });
      await writeFile(join(uploads, key), content);
    }
    // Not storage keys: a temporary file of an interrupted write and a hand-copied name.
    await writeFile(join(uploads, "products", ".blender-1234abcd-960.webp.abc123.tmp"), "partial");
    await writeFile(join(uploads, "a photo.jpg"), "spaces");
  });

  it("copies every file into the bucket under the same key, then skips what is there unless forced", async () => {
    const target = new S3Storage({ client, bucket: BUCKET, prefix: "migrated" });
    const first = await copyUploadsToBucket(new LocalStorage(uploads), target);
    expect(first).toMatchObject({ copied: 4, skipped: 0, failed: [] });
    expect(first.ignored.sort()).toEqual(["a photo.jpg", "products/.blender-1234abcd-960.webp.abc123.tmp"]);
    for (const [key, content] of Object.entries(files)) expect((await target.get(key))?.toString(), key).toBe(content);
    const jpeg = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: "migrated/legacy/photo.jpg" }));
    expect(jpeg).toMatchObject({ ContentType: "image/jpeg", CacheControl: IMMUTABLE_CACHE_CONTROL });

    expect(await copyUploadsToBucket(new LocalStorage(uploads), target)).toMatchObject({ copied: 0, skipped: 4, failed: [] });
    await writeFile(join(uploads, "legacy/photo.jpg"), "a longer jpeg");
    expect(await copyUploadsToBucket(new LocalStorage(uploads), target)).toMatchObject({ copied: 1, skipped: 3 });
    expect((await target.get("legacy/photo.jpg"))?.toString()).toBe("a longer jpeg");
    expect(await copyUploadsToBucket(new LocalStorage(uploads), target, { force: true })).toMatchObject({ copied: 4, skipped: 0 });
    expect(await copyUploadsToBucket(new LocalStorage(join(work, "no-such-folder")), target)).toMatchObject({ copied: 0, skipped: 0 });
  });

  it("reports each file it cannot copy", async () => {
    const report = await copyUploadsToBucket(new LocalStorage(uploads), new S3Storage({ client, bucket: "no-such-bucket" }));
    expect(report.copied).toBe(0);
    expect(report.failed.map((failure) => failure.key).sort()).toEqual(Object.keys(files).sort());
  });

  describe("--rewrite-urls", () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase({ seed: true });
    });
    afterAll(async () => {
      await test?.destroy();
    });

    it("rewrites every stored /uploads URL to the public base, leaves other URLs, and changes nothing twice", async () => {
      const { db } = test;
      await db
        .updateTable("product_images")
        .set({ url: "/images/demo/static.svg" })
        .where("id", "=", sql<number>`(select min(id) from product_images)`)
        .execute();
      const before = await db.selectFrom("product_images").select(["id", "url"]).orderBy("id").execute();
      const uploadRows = before.filter((row) => row.url.startsWith("/uploads/"));
      expect(uploadRows.length).toBeGreaterThan(0);
      const banners = await db.selectFrom("collections").select(["id", "banner_url"]).where("banner_url", "like", "/uploads/%").execute();
      expect(banners.length).toBeGreaterThan(0);

      const report = await rewriteUploadUrls(db, published);
      expect(report.rewritten["product_images.url"]).toBe(uploadRows.length);
      expect(report.rewritten["collections.banner_url"]).toBe(banners.length);

      const after = await db.selectFrom("product_images").select(["id", "url"]).orderBy("id").execute();
      for (const [index, row] of after.entries()) {
        const old = before[index]!;
        expect(row.url).toBe(old.url.startsWith("/uploads/") ? `${CDN}/${old.url.slice("/uploads/".length)}` : old.url);
      }
      expect(after.some((row) => row.url === "/images/demo/static.svg")).toBe(true);
      for (const row of await db.selectFrom("collections").select("banner_url").where("banner_url", "is not", null).execute()) {
        expect(row.banner_url?.startsWith(`${CDN}/collections/`)).toBe(true);
      }

      const again = await rewriteUploadUrls(db, published);
      expect(Object.values(again.rewritten).every((count) => count === 0)).toBe(true);
      await expect(rewriteUploadUrls(db, storage)).rejects.toThrow(/S3_PUBLIC_URL/);
    });
  });

  it("runs as `npm run migrate-uploads`: counts, --rewrite-urls on DATABASE_URL, exit codes", async () => {
    const dbFile = join(work, "cli.db");
    const handle = openDatabase(`file:${dbFile}`);
    await migrateToLatest(handle.db);
    const now = new Date().toISOString();
    await handle.db
      .insertInto("collections")
      .values({ slug: "offers", title: "Offers", banner_url: "/uploads/collections/offers-5678abcd", created_at: now, updated_at: now })
      .execute();
    await handle.close();

    const run = promisify(execFile);
    const env = {
      ...process.env,
      ...s3Env(),
      S3_PREFIX: "cli",
      S3_PUBLIC_URL: CDN,
      UPLOADS_DIR: uploads,
      DATABASE_URL: `file:${dbFile}`,
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
    };
    const cli = ["node_modules/.bin/tsx", "scripts/migrate-uploads.ts"];
    const first = await run(cli[0]!, [cli[1]!, "--rewrite-urls"], { env });
    expect(first.stdout).toMatch(/4 copied, 0 already in the bucket, 2 ignored, 0 failed/);
    expect(first.stdout).toMatch(/collections\.banner_url: 1 URL\(s\) rewritten/);
    const second = await run(cli[0]!, [cli[1]!], { env });
    expect(second.stdout).toMatch(/0 copied, 4 already in the bucket/);

    const reopened = openDatabase(`file:${dbFile}`);
    try {
      const row = await reopened.db.selectFrom("collections").select("banner_url").executeTakeFirstOrThrow();
      expect(row.banner_url).toBe(`${CDN}/collections/offers-5678abcd`);
    } finally {
      await reopened.close();
    }

    const failing = await run(cli[0]!, [cli[1]!], { env: { ...env, S3_BUCKET: "no-such-bucket" } }).catch((error: unknown) => error);
    expect(failing).toMatchObject({ code: 1 });
    expect((failing as { stderr: string }).stderr).toMatch(/incomplete/);
    const noBucket = await run(cli[0]!, [cli[1]!], {
      env: { ...process.env, UPLOADS_DIR: uploads, DATABASE_URL: `file:${dbFile}` },
    }).catch((error: unknown) => error);
    expect(noBucket).toMatchObject({ code: 1 });
    expect((noBucket as { stderr: string }).stderr).toMatch(/S3_BUCKET is not set/);
  }, 60_000);
});
