import { inventoryCsv, inventoryCsvFilename } from "~/lib/inventory";
import { ADMIN_HEADERS, requireAdmin } from "~/server/http/admin-session.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { listInventoryItems } from "~/server/catalog/index.server";
import { getDb } from "~/server/db/connection.server";
import type { Route } from "./+types/inventory-csv";

/** GET /admin/inventory.csv: every product's and variant's stock as a spreadsheet (UTF-8 with BOM), lowest stock first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "inventory");
  const { t, language } = await requestI18n(request);
  const items = await listInventoryItems(getDb(), language);
  const csv = inventoryCsv(items, {
    header: {
      product: t("adminInventory.inventory.csv.product"),
      variant: t("adminInventory.inventory.csv.variant"),
      sku: t("adminInventory.inventory.csv.sku"),
      quantity: t("adminInventory.inventory.csv.quantity"),
      minimum: t("adminInventory.inventory.csv.minimum"),
      status: t("adminInventory.inventory.csv.status"),
    },
    status: {
      out: t("adminInventory.inventory.status.out"),
      low: t("adminInventory.inventory.status.low"),
      available: t("adminInventory.inventory.status.available"),
    },
    unknownProduct: t("adminInventory.inventory.alerts.unknownProduct"),
  });
  return new Response(csv, {
    headers: {
      ...ADMIN_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${inventoryCsvFilename(new Date())}"`,
    },
  });
}
