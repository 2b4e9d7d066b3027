import { Form } from "react-router";
import { useTranslation } from "~/i18n/react";

/** The form the list's checkboxes belong to (form attribute), so they can sit in the table's rows. */
export const SHIP_FORM_ID = "orders-ship";

/** One order's answer to "ship with …", as the shipping domain gives it. */
export interface OrdersListShipOutcome {
  orderId: number;
  orderNumber: string;
  outcome: "shipped" | "already" | "not_confirmed" | "refused" | "unknown" | "unavailable" | "unmapped" | "no_origin";
  message?: string;
  tracking?: string;
}

export type OrdersListShipAnswer = { ok: false; message: string } | { ok: true; accountId: number; outcomes: OrdersListShipOutcome[] };

/** The page printing the courier labels of these orders, one PDF. */
export function labelsHref(orderIds: readonly number[]): string {
  return `/admin/orders/labels?ids=${orderIds.join(",")}`;
}

const button = "h-10 rounded-lg px-4 text-sm font-semibold disabled:opacity-60";

/** The selection's actions: ship with a courier account (the default first), print the labels. */
export function ShipSelectionBar({
  couriers,
  selected,
  busy,
}: {
  couriers: { id: number; label: string }[];
  selected: readonly number[];
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      id={SHIP_FORM_ID}
      className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      aria-label={t("adminOrders.parcels.selection")}
      data-testid="ship-selection"
    >
      <input type="hidden" name="intent" value="ship" />
      <p className="w-full text-sm text-stone-600">{t("adminOrders.parcels.selectionHint")}</p>
      {couriers.length > 0 ? (
        <>
          <label className="block min-w-0 text-sm">
            <span className="mb-1 block text-stone-600">{t("adminOrders.parcels.shipWith")}</span>
            <select
              name="accountId"
              className="h-10 w-full max-w-full rounded-lg border border-stone-300 bg-white px-2 text-base"
              data-testid="ship-account"
            >
              {couriers.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={busy} className={`${button} bg-brand-700 text-white hover:bg-brand-800`} data-testid="ship-submit">
            {t("adminOrders.parcels.ship")}
          </button>
        </>
      ) : (
        <p className="w-full text-sm text-amber-900" data-testid="ship-no-courier">
          {t("adminOrders.parcels.noCourier")}
        </p>
      )}
      {selected.length > 0 ? (
        <a
          href={labelsHref(selected)}
          target="_blank"
          rel="noopener"
          className={`${button} inline-flex items-center border border-brand-700 text-brand-800 hover:bg-brand-50`}
          data-testid="print-selection-labels"
        >
          {t("adminOrders.parcels.printLabels")}
        </a>
      ) : null}
    </Form>
  );
}

/** Each order's outcome of the last "ship with …"; to create again the parcels whose fate is unknown, once checked. */
export function ShipResults({ answer, busy }: { answer: OrdersListShipAnswer; busy: boolean }) {
  const { t } = useTranslation();
  if (!answer.ok) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800" data-testid="ship-error">
        {answer.message}
      </p>
    );
  }
  const printable = answer.outcomes.filter((o) => o.outcome === "shipped" || o.outcome === "already").map((o) => o.orderId);
  const unknown = answer.outcomes.filter((o) => o.outcome === "unknown");
  return (
    <section
      role="status"
      aria-live="polite"
      className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      data-testid="ship-results"
    >
      <h2 className="font-semibold text-brand-900">{t("adminOrders.parcels.results")}</h2>
      <ul className="space-y-1 text-sm">
        {answer.outcomes.map((o) => (
          <li key={o.orderId} className="flex flex-wrap gap-x-2" data-order-number={o.orderNumber} data-outcome={o.outcome}>
            <span dir="ltr" className="font-semibold">
              {o.orderNumber}
            </span>
            <span className={o.outcome === "shipped" || o.outcome === "already" ? "text-emerald-800" : "text-red-800"}>
              {/* A refusal is shown in the courier's own words. */}
              {t(`adminOrders.parcels.outcomes.${o.outcome}`, { tracking: o.tracking ?? "", message: o.message ?? "" })}
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        {printable.length > 0 ? (
          <a
            href={labelsHref(printable)}
            target="_blank"
            rel="noopener"
            className={`${button} inline-flex items-center border border-brand-700 text-brand-800 hover:bg-brand-50`}
            data-testid="print-shipped-labels"
          >
            {t("adminOrders.parcels.printShipped")}
          </a>
        ) : null}
        {unknown.length > 0 ? (
          <Form method="post" className="space-y-2" data-testid="ship-recreate">
            <input type="hidden" name="intent" value="ship" />
            <input type="hidden" name="accountId" value={answer.accountId} />
            <input type="hidden" name="recreateUnknown" value="1" />
            {unknown.map((o) => (
              <input key={o.orderId} type="hidden" name="orderId" value={o.orderId} />
            ))}
            <p className="text-sm text-stone-600">{t("adminOrders.parcels.recreateHint")}</p>
            <button type="submit" disabled={busy} className={`${button} border border-red-700 text-red-800 hover:bg-red-50`}>
              {t("adminOrders.parcels.recreate")}
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
