import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import type { Language } from "~/i18n/config";
import { TOP_LINKS_LIMIT, type AnalyticsLink } from "~/lib/tracking";
import { formatCount } from "./format";
import { LinkCode, LinkConversions, LinkTarget, ScrollTable, stickyStart, td, th } from "./LinkCells";

/** The TOP_LINKS_LIMIT (10) links with the most clicks, most first, as the server ranked them. */
export function TopLinksTable({ links, language }: { links: AnalyticsLink[]; language: Language }) {
  const { t } = useTranslation();
  const titleId = useId();
  const top = links.slice(0, TOP_LINKS_LIMIT);
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <div>
        <h2 id={titleId} className="text-lg font-semibold text-brand-900">
          {t("adminAnalytics.top.title")}
        </h2>
        <p className="text-sm text-stone-600">{t("adminAnalytics.top.intro", { limit: TOP_LINKS_LIMIT })}</p>
      </div>
      <ScrollTable labelledBy={titleId} minWidth="min-w-[36rem]">
        <thead>
          <tr>
            <th scope="col" className={`${th} w-12`}>
              {t("adminAnalytics.top.rank")}
            </th>
            <th scope="col" className={th}>
              {t("adminAnalytics.columns.code")}
            </th>
            <th scope="col" className={th}>
              {t("adminAnalytics.columns.target")}
            </th>
            <th scope="col" className={th}>
              {t("adminAnalytics.columns.clicks")}
            </th>
            <th scope="col" className={th}>
              {t("adminAnalytics.columns.conversions")}
            </th>
          </tr>
        </thead>
        <tbody>
          {top.map((link, index) => (
            <tr key={link.id} data-testid="analytics-top-row" data-code={link.code}>
              <td className={`${td} text-stone-500 tabular-nums`}>{index + 1}</td>
              <th scope="row" className={`${td} ${stickyStart} text-start font-normal`}>
                <LinkCode link={link} />
              </th>
              <td className={td}>
                <LinkTarget link={link} />
              </td>
              <td className={`${td} font-semibold tabular-nums`}>{formatCount(link.clicks, language)}</td>
              <td className={td}>
                <LinkConversions link={link} count={formatCount(link.conversions, language)} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}
