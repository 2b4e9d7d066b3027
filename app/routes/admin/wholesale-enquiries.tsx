import { useTranslation } from "~/i18n/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { formatOrderDate } from "~/components/admin/OrderStatusBadge";
import { OrdersSubNav } from "~/components/admin/OrdersSubNav";
import { Pagination } from "~/components/ui/Pagination";
import { WHOLESALE_STATUSES, type WholesaleStatus } from "~/lib/wholesale";
import { ADMIN_HEADERS, adminPageHeaders, requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { pageContext } from "~/server/http/page-context.server";
import { listEnquiries, setEnquiryStatus } from "~/server/wholesale/index.server";
import { getDb } from "~/server/db/connection.server";
import type { Route } from "./+types/wholesale-enquiries";

/**
 * /admin/orders/wholesale: the trade buyers' enquiries of /product-gros, newest first, 30 a page;
 * the merchant sets each one's status (intent=status, id, status → 303 back to the same page).
 */
const PATH = "/admin/orders/wholesale";

function pageOf(params: URLSearchParams): number {
  const requested = Number(params.get("page"));
  return Number.isInteger(requested) && requested >= 1 ? requested : 1;
}

function hrefFor(page: number, notice?: string): string {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (notice) params.set("notice", notice);
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "orders");
  const ctx = await pageContext(request);
  const params = new URL(request.url).searchParams;
  const list = await listEnquiries(getDb(), { page: pageOf(params), language: ctx.language });
  return {
    ...list,
    language: ctx.language,
    notice: params.get("notice") === "updated" ? ("updated" as const) : null,
    title: ctx.pageTitle(ctx.t("wholesale.admin.title")),
  };
}

export type WholesaleAdminAnswer = { ok: false; message: string };

/** intent=status (id, status): 303 back to the page the admin was on. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request, "orders");
  const { t } = await requestI18n(request);
  const form = await request.formData();
  const refuse = (status: number, message: string) => data<WholesaleAdminAnswer>({ ok: false, message }, { status, headers: ADMIN_HEADERS });
  if (form.get("intent") !== "status") return refuse(400, t("wholesale.admin.errors.bad_request"));
  const result = await setEnquiryStatus(getDb(), form.get("id"), form.get("status"), admin);
  if (!result.ok) return refuse(result.code === "not_found" ? 404 : 422, t(`wholesale.admin.errors.${result.code}`));
  throw redirect(hrefFor(pageOf(new URL(request.url).searchParams), "updated"), { status: 303, headers: ADMIN_HEADERS });
}

export const headers: Route.HeadersFunction = adminPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

const statusClass: Record<WholesaleStatus, string> = {
  new: "bg-sky-100 text-sky-900 ring-sky-200",
  contacted: "bg-amber-100 text-amber-900 ring-amber-200",
  closed: "bg-stone-200 text-stone-700 ring-stone-300",
};

export default function WholesaleEnquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { enquiries, total, page, pageCount, language, notice } = loaderData;
  const detail = "flex flex-col gap-0.5";
  const term = "text-xs text-stone-500";

  return (
    <div className="space-y-5">
      <OrdersSubNav />
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{t("wholesale.admin.title")}</h1>
        <p className="text-sm text-stone-600">{t("wholesale.admin.intro")}</p>
        <p className="mt-1 text-sm text-stone-600" data-testid="wholesale-enquiries-total">
          {t("wholesale.admin.count", { count: total })}
        </p>
      </div>

      {notice && !actionData && (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200">
          {t("wholesale.admin.notices.updated")}
        </p>
      )}
      {actionData && !actionData.ok && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-2 text-sm text-red-900 ring-1 ring-red-200">
          {actionData.message}
        </p>
      )}

      {enquiries.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-stone-600" data-testid="wholesale-enquiries-empty">
          {t("wholesale.admin.empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("wholesale.admin.caption")}>
          {enquiries.map((enquiry) => (
            <li
              key={enquiry.id}
              className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
              data-testid="wholesale-enquiry-row"
              data-id={enquiry.id}
              data-status={enquiry.status}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="text-lg font-semibold wrap-anywhere text-stone-900">
                    <bdi>{enquiry.businessName}</bdi>
                  </h2>
                  <p className="text-sm text-stone-600">
                    <span className="sr-only">{t("wholesale.admin.table.date")}: </span>
                    <time dateTime={enquiry.createdAt}>{formatOrderDate(enquiry.createdAt, language)}</time>
                  </p>
                </div>
                <span
                  className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${statusClass[enquiry.status]}`}
                  data-testid="wholesale-enquiry-status"
                >
                  {t(`wholesale.admin.status.${enquiry.status}`)}
                </span>
              </div>

              <dl className="mt-3 grid grid-cols-2 gap-3 text-sm lg:grid-cols-4">
                <div className={detail}>
                  <dt className={term}>{t("wholesale.admin.table.contact")}</dt>
                  <dd className="wrap-anywhere">
                    <bdi>{enquiry.contactName}</bdi>
                  </dd>
                </div>
                <div className={detail}>
                  <dt className={term}>{t("wholesale.admin.table.phone")}</dt>
                  <dd>
                    <a href={`tel:${enquiry.phone}`} dir="ltr" className="font-mono text-brand-800 hover:underline">
                      {enquiry.phone}
                    </a>
                  </dd>
                </div>
                <div className={detail}>
                  <dt className={term}>{t("wholesale.admin.table.wilaya")}</dt>
                  <dd>
                    {enquiry.wilayaCode}
                    {enquiry.wilayaName ? ` – ${enquiry.wilayaName}` : ""}
                  </dd>
                </div>
                <div className={detail}>
                  <dt className={term}>{t("wholesale.admin.table.quantity")}</dt>
                  <dd className="wrap-anywhere">
                    <bdi>{enquiry.estimatedQuantity ?? "—"}</bdi>
                  </dd>
                </div>
                <div className={`${detail} col-span-2 lg:col-span-4`}>
                  <dt className={term}>{t("wholesale.admin.table.categories")}</dt>
                  <dd>
                    <ul className="flex flex-wrap gap-1.5">
                      {enquiry.categories.map((key) => (
                        <li
                          key={key}
                          className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-900 ring-1 ring-brand-100"
                          data-category={key}
                        >
                          {t(`wholesale.categories.items.${key}.title`)}
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
                {enquiry.message && (
                  <div className={`${detail} col-span-2 lg:col-span-4`}>
                    <dt className={term}>{t("wholesale.admin.table.message")}</dt>
                    <dd dir="auto" className="text-start whitespace-pre-line wrap-anywhere text-stone-800">
                      {enquiry.message}
                    </dd>
                  </div>
                )}
              </dl>

              <Form
                method="post"
                action={hrefFor(page)}
                className="mt-3 flex flex-wrap items-end gap-2 border-t border-stone-100 pt-3"
                data-testid="wholesale-status-form"
              >
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="id" value={enquiry.id} />
                <label className="flex flex-col gap-1 text-sm">
                  <span className="text-xs text-stone-500">{t("wholesale.admin.setStatus")}</span>
                  <select name="status" defaultValue={enquiry.status} className="h-10 rounded-lg border border-stone-300 bg-white px-2 text-base">
                    {WHOLESALE_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {t(`wholesale.admin.status.${status}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="submit"
                  disabled={busy}
                  className="h-10 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                >
                  {t("wholesale.admin.save")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => hrefFor(n)} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
