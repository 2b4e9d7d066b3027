/**
 * Where uploaded files live: a local folder or an S3 bucket behind one Storage contract, and the
 * move from one to the other. The one way into app/server/storage/ from outside it.
 */
export * from "./storage.server";
export { createS3Storage, s3ClientFrom, type S3ObjectInfo, type S3StorageConfig } from "./s3-storage.server";
export * from "./migrate-uploads.server";
