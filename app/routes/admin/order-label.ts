import { ADMIN_HEADERS, forbiddenResponse, requireAdmin } from "~/server/http/admin-session.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { getDb } from "~/server/db/connection.server";
import { mayAdminOpenOrders } from "~/server/orders/index.server";
import { orderLabel } from "~/server/shipping/index.server";
import type { Route } from "./+types/order-label";

/**
 * GET /admin/orders/:id/label: the order's courier label, to print. A label the courier serves
 * at a URL is a redirect to it; one its API answers as a PDF is streamed (private, never stored).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, ["orders", "fulfilment"]);
  const { t } = await requestI18n(request);
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  if (id !== null && !(await mayAdminOpenOrders(getDb(), admin, [id]))) throw await forbiddenResponse(request);
  const found = id === null ? ({ ok: false, error: "no_parcel" } as const) : await orderLabel(getDb(), id);
  if (!found.ok) {
    const status = found.error === "no_parcel" ? 404 : 502;
    return new Response(t(found.error === "no_parcel" ? "adminShipping.labels.noParcel" : "adminShipping.labels.unavailable"), {
      status,
      headers: { ...ADMIN_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  if (found.label.kind === "url")
    return new Response(null, { status: 302, headers: { ...ADMIN_HEADERS, "Cache-Control": "private, no-store", Location: found.label.url } });
  return new Response(new Uint8Array(found.label.bytes), {
    headers: {
      ...ADMIN_HEADERS,
      "Cache-Control": "private, no-store",
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="label-${found.orderNumber.replace(/[^\w-]/g, "")}.pdf"`,
    },
  });
}
