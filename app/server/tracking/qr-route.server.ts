import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import { publicOrigin } from "../seo/origin.server";
import { qrPng, qrSvg } from "./qr.server";
import { shareLinkByCode } from "./tracking.service.server";

/**
 * GET /qr/CODE.svg | /qr/CODE.png (routes/api/qr.ts is the thin adapter): the QR code of the
 * active link's full URL, rendered by our server; 404 for a malformed name, an unknown or
 * inactive code, or a link whose target is gone. Cacheable for a day, with an ETag (the hash of
 * the encoded URL and format) and 304 on a matching If-None-Match.
 */

const QR_FILE = /^([A-Za-z0-9]{8})\.(svg|png)$/;
const CACHE_CONTROL = "public, max-age=86400";

export function parseQrFile(file: string | undefined): { code: string; format: "svg" | "png" } | null {
  const match = file ? QR_FILE.exec(file) : null;
  if (!match) return null;
  return { code: match[1]!.toUpperCase(), format: match[2] as "svg" | "png" };
}

/** True when an If-None-Match header names `etag` (or is `*`); weak validators compare equal (RFC 9110 weak comparison). */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export async function qrResponse(
  db: Kysely<Database>,
  request: Request,
  file: string | undefined,
  options: { origin?: string } = {},
): Promise<Response> {
  const parsed = parseQrFile(file);
  if (!parsed) return notFound();
  const link = await shareLinkByCode(db, parsed.code, options.origin ?? publicOrigin(request));
  if (!link) return notFound();
  const etag = `"${createHash("sha256").update(`${parsed.format}\n${link.fullUrl}`).digest("base64url").slice(0, 27)}"`;
  const headers: Record<string, string> = { "Cache-Control": CACHE_CONTROL, ETag: etag };
  if (etagMatches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  if (parsed.format === "svg") {
    return new Response(await qrSvg(link.fullUrl), { headers: { ...headers, "Content-Type": "image/svg+xml" } });
  }
  const png = await qrPng(link.fullUrl);
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Type": "image/png" } });
}
