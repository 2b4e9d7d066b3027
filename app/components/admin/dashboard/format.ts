import { localeOf, type Language } from "~/i18n/config";

/** A rate (0..1) as a whole percentage in the page's locale with Latin digits; null: nothing to divide (the caller shows a dash). */
export function formatRate(value: number | null, language: Language): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  return new Intl.NumberFormat(localeOf[language], { style: "percent", maximumFractionDigits: 0, numberingSystem: "latn" })
    .format(value)
    .replace(/[\u200e\u200f\u061c]/g, "");
}
