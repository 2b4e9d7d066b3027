import type { Language } from "~/i18n/config";

const grouping = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });

/**
 * Amounts are whole Algerian dinars: `12 500 DA`, or `12 500 دج` in Arabic
 * (Western digits, as Algerian shops print them; spaces keep the number whole in RTL).
 */
export function formatDinars(amount: number, language: Language): string {
  const digits = grouping.format(Math.round(amount)).replace(/\s/g, "\u00a0");
  return `${digits}\u00a0${language === "ar" ? "دج" : "DA"}`;
}

/** A delivery fee of 0 reads as free (مجاني / FREE / GRATUIT); anything else as an amount. */
export function formatDeliveryFee(amount: number, language: Language, freeLabel: string): string {
  return amount === 0 ? freeLabel : formatDinars(amount, language);
}
