import { useTranslation } from "~/i18n/react";
import { isLanguage } from "~/i18n/config";
import { formatDeliveryFee, formatDinars } from "~/lib/money";

/**
 * Items total, the chosen wilaya's delivery fee (0 reads as free) and the grand total.
 * What the shopper sees before ordering; the shop recomputes every amount from its own prices.
 */
export function OrderSummary({ itemsTotal, deliveryPrice }: { itemsTotal: number; deliveryPrice: number | null }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const row = "flex items-baseline justify-between gap-3";
  return (
    <dl className="flex flex-col gap-1.5 rounded-xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200" data-testid="order-summary">
      <div className={row}>
        <dt className="text-stone-600">{t("order.summary.items")}</dt>
        <dd className="font-semibold tabular-nums">{formatDinars(itemsTotal, language)}</dd>
      </div>
      <div className={row}>
        <dt className="text-stone-600">{t("order.summary.delivery")}</dt>
        <dd className={`tabular-nums ${deliveryPrice === 0 ? "font-semibold text-brand-700" : "font-semibold"}`} data-testid="delivery-price">
          {deliveryPrice === null ? (
            <span className="font-normal text-stone-500">{t("order.summary.deliveryPending")}</span>
          ) : (
            formatDeliveryFee(deliveryPrice, language, t("common.free"))
          )}
        </dd>
      </div>
      <div className={`${row} border-t border-stone-200 pt-1.5 text-base`}>
        <dt className="font-bold">{t("order.summary.total")}</dt>
        <dd className="font-bold text-brand-800 tabular-nums" data-testid="grand-total">
          {formatDinars(itemsTotal + (deliveryPrice ?? 0), language)}
        </dd>
      </div>
    </dl>
  );
}
