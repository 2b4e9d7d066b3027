import { useTranslation } from "~/i18n/react";
import { isLanguage } from "~/i18n/config";
import { formatDinars } from "~/lib/money";

/** A price in dinars, with the struck-through original price when there is one above it. */
export function Price({ price, originalPrice, size = "base" }: { price: number; originalPrice?: number | null; size?: "base" | "lg" }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-brand-800 ${size === "lg" ? "text-2xl" : "text-base"}`} data-testid="price">
        <span className="sr-only">{t("catalog.card.price")}: </span>
        {formatDinars(price, language)}
      </span>
      {originalPrice != null && originalPrice > price && (
        <s className={`text-stone-500 ${size === "lg" ? "text-base" : "text-sm"}`} data-testid="original-price">
          <span className="sr-only">{t("catalog.card.originalPrice")}: </span>
          {formatDinars(originalPrice, language)}
        </s>
      )}
    </p>
  );
}
