import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "../env.server";

/**
 * Where uploaded files (product image variants) live, behind one small interface:
 * a local folder by default (LocalStorage), an S3-compatible bucket later.
 *
 * A key is a relative, slash-separated path such as `products/kitchen-blender-3f9a2c1d-640.webp`:
 * segments of ASCII letters, digits, `.`, `_` and `-` that do not start with a dot (so never `..`
 * and never a hidden file), never absolute.
 */
export interface Storage {
  /** Stores `body` under `key`, replacing what was there. Readers never see a half-written file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The URL a browser fetches `key` at (for a local folder: /uploads/<key>). */
  publicUrl(key: string): string;
  /** The key behind a URL made by publicUrl, or null for any other URL (a static file, another host). */
  keyOf(url: string): string | null;
}

export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid storage key ${JSON.stringify(key)}: use relative segments of [A-Za-z0-9._-] not starting with "."`);
    this.name = "InvalidStorageKeyError";
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Throws InvalidStorageKeyError unless `key` is a safe relative key; returns it. */
export function assertValidKey(key: string): string {
  const valid =
    key.length > 0 &&
    key.length <= 512 &&
    key.split("/").every((segment) => SEGMENT.test(segment));
  if (!valid) throw new InvalidStorageKeyError(key);
  return key;
}

/** The folder the local storage uses unless UPLOADS_DIR says otherwise (server.js serves it at /uploads). */
export const DEFAULT_UPLOADS_DIR = "data/uploads";

/** Files under a local folder (relative to the working directory), served by server.js at `/uploads/<key>`. */
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

/** The storage the configuration asks for: today always the local folder UPLOADS_DIR (S3 comes later). */
export function createStorage(config: { UPLOADS_DIR: string }): Storage {
  return new LocalStorage(config.UPLOADS_DIR);
}

let shared: Storage | undefined;

/** The process-wide storage of UPLOADS_DIR, made on first use (routes use it; tests make their own). */
export function getStorage(): Storage {
  shared ??= createStorage(env());
  return shared;
}
