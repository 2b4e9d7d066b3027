/**
 * Where uploaded files (product image variants) live, behind one small interface:
 * a local folder by default (LocalStorage, storage.server.ts), an S3-compatible bucket when
 * S3_BUCKET is set (S3Storage, s3-storage.server.ts).
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
  /** The URL a browser fetches `key` at (/uploads/<key>, or under the bucket's public base URL). */
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
  const valid = key.length > 0 && key.length <= 512 && key.split("/").every((segment) => SEGMENT.test(segment));
  if (!valid) throw new InvalidStorageKeyError(key);
  return key;
}

/**
 * The caching of a stored file, wherever it is served from: its key carries a hash of its
 * content, so the bytes behind a URL never change.
 */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
