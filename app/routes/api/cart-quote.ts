import * as z from "zod/mini";
import { PUBLIC_BODY_BYTES } from "~/lib/body-limits";
import { MAX_CART_LINES } from "~/lib/cart";
import { quoteCart } from "~/server/cart/index.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { getDb } from "~/server/db/connection.server";
import { readJsonWithin } from "~/server/http/json-body.server";
import type { Route } from "./+types/cart-quote";

const quoteRequest = z.object({
  items: z.array(z.object({ productId: z.string(), quantity: z.number(), variantId: z.optional(z.number()) })).check(z.maxLength(MAX_CART_LINES * 4)),
});

/**
 * POST /api/cart/quote `{ items: [{ productId, quantity, variantId? }] }`: the cart priced from the
 * database (current titles in the shopper's language, prices, stock; unknown products
 * flagged). The cart page and the cart provider call it; nothing is stored.
 */
/** GET (and HEAD): only POST is allowed; a plain 405 rather than React Router's logged "no loader" error. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const { language, t } = await requestI18n(request);
  const headers = { "Cache-Control": "private, no-store" };
  const read = await readJsonWithin(request, PUBLIC_BODY_BYTES);
  const parsed = quoteRequest.safeParse(read.ok ? read.body : null);
  if (!parsed.success) return Response.json({ error: t("cart.api.invalidCart") }, { status: 400, headers });
  return Response.json(await quoteCart(getDb(), parsed.data.items, language), { headers });
}
