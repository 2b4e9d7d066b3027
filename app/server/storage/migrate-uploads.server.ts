import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import { InvalidStorageKeyError, assertValidKey } from "./contract.server";
import type { S3Storage } from "./s3-storage.server";
import type { LocalStorage } from "./storage.server";

/**
 * `npm run migrate-uploads` (scripts/migrate-uploads.ts): moving a shop's uploads from the local
 * folder UPLOADS_DIR to the bucket S3_BUCKET, and optionally its stored image URLs to the
 * bucket's public base URL S3_PUBLIC_URL.
 */

export interface CopyReport {
  /** Files written to the bucket. */
  copied: number;
  /** Files already in the bucket with the same size (not written again unless `force`). */
  skipped: number;
  /** Files whose relative path is not a storage key (a temporary `.x.tmp`, a name with spaces…): left alone. */
  ignored: string[];
  /** Files that could not be copied, with the reason. */
  failed: { key: string; error: string }[];
}

export interface CopyOptions {
  /** Write every file, even when the bucket has it with the same size. */
  force?: boolean;
  /** Files copied at once (default 8). */
  concurrency?: number;
  /** Called after each file, e.g. to print progress. */
  onFile?: (key: string, outcome: "copied" | "skipped" | "failed") => void;
}

/** Copies every file under `source` into `target` under the same key. Never deletes anything. */
export async function copyUploadsToBucket(source: LocalStorage, target: S3Storage, options: CopyOptions = {}): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, ignored: [], failed: [] };
  const keys: string[] = [];
  for (const relative of await listFiles(source.root)) {
    try {
      keys.push(assertValidKey(relative));
    } catch (error) {
      if (!(error instanceof InvalidStorageKeyError)) throw error;
      report.ignored.push(relative);
    }
  }

  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        const file = source.pathOf(key);
        const size = (await stat(file)).size;
        const present = options.force ? null : await target.head(key);
        if (present && present.size === size) {
          report.skipped += 1;
          options.onFile?.(key, "skipped");
          continue;
        }
        await target.put(key, await readFile(file), contentTypeOf(key));
        report.copied += 1;
        options.onFile?.(key, "copied");
      } catch (error) {
        report.failed.push({ key, error: error instanceof Error ? error.message : String(error) });
        options.onFile?.(key, "failed");
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  return report;
}

/** Every regular file under `root`, as a slash-separated relative path, sorted; [] when `root` does not exist. */
async function listFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
};

/** The Content-Type a file is stored with, by its extension (Souq itself writes only .webp). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** The columns that store URLs made by Storage.publicUrl (base URLs of WebP variants). */
export const UPLOAD_URL_COLUMNS = [
  { table: "product_images", column: "url" },
  { table: "collections", column: "banner_url" },
  { table: "custom_pages", column: "hero_url" },
] as const;

export interface RewriteReport {
  /** Rows changed, by "table.column". */
  rewritten: Record<string, number>;
}

/**
 * Rewrites every stored `/uploads/<key>` URL to `storage.publicUrl(key)` (S3_PUBLIC_URL/<key>),
 * one transaction per table, so images are fetched from the bucket's public address (CDN)
 * instead of through the app. URLs of another form (static demo files, already rewritten) are
 * left alone, so running it twice changes nothing the second time.
 */
export async function rewriteUploadUrls(db: Kysely<Database>, storage: S3Storage, options: { from?: string } = {}): Promise<RewriteReport> {
  if (!storage.publicBaseUrl) throw new Error("rewriteUploadUrls: the bucket has no public base URL (S3_PUBLIC_URL)");
  const from = (options.from ?? "/uploads").replace(/\/+$/, "");
  const report: RewriteReport = { rewritten: {} };
  for (const { table, column } of UPLOAD_URL_COLUMNS) {
    // Dynamic table and column names: Kysely's typed builder cannot follow them, the list is fixed above.
    const untyped = db as unknown as Kysely<Record<string, { id: number; [column: string]: unknown }>>;
    report.rewritten[`${table}.${column}`] = await untyped.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom(table)
        .select(["id", `${column} as url`])
        .where(column, "like", `${from}/%`)
        .execute();
      let changed = 0;
      for (const row of rows) {
        const url = row.url as string;
        let key: string;
        try {
          key = assertValidKey(url.slice(from.length + 1));
        } catch {
          continue;
        }
        const rewritten = storage.publicUrl(key);
        if (rewritten === url) continue;
        await trx
          .updateTable(table)
          .set({ [column]: rewritten })
          .where("id", "=", row.id)
          .execute();
        changed += 1;
      }
      return changed;
    });
  }
  return report;
}
