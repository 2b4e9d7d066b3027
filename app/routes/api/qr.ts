import { parseQrFile } from "~/lib/tracking";
import { getDb } from "~/server/db/connection.server";
import { etagMatches } from "~/server/http/etag.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { linkQrCode } from "~/server/tracking/index.server";
import type { Route } from "./+types/qr";

/**
 * GET /qr/CODE.svg | /qr/CODE.png: the QR code of an active link's full URL, drawn by our server;
 * 404 for a malformed name, an unknown or inactive code, or a link whose target is gone.
 * Cacheable for a day, with an ETag and 304 on a matching If-None-Match.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const notFound = () =>
    new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const parsed = parseQrFile(params.file);
  if (!parsed) return notFound();
  const qr = await linkQrCode(getDb(), parsed.code, parsed.format, publicOrigin(request));
  if (!qr) return notFound();
  const headers: Record<string, string> = { "Cache-Control": "public, max-age=86400", ETag: qr.etag };
  if (etagMatches(request.headers.get("If-None-Match"), qr.etag)) return new Response(null, { status: 304, headers });
  return new Response(await qr.render(), { headers: { ...headers, "Content-Type": qr.contentType } });
}
