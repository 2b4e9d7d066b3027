import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { Language } from "~/i18n/config";
import type { ParcelRowState, ParcelState } from "~/lib/couriers";
import { formatDinars } from "~/lib/money";
import { formatOrderDate } from "./OrderStatusBadge";
import { ParcelStateBadge } from "./ParcelStateBadge";

/** The order's parcel as the page's loader gives it. */
export interface ParcelPanelData {
  courierLabel: string;
  tracking: string | null;
  state: ParcelRowState;
  courierStatus: string | null;
  reason: string | null;
  needsHandover: boolean;
  failedAttempts: number;
  cashCollected: number | null;
  error: string | null;
  hasLabel: boolean;
  events: { id: number; occurredAt: string; state: ParcelState; courierStatus: string; reason: string | null }[];
}

export interface ShipAccount {
  id: number;
  label: string;
  isDefault: boolean;
}

const button = "h-10 rounded-lg px-4 text-sm font-semibold disabled:opacity-60";

/**
 * The order's shipping card: the "ship with …" form on a confirmed order (the accounts, the
 * default preselected; the "create again?" question when the last attempt got no answer), and
 * the parcel: courier, tracking, state in the merchant's words and the courier's own, attempts,
 * cash, the stop-desk wait, the label, a refusal in the courier's words, and its events.
 */
export function ParcelPanel({
  orderId,
  parcel,
  canShip,
  accounts,
  couriersEnabled,
  stopDeskName,
  busy,
  language,
}: {
  orderId: number;
  parcel: ParcelPanelData | null;
  canShip: boolean;
  accounts: ShipAccount[];
  couriersEnabled: boolean;
  stopDeskName: string | null;
  busy: boolean;
  language: Language;
}) {
  const { t } = useTranslation();
  const live = parcel !== null && parcel.state !== "cancelled";
  const askRecreate = parcel?.state === "unknown";
  const showForm = canShip && (!live || askRecreate);
  if (!parcel && !showForm && !stopDeskName) return null;
  const defaultAccount = accounts.find((account) => account.isDefault) ?? accounts[0];

  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" aria-labelledby="order-shipping" data-testid="parcel-panel">
      <h2 id="order-shipping" className="mb-3 font-semibold">
        {t("adminShipping.panel.title")}
      </h2>
      {stopDeskName ? (
        <p className="mb-2 text-sm" data-testid="order-stop-desk">
          <span className="text-stone-500">{t("adminShipping.panel.stopDesk")}: </span>
          {stopDeskName}
        </p>
      ) : null}

      {parcel ? (
        <div className="space-y-2 text-sm" data-testid="parcel" data-state={parcel.state}>
          {parcel.state === "cancelled" && parcel.error ? (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800" role="alert" data-testid="parcel-refused">
              {t("adminShipping.panel.refused", { courier: parcel.courierLabel, words: parcel.error })}
            </p>
          ) : null}
          {parcel.state === "unknown" ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900" role="alert" data-testid="parcel-unknown">
              {t("adminShipping.panel.unknown", { courier: parcel.courierLabel })}
            </p>
          ) : null}
          {parcel.state === "creating" ? (
            <p className="text-stone-600">{t("adminShipping.panel.creating", { courier: parcel.courierLabel })}</p>
          ) : null}
          {parcel.state === "at_stop_desk" ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900" data-testid="parcel-at-stop-desk">
              {t("adminShipping.panel.atStopDesk")}
            </p>
          ) : null}
          {parcel.needsHandover && parcel.state === "draft" ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900" data-testid="parcel-handover">
              {t("adminShipping.panel.handOverPending")}
              {parcel.error ? <span className="block text-xs">«{parcel.error}»</span> : null}
            </p>
          ) : null}
          <dl className="space-y-2">
            <div>
              <dt className="text-xs text-stone-500">{t("adminShipping.panel.courier")}</dt>
              <dd data-testid="parcel-courier">{parcel.courierLabel}</dd>
            </div>
            {parcel.tracking ? (
              <div>
                <dt className="text-xs text-stone-500">{t("adminShipping.panel.tracking")}</dt>
                <dd>
                  <span dir="ltr" className="font-mono" data-testid="parcel-tracking">
                    {parcel.tracking}
                  </span>
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-xs text-stone-500">{t("adminShipping.panel.state")}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <ParcelStateBadge state={parcel.state} />
                {parcel.courierStatus ? (
                  <span className="text-stone-600" data-testid="parcel-courier-status">
                    «{parcel.courierStatus}»
                  </span>
                ) : null}
              </dd>
            </div>
            {parcel.reason ? (
              <div>
                <dt className="text-xs text-stone-500">{t("adminShipping.panel.reason")}</dt>
                <dd>{parcel.reason}</dd>
              </div>
            ) : null}
            {parcel.failedAttempts > 0 ? (
              <p className="font-medium text-red-800" data-testid="parcel-attempts">
                {t("adminShipping.panel.failedAttempts", { count: parcel.failedAttempts })}
              </p>
            ) : null}
            {parcel.cashCollected !== null ? (
              <div>
                <dt className="text-xs text-stone-500">{t("adminShipping.panel.cashCollected")}</dt>
                <dd className="tabular-nums" data-testid="parcel-cash">
                  {formatDinars(parcel.cashCollected, language)}
                </dd>
              </div>
            ) : null}
          </dl>
          {parcel.hasLabel ? (
            <a
              href={`/admin/orders/${orderId}/label`}
              target="_blank"
              rel="noopener"
              className="inline-block rounded-lg border border-brand-700 px-3 py-1.5 font-semibold text-brand-800 hover:bg-brand-50"
              data-testid="parcel-label"
            >
              {t("adminShipping.panel.label")}
            </a>
          ) : null}
          <h3 className="pt-2 text-sm font-semibold">{t("adminShipping.panel.events")}</h3>
          {parcel.events.length === 0 ? (
            <p className="text-stone-600">{t("adminShipping.panel.noEvents")}</p>
          ) : (
            <ol className="space-y-2" data-testid="parcel-events">
              {parcel.events.map((event) => (
                <li key={event.id} className="border-s-2 border-brand-200 ps-3" data-state={event.state}>
                  <div className="flex flex-wrap items-center gap-2">
                    <ParcelStateBadge state={event.state} />
                    <span className="text-xs text-stone-500">{formatOrderDate(event.occurredAt, language)}</span>
                  </div>
                  <p className="text-stone-700">
                    «{event.courierStatus}»{event.reason ? ` · ${event.reason}` : ""}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}

      {showForm ? (
        !couriersEnabled ? (
          <p className="mt-3 text-sm text-stone-600">{t("adminShipping.ship.disabled")}</p>
        ) : accounts.length === 0 ? (
          <p className="mt-3 text-sm text-stone-600">
            {t("adminShipping.ship.noAccounts")}{" "}
            <Link to="/admin/couriers" className="text-brand-800 underline">
              {t("adminShipping.ship.addAccount")}
            </Link>
          </p>
        ) : (
          <Form method="post" className="mt-3 space-y-2 border-t border-stone-200 pt-3" data-testid="ship-form">
            <input type="hidden" name="intent" value="ship" />
            {askRecreate ? (
              <>
                <input type="hidden" name="recreate" value="1" />
                <p className="text-sm font-medium text-amber-900">{t("adminShipping.ship.recreateQuestion")}</p>
              </>
            ) : null}
            <label className="block text-sm">
              <span className="mb-1 block text-stone-600">{t("adminShipping.ship.account")}</span>
              <select
                name="accountId"
                defaultValue={defaultAccount?.id}
                className="h-10 w-full rounded-lg border border-stone-300 bg-white px-2 text-base"
              >
                {accounts.map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.isDefault ? t("adminShipping.ship.defaultAccount", { label: account.label }) : account.label}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={busy} className={`${button} bg-brand-700 text-white hover:bg-brand-800`} data-testid="ship-submit">
              {askRecreate ? t("adminShipping.ship.recreate") : t("adminShipping.ship.submit")}
            </button>
          </Form>
        )
      ) : null}
    </section>
  );
}
