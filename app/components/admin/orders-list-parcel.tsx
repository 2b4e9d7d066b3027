import { useTranslation } from "~/i18n/react";
import type { ParcelRowState } from "~/lib/couriers";
import { compactAge, type AttentionReason } from "~/lib/parcel-attention";
import { ParcelStateBadge } from "./ParcelStateBadge";

/** The orders list's view of an order's live parcel: courier, tracking number, state and its age. */
export interface OrdersListParcel {
  courierLabel: string;
  tracking: string | null;
  state: ParcelRowState;
  stateChangedAt: string;
  attention: AttentionReason | null;
}

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
        <ParcelStateBadge state={parcel.state} testId="parcel-state" />
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
