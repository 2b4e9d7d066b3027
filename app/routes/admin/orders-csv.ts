import { orderStatusesFor } from "~/lib/admin-roles";
import { DELIVERY_TYPES } from "~/lib/delivery-options";
import { ORDER_STATUSES, parseOrderFilter } from "~/lib/order-filter";
import { ordersCsv, ordersCsvFilename, type OrdersCsvLabels } from "~/lib/order-print";
import { ORDER_SOURCES } from "~/lib/order-request";
import { ADMIN_HEADERS, requireAdmin } from "~/server/http/admin-session.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { getDb } from "~/server/db/connection.server";
import { loadPrintableOrders } from "~/server/orders/index.server";
import type { Route } from "./+types/orders-csv";

/** The Intl locale of the export's local date column, per interface language. */
const DATE_LOCALES = { ar: "ar-DZ", fr: "fr-DZ", en: "en-GB" } as const;

/**
 * GET /admin/orders.csv?<the orders list's filter>: the filtered orders as a spreadsheet (UTF-8
 * with BOM), newest first, one line per order, headers and labels in the admin's language.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, ["orders", "fulfilment"]);
  const { language, t } = await requestI18n(request);
  const filter = parseOrderFilter(new URL(request.url).searchParams);
  const orders = await loadPrintableOrders(getDb(), { ...filter, restrictTo: orderStatusesFor(admin.role) });
  const labels: OrdersCsvLabels = {
    header: {
      orderNumber: t("adminOrdersPrint.csv.orderNumber"),
      date: t("adminOrdersPrint.csv.date"),
      localDate: t("adminOrdersPrint.csv.localDate"),
      status: t("adminOrdersPrint.csv.status"),
      source: t("adminOrdersPrint.csv.source"),
      customer: t("adminOrdersPrint.csv.customer"),
      phone: t("adminOrdersPrint.csv.phone"),
      wilaya: t("adminOrdersPrint.csv.wilaya"),
      commune: t("adminOrdersPrint.csv.commune"),
      deliveryType: t("adminOrdersPrint.csv.deliveryType"),
      stopDesk: t("adminOrdersPrint.csv.stopDesk"),
      items: t("adminOrdersPrint.csv.items"),
      itemsTotal: t("adminOrdersPrint.csv.itemsTotal"),
      delivery: t("adminOrdersPrint.csv.delivery"),
      total: t("adminOrdersPrint.csv.total"),
    },
    status: Object.fromEntries(ORDER_STATUSES.map((status) => [status, t(`adminOrders.status.${status}`)])),
    source: Object.fromEntries(ORDER_SOURCES.map((source) => [source, t(`adminOrders.source.${source}`)])),
    deliveryType: Object.fromEntries(DELIVERY_TYPES.map((type) => [type, t(`adminOrdersPrint.deliveryType.${type}`)])),
    locale: DATE_LOCALES[language],
    arabicNames: language === "ar",
  };
  return new Response(ordersCsv(orders, labels), {
    headers: {
      ...ADMIN_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ordersCsvFilename(new Date())}"`,
    },
  });
}
