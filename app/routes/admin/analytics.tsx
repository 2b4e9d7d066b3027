import { useTranslation } from "~/i18n/react";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { AllLinksTable } from "~/components/admin/analytics/AllLinksTable";
import { AnalyticsCards } from "~/components/admin/analytics/AnalyticsCards";
import { ClicksChart } from "~/components/admin/analytics/ClicksChart";
import { TopLinksTable } from "~/components/admin/analytics/TopLinksTable";
import type { LinkAnalytics } from "~/lib/tracking";
import { adminPageHeaders, requireAdmin } from "~/server/http/admin-session.server";
import { pageContext } from "~/server/http/page-context.server";
import { getLinkAnalytics } from "~/server/tracking/index.server";
import { getDb } from "~/server/db/connection.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/analytics";

/** What the page shows when the analytics cannot be loaded: zero totals and empty lists, never an error page. */
const NO_ANALYTICS: LinkAnalytics = {
  totals: { links: 0, clicks: 0, conversions: 0, rate: 0 },
  top: [],
  links: [],
  clicksPerDay: [],
};

/** /admin/analytics: the tracking links' totals, top 10, clicks per day and every link. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "analytics");
  const ctx = await pageContext(request);
  let analytics = NO_ANALYTICS;
  let failed = false;
  try {
    analytics = await getLinkAnalytics(getDb(), { origin: ctx.origin, language: ctx.language });
  } catch (error) {
    logger.error({ err: error }, "link analytics failed to load");
    failed = true;
  }
  return {
    language: ctx.language,
    title: ctx.pageTitle(ctx.t("adminAnalytics.title")),
    analytics,
    failed,
  };
}

export const headers: Route.HeadersFunction = adminPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { analytics, language, failed } = loaderData;
  const empty = analytics.links.length === 0;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{t("adminAnalytics.title")}</h1>
        <p className="text-sm text-stone-600">{t("adminAnalytics.intro")}</p>
      </div>

      {failed ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200"
          data-testid="analytics-load-error"
        >
          <p className="font-medium">{t("adminAnalytics.loadError")}</p>
          <p className="text-red-700">{t("adminAnalytics.loadErrorHint")}</p>
          <a href="/admin/analytics" className="font-semibold underline underline-offset-2 sm:ms-auto">
            {t("adminAnalytics.retry")}
          </a>
        </div>
      ) : null}

      <AnalyticsCards totals={analytics.totals} language={language} />

      {empty ? (
        <div className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200" data-testid="analytics-empty">
          <p className="text-lg font-semibold text-stone-800">{t("adminAnalytics.empty")}</p>
          {failed ? null : <p className="mt-1 text-sm text-stone-600">{t("adminAnalytics.emptyHint")}</p>}
        </div>
      ) : (
        <>
          {analytics.clicksPerDay.length > 0 ? <ClicksChart days={analytics.clicksPerDay} language={language} /> : null}
          <TopLinksTable links={analytics.top} language={language} />
          <AllLinksTable links={analytics.links} language={language} />
        </>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
