import { useTranslation } from "~/i18n/react";
import type { Language } from "~/i18n/config";
import { formatRate, type LinkAnalytics } from "~/lib/tracking";
import { formatCount } from "./format";

export type AnalyticsMetric = "links" | "clicks" | "conversions" | "rate";

/** The four totals: links, clicks, conversions and the conversion rate (1 decimal and %). */
export function AnalyticsCards({ totals, language }: { totals: LinkAnalytics["totals"]; language: Language }) {
  const { t } = useTranslation();
  const cards: { metric: AnalyticsMetric; value: string; tone: string }[] = [
    { metric: "links", value: formatCount(totals.links, language), tone: "text-stone-900" },
    { metric: "clicks", value: formatCount(totals.clicks, language), tone: "text-brand-800" },
    { metric: "conversions", value: formatCount(totals.conversions, language), tone: "text-emerald-700" },
    { metric: "rate", value: formatRate(totals.rate), tone: "text-amber-700" },
  ];
  return (
    <section aria-label={t("adminAnalytics.cards.label")}>
      <dl className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <div
            key={card.metric}
            className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200 sm:p-4"
            data-testid="analytics-card"
            data-metric={card.metric}
          >
            <dt className="text-xs text-stone-600 sm:text-sm">{t(`adminAnalytics.cards.${card.metric}`)}</dt>
            <dd className={`mt-1 text-2xl font-bold whitespace-nowrap tabular-nums ${card.tone}`}>{card.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
