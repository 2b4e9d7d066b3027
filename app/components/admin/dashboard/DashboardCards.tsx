import { useTranslation } from "~/i18n/react";
import type { Language } from "~/i18n/config";
import { formatDinars } from "~/lib/money";
import { formatCount } from "../analytics/format";
import { formatRate } from "./format";

export interface DashboardCardTotals {
  orders: number;
  confirmationRate: number | null;
  deliveredRate: number | null;
  returnRate: number | null;
  cash: number;
  reportedCash: number | null;
  averageOrderValue: number | null;
}

/** The period's headline figures, each with what it counts; two columns on a phone, three from 640 px. */
export function DashboardCards({ totals, language }: { totals: DashboardCardTotals; language: Language }) {
  const { t } = useTranslation();
  const dash = t("adminDashboard.noRate");
  const cards = [
    { id: "orders", value: formatCount(totals.orders, language), hint: t("adminDashboard.figures.ordersHint") },
    { id: "confirmationRate", value: formatRate(totals.confirmationRate, language) ?? dash, hint: t("adminDashboard.figures.confirmationRateHint") },
    { id: "deliveredRate", value: formatRate(totals.deliveredRate, language) ?? dash, hint: t("adminDashboard.figures.deliveredRateHint") },
    { id: "returnRate", value: formatRate(totals.returnRate, language) ?? dash, hint: t("adminDashboard.figures.returnRateHint") },
    {
      id: "cash",
      value: formatDinars(totals.cash, language),
      hint:
        totals.reportedCash === null
          ? t("adminDashboard.figures.cashHint")
          : `${t("adminDashboard.figures.cashHint")}. ${t("adminDashboard.figures.reportedCash", { amount: formatDinars(totals.reportedCash, language) })}`,
    },
    {
      id: "averageOrderValue",
      value: totals.averageOrderValue === null ? dash : formatDinars(totals.averageOrderValue, language),
      hint: t("adminDashboard.figures.averageOrderValueHint"),
    },
  ] as const;
  return (
    <section aria-label={t("adminDashboard.figures.label")}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {cards.map((card) => (
          <div key={card.id} className="min-w-0 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200 sm:p-4" data-testid={`dashboard-${card.id}`}>
            <dt className="text-sm font-medium text-stone-700">{t(`adminDashboard.figures.${card.id}`)}</dt>
            <dd className="mt-1 text-xl font-bold break-words text-brand-900 tabular-nums sm:text-2xl" data-value>
              {card.value}
            </dd>
            <dd className="mt-1 text-xs text-stone-600">{card.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
