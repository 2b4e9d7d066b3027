import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";
import { assertValidKey, IMMUTABLE_CACHE_CONTROL, InvalidStorageKeyError, type Storage } from "./contract.server";

/**
 * Uploaded files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Scaleway, OVH, …),
 * through the AWS SDK v3. Used when S3_BUCKET is set (docs/decisions/0013). Every app server
 * of a fleet points at the same bucket: nothing is kept on the machine.
 *
 * An object's name is `<S3_PREFIX>/<key>` (just `<key>` without a prefix). A browser fetches it
 * at `<S3_PUBLIC_URL>/<key>` when the bucket (or a CDN in front of it) is public, else at
 * `/uploads/<key>`, which the app serves from the bucket (uploads-handler.server.ts).
 */

/** The environment variables S3Storage is made from (see app/server/env.server.ts and .env.example). */
export interface S3StorageConfig {
  S3_BUCKET: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_PUBLIC_URL?: string;
  /** Unset: path-style addressing exactly when S3_ENDPOINT is set (MinIO and most others need it). */
  S3_FORCE_PATH_STYLE?: boolean;
  S3_PREFIX?: string;
}

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /** Folder of the bucket the keys live under ("" or unset: the bucket's root). */
  prefix?: string;
  /** Absolute base URL the bucket's objects under `prefix` are public at (CDN); unset: served at `urlPrefix`. */
  publicBaseUrl?: string;
  /** Where the app serves the bucket when there is no public base URL; "/uploads" by default. */
  urlPrefix?: string;
}

/** What HeadObject says about a stored object. */
export interface S3ObjectInfo {
  size: number;
  contentType: string | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;
  /** "" or a folder ending in "/". */
  readonly prefix: string;
  readonly publicBaseUrl: string | undefined;
  private readonly urlPrefix: string;

  constructor(options: S3StorageOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    const prefix = (options.prefix ?? "").replace(/^\/+|\/+$/g, "");
    this.prefix = prefix ? `${assertValidKey(prefix)}/` : "";
    this.publicBaseUrl = options.publicBaseUrl?.replace(/\/+$/, "") || undefined;
    this.urlPrefix = (options.urlPrefix ?? "/uploads").replace(/\/+$/, "");
  }

  /** The object name of `key` in the bucket (checked, prefixed). */
  objectKey(key: string): string {
    return `${this.prefix}${assertValidKey(key)}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    // A PUT replaces the object atomically: readers see the old or the new bytes, never a part.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentLength: body.length,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const objectKey = this.objectKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      if (!response.Body) return Buffer.alloc(0);
      const bytes = await response.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    try {
      // S3 answers 204 for a missing key too; some compatible servers say 404.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  /**
   * Size, type and ETag of the object of `key`, or null when there is none. (On AWS, a missing
   * key is a 404 only with s3:ListBucket permission; without it S3 says 403, which throws.)
   */
  async head(key: string): Promise<S3ObjectInfo | null> {
    const objectKey = this.objectKey(key);
    try {
      const response = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return {
        size: response.ContentLength ?? 0,
        contentType: response.ContentType,
        etag: response.ETag,
        lastModified: response.LastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** The object of `key` as a stream with its metadata, or null when there is none (uploadsHandler). */
  async open(key: string): Promise<(S3ObjectInfo & { body: Readable }) | null> {
    const objectKey = this.objectKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return {
        size: response.ContentLength ?? 0,
        contentType: response.ContentType,
        etag: response.ETag,
        lastModified: response.LastModified,
        // In Node.js the SDK's body is an http.IncomingMessage (a Readable).
        body: response.Body as Readable,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  publicUrl(key: string): string {
    return `${this.publicBaseUrl ?? this.urlPrefix}/${assertValidKey(key)}`;
  }

  /**
   * The key behind `<S3_PUBLIC_URL>/<key>` or `/uploads/<key>` (the form stored before the bucket
   * got a public URL, still served by the app), else null.
   */
  keyOf(url: string): string | null {
    for (const base of [this.publicBaseUrl, this.urlPrefix]) {
      if (!base || !url.startsWith(`${base}/`)) continue;
      try {
        return assertValidKey(url.slice(base.length + 1));
      } catch (error) {
        if (error instanceof InvalidStorageKeyError) return null;
        throw error;
      }
    }
    return null;
  }
}

/** The SDK error of a missing object or key: NoSuchKey (GET), NotFound (HEAD), or any 404. */
export function isNotFound(error: unknown): boolean {
  const candidate = error as { name?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  return candidate?.name === "NoSuchKey" || candidate?.name === "NotFound" || candidate?.$metadata?.httpStatusCode === 404;
}

/** The S3 client of the configuration: explicit keys when given, else the SDK's default chain (env, profile, instance role). */
export function s3ClientFrom(config: Omit<S3StorageConfig, "S3_BUCKET" | "S3_PUBLIC_URL" | "S3_PREFIX">): S3Client {
  const options: S3ClientConfig = {
    region: config.S3_REGION || "us-east-1",
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
    // Checksums only where the API requires them: several S3-compatible servers refuse the
    // newer default (CRC32 on every request).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
  if (config.S3_ENDPOINT) options.endpoint = config.S3_ENDPOINT;
  if (config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    options.credentials = { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY };
  }
  return new S3Client(options);
}

/** The bucket storage of the configuration (createStorage calls it when S3_BUCKET is set). */
export function createS3Storage(config: S3StorageConfig): S3Storage {
  return new S3Storage({
    client: s3ClientFrom(config),
    bucket: config.S3_BUCKET,
    prefix: config.S3_PREFIX,
    publicBaseUrl: config.S3_PUBLIC_URL,
  });
}
