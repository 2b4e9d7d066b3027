import { useTranslation } from "~/i18n/react";
import { compactAge, type AttentionReason, type ParcelRowState } from "~/lib/parcel-attention";

/** The orders list's view of an order's live parcel: courier, tracking number, state and its age. */
export interface OrdersListParcel {
  courierLabel: string;
  tracking: string | null;
  state: ParcelRowState;
  stateChangedAt: string;
  attention: AttentionReason | null;
}

const stateClass: Record<ParcelRowState, string> = {
  creating: "bg-stone-100 text-stone-700 ring-stone-200",
  unknown: "bg-red-100 text-red-800 ring-red-200",
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

type T = ReturnType<typeof useTranslation>["t"];

/** The time since `sinceIso` at `now` (the loader's instant, so server and browser agree), compactly and translated. */
export function ageText(t: T, sinceIso: string, now: Date): string {
  const age = compactAge(sinceIso, now);
  return t(`adminOrders.parcels.age.${age.unit}`, { count: age.count });
}

/** Courier, tracking number, courier state (since when) and why it needs attention; a dash before shipping. */
export function ParcelCell({ parcel, now }: { parcel: OrdersListParcel | null; now: Date }) {
  const { t } = useTranslation();
  if (!parcel) {
    return (
      <span className="text-xs text-stone-500" data-testid="parcel-none">
        {t("adminOrders.parcels.notShipped")}
      </span>
    );
  }
  return (
    <span className="flex min-w-0 flex-col items-end gap-1 md:items-start" data-testid="parcel" data-parcel-state={parcel.state}>
      <span className="flex min-w-0 flex-wrap items-center justify-end gap-x-2 md:justify-start">
        <span className="font-medium break-words" data-testid="parcel-courier">
          {parcel.courierLabel}
        </span>
        {parcel.tracking ? (
          <span
            dir="ltr"
            className="font-mono text-xs break-all text-stone-700"
            title={t("adminOrders.parcels.tracking")}
            data-testid="parcel-tracking"
          >
            {parcel.tracking}
          </span>
        ) : (
          <span className="text-xs text-stone-500">{t("adminOrders.parcels.noTracking")}</span>
        )}
      </span>
      <span className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1 md:justify-start">
        <span
          className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${stateClass[parcel.state]}`}
          data-testid="parcel-state"
        >
          {t(`adminOrders.parcels.states.${parcel.state}`)}
        </span>
        <span className="text-xs whitespace-nowrap text-stone-600" data-testid="parcel-age">
          {t("adminOrders.parcels.since", { age: ageText(t, parcel.stateChangedAt, now) })}
        </span>
      </span>
      {parcel.attention ? (
        <span className="text-xs font-medium text-red-800" data-testid="parcel-attention" data-attention={parcel.attention}>
          {t(`adminOrders.parcels.attention.${parcel.attention}`)}
        </span>
      ) : null}
    </span>
  );
}
