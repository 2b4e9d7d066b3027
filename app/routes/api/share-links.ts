import { PUBLIC_BODY_BYTES } from "~/lib/body-limits";
import { getDb } from "~/server/db/connection.server";
import { clientIp } from "~/server/http/client-address.server";
import { readJsonWithin } from "~/server/http/json-body.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { requestShareLink, type ShareLinkErrorCode } from "~/server/tracking/index.server";
import type { Route } from "./+types/share-links";

const noStore = { "Cache-Control": "no-store" };

/** `{ error: { code, message } }`, the message translated (share.errors.*); 405 names POST in Allow. */
async function shareLinkError(request: Request, status: 400 | 404 | 405 | 422 | 429, code: ShareLinkErrorCode): Promise<Response> {
  const { t } = await requestI18n(request);
  const headers: Record<string, string> = { ...noStore };
  if (status === 405) headers.Allow = "POST";
  return Response.json({ error: { code, message: t(`share.errors.${code}`) } }, { status, headers });
}

/** GET (and HEAD) /api/share-links: only POST is allowed. */
export async function loader({ request }: Route.LoaderArgs) {
  return shareLinkError(request, 405, "methodNotAllowed");
}

/**
 * POST /api/share-links: JSON `{ targetType, targetId, variantId?, utmSource?, utmMedium?, utmCampaign? }` →
 * 201 (new) / 200 (existing) ShareLinkResponse (app/lib/tracking.ts), or `{ error: { code, message } }`
 * with 400, 404, 405, 422 or 429.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return shareLinkError(request, 405, "methodNotAllowed");
  // Over the size limit the server's body limits answered 413 before this ran.
  const read = await readJsonWithin(request, PUBLIC_BODY_BYTES);
  const { language } = await requestI18n(request);
  const result = await requestShareLink(getDb(), {
    ip: clientIp(request),
    body: read.ok ? { ok: true, value: read.body } : { ok: false },
    origin: publicOrigin(request),
    language,
  });
  if (!result.ok) return shareLinkError(request, result.status, result.code);
  return Response.json(result.link, { status: result.status, headers: noStore });
}
