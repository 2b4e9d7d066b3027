import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import type { Language } from "~/i18n/config";
import type { AnalyticsLink } from "~/lib/tracking";
import { CopyLinkButton } from "./CopyLinkButton";
import { formatCount, formatCreatedDate } from "./format";
import { LinkCode, LinkConversions, LinkSource, LinkTarget, ScrollTable, stickyStart, td, th } from "./LinkCells";

const COLUMNS = ["code", "target", "source", "clicks", "conversions", "created", "actions"] as const;

/** Every tracking link, newest first (the server's order), with a copy action per row. */
export function AllLinksTable({ links, language }: { links: AnalyticsLink[]; language: Language }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <div>
        <h2 id={titleId} className="text-lg font-semibold text-brand-900">
          {t("adminAnalytics.links.title")}
        </h2>
        <p className="text-sm text-stone-600">
          {t("adminAnalytics.links.intro")} <span className="md:hidden">{t("adminAnalytics.links.scrollHint")}</span>
        </p>
      </div>
      <ScrollTable labelledBy={titleId} minWidth="min-w-[54rem]">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={column === "code" ? `${th} sticky start-0 z-10` : th}>
                {t(`adminAnalytics.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr key={link.id} data-testid="analytics-link-row" data-code={link.code}>
              <th scope="row" className={`${td} ${stickyStart} text-start font-normal`}>
                <LinkCode link={link} />
              </th>
              <td className={td}>
                <LinkTarget link={link} />
              </td>
              <td className={td}>
                <LinkSource link={link} />
              </td>
              <td className={`${td} font-semibold tabular-nums`}>{formatCount(link.clicks, language)}</td>
              <td className={td}>
                <LinkConversions link={link} count={formatCount(link.conversions, language)} />
              </td>
              <td className={`${td} text-stone-700`}>
                <time dateTime={link.createdAt}>{formatCreatedDate(link.createdAt, language)}</time>
              </td>
              <td className={td}>
                <CopyLinkButton url={link.fullUrl} code={link.code} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}
