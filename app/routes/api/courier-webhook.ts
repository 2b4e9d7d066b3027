import { getDb } from "~/server/db/connection.server";
import { BodyTooLargeError, readBodyWithin } from "~/server/http/body-meter.server";
import { clientIp } from "~/server/http/client-address.server";
import { answerCourierWebhookHandshake, COURIER_WEBHOOK_MAX_BYTES, receiveCourierWebhook } from "~/server/shipping/index.server";
import type { Route } from "./+types/courier-webhook";

const noStore = { "Cache-Control": "no-store" };

/** The courier-facing answers carry no text of the shop: a status and its code. */
function status(code: number, error?: string): Response {
  return Response.json(error ? { error } : { ok: true }, { status: code, headers: noStore });
}

/** GET /api/couriers/webhooks/:accountId?…: the family's subscription handshake (Yalidine's crc_token), else 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const answer = await answerCourierWebhookHandshake(getDb(), {
    accountId: Number(params.accountId),
    query: new URL(request.url).searchParams,
    ip: clientIp(request),
  });
  if (answer.status !== 200) return status(answer.status, answer.status === 429 ? "rate_limited" : "not_found");
  return Response.json(answer.body, { headers: noStore });
}

/**
 * POST /api/couriers/webhooks/:accountId: a courier's signed events. The raw bytes are read
 * (at most COURIER_WEBHOOK_MAX_BYTES, else 413) and verified before anything parses them:
 * 401 for a bad or missing signature, 404 for an account without webhooks, 200 once applied.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method_not_allowed" }, { status: 405, headers: { ...noStore, Allow: "POST" } });
  let chunks: Uint8Array[];
  try {
    chunks = await readBodyWithin(
      request.body,
      { maxBytes: COURIER_WEBHOOK_MAX_BYTES, maxFields: 0, maxFiles: 0 },
      { contentType: null, contentLength: request.headers.get("Content-Length") },
    );
  } catch (error) {
    return status(error instanceof BodyTooLargeError ? 413 : 400, error instanceof BodyTooLargeError ? "body_too_large" : "bad_body");
  }
  const result = await receiveCourierWebhook(getDb(), {
    accountId: Number(params.accountId),
    rawBody: new Uint8Array(Buffer.concat(chunks)),
    headers: request.headers,
    ip: clientIp(request),
  });
  if (result.status === 200) return status(200);
  return status(result.status, result.status === 401 ? "bad_signature" : result.status === 429 ? "rate_limited" : "not_found");
}
