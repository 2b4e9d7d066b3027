import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { ageText, ParcelCell } from "~/components/admin/orders-list-parcel";
import { SHIP_FORM_ID, ShipResults, ShipSelectionBar, type OrdersListShipAnswer } from "~/components/admin/orders-list-ship";
import { Pagination } from "~/components/ui/Pagination";
import { formatOrderDate, OrderStatusBadge } from "~/components/admin/OrderStatusBadge";
import { OrdersSubNav } from "~/components/admin/OrdersSubNav";
import { orderStatusesFor } from "~/lib/admin-roles";
import { formatDinars } from "~/lib/money";
import { ORDER_SOURCES } from "~/lib/order-request";
import { ORDER_STATUSES, orderFilterToSearchParams, parseOrderFilter, type OrderFilter } from "~/lib/order-filter";
import { personName } from "~/lib/text";
import { courierFeaturesEnabled, listCourierAccounts } from "~/server/couriers/index.server";
import { getDb } from "~/server/db/connection.server";
import { requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import { pageContext } from "~/server/http/page-context.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { logger } from "~/server/logger.server";
import { listAdminOrders, ORDERS_PER_PAGE } from "~/server/orders/index.server";
import { shipOrders } from "~/server/shipping/index.server";
import type { Route } from "./+types/orders";

/** The courier accounts an order can be shipped with (readable credentials), the default first. */
async function shippingAccounts() {
  if (!courierFeaturesEnabled()) return [];
  const accounts = (await listCourierAccounts(getDb())).filter((account) => account.credentials === "set");
  return accounts.sort((a, b) => Number(b.isDefault) - Number(a.isDefault)).map((account) => ({ id: account.id, label: account.label }));
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, ["orders", "fulfilment"]);
  const ctx = await pageContext(request);
  const params = new URL(request.url).searchParams;
  const filter = parseOrderFilter(params);
  // One instant for the whole page: the attention rule, the ages, and their rendering in the browser.
  const now = new Date();
  const [list, couriers] = await Promise.all([
    listAdminOrders(getDb(), { ...filter, restrictTo: orderStatusesFor(admin.role) }, Number(params.get("page")), now),
    shippingAccounts(),
  ]);
  return { language: ctx.language, title: ctx.pageTitle(ctx.t("adminOrders.list.title")), filter, now: now.toISOString(), couriers, ...list };
}

/** A selection is at most one page of the list. */
const MAX_SHIP_SELECTION = ORDERS_PER_PAGE;

/** intent=ship: orderId (repeated), accountId, recreateUnknown=1 (create again the parcels whose fate is unknown). */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request, ["orders", "fulfilment"]);
  const { t } = await requestI18n(request);
  const refuse = (message: string, status: number) => data<OrdersListShipAnswer>({ ok: false, message }, { status });
  const form = await request.formData();
  if (form.get("intent") !== "ship") return refuse(t("adminOrders.errors.bad_request"), 400);
  const orderIds = [
    ...new Set(
      form
        .getAll("orderId")
        .filter((value): value is string => typeof value === "string" && /^\d{1,9}$/.test(value))
        .map(Number),
    ),
  ];
  if (orderIds.length === 0) return refuse(t("adminOrders.parcels.errors.noSelection"), 422);
  if (orderIds.length > MAX_SHIP_SELECTION) return refuse(t("adminOrders.parcels.errors.tooMany", { max: MAX_SHIP_SELECTION }), 422);
  const rawAccount = form.get("accountId");
  const accountId = typeof rawAccount === "string" && /^\d{1,9}$/.test(rawAccount) ? Number(rawAccount) : null;
  if (accountId === null || !(await shippingAccounts()).some((account) => account.id === accountId)) {
    return refuse(t("adminOrders.parcels.errors.noAccount"), 422);
  }
  try {
    const outcomes = await shipOrders(getDb(), {
      orderIds,
      accountId,
      actor: { adminId: admin.adminId, email: admin.email },
      recreateUnknown: form.get("recreateUnknown") === "1",
    });
    return data<OrdersListShipAnswer>({ ok: true, accountId, outcomes });
  } catch (error) {
    logger.error({ err: error, orderIds, accountId }, "shipping a selection failed");
    return refuse(t("adminOrders.parcels.errors.failed"), 500);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

function hrefWith(filter: OrderFilter, page?: number): string {
  const params = orderFilterToSearchParams(filter);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/orders?${query}` : "/admin/orders";
}

const cell =
  "min-w-0 px-3 max-md:[overflow-wrap:anywhere] md:border-b md:border-stone-100 md:py-2 max-md:flex max-md:items-center max-md:justify-between max-md:gap-3 max-md:py-1 max-md:before:shrink-0 max-md:before:text-xs max-md:before:text-stone-500 max-md:before:content-[attr(data-label)]";

const input = "h-11 md:h-10 w-full rounded-lg border border-stone-300 bg-white px-2 text-base";

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { filter, orders, total, byStatus, attentionCount, page, pageCount, wilayas, language, couriers } = loaderData;
  const now = new Date(loaderData.now);
  const [selected, setSelected] = useState<number[]>([]);
  // A new answer (or another page of orders) starts a new selection.
  useEffect(() => setSelected([]), [actionData, orders]);
  const toggle = (id: number, on: boolean) =>
    setSelected((ids) => (on ? [...ids.filter((other) => other !== id), id] : ids.filter((other) => other !== id)));
  const allCount = Object.values(byStatus).reduce((sum, n) => sum + (n ?? 0), 0);
  const wilayaName = (code: string, name: string | null, nameAr: string | null) => `${code} – ${(language === "ar" ? nameAr : name) ?? ""}`;

  return (
    <div className="space-y-5">
      <OrdersSubNav />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">{t("adminOrders.list.title")}</h1>
          <p className="text-sm text-stone-600">{t("adminOrders.list.intro")}</p>
        </div>
        {/* A plain download link: the CSV holds exactly the orders of the current filter. */}
        <a
          href={`/admin/orders.csv?${orderFilterToSearchParams(filter).toString()}`}
          className="inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 max-md:min-h-11"
          data-testid="orders-csv"
        >
          {t("adminOrdersPrint.exportCsv")}
        </a>
      </div>

      <nav aria-label={t("adminOrders.list.statusTabs")}>
        <ul className="flex gap-1 overflow-x-auto whitespace-nowrap" data-testid="order-status-tabs">
          {([undefined, ...ORDER_STATUSES] as const).map((status) => {
            const active = filter.status === status;
            const count = status ? (byStatus[status] ?? 0) : allCount;
            return (
              <li key={status ?? "all"} className="shrink-0">
                <Link
                  to={hrefWith({ ...filter, status })}
                  aria-current={active ? "page" : undefined}
                  className={`inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium max-md:min-h-11 ${
                    active ? "bg-brand-700 text-white" : "bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100"
                  }`}
                  data-status-tab={status ?? "all"}
                >
                  {status ? t(`adminOrders.status.${status}`) : t("adminOrders.list.all")}
                  <span className="tabular-nums opacity-80" data-testid="status-count">
                    {count}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Link
          to={hrefWith({ ...filter, attention: filter.attention ? undefined : true })}
          aria-current={filter.attention ? "true" : undefined}
          className={`inline-flex items-center gap-2 rounded-full px-3 py-1.5 font-medium max-md:min-h-11 ${
            filter.attention ? "bg-red-700 text-white" : "bg-white text-red-800 ring-1 ring-red-200 hover:bg-red-50"
          }`}
          data-testid="attention-filter"
        >
          {t("adminOrders.parcels.attentionFilter")}
          <span className="tabular-nums opacity-80" data-testid="attention-count">
            {attentionCount}
          </span>
        </Link>
        <span className="text-xs text-stone-500">{t("adminOrders.parcels.attentionFilterHint")}</span>
      </p>

      <Form
        method="get"
        action="/admin/orders"
        className="grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 md:grid-cols-6"
        aria-label={t("adminOrders.filters.label")}
        data-testid="order-filters"
      >
        {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
        {filter.attention ? <input type="hidden" name="attention" value="1" /> : null}
        <label className="col-span-2 block text-sm md:col-span-2">
          <span className="mb-1 block text-stone-600">{t("adminOrders.filters.search")}</span>
          <input type="search" name="q" defaultValue={filter.q ?? ""} placeholder={t("adminOrders.filters.searchPlaceholder")} className={input} />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block text-stone-600">{t("adminOrders.filters.wilaya")}</span>
          <select name="wilaya" defaultValue={filter.wilayaCode ?? ""} className={input}>
            <option value="">{t("adminOrders.filters.any")}</option>
            {wilayas.map((w) => (
              <option key={w.code} value={w.code}>
                {wilayaName(w.code, w.name, w.nameAr)}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          <span className="mb-1 block text-stone-600">{t("adminOrders.filters.source")}</span>
          <select name="source" defaultValue={filter.source ?? ""} className={input}>
            <option value="">{t("adminOrders.filters.any")}</option>
            {ORDER_SOURCES.map((source) => (
              <option key={source} value={source}>
                {t(`adminOrders.source.${source}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          <span className="mb-1 block text-stone-600">{t("adminOrders.filters.from")}</span>
          <input type="date" name="from" defaultValue={filter.from ?? ""} className={input} />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block text-stone-600">{t("adminOrders.filters.to")}</span>
          <input type="date" name="to" defaultValue={filter.to ?? ""} className={input} />
        </label>
        <div className="col-span-2 flex flex-wrap items-center gap-2 md:col-span-6">
          <button
            type="submit"
            className="h-11 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 md:h-10"
            data-testid="order-filters-apply"
          >
            {t("adminOrders.filters.apply")}
          </button>
          <Link
            to="/admin/orders"
            className="inline-flex h-11 items-center rounded-lg md:h-10 border border-stone-300 px-4 text-sm hover:bg-stone-100"
          >
            {t("adminOrders.filters.reset")}
          </Link>
          <span className="ms-auto text-sm text-stone-600" data-testid="orders-total">
            {t("adminOrders.list.count", { count: total })}
          </span>
        </div>
      </Form>

      {actionData ? <ShipResults answer={actionData} busy={busy} /> : null}
      <ShipSelectionBar couriers={couriers} selected={selected} busy={busy} />

      {orders.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-stone-600" data-testid="orders-empty">
          {t("adminOrders.list.empty")}
        </p>
      ) : (
        // Between a phone and a wide screen, the table scrolls inside its box rather than the page.
        <div className="md:overflow-x-auto md:rounded-xl md:bg-white md:shadow-sm md:ring-1 md:ring-stone-200">
          <table className="w-full border-separate border-spacing-0 text-sm max-md:block" data-testid="orders-table">
            <caption className="sr-only">{t("adminOrders.table.caption")}</caption>
            <thead className="max-md:sr-only">
              <tr className="text-xs text-stone-600">
                {(["number", "date", "customer", "phone", "wilaya", "items", "total", "status", "source"] as const).map((column) => (
                  <th key={column} scope="col" className="border-b border-stone-200 px-3 py-2 text-start font-medium">
                    {t(`adminOrders.table.${column}`)}
                  </th>
                ))}
                {(["courierColumn", "ageColumn"] as const).map((column) => (
                  <th key={column} scope="col" className="border-b border-stone-200 px-3 py-2 text-start font-medium">
                    {t(`adminOrders.parcels.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:flex max-md:flex-col max-md:gap-3">
              {orders.map((order) => (
                <tr
                  key={order.id}
                  className="align-middle max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:rounded-xl max-md:bg-white max-md:p-3 max-md:shadow-sm max-md:ring-1 max-md:ring-stone-200"
                  data-order-number={order.orderNumber}
                  data-status={order.status}
                >
                  <th
                    scope="row"
                    className="px-3 text-start font-semibold whitespace-nowrap md:border-b md:border-stone-100 md:py-2 max-md:col-span-2 max-md:pb-2"
                  >
                    {/* Confirmed orders can be shipped, shipped ones have labels to print. */}
                    {order.status === "confirmed" || order.parcel?.tracking ? (
                      // The label around the box is the tap target: 44 × 44 px on a phone.
                      <label className="-my-3 -ms-3 inline-flex size-11 items-center justify-center align-middle">
                        <input
                          type="checkbox"
                          name="orderId"
                          value={order.id}
                          form={SHIP_FORM_ID}
                          checked={selected.includes(order.id)}
                          onChange={(event) => toggle(order.id, event.currentTarget.checked)}
                          aria-label={t("adminOrders.parcels.select", { number: order.orderNumber })}
                          className="size-5"
                          data-testid="order-select"
                        />
                      </label>
                    ) : null}
                    <Link
                      to={`/admin/orders/${order.id}`}
                      className="whitespace-nowrap text-brand-800 underline-offset-2 hover:underline max-md:inline-flex max-md:min-h-11 max-md:items-center"
                      dir="ltr"
                      data-testid="order-number-link"
                    >
                      {order.orderNumber}
                    </Link>
                  </th>
                  <td className={cell} data-label={t("adminOrders.table.date")}>
                    {/* On a phone the date may wrap: a card's half is narrower than a date and its label. */}
                    <span className="md:whitespace-nowrap">{formatOrderDate(order.createdAt, language)}</span>
                  </td>
                  <td className={cell} data-label={t("adminOrders.table.customer")}>
                    {personName(order.firstName, order.lastName)}
                  </td>
                  <td className={cell} data-label={t("adminOrders.table.phone")}>
                    {/* One flex item beside the phone card's label: the number and its flag wrap together. */}
                    <span className="inline-flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
                      <a
                        href={`tel:${order.phone}`}
                        dir="ltr"
                        className="font-mono whitespace-nowrap text-brand-800 hover:underline max-md:inline-flex max-md:min-h-11 max-md:items-center"
                      >
                        {order.phone}
                      </a>
                      {order.phoneFlagged ? (
                        <span
                          className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
                          title={t("adminOrders.order.phoneFlagText")}
                          data-testid="phone-flag"
                        >
                          {t("adminOrders.list.phoneFlag")}
                        </span>
                      ) : null}
                    </span>
                  </td>
                  <td className={cell} data-label={t("adminOrders.table.wilaya")}>
                    {wilayaName(order.wilayaCode, order.wilayaName, order.wilayaNameAr)}
                  </td>
                  <td className={cell} data-label={t("adminOrders.table.items")}>
                    <span className="tabular-nums">{order.itemsCount}</span>
                  </td>
                  <td className={cell} data-label={t("adminOrders.table.total")}>
                    <span className="whitespace-nowrap tabular-nums">{formatDinars(order.total, language)}</span>
                  </td>
                  <td className={cell} data-label={t("adminOrders.table.status")}>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className={cell} data-label={t("adminOrders.table.source")}>
                    <span className="text-xs text-stone-600">{t(`adminOrders.source.${order.source}`)}</span>
                  </td>
                  <td className={`${cell} max-md:col-span-2`} data-label={t("adminOrders.parcels.courierColumn")} data-testid="order-parcel">
                    <ParcelCell parcel={order.parcel} now={now} />
                  </td>
                  <td className={cell} data-label={t("adminOrders.parcels.ageColumn")} data-testid="order-age">
                    <span className="whitespace-nowrap tabular-nums">{ageText(t, order.createdAt, now)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => hrefWith(filter, n)} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
