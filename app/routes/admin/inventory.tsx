import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, useFetcher, useRevalidator } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import {
  inventoryRowKey,
  inventoryRowName,
  MAX_STOCK_QUANTITY,
  STOCK_ALERTS_SHOWN,
  stockValueOf,
  type InventoryItem,
  type StockAlert,
} from "~/lib/inventory";
import { formatDinars } from "~/lib/money";
import { stockStatus, type StockStatus } from "~/lib/product";
import { requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { loadInventory, setStock, setVariantStock } from "~/server/catalog/index.server";
import { pageContext } from "~/server/http/page-context.server";
import { getDb } from "~/server/db/connection.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/inventory";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "inventory");
  const ctx = await pageContext(request);
  const { language, t } = ctx;
  const inventory = await loadInventory(getDb(), language);
  const edit = new URL(request.url).searchParams.get("edit");
  return {
    language,
    title: ctx.pageTitle(t("adminInventory.inventory.title")),
    items: inventory.items,
    stats: inventory.stats,
    /** Every alert; the panel shows the first STOCK_ALERTS_SHOWN and folds the rest away. */
    alerts: inventory.alerts,
    /** The row in edit mode without JavaScript (?edit=<row key>, from the edit link). */
    editing: edit && inventory.items.some((item) => inventoryRowKey(item) === edit) ? edit : null,
  };
}

export type SetStockAnswer = {
  ok: boolean;
  /** The row's key (app/lib/inventory.ts inventoryRowKey). */
  rowKey: string;
  message: string;
};

/**
 * intent=set-stock: one product's new quantity, or one variant's when `variantId` is posted (the
 * inline form, with or without JavaScript).
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request, "inventory");
  const { t } = await requestI18n(request);
  const form = await request.formData();
  const productId = String(form.get("productId") ?? "");
  const rawVariant = String(form.get("variantId") ?? "");
  const variantId = /^\d{1,15}$/.test(rawVariant) ? Number(rawVariant) : null;
  const rowKey = inventoryRowKey({ id: productId, variantId });
  const failed = (status: number, message = t("adminInventory.inventory.updateFailed")) =>
    data<SetStockAnswer>({ ok: false, rowKey, message }, { status });
  if (form.get("intent") !== "set-stock") return failed(400);
  if (rawVariant !== "" && variantId === null) return failed(404);
  try {
    const result =
      variantId === null
        ? await setStock(getDb(), productId, form.get("quantity"))
        : await setVariantStock(getDb(), productId, variantId, form.get("quantity"));
    if (result.ok)
      return data<SetStockAnswer>({
        ok: true,
        rowKey,
        message: t("adminInventory.inventory.updated"),
      });
    if (result.error === "negative") return failed(400, t("adminInventory.inventory.negative"));
    if (result.error === "too_large") return failed(400, t("adminInventory.inventory.tooLarge", { max: MAX_STOCK_QUANTITY }));
    return failed(404);
  } catch (error) {
    logger.error({ err: error, productId, variantId }, "stock update failed");
    return failed(500);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

const badgeClass: Record<StockStatus, string> = {
  out: "bg-red-100 text-red-800 ring-red-200",
  low: "bg-amber-100 text-amber-900 ring-amber-200",
  available: "bg-emerald-100 text-emerald-800 ring-emerald-200",
};

function StatusBadge({ status }: { status: StockStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${badgeClass[status]}`} data-status={status}>
      {t(`adminInventory.inventory.status.${status}`)}
    </span>
  );
}

function Thumbnail({ image }: { image: InventoryItem["image"] }) {
  return image ? (
    <ResponsiveImage image={image} sizes="48px" className="size-12 shrink-0 rounded-lg bg-stone-100 object-cover" />
  ) : (
    <span aria-hidden="true" className="block size-12 shrink-0 rounded-lg bg-stone-100" />
  );
}

type Notice = { ok: boolean; message: string } | null;

export default function Inventory({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { items, stats, alerts, language } = loaderData;
  const revalidator = useRevalidator();
  // Without JavaScript, a failed post comes back with its row still open; ?edit= opens one.
  const [editing, setEditing] = useState<string | null>(actionData && !actionData.ok ? actionData.rowKey : loaderData.editing);
  const [notice, setNotice] = useState<Notice>(actionData ? { ok: actionData.ok, message: actionData.message } : null);
  useEffect(() => {
    if (actionData) setNotice({ ok: actionData.ok, message: actionData.message });
  }, [actionData]);

  const cards = [
    {
      key: "totalProducts",
      value: String(stats.totalProducts),
      tone: "text-stone-900",
      wide: false,
    },
    {
      key: "outOfStock",
      value: String(stats.outOfStock),
      tone: "text-red-700",
      wide: false,
    },
    {
      key: "lowStock",
      value: String(stats.lowStock),
      tone: "text-amber-700",
      wide: false,
    },
    // An amount needs the whole width of a phone.
    {
      key: "stockValue",
      value: formatDinars(stats.stockValue, language),
      tone: "text-brand-800",
      wide: true,
    },
  ] as const;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <div className="me-auto">
          <h1 className="text-2xl font-bold text-brand-900">{t("adminInventory.inventory.title")}</h1>
          <p className="text-sm text-stone-600">{t("adminInventory.inventory.intro")}</p>
        </div>
        <div className="flex gap-2">
          <Link
            to="/admin/inventory"
            onClick={(event) => {
              event.preventDefault();
              setNotice(null);
              void revalidator.revalidate();
            }}
            aria-busy={revalidator.state === "loading"}
            className="inline-flex h-10 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-100 aria-busy:opacity-60"
            data-testid="inventory-refresh"
          >
            {t("adminInventory.inventory.refresh")}
          </Link>
          <a
            href="/admin/inventory.csv"
            download
            className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
            data-testid="inventory-export"
          >
            {t("adminInventory.inventory.exportCsv")}
          </a>
        </div>
      </div>

      <p
        role="status"
        aria-live="polite"
        className={
          notice ? `rounded-lg px-4 py-3 text-sm font-medium ${notice.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}` : "sr-only"
        }
        data-testid="inventory-notice"
      >
        {notice?.message}
      </p>

      <section aria-label={t("adminInventory.inventory.stats.label")}>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-4">
          {cards.map((card) => (
            <div
              key={card.key}
              className={`rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200 sm:p-4 ${card.wide ? "col-span-3 lg:col-span-1" : ""}`}
              data-testid={`stat-${card.key}`}
            >
              <dt className="text-xs text-stone-600 sm:text-sm">{t(`adminInventory.inventory.stats.${card.key}`)}</dt>
              <dd className={`mt-1 text-2xl font-bold whitespace-nowrap tabular-nums ${card.tone}`}>{card.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {alerts.length > 0 ? <AlertsPanel alerts={alerts} /> : null}

      <section>
        <h2 className="sr-only">{t("adminInventory.inventory.table.caption")}</h2>
        {items.length === 0 ? (
          <p className="rounded-xl bg-white p-8 text-center text-stone-600">{t("adminInventory.inventory.table.empty")}</p>
        ) : (
          <table className="w-full border-separate border-spacing-0 text-sm md:rounded-xl md:bg-white md:shadow-sm md:ring-1 md:ring-stone-200">
            <caption className="sr-only">{t("adminInventory.inventory.table.caption")}</caption>
            <thead className="max-md:sr-only">
              <tr className="text-start text-xs text-stone-600">
                {(["product", "sku", "quantity", "minimum", "status", "value", "actions"] as const).map((column) => (
                  <th key={column} scope="col" className="border-b border-stone-200 px-3 py-2 text-start font-medium">
                    {t(`adminInventory.inventory.table.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:flex max-md:flex-col max-md:gap-3">
              {items.map((item) => (
                <StockRow
                  key={inventoryRowKey(item)}
                  item={item}
                  language={language}
                  editing={editing === inventoryRowKey(item)}
                  onEdit={() => setEditing(inventoryRowKey(item))}
                  onCancel={() => setEditing(null)}
                  onResult={(answer) => {
                    setNotice({ ok: answer.ok, message: answer.message });
                    if (answer.ok) setEditing(null);
                  }}
                />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

function AlertItem({ alert }: { alert: StockAlert }) {
  const { t } = useTranslation();
  return (
    <li
      className="flex items-center gap-3 rounded-lg bg-white p-2 ring-1 ring-amber-100"
      data-product-id={alert.productId}
      data-variant-id={alert.variantId ?? undefined}
    >
      <Thumbnail image={alert.image} />
      <span className="min-w-0 flex-1 truncate font-medium">
        {inventoryRowName({ title: alert.title ?? "", variantName: alert.variantName }, t("adminInventory.inventory.alerts.unknownProduct"))}
      </span>
      <span className={`shrink-0 text-xs font-semibold ${alert.status === "out" ? "text-red-700" : "text-amber-800"}`}>
        {alert.status === "out"
          ? t("adminInventory.inventory.alerts.out")
          : t("adminInventory.inventory.alerts.low", {
              current: alert.currentStock,
              threshold: alert.threshold,
            })}
      </span>
    </li>
  );
}

/** The first STOCK_ALERTS_SHOWN alerts; the others stay one click away, folded. */
function AlertsPanel({ alerts }: { alerts: StockAlert[] }) {
  const { t } = useTranslation();
  const rest = alerts.slice(STOCK_ALERTS_SHOWN);
  return (
    <section className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200" aria-labelledby="stock-alerts-title" data-testid="stock-alerts">
      <h2 id="stock-alerts-title" className="font-semibold text-amber-900">
        {t("adminInventory.inventory.alerts.title")}
      </h2>
      <ul className="mt-3 space-y-2">
        {alerts.slice(0, STOCK_ALERTS_SHOWN).map((alert) => (
          <AlertItem key={inventoryRowKey({ id: alert.productId, variantId: alert.variantId })} alert={alert} />
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="mt-2" data-testid="stock-alerts-more">
          <summary className="cursor-pointer py-2 text-sm font-medium text-amber-900">
            {t("adminInventory.inventory.alerts.more", { count: rest.length })}
          </summary>
          <ul className="space-y-2">
            {rest.map((alert) => (
              <AlertItem key={inventoryRowKey({ id: alert.productId, variantId: alert.variantId })} alert={alert} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** A cell that, on phones, shows its column's name before its value (the table becomes a card). */
const cell =
  "px-3 md:border-b md:border-stone-100 md:py-2 max-md:flex max-md:items-center max-md:justify-between max-md:gap-3 max-md:py-1 max-md:before:text-xs max-md:before:text-stone-500 max-md:before:content-[attr(data-label)]";

function StockRow({
  item,
  language,
  editing,
  onEdit,
  onCancel,
  onResult,
}: {
  item: InventoryItem;
  language: Route.ComponentProps["loaderData"]["language"];
  editing: boolean;
  onEdit(): void;
  onCancel(): void;
  onResult(answer: SetStockAnswer): void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const status = stockStatus(item);
  const saving = fetcher.state !== "idle";
  const title = inventoryRowName(item, t("adminInventory.inventory.alerts.unknownProduct"));
  const rowKey = inventoryRowKey(item);
  const label = (column: "sku" | "quantity" | "minimum" | "status" | "value" | "actions") => t(`adminInventory.inventory.table.${column}`);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) onResult(fetcher.data);
    // Report each answer once; onResult changes on every render of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  return (
    <tr
      className="align-middle max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:rounded-xl max-md:bg-white max-md:p-3 max-md:shadow-sm max-md:ring-1 max-md:ring-stone-200"
      data-product-id={item.id}
      data-variant-id={item.variantId ?? undefined}
      data-status={status}
    >
      <th scope="row" className="px-3 text-start font-medium md:border-b md:border-stone-100 md:py-2 max-md:col-span-2 max-md:pb-2">
        <span className="flex items-center gap-3">
          <Thumbnail image={item.image} />
          <span className="min-w-0 break-words">
            {item.title.trim() || t("adminInventory.inventory.alerts.unknownProduct")}
            {item.variantName ? (
              <span className="block text-xs font-normal text-stone-600" data-testid="variant-name">
                {item.variantName}
              </span>
            ) : null}
          </span>
        </span>
      </th>
      <td className={cell} data-label={label("sku")}>
        <span dir="ltr" className="font-mono text-xs text-stone-700">
          {item.sku || t("adminInventory.common.none")}
        </span>
      </td>
      <td className={`${cell} ${editing ? "max-md:col-span-2" : ""}`} data-label={label("quantity")}>
        {editing ? (
          <fetcher.Form method="post" action="/admin/inventory" className="flex flex-wrap items-center gap-2" data-testid="stock-form">
            <input type="hidden" name="intent" value="set-stock" />
            <input type="hidden" name="productId" value={item.id} />
            {item.variantId === null ? null : <input type="hidden" name="variantId" value={item.variantId} />}
            <label className="sr-only" htmlFor={`quantity-${rowKey}`}>
              {t("adminInventory.inventory.quantityLabel", { product: title })}
            </label>
            <input
              id={`quantity-${rowKey}`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_STOCK_QUANTITY}
              step={1}
              defaultValue={item.stockQuantity}
              autoFocus
              className="h-10 w-24 rounded-lg border border-stone-300 px-2 text-base tabular-nums"
            />
            <button
              type="submit"
              disabled={saving}
              className="h-10 rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {t("adminInventory.common.save")}
            </button>
            <Link
              to="/admin/inventory"
              onClick={(event) => {
                event.preventDefault();
                onCancel();
              }}
              className="inline-flex h-10 items-center rounded-lg border border-stone-300 px-3 text-sm hover:bg-stone-100"
            >
              {t("adminInventory.common.cancel")}
            </Link>
          </fetcher.Form>
        ) : (
          <span className="font-semibold tabular-nums" data-testid="stock-quantity">
            {item.stockQuantity}
          </span>
        )}
      </td>
      <td className={cell} data-label={label("minimum")}>
        <span className="tabular-nums">{item.lowStockThreshold}</span>
      </td>
      <td className={cell} data-label={label("status")}>
        <StatusBadge status={status} />
      </td>
      <td className={cell} data-label={label("value")}>
        <span className="whitespace-nowrap tabular-nums">{formatDinars(stockValueOf(item), language)}</span>
      </td>
      <td className={`${cell} max-md:before:content-none`}>
        {item.readOnly ? (
          <span className="text-xs text-stone-600">{t("adminInventory.inventory.readOnly")}</span>
        ) : editing ? null : (
          <Form method="get" action="/admin/inventory" className="max-md:ms-auto">
            <input type="hidden" name="edit" value={rowKey} />
            <button
              type="submit"
              onClick={(event) => {
                event.preventDefault();
                onEdit();
              }}
              aria-label={t("adminInventory.inventory.editStock", {
                product: title,
              })}
              className="h-10 rounded-lg border border-stone-300 px-3 text-sm font-medium hover:bg-stone-100"
              data-testid="stock-edit"
            >
              {t("adminInventory.common.edit")}
            </button>
          </Form>
        )}
      </td>
    </tr>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
