import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { Language } from "~/i18n/config";
import { CANCEL_REASONS, type CallOutcome, type CancelReason, type ConfirmationState } from "~/lib/confirmation";
import type { CustomerRisk } from "~/lib/customer-risk";
import { formatDinars } from "~/lib/money";
import type { OrderStatus } from "~/lib/order-filter";
import { MAX_ORDER_NOTE_LENGTH } from "~/lib/order-workflow";
import { telHref } from "~/lib/phone";
import { formatOrderDate, OrderStatusBadge } from "./OrderStatusBadge";

/** The panel's data as the order page's and the queue's loaders give it (the orders domain's confirmationPanel). */
export interface ConfirmationPanelProps {
  orderId: number;
  phone: string;
  confirmation: {
    state: ConfirmationState;
    attempts: number;
    unanswered: number;
    callbackAt: string | null;
    cancelReason: CancelReason | null;
    cancelNote: string | null;
    suggestCancel: boolean;
    maxUnanswered: number;
    open: boolean;
    history: { id: number; agent: string; outcome: CallOutcome; callbackAt: string | null; note: string | null; at: string }[];
  };
  customer: {
    counts: { orders: number; delivered: number; returned: number; fake: number; cancelled: number };
    risk: CustomerRisk;
    blocked: boolean;
    orders: { id: number; orderNumber: string; status: OrderStatus; total: number; createdAt: string }[];
  };
  whatsapp: { template: "confirm" | "unreachable"; language: "ar" | "fr"; url: string }[];
}

const OPEN_OUTCOMES = ["no_answer", "busy", "unreachable", "wrong_number"] as const;
const tap = "inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold disabled:opacity-60";
const field = "min-h-11 w-full min-w-0 rounded-lg border border-stone-300 px-3 text-base";
const riskTone: Record<CustomerRisk, string> = {
  new: "bg-stone-100 text-stone-800",
  low: "bg-emerald-50 text-emerald-800",
  medium: "bg-amber-50 text-amber-900",
  high: "bg-red-50 text-red-800",
};

/** The customer's record by phone with the risk mark: the order page and the queue. */
export function CustomerHistoryCard({ customer, language }: { customer: ConfirmationPanelProps["customer"]; language: Language }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-2" data-testid="customer-history" data-risk={customer.risk}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-brand-900">{t("adminConfirmation.customer.title")}</h3>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${riskTone[customer.risk]}`} data-testid="customer-risk">
          {t(`adminConfirmation.customer.risk.${customer.risk}`)}
        </span>
        {customer.blocked ? (
          <span className="rounded-full bg-red-100 px-3 py-1 text-xs font-semibold text-red-800">{t("adminConfirmation.customer.blocked")}</span>
        ) : null}
      </div>
      <p className="text-sm text-stone-700">
        {t("adminConfirmation.customer.previous", { count: customer.counts.orders })}
        {customer.counts.orders > 0 ? (
          <>
            {" · "}
            {t("adminConfirmation.customer.delivered", { count: customer.counts.delivered })}
            {" · "}
            {t("adminConfirmation.customer.returned", { count: customer.counts.returned })}
            {" · "}
            {t("adminConfirmation.customer.fake", { count: customer.counts.fake })}
          </>
        ) : null}
      </p>
      {customer.orders.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {customer.orders.map((other) => (
            <li key={other.id} className="flex flex-wrap items-center gap-2">
              <Link to={`/admin/orders/${other.id}`} dir="ltr" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
                {other.orderNumber}
              </Link>
              <OrderStatusBadge status={other.status} />
              <span className="text-stone-600">{formatDinars(other.total, language)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The order's confirmation: its state, attempts and call-back, the suggestion to cancel after
 * the shop's number of unanswered calls, the phone (tel:) and WhatsApp messages, one button per
 * call outcome, a call-back time, confirm, cancel with a reason, the customer's history and
 * every call with its agent. Its forms post the confirmation intents to the page it is on.
 */
export function ConfirmationPanel({ data, language }: { data: ConfirmationPanelProps; language: Language }) {
  const { t } = useTranslation();
  const { confirmation, customer } = data;
  return (
    <section
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      aria-labelledby="confirmation-title"
      data-testid="confirmation-panel"
      data-state={confirmation.state}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="confirmation-title" className="text-lg font-semibold text-brand-900">
          {t("adminConfirmation.panel.title")}
        </h2>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-900" data-testid="confirmation-state">
          {t(`adminConfirmation.states.${confirmation.state}`)}
        </span>
        <span className="text-sm text-stone-600" data-testid="confirmation-attempts">
          {t("adminConfirmation.panel.attempts", { count: confirmation.attempts })}
        </span>
        {confirmation.unanswered > 0 ? (
          <span className="text-sm text-stone-600">{t("adminConfirmation.panel.unanswered", { count: confirmation.unanswered })}</span>
        ) : null}
      </div>
      {confirmation.callbackAt ? (
        <p className="text-sm font-medium text-brand-900" data-testid="confirmation-callback">
          {t("adminConfirmation.panel.callbackAt", { time: formatOrderDate(confirmation.callbackAt, language) })}
        </p>
      ) : null}
      {confirmation.cancelReason ? (
        <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">
          {t("adminConfirmation.panel.cancelled", { reason: t(`adminConfirmation.reasons.${confirmation.cancelReason}`) })}
          {confirmation.cancelNote ? ` — ${confirmation.cancelNote}` : ""}
        </p>
      ) : null}
      {confirmation.suggestCancel ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="suggest-cancel">
          {t("adminConfirmation.panel.suggestCancel", { count: confirmation.unanswered })}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <a href={telHref(data.phone)} dir="ltr" className={`${tap} bg-brand-700 text-white`} data-testid="call-phone">
          {t("adminConfirmation.queue.call")} {data.phone}
        </a>
        {data.whatsapp.map((link) => (
          <a
            key={`${link.template}-${link.language}`}
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className={`${tap} border border-emerald-700 text-emerald-800`}
            data-testid={`whatsapp-${link.template}-${link.language}`}
          >
            {t(`adminConfirmation.whatsappButtons.${link.template}_${link.language}`)}
          </a>
        ))}
      </div>

      {confirmation.open ? (
        <div className="space-y-4">
          <Form method="post" className="space-y-2" data-testid="call-form">
            <input type="hidden" name="intent" value="call" />
            <input type="hidden" name="orderId" value={data.orderId} />
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold text-stone-800">{t("adminConfirmation.panel.logAttempt")}</legend>
              <label className="block text-sm">
                <span className="text-stone-700">{t("adminConfirmation.panel.note")}</span>
                <input name="note" maxLength={MAX_ORDER_NOTE_LENGTH} className={field} />
              </label>
              <div className="grid grid-cols-2 gap-2">
                {OPEN_OUTCOMES.map((outcome) => (
                  <button
                    key={outcome}
                    type="submit"
                    name="outcome"
                    value={outcome}
                    className={`${tap} border border-stone-300 bg-stone-50 text-stone-900`}
                    data-testid={`outcome-${outcome}`}
                  >
                    {t(`adminConfirmation.outcomes.${outcome}`)}
                  </button>
                ))}
              </div>
            </fieldset>
          </Form>
          <Form method="post" className="space-y-2" data-testid="callback-form">
            <input type="hidden" name="intent" value="call" />
            <input type="hidden" name="orderId" value={data.orderId} />
            <input type="hidden" name="outcome" value="callback" />
            <label className="block text-sm">
              <span className="text-stone-700">{t("adminConfirmation.panel.callbackTime")}</span>
              <input type="datetime-local" name="callbackAt" required dir="ltr" className={field} data-testid="callback-at" />
            </label>
            <button type="submit" className={`${tap} w-full border border-brand-700 text-brand-800`} data-testid="outcome-callback">
              {t("adminConfirmation.outcomes.callback")}
            </button>
          </Form>
          <Form method="post" className="space-y-2" data-testid="postponed-form">
            <input type="hidden" name="intent" value="call" />
            <input type="hidden" name="orderId" value={data.orderId} />
            <input type="hidden" name="outcome" value="postponed" />
            <label className="block text-sm">
              <span className="text-stone-700">{t("adminConfirmation.panel.postponedDate")}</span>
              <input type="date" name="callbackAt" required dir="ltr" className={field} />
            </label>
            <button type="submit" className={`${tap} w-full border border-brand-700 text-brand-800`} data-testid="outcome-postponed">
              {t("adminConfirmation.outcomes.postponed")}
            </button>
          </Form>
          <Form method="post" data-testid="confirm-call-form">
            <input type="hidden" name="intent" value="confirm-call" />
            <input type="hidden" name="orderId" value={data.orderId} />
            <button type="submit" className={`${tap} w-full bg-emerald-700 text-white`} data-testid="confirm-call">
              {t("adminConfirmation.panel.confirm")}
            </button>
          </Form>
          <Form method="post" className="space-y-2" data-testid="cancel-call-form">
            <input type="hidden" name="intent" value="cancel-call" />
            <input type="hidden" name="orderId" value={data.orderId} />
            <label className="block text-sm">
              <span className="text-stone-700">{t("adminConfirmation.panel.cancelReason")}</span>
              <select name="reason" required className={field} defaultValue="">
                <option value="" disabled />
                {CANCEL_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`adminConfirmation.reasons.${reason}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm">
              <span className="text-stone-700">{t("adminConfirmation.panel.cancelNote")}</span>
              <input name="note" maxLength={MAX_ORDER_NOTE_LENGTH} className={field} />
            </label>
            <button type="submit" className={`${tap} w-full border border-red-700 text-red-800`} data-testid="cancel-call">
              {t("adminConfirmation.panel.cancel")}
            </button>
          </Form>
        </div>
      ) : null}

      <CustomerHistoryCard customer={customer} language={language} />

      <section className="space-y-2">
        <h3 className="font-semibold text-brand-900">{t("adminConfirmation.panel.history")}</h3>
        {confirmation.history.length === 0 ? (
          <p className="text-sm text-stone-600">{t("adminConfirmation.panel.noAttempts")}</p>
        ) : (
          <ol className="space-y-2 text-sm" data-testid="call-attempts">
            {confirmation.history.map((attempt) => (
              <li key={attempt.id} className="rounded-lg bg-stone-50 px-3 py-2 [overflow-wrap:anywhere]" data-outcome={attempt.outcome}>
                <span className="font-semibold text-stone-900">{t(`adminConfirmation.outcomes.${attempt.outcome}`)}</span>
                {attempt.callbackAt ? ` — ${formatOrderDate(attempt.callbackAt, language)}` : ""}
                <span className="block text-stone-600" data-testid="attempt-by">
                  {t("adminConfirmation.panel.by", { agent: attempt.agent, time: formatOrderDate(attempt.at, language) })}
                </span>
                {attempt.note ? <span className="block text-stone-700">{attempt.note}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
