import { useTranslation } from "~/i18n/react";
import { discountPercent, fewLeft } from "~/lib/product";

/** The discount badge (rounded percent off), shown only when the original price is above the price. */
export function DiscountBadge({ price, originalPrice, className = "" }: { price: number; originalPrice: number | null; className?: string }) {
  const { t } = useTranslation();
  const percent = discountPercent(price, originalPrice);
  if (percent === null) return null;
  return (
    // dir="ltr": in Arabic text the minus sign would otherwise be drawn after the number.
    <span dir="ltr" className={`rounded-md bg-red-600 px-2 py-0.5 text-xs font-bold text-white ${className}`} data-testid="discount-badge">
      {t("catalog.card.discount", { percent })}
    </span>
  );
}

/** catalog.card.fewLeft when 20 or fewer remain; catalog.card.outOfStock when none. */
export function StockBadge({ inStock, stockQuantity, className = "" }: { inStock: boolean; stockQuantity: number; className?: string }) {
  const { t } = useTranslation();
  if (!inStock || stockQuantity <= 0) {
    return (
      <span className={`rounded-md bg-stone-700 px-2 py-0.5 text-xs font-bold text-white ${className}`} data-testid="out-of-stock-badge">
        {t("catalog.card.outOfStock")}
      </span>
    );
  }
  const left = fewLeft({ inStock, stockQuantity });
  if (left === null) return null;
  return (
    <span className={`rounded-md bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 ${className}`} data-testid="few-left-badge">
      {t("catalog.card.fewLeft", { count: left })}
    </span>
  );
}
