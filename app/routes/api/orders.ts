import { getDb } from "~/server/db/connection.server";
import { readJsonWithin } from "~/server/http/json-body.server";
import { orderContext } from "~/server/http/order-context.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { checkOrderApiAccess } from "~/server/http/order-api-access.server";
import { placeOrder } from "~/server/orders/index.server";
import type { Route } from "./+types/orders";

const noStore = { "Cache-Control": "no-store" };

/**
 * The largest body read (413 above, before it is buffered): a full cart of 50 lines with every
 * customer field at its longest is under 10 KB.
 */
const MAX_ORDER_BODY_BYTES = 64 * 1024;

type RefusalCode = "invalid_json" | "method_not_allowed" | "body_too_large" | "unsupported_media_type" | "cross_site" | "invalid_api_token";

async function refuse(request: Request, status: 400 | 401 | 403 | 405 | 413 | 415, code: RefusalCode) {
  const { t } = await requestI18n(request);
  const headers: Record<string, string> = { ...noStore };
  if (status === 405) headers.Allow = "POST";
  if (status === 415) headers["Accept-Post"] = "application/json";
  if (status === 401) headers["WWW-Authenticate"] = 'Bearer realm="orders"';
  return Response.json({ error: { code, message: t(`orders.errors.${code}`), fields: {} } }, { status, headers });
}

/** GET (and HEAD) /api/orders: only POST is allowed. */
export async function loader({ request }: Route.LoaderArgs) {
  return refuse(request, 405, "method_not_allowed");
}

/**
 * POST /api/orders: a JSON OrderRequestBody (app/lib/order-request.ts), with an optional
 * Idempotency-Key header, from the shop's own origin or with the integrations' bearer token
 * (checkOrderApiAccess; docs/orders-api.md). 201 with the OrderCreated, or { error: OrderError }
 * with 400, 401 (a wrong token), 403 (another site), 413 (body over MAX_ORDER_BODY_BYTES),
 * 415 (not application/json), 422 or 429.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return refuse(request, 405, "method_not_allowed");
  // Before the body is read: a refused request costs no buffering.
  const access = checkOrderApiAccess(request);
  if (!access.ok) return refuse(request, access.status, access.code);
  const read = await readJsonWithin(request, MAX_ORDER_BODY_BYTES);
  if (!read.ok) return read.reason === "too_large" ? refuse(request, 413, "body_too_large") : refuse(request, 400, "invalid_json");
  const body = read.body;
  const { language } = await requestI18n(request);
  // The same service function as the order forms' route actions.
  const result = await placeOrder(
    getDb(),
    body,
    orderContext(request, language, { idempotencyKey: request.headers.get("Idempotency-Key"), formPost: false }),
  );
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status, headers: noStore });
  return Response.json(result.order, { status: 201, headers: noStore });
}
