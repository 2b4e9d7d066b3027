import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { directionOf, type Language } from "~/i18n/config";
import { chartGeometry, type ChartDay, type LabelAlign } from "~/lib/analytics-chart";
import { formatChartDay, formatCount } from "./format";

/** Physical alignment → text-anchor, for text laid out left to right (direction="ltr" below). */
const ANCHOR: Record<LabelAlign, "start" | "middle" | "end"> = { left: "start", center: "middle", right: "end" };

/**
 * Clicks per day over the last ANALYTICS_DAYS days: a server-rendered SVG bar chart (no library).
 * Time flows from the start side: in Arabic the oldest day is at the right and the newest at the
 * left, with the value axis on the right; positions come from app/lib/analytics-chart.ts for the
 * physical page, so no transform mirrors the text. The SVG is one image for assistive technology
 * (title and summary), and a visually hidden table carries the same figures.
 */
export function ClicksChart({ days, language }: { days: ChartDay[]; language: Language }) {
  const { t } = useTranslation();
  const id = useId();
  const direction = directionOf(language);
  const chart = chartGeometry(days, { direction });
  const first = days[0];
  const last = days.at(-1);
  const range = {
    from: first ? formatChartDay(first.day, language, "long") : "",
    to: last ? formatChartDay(last.day, language, "long") : "",
  };
  const clicks = (count: number) => t("adminAnalytics.clicks", { count });
  const summary = chart.peak
    ? t("adminAnalytics.chart.summary", {
        total: clicks(chart.total),
        peakDay: formatChartDay(chart.peak.day, language, "long"),
        peakClicks: clicks(chart.peak.clicks),
      })
    : t("adminAnalytics.chart.summaryNoClicks");

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-brand-900">
          {t("adminAnalytics.chart.title")}
        </h2>
        <p className="text-sm text-stone-600">{t("adminAnalytics.chart.lastDays", { count: days.length })}</p>
      </div>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        width="100%"
        height={chart.height}
        className="mt-3 block overflow-visible text-brand-600"
        data-testid="analytics-chart"
        data-direction={direction}
      >
        <title id={`${id}-title`}>{t("adminAnalytics.chart.label", range)}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <g className="text-stone-200" aria-hidden="true">
          {chart.ticks.map((tick) => (
            <line
              key={tick.value}
              x1={`${chart.plot.left}%`}
              x2={`${chart.plot.right}%`}
              y1={tick.y}
              y2={tick.y}
              stroke="currentColor"
              strokeWidth={1}
              shapeRendering="crispEdges"
            />
          ))}
        </g>
        <g className="fill-stone-500 text-[11px]" aria-hidden="true">
          {chart.ticks.map((tick) => (
            <text
              key={tick.value}
              x={`${chart.axis.x}%`}
              dx={chart.axis.align === "right" ? -6 : 6}
              y={tick.y}
              dominantBaseline="middle"
              textAnchor={ANCHOR[chart.axis.align]}
              direction="ltr"
            >
              {formatCount(tick.value, language)}
            </text>
          ))}
        </g>
        <g aria-hidden="true">
          {chart.bars.map((bar) => (
            <rect
              key={bar.day}
              x={`${bar.x}%`}
              width={`${bar.width}%`}
              y={bar.y}
              height={bar.height}
              rx={2}
              fill="currentColor"
              data-day={bar.day}
              data-clicks={bar.clicks}
            >
              <title>{t("adminAnalytics.chart.bar", { date: formatChartDay(bar.day, language, "long"), clicks: clicks(bar.clicks) })}</title>
            </rect>
          ))}
        </g>
        <g className="fill-stone-600 text-[11px]" aria-hidden="true">
          {chart.labels.map((label) => (
            <text key={label.day} x={`${label.x}%`} y={chart.height - 6} textAnchor={ANCHOR[label.align]} direction="ltr">
              {formatChartDay(label.day, language, "axis")}
            </text>
          ))}
        </g>
      </svg>
      {/* A table box ignores overflow, so the visually hidden wrapper is a div (else the page would scroll sideways). */}
      <div className="sr-only">
        <table>
          <caption>{t("adminAnalytics.chart.tableCaption", range)}</caption>
          <thead>
            <tr>
              <th scope="col">{t("adminAnalytics.chart.day")}</th>
              <th scope="col">{t("adminAnalytics.chart.clicks")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{formatChartDay(day.day, language, "long")}</time>
                </th>
                <td>{formatCount(day.clicks, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
