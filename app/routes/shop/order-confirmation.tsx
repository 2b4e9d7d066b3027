import { data } from "react-router";
import { useTranslation } from "~/i18n/react";
import { OrderConfirmation } from "~/components/shop/order/OrderConfirmation";
import { seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db/connection.server";
import { pageContext } from "~/server/http/page-context.server";
import { getOrderConfirmation } from "~/server/orders/index.server";
import type { Route } from "./+types/order-confirmation";

/**
 * One shopper's order confirmation, addressed by its unguessable token (a plain post's order
 * form lands here, 303): never cached by anyone but that shopper's browser, never indexed, and
 * showing no more than the confirmation itself (no address line, the phone masked). An unknown
 * token is a 404 that says nothing about other orders.
 */
const OWN_PAGE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { t, language } = ctx;
  const confirmation = await getOrderConfirmation(getDb(), params.token, language);
  const seo = ctx.seo({
    title: ctx.pageTitle(t(confirmation ? "order.confirmation.pageTitle" : "order.confirmation.notFoundTitle")),
    description: t("order.confirmation.pageTitle"),
    // The page's own address is its secret: it is never named as canonical or shared.
    path: "/",
    noindex: true,
  });
  return data({ confirmation: confirmation ?? null, seo }, { status: confirmation ? 200 : 404, headers: OWN_PAGE });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : [{ name: "robots", content: "noindex" }]);

export function headers(): HeadersInit {
  return OWN_PAGE;
}

export default function OrderConfirmationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.confirmation) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="order-confirmation-not-found">
        <h1 className="text-2xl font-bold">{t("order.confirmation.notFoundTitle")}</h1>
        <p className="mt-3 text-stone-600">{t("order.confirmation.notFoundText")}</p>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <OrderConfirmation confirmation={loaderData.confirmation} />
    </div>
  );
}
