import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "../env.server";
import { assertValidKey, InvalidStorageKeyError, type Storage } from "./contract.server";
import { createS3Storage, type S3StorageConfig } from "./s3-storage.server";

export { assertValidKey, IMMUTABLE_CACHE_CONTROL, InvalidStorageKeyError, type Storage } from "./contract.server";
export { S3Storage } from "./s3-storage.server";

/** The folder the local storage uses unless UPLOADS_DIR says otherwise (served at /uploads, see uploadsHandler). */
export const DEFAULT_UPLOADS_DIR = "data/uploads";

/** Files under a local folder (relative to the working directory), served at `/uploads/<key>` (uploadsHandler). */
export class LocalStorage implements Storage {
  readonly root: string;
  private readonly urlPrefix: string;

  constructor(root: string = DEFAULT_UPLOADS_DIR, options: { urlPrefix?: string } = {}) {
    this.root = path.resolve(root);
    this.urlPrefix = (options.urlPrefix ?? "/uploads").replace(/\/+$/, "");
  }

  /** The absolute path of `key`, checked to stay inside the root. */
  pathOf(key: string): string {
    const file = path.resolve(this.root, assertValidKey(key));
    if (!file.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write beside, then rename: atomic on one file system, so a concurrent reader (or a second
    // writer of the same key) never sees a partial file. The dot name is never served by express.static.
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
    try {
      await writeFile(temporary, body);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  publicUrl(key: string): string {
    return `${this.urlPrefix}/${assertValidKey(key)}`;
  }

  keyOf(url: string): string | null {
    if (!url.startsWith(`${this.urlPrefix}/`)) return null;
    const key = url.slice(this.urlPrefix.length + 1);
    try {
      return assertValidKey(key);
    } catch {
      return null;
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * The storage the configuration asks for: the bucket S3_BUCKET when it is set (S3Storage),
 * else the local folder UPLOADS_DIR.
 */
export function createStorage(config: { UPLOADS_DIR: string } & Partial<S3StorageConfig>): Storage {
  if (config.S3_BUCKET) return createS3Storage({ ...config, S3_BUCKET: config.S3_BUCKET });
  return new LocalStorage(config.UPLOADS_DIR);
}

let shared: Storage | undefined;

/** The process-wide storage (bucket or folder, see createStorage), made on first use (routes use it; tests make their own). */
export function getStorage(): Storage {
  shared ??= createStorage(env());
  return shared;
}
