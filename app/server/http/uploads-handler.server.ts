import { pipeline } from "node:stream/promises";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { logger } from "../logger.server";
import {
  assertValidKey,
  IMMUTABLE_CACHE_CONTROL,
  InvalidStorageKeyError,
  LocalStorage,
  S3Storage,
  type S3ObjectInfo,
  type Storage,
} from "../storage/index.server";

/**
 * The middleware that answers `/uploads/<key>` (mounted at /uploads by server.js) for `storage`:
 * - a local folder: express.static over it (one-year immutable cache, no index, a missing file
 *   is a 404 that never reaches the app);
 * - a bucket: the object streamed from it (GetObject), with its type, length and ETag, the same
 *   cache, 304 for a matching If-None-Match, 404 when missing. Only GET and HEAD. The key is
 *   checked like every storage key (assertValidKey) before anything is asked of the bucket, so
 *   `..` or an encoded slash is a 404, never a read elsewhere.
 */
export function createUploadsHandler(storage: Storage): RequestHandler {
  if (storage instanceof LocalStorage) {
    return express.static(storage.root, { immutable: true, maxAge: "1y", index: false, fallthrough: false });
  }
  if (storage instanceof S3Storage) return bucketHandler(storage);
  throw new Error("createUploadsHandler: unknown storage");
}

function bucketHandler(storage: S3Storage): RequestHandler {
  return async function serveFromBucket(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).type("text/plain").send("Method Not Allowed");
      return;
    }
    const key = keyOfPath(req.path);
    if (key === null) {
      notFound(res);
      return;
    }
    try {
      const conditional = req.headers["if-none-match"] !== undefined || req.headers["if-modified-since"] !== undefined;
      if (req.method === "HEAD" || conditional) {
        const info = await storage.head(key);
        if (!info) return notFound(res);
        setObjectHeaders(res, info);
        if (notModified(req, info)) {
          res.removeHeader("Content-Length");
          res.removeHeader("Content-Type");
          res.status(304).end();
          return;
        }
        if (req.method === "HEAD") {
          res.status(200).end();
          return;
        }
      }
      const object = await storage.open(key);
      if (!object) return notFound(res);
      setObjectHeaders(res, object);
      res.status(200);
      try {
        await pipeline(object.body, res);
      } catch (error) {
        // A client that goes away mid-download is not the shop's problem.
        if ((error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") {
          logger.warn({ err: error, key }, "streaming an upload from the bucket failed");
        }
        res.destroy();
      }
    } catch (error) {
      next(error);
    }
  };
}

/** The storage key of a request path relative to the mount ("/products/x-640.webp"), or null. */
export function keyOfPath(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.replace(/^\//, ""));
  } catch {
    return null;
  }
  try {
    return assertValidKey(decoded);
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) return null;
    throw error;
  }
}

function setObjectHeaders(res: Response, info: S3ObjectInfo): void {
  res.setHeader("Content-Type", info.contentType || "application/octet-stream");
  res.setHeader("Content-Length", String(info.size));
  if (info.etag) res.setHeader("ETag", info.etag);
  if (info.lastModified) res.setHeader("Last-Modified", info.lastModified.toUTCString());
  res.setHeader("Cache-Control", IMMUTABLE_CACHE_CONTROL);
}

/** RFC 9110 13.1.2/13.1.3: If-None-Match (weak comparison) wins over If-Modified-Since. */
function notModified(req: Request, info: S3ObjectInfo): boolean {
  const noneMatch = req.headers["if-none-match"];
  if (noneMatch !== undefined) {
    if (!info.etag) return false;
    const etag = opaque(info.etag);
    return noneMatch.split(",").some((candidate) => candidate.trim() === "*" || opaque(candidate.trim()) === etag);
  }
  const since = Date.parse(req.headers["if-modified-since"] ?? "");
  if (Number.isNaN(since) || !info.lastModified) return false;
  return Math.floor(info.lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

function opaque(etag: string): string {
  return etag.replace(/^W\//, "");
}

function notFound(res: Response): void {
  res.status(404).type("text/plain").send("Not Found");
}
