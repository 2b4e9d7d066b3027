import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { formatRate, type AnalyticsLink } from "~/lib/tracking";

/** Table chrome shared by the top-links and all-links tables. */
export const th = "border-b border-stone-200 bg-stone-50 px-3 py-2 text-start text-xs font-medium whitespace-nowrap text-stone-600";
export const td = "border-b border-stone-100 px-3 py-2 align-middle whitespace-nowrap";
/** The code column stays in view while a phone scrolls the table sideways. */
export const stickyStart = "sticky start-0 z-10 bg-white";

/**
 * A table that scrolls sideways inside its card on a phone instead of widening the page; the
 * scroller is focusable so a keyboard can scroll it too. It is `relative` so the visually hidden
 * (absolutely positioned) live regions of its cells are clipped by it instead of widening the page.
 */
export function ScrollTable({ labelledBy, minWidth, children }: { labelledBy: string; minWidth: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className="relative overflow-x-auto overscroll-x-contain rounded-xl bg-white shadow-sm ring-1 ring-stone-200 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className={`w-full border-separate border-spacing-0 text-sm ${minWidth}`}>{children}</table>
    </div>
  );
}

/** The link code: Latin capitals, left to right and monospaced in every language. */
export function LinkCode({ link }: { link: AnalyticsLink }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-2">
      <code dir="ltr" className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-xs font-semibold tracking-wider text-stone-800">
        {link.code}
      </code>
      {link.isActive ? null : <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs text-stone-700">{t("adminAnalytics.inactive")}</span>}
    </span>
  );
}

const typeClass: Record<AnalyticsLink["targetType"], string> = {
  product: "bg-sky-50 text-sky-800 ring-sky-200",
  collection: "bg-violet-50 text-violet-800 ring-violet-200",
  page: "bg-amber-50 text-amber-900 ring-amber-200",
};

/** The target's type (translated) and its name, or "deleted target" when it is gone. */
export function LinkTarget({ link }: { link: AnalyticsLink }) {
  const { t } = useTranslation();
  return (
    <span className="flex max-w-64 items-center gap-2 lg:max-w-sm">
      <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${typeClass[link.targetType]}`}>
        {t(`adminAnalytics.targetType.${link.targetType}`)}
      </span>
      {link.targetName ? (
        <span className="min-w-0 truncate" title={link.targetName}>
          {link.targetName}
        </span>
      ) : (
        <span className="text-stone-500 italic">{t("adminAnalytics.deletedTarget")}</span>
      )}
    </span>
  );
}

/** utm source / medium (Latin identifiers, left to right), or "direct" when both are empty. */
export function LinkSource({ link }: { link: AnalyticsLink }) {
  const { t } = useTranslation();
  const parts = [link.utmSource, link.utmMedium].filter(Boolean);
  if (parts.length === 0) return <span className="text-stone-500">{t("adminAnalytics.noSource")}</span>;
  return (
    <bdi dir="ltr" className="font-mono text-xs text-stone-700">
      {parts.join(" / ")}
    </bdi>
  );
}

/** "3 (12.5%)": the conversions and the link's rate. */
export function LinkConversions({ link, count }: { link: AnalyticsLink; count: string }) {
  const { t } = useTranslation();
  return <span className="tabular-nums">{t("adminAnalytics.conversionRate", { conversions: count, rate: formatRate(link.rate) })}</span>;
}
