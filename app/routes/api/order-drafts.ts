import { MAX_DRAFT_BODY_BYTES } from "~/lib/order-draft";
import { getDb } from "~/server/db/connection.server";
import { clientIp } from "~/server/http/client-address.server";
import { readJsonWithin } from "~/server/http/json-body.server";
import { isSameOrigin } from "~/server/http/same-origin.server";
import { saveOrderDraft } from "~/server/orders/index.server";
import type { Route } from "./+types/order-drafts";

const noStore = { "Cache-Control": "no-store" };

/** Nobody reads these answers but the shop's own script (a beacon): a status and a code, no text. */
function refuse(status: 400 | 403 | 405 | 413 | 429, code: string) {
  const headers: Record<string, string> = { ...noStore };
  if (status === 405) headers.Allow = "POST";
  return Response.json({ error: { code } }, { status, headers });
}

/** GET (and HEAD) /api/order-drafts: only POST is allowed. */
export function loader() {
  return refuse(405, "method_not_allowed");
}

/**
 * POST /api/order-drafts: an abandoned order form (app/lib/order-draft.ts), sent by the order
 * forms once the phone is a valid mobile, from the shop's own pages only (no cookie needed).
 * 204 when stored, 400 (not a draft), 403 (another site), 413 (over MAX_DRAFT_BODY_BYTES) or 429.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return refuse(405, "method_not_allowed");
  if (!isSameOrigin(request)) return refuse(403, "cross_site");
  const read = await readJsonWithin(request, MAX_DRAFT_BODY_BYTES);
  if (!read.ok) return read.reason === "too_large" ? refuse(413, "body_too_large") : refuse(400, "invalid_json");
  const saved = await saveOrderDraft(getDb(), read.body, { ip: clientIp(request) });
  if (!saved.ok) return saved.reason === "rate_limited" ? refuse(429, "rate_limited") : refuse(400, "invalid_draft");
  return new Response(null, { status: 204, headers: noStore });
}
