import { useTranslation } from "~/i18n/react";
import type { ParcelRowState } from "~/lib/couriers";

/** One colour per parcel state: red when the parcel is failing or coming back, amber when the merchant may call. */
const stateClass: Record<ParcelRowState, string> = {
  creating: "bg-stone-100 text-stone-700 ring-stone-200",
  unknown: "bg-amber-100 text-amber-900 ring-amber-200",
  draft: "bg-stone-100 text-stone-700 ring-stone-200",
  ready: "bg-sky-100 text-sky-900 ring-sky-200",
  in_transit: "bg-indigo-100 text-indigo-900 ring-indigo-200",
  at_stop_desk: "bg-amber-100 text-amber-900 ring-amber-200",
  attempt_failed: "bg-red-100 text-red-800 ring-red-200",
  postponed: "bg-amber-100 text-amber-900 ring-amber-200",
  delivered: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  returning: "bg-orange-100 text-orange-900 ring-orange-200",
  returned: "bg-red-100 text-red-800 ring-red-200",
  cancelled: "bg-stone-200 text-stone-700 ring-stone-300",
};

/** A parcel's state in the merchant's words, on the orders list and the order page alike. */
export function ParcelStateBadge({ state, testId }: { state: ParcelRowState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${stateClass[state]}`}
      data-parcel-state={state}
      data-testid={testId}
    >
      {t(`adminShipping.states.${state}`)}
    </span>
  );
}
