import { ADMIN_HEADERS, forbiddenResponse, requireAdmin } from "~/server/http/admin-session.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { getDb } from "~/server/db/connection.server";
import { mayAdminOpenOrders } from "~/server/orders/index.server";
import { MAX_LABELS, mergedLabels } from "~/server/shipping/index.server";
import type { Route } from "./+types/orders-labels";

/**
 * GET /admin/orders/labels?ids=1,2,3 (or ids=1&ids=2): the labels of a selection's parcels in
 * one PDF, merged on the server, to print at once (at most MAX_LABELS orders; private, never stored).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, ["orders", "fulfilment"]);
  const { t } = await requestI18n(request);
  const ids = new URL(request.url).searchParams
    .getAll("ids")
    .flatMap((value) => value.split(","))
    .filter((value) => /^\d{1,9}$/.test(value))
    .map(Number)
    .slice(0, MAX_LABELS);
  if (!(await mayAdminOpenOrders(getDb(), admin, ids))) throw await forbiddenResponse(request);
  const merged = await mergedLabels(getDb(), ids);
  if (!merged.ok) {
    return new Response(t("adminShipping.labels.none"), { status: 404, headers: { ...ADMIN_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(new Uint8Array(merged.pdf), {
    headers: {
      ...ADMIN_HEADERS,
      "Cache-Control": "private, no-store",
      "Content-Type": "application/pdf",
      "Content-Disposition": 'inline; filename="labels.pdf"',
    },
  });
}
