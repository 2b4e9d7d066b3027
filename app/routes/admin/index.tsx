import { Link, redirect } from "react-router";
import { useTranslation } from "~/i18n/react";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { formatCount } from "~/components/admin/analytics/format";
import { DashboardCards } from "~/components/admin/dashboard/DashboardCards";
import { DashboardChart } from "~/components/admin/dashboard/DashboardChart";
import { DashboardTable, type DashboardTableRow } from "~/components/admin/dashboard/DashboardTable";
import { formatRate } from "~/components/admin/dashboard/format";
import { mayUse } from "~/lib/admin-roles";
import { adminHomeFor } from "~/lib/admin-tabs";
import { DASHBOARD_PERIODS, parseDashboardPeriod } from "~/lib/dashboard";
import { formatDinars } from "~/lib/money";
import type { OrderSource } from "~/lib/order-request";
import { getDashboard, type DashboardRow } from "~/server/dashboard/index.server";
import { getDb } from "~/server/db/connection.server";
import { adminPageHeaders, requireAdmin } from "~/server/http/admin-session.server";
import { pageContext } from "~/server/http/page-context.server";
import type { Route } from "./+types/index";

/**
 * /admin: the dashboard for the owner and the manager (?period=today|7d|30d); the other roles start
 * at their first tab (a confirmer at the call queue, a packer at the orders).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "signed_in");
  if (!mayUse(admin.role, "dashboard")) throw redirect(adminHomeFor(admin.role), 302);
  const ctx = await pageContext(request);
  const period = parseDashboardPeriod(new URL(request.url).searchParams.get("period"));
  const dashboard = await getDashboard(getDb(), { period });
  return { language: ctx.language, title: ctx.pageTitle(ctx.t("adminDashboard.title")), dashboard };
}

export const headers: Route.HeadersFunction = adminPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { dashboard, language } = loaderData;
  const dash = t("adminDashboard.noRate");
  const count = (value: number) => formatCount(value, language);
  const money = (value: number) => formatDinars(value, language);
  const percent = (value: number | null) => formatRate(value, language) ?? dash;
  const headings = [
    t("adminDashboard.columns.orders"),
    t("adminDashboard.columns.confirmationRate"),
    t("adminDashboard.columns.deliveredRate"),
    t("adminDashboard.columns.cash"),
  ];
  const cells = (row: DashboardRow) => [count(row.orders), percent(row.confirmationRate), percent(row.deliveredRate), money(row.cash)];
  const rowsOf = <Row extends DashboardRow>(
    rows: Row[],
    label: (row: Row) => string,
    extra: (row: Row) => string[] = () => [],
  ): DashboardTableRow[] => rows.map((row) => ({ key: row.key ?? "", label: label(row), cells: [...cells(row), ...extra(row)] }));
  const empty = t("adminDashboard.empty");

  return (
    <div className="min-w-0 space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-brand-900">{t("adminDashboard.title")}</h1>
          <p className="text-sm text-stone-600">{t("adminDashboard.intro")}</p>
        </div>
        <nav
          aria-label={t("adminDashboard.period.label")}
          className="flex rounded-lg bg-white p-1 shadow-sm ring-1 ring-stone-200"
          data-testid="dashboard-periods"
        >
          {DASHBOARD_PERIODS.map((period) => (
            <Link
              key={period}
              to={`?period=${period}`}
              aria-current={period === dashboard.period ? "page" : undefined}
              className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-medium ${
                period === dashboard.period ? "bg-brand-700 text-white" : "text-stone-700 hover:bg-stone-100"
              }`}
              data-period={period}
            >
              {t(`adminDashboard.period.${period}`)}
            </Link>
          ))}
        </nav>
      </div>

      <DashboardCards totals={dashboard.totals} language={language} />
      <DashboardChart days={dashboard.perDay} language={language} />

      <div className="grid gap-4 lg:grid-cols-2">
        <DashboardTable
          testId="dashboard-by-wilaya"
          title={t("adminDashboard.breakdowns.wilaya")}
          labelHeading={t("adminDashboard.breakdowns.wilaya")}
          headings={headings}
          rows={rowsOf(dashboard.byWilaya, (row) => `${row.key} · ${(language === "ar" ? row.nameAr : row.name) ?? ""}`)}
          empty={empty}
        />
        <DashboardTable
          testId="dashboard-by-product"
          title={t("adminDashboard.breakdowns.product")}
          labelHeading={t("adminDashboard.breakdowns.product")}
          headings={[...headings, t("adminDashboard.breakdowns.units")]}
          rows={rowsOf(
            dashboard.byProduct,
            (row) => row.title,
            (row) => [count(row.units)],
          )}
          empty={empty}
        />
        <DashboardTable
          testId="dashboard-by-source"
          title={t("adminDashboard.breakdowns.source")}
          labelHeading={t("adminDashboard.breakdowns.source")}
          headings={headings}
          rows={rowsOf(dashboard.bySource, (row) => t(`adminOrders.source.${row.key as OrderSource}`))}
          empty={empty}
        />
        <DashboardTable
          testId="dashboard-by-ref"
          title={t("adminDashboard.breakdowns.ref")}
          labelHeading={t("adminDashboard.breakdowns.ref")}
          headings={headings}
          rows={rowsOf(dashboard.byRef, (row) => row.key ?? t("adminDashboard.breakdowns.noRef"))}
          empty={empty}
        />
        {dashboard.byCourier.length > 0 ? (
          <DashboardTable
            testId="dashboard-by-courier"
            title={t("adminDashboard.breakdowns.courier")}
            labelHeading={t("adminDashboard.breakdowns.courier")}
            headings={[...headings, t("adminDashboard.breakdowns.reportedCash")]}
            rows={rowsOf(
              dashboard.byCourier,
              (row) => row.key ?? "",
              (row) => [row.reportedCash === null ? dash : money(row.reportedCash)],
            )}
            empty={empty}
          />
        ) : null}
        <DashboardTable
          testId="dashboard-agents"
          title={t("adminDashboard.agents.title")}
          labelHeading={t("adminDashboard.agents.agent")}
          headings={[t("adminDashboard.agents.calls"), t("adminDashboard.agents.confirmations"), t("adminDashboard.agents.cancellations")]}
          rows={dashboard.agents.map((agent) => ({
            key: `${agent.adminId ?? "none"}-${agent.agent}`,
            label: agent.agent,
            cells: [count(agent.calls), count(agent.confirmations), count(agent.cancellations)],
          }))}
          empty={t("adminDashboard.agents.empty")}
        />
      </div>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
