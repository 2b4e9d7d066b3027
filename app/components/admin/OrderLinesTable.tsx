import { useTranslation } from "~/i18n/react";
import type { Language } from "~/i18n/config";
import { formatDinars } from "~/lib/money";

export interface OrderLine {
  id: number;
  productId: string;
  title: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  variantLabel: string | null;
  variantSku: string | null;
  offerLabel: string | null;
}

const cell = "py-2 sm:table-cell";
/** On a phone each figure is a labelled row of its card; from 640 px the label is the column's heading. */
const figure = `${cell} flex items-baseline justify-between gap-3 py-0.5 sm:py-2 sm:text-end tabular-nums`;
const figureLabel = "text-xs text-stone-600 sm:hidden";

/**
 * An order's lines: a table from 640 px, and under it one card per line (the product, then its
 * unit price, quantity and total, each with its label), so a phone never runs the columns together
 * nor scrolls sideways. One table element for both, so assistive technology reads the same rows.
 */
export function OrderLinesTable({ items, language }: { items: readonly OrderLine[]; language: Language }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatDinars(amount, language);
  return (
    <table className="block w-full text-sm sm:table" data-testid="order-items">
      <thead className="sr-only sm:not-sr-only sm:table-header-group">
        <tr className="text-xs text-stone-600">
          <th scope="col" className="py-1 text-start font-medium">
            {t("adminOrders.order.product")}
          </th>
          <th scope="col" className="py-1 text-end font-medium">
            {t("adminOrders.order.unitPrice")}
          </th>
          <th scope="col" className="py-1 text-end font-medium">
            {t("adminOrders.order.quantity")}
          </th>
          <th scope="col" className="py-1 text-end font-medium">
            {t("adminOrders.order.lineTotal")}
          </th>
        </tr>
      </thead>
      <tbody className="block sm:table-row-group">
        {items.map((item) => (
          <tr
            key={item.id}
            className="block border-t border-stone-100 py-2 sm:table-row sm:py-0"
            data-product-id={item.productId}
            data-testid="order-line"
          >
            <td className={`block ${cell} break-words`}>
              <span className="font-medium sm:font-normal">{item.title}</span>
              {item.variantLabel && (
                <span className="block text-xs text-stone-700" data-testid="order-line-variant">
                  {item.variantLabel}
                  {item.variantSku && (
                    <span className="ms-2 font-mono break-all text-stone-500" dir="ltr">
                      {t("adminOrders.order.sku", { sku: item.variantSku })}
                    </span>
                  )}
                </span>
              )}
              {item.offerLabel && (
                <span className="block text-xs text-stone-600" data-testid="order-line-offer">
                  {item.offerLabel}
                </span>
              )}
            </td>
            <td className={figure}>
              <span className={figureLabel}>{t("adminOrders.order.unitPrice")}</span>
              <span className="whitespace-nowrap">{money(item.unitPrice)}</span>
            </td>
            <td className={figure}>
              <span className={figureLabel}>{t("adminOrders.order.quantity")}</span>
              <span>{item.quantity}</span>
            </td>
            <td className={`${figure} font-semibold sm:font-normal`}>
              <span className={figureLabel}>{t("adminOrders.order.lineTotal")}</span>
              <span className="whitespace-nowrap">{money(item.lineTotal)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
