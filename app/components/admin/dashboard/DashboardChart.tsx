import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { directionOf, type Language } from "~/i18n/config";
import type { LabelAlign } from "~/lib/analytics-chart";
import { dashboardChartGeometry, type DashboardChartDay } from "~/lib/dashboard-chart";
import { formatChartDay, formatCount } from "../analytics/format";

const ANCHOR: Record<LabelAlign, "start" | "middle" | "end"> = { left: "start", center: "middle", right: "end" };
const SERIES_CLASS = { orders: "text-brand-600", deliveries: "text-emerald-600" } as const;

/**
 * Orders and deliveries per day over the period: an SVG drawn on the server (no chart library,
 * no script). Time flows from the start side (in Arabic the oldest day is at the right), from
 * positions computed for the physical page (app/lib/dashboard-chart.ts), so no transform mirrors
 * the text. The SVG is one image for assistive technology (title and summary); a visually hidden
 * table carries the same figures.
 */
export function DashboardChart({ days, language }: { days: DashboardChartDay[]; language: Language }) {
  const { t } = useTranslation();
  const id = useId();
  const direction = directionOf(language);
  const chart = dashboardChartGeometry(days, direction);
  const range = {
    from: days[0] ? formatChartDay(days[0].day, language, "long") : "",
    to: days.at(-1) ? formatChartDay(days.at(-1)!.day, language, "long") : "",
  };
  const count = (value: number) => formatCount(value, language);
  const byDay = new Map(days.map((day) => [day.day, day]));

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="dashboard-chart">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-brand-900">
          {t("adminDashboard.chart.title")}
        </h2>
        <ul className="flex gap-3 text-sm text-stone-700" aria-hidden="true">
          {(["orders", "deliveries"] as const).map((series) => (
            <li key={series} className="flex items-center gap-1.5">
              <span className={`inline-block size-3 rounded-sm bg-current ${SERIES_CLASS[series]}`} />
              {t(`adminDashboard.chart.${series}`)}
            </li>
          ))}
        </ul>
      </div>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        width="100%"
        height={chart.height}
        className="mt-3 block overflow-visible"
        data-direction={direction}
      >
        <title id={`${id}-title`}>{t("adminDashboard.chart.label", range)}</title>
        <desc id={`${id}-desc`}>
          {t("adminDashboard.chart.summary", { orders: count(chart.totals.orders), deliveries: count(chart.totals.deliveries) })}
        </desc>
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
              {count(tick.value)}
            </text>
          ))}
        </g>
        <g aria-hidden="true">
          {chart.bars.map((bar) => {
            const day = byDay.get(bar.day);
            return (
              <rect
                key={`${bar.day}-${bar.series}`}
                x={`${bar.x}%`}
                width={`${bar.width}%`}
                y={bar.y}
                height={bar.height}
                rx={1.5}
                fill="currentColor"
                className={SERIES_CLASS[bar.series]}
                data-day={bar.day}
                data-series={bar.series}
                data-value={bar.value}
              >
                <title>
                  {t("adminDashboard.chart.bar", {
                    date: formatChartDay(bar.day, language, "long"),
                    orders: count(day?.orders ?? 0),
                    deliveries: count(day?.deliveries ?? 0),
                  })}
                </title>
              </rect>
            );
          })}
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
          <caption>{t("adminDashboard.chart.tableCaption", range)}</caption>
          <thead>
            <tr>
              <th scope="col">{t("adminDashboard.chart.day")}</th>
              <th scope="col">{t("adminDashboard.chart.orders")}</th>
              <th scope="col">{t("adminDashboard.chart.deliveries")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{formatChartDay(day.day, language, "long")}</time>
                </th>
                <td>{count(day.orders)}</td>
                <td>{count(day.deliveries)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
