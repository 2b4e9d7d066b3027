import type { Language } from "~/i18n/config";
import type { PlaceOrderContext } from "../orders/index.server";
import { clientIp } from "./client-address.server";
import { readReferral } from "./referral-cookies.server";

/**
 * The order context of a request (POST /api/orders, an order form's post): the shopper's address,
 * language, browser and referral cookies. An order form's post without the client's key (no
 * JavaScript: its page is shared by the page cache, so it carries nothing per visitor) is a plain
 * post, whose duplicate key the order service derives (docs/decisions/0023).
 */
export function orderContext(
  request: Request,
  language: Language,
  options: { idempotencyKey?: string | null; formPost: boolean },
): PlaceOrderContext {
  return {
    ip: clientIp(request),
    idempotencyKey: options.idempotencyKey ?? null,
    formPost: options.formPost,
    language,
    userAgent: request.headers.get("user-agent"),
    referral: readReferral(request),
  };
}
