import { localeOf, type Language } from "~/i18n/config";
import { dayToDate } from "~/lib/analytics-chart";

/**
 * Dates and counts of the analytics page, in the page's locale (ar-DZ, fr-DZ, en-GB) with Latin
 * digits (numberingSystem "latn"), so Arabic pages show 2026 rather than ٢٠٢٦ like the rest of the admin.
 */

/** Bidi marks some locales put around date parts; the page's own direction is enough. */
const stripMarks = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, "");

/** A link's creation date as read in Algeria: "22 نوفمبر 2026", "22 nov. 2026", "22 Nov 2026". */
export function formatCreatedDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return stripMarks(
    new Intl.DateTimeFormat(localeOf[language], {
      timeZone: "Africa/Algiers",
      day: "numeric",
      month: "short",
      year: "numeric",
      numberingSystem: "latn",
    }).format(date),
  );
}

/** A chart day (UTC YYYY-MM-DD): "22/11" under the axis, "22 نوفمبر 2026" in the tooltips and the table. */
export function formatChartDay(day: string, language: Language, style: "axis" | "long"): string {
  const date = dayToDate(day);
  if (!date) return day;
  const options: Intl.DateTimeFormatOptions =
    style === "axis" ? { day: "2-digit", month: "2-digit" } : { day: "numeric", month: "long", year: "numeric" };
  return stripMarks(new Intl.DateTimeFormat(localeOf[language], { ...options, timeZone: "UTC", numberingSystem: "latn" }).format(date));
}

/** A count with the locale's grouping and Latin digits. */
export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(localeOf[language], { numberingSystem: "latn", maximumFractionDigits: 0 }).format(value);
}
