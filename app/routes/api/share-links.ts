import { getDb } from "~/server/db/connection.server";
import { handleShareLinkRequest, shareLinkError } from "~/server/tracking/share-links.server";
import type { Route } from "./+types/share-links";

/** GET (and HEAD) /api/share-links: only POST is allowed. */
export async function loader({ request }: Route.LoaderArgs) {
  return shareLinkError(request, 405, "methodNotAllowed");
}

/**
 * POST /api/share-links: JSON `{ targetType, targetId, utmSource?, utmMedium?, utmCampaign? }` →
 * 201 (new) / 200 (existing) ShareLinkResponse (app/lib/tracking.ts), or `{ error: { code, message } }`
 * (see app/server/tracking/share-links.server.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  return handleShareLinkRequest(getDb(), request);
}
