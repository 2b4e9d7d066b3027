import { useTranslation } from "~/i18n/react";
import type { Language } from "~/i18n/config";
import type { OrderStatus } from "~/lib/order-filter";

const statusClass: Record<OrderStatus, string> = {
  new: "bg-sky-100 text-sky-900 ring-sky-200",
  confirmed: "bg-indigo-100 text-indigo-900 ring-indigo-200",
  shipped: "bg-amber-100 text-amber-900 ring-amber-200",
  delivered: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  cancelled: "bg-stone-200 text-stone-700 ring-stone-300",
  returned: "bg-red-100 text-red-800 ring-red-200",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${statusClass[status]}`}
      data-status={status}
    >
      {t(`adminOrders.status.${status}`)}
    </span>
  );
}

const LOCALES: Record<Language, string> = { ar: "ar-DZ", fr: "fr-DZ", en: "en-GB" };

/** An order's date and time as read in Algeria (Africa/Algiers), in the page's language. */
export function formatOrderDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: "Africa/Algiers",
    dateStyle: "medium",
    timeStyle: "short",
  }).format(date);
}
