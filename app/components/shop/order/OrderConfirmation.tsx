import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { sentenceWith, useTranslation, VALUE_SLOT } from "~/i18n/react";
import { isLanguage } from "~/i18n/config";
import { parseDeliveryDays } from "~/lib/delivery";
import { formatDinars } from "~/lib/money";
import { orderConfirmationPath, type OrderConfirmation as Confirmation } from "~/lib/order-confirmation";

/**
 * What the shopper sees once an order is placed, the same on its confirmation page and in place
 * of every order form: the order number, the lines, the delivery (mode, commune and wilaya,
 * estimated time), the amount to pay on delivery and what happens next. In a form (`inline`) it
 * scrolls into view below the sticky header and takes the focus, so a phone shows it at once and
 * a screen reader reads it; it stays until the shopper dismisses it (no timer: an order must never
 * look as if it vanished) and links to its page.
 */
export function OrderConfirmation({
  confirmation,
  inline = false,
  onDismiss,
}: {
  confirmation: Confirmation;
  /** Shown in place of a form: scrolled to, focused, with a link to the confirmation page. */
  inline?: boolean;
  /** Shown with a button that closes the confirmation (the form starts over). */
  onDismiss?(): void;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = inline ? "h2" : "h1";

  useEffect(() => {
    if (!inline) return;
    const element = heading.current;
    const box = element?.closest<HTMLElement>("[data-testid=order-confirmation]");
    if (!element || !box) return;
    element.focus({ preventScroll: true });
    // Below the page's sticky header (its height changes with the page and the screen); a
    // dialog has none above it.
    const header = box.closest("dialog") ? null : document.querySelector("header");
    box.style.scrollMarginTop = `${(header?.getBoundingClientRect().height ?? 0) + 12}px`;
    box.scrollIntoView({ block: "start" });
  }, [inline, confirmation.token]);

  const days = confirmation.deliveryTime ? parseDeliveryDays(confirmation.deliveryTime) : null;
  const mode = t(confirmation.deliveryType === "stop_desk" ? "shopDelivery.stopDesk" : "shopDelivery.home");
  const place = confirmation.commune
    ? t("order.confirmation.place", { commune: confirmation.commune, wilaya: confirmation.wilaya })
    : confirmation.wilaya;
  const money = (value: number) => formatDinars(value, language);

  return (
    <div className="rounded-xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-300" data-testid="order-confirmation">
      <Heading ref={heading} tabIndex={-1} className="text-lg font-bold outline-none focus-visible:ring-2 focus-visible:ring-emerald-600">
        {t("order.confirmation.title")}
      </Heading>
      <p className="mt-2">
        {t("order.confirmation.orderNumber")}{" "}
        <bdi className="font-bold whitespace-nowrap tabular-nums" dir="ltr" data-testid="order-number">
          {confirmation.orderNumber}
        </bdi>
      </p>

      <h3 className="mt-4 text-sm font-semibold text-emerald-900">{t("order.confirmation.items")}</h3>
      <ul className="mt-1 flex flex-col gap-1 text-sm" data-testid="order-confirmation-items">
        {confirmation.items.map((item, index) => (
          <li key={index} className="flex items-baseline justify-between gap-3">
            <span className="min-w-0">
              <bdi>{item.title}</bdi> <span className="text-stone-600 tabular-nums">{t("order.quickBuy.quantity", { count: item.quantity })}</span>
              {item.variant && (
                <span className="block text-xs text-stone-700" data-testid="order-confirmation-variant">
                  <bdi>{item.variant}</bdi>
                </span>
              )}
              {item.offer && (
                <span className="block text-xs text-emerald-800" data-testid="order-confirmation-offer">
                  <bdi>{item.offer}</bdi>
                </span>
              )}
            </span>
            <span className="shrink-0 tabular-nums">{money(item.lineTotal)}</span>
          </li>
        ))}
      </ul>

      <h3 className="mt-4 text-sm font-semibold text-emerald-900">{t("order.confirmation.delivery")}</h3>
      <p className="mt-1 text-sm" data-testid="order-confirmation-delivery">
        {t("order.confirmation.deliveryTo", { mode, place })}
      </p>
      {confirmation.stopDesk && (
        <p className="mt-1 text-sm" data-testid="order-confirmation-stop-desk">
          {t("order.confirmation.stopDesk", { name: confirmation.stopDesk })}
        </p>
      )}
      {confirmation.deliveryTime && (
        <p className="mt-1 text-sm">{t("order.confirmation.estimatedTime", { time: days ? t("common.days", days) : confirmation.deliveryTime })}</p>
      )}

      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1 text-sm">
        <dt className="text-stone-700">{t("order.confirmation.itemsTotal")}</dt>
        <dd className="ps-4 text-end tabular-nums">{money(confirmation.itemsTotal)}</dd>
        <dt className="text-stone-700">{t("order.confirmation.deliveryPrice")}</dt>
        <dd className="ps-4 text-end tabular-nums">{confirmation.deliveryPrice === 0 ? t("common.free") : money(confirmation.deliveryPrice)}</dd>
        <dt className="mt-1 border-t border-emerald-200 pt-1 font-bold">{t("order.confirmation.toPay")}</dt>
        <dd className="mt-1 border-t border-emerald-200 ps-4 pt-1 text-end text-lg font-bold tabular-nums" data-testid="order-total">
          {money(confirmation.total)}
        </dd>
      </dl>

      <h3 className="mt-4 text-sm font-semibold text-emerald-900">{t("order.confirmation.next")}</h3>
      <p className="mt-1 text-sm">
        {sentenceWith(
          t("order.confirmation.call", { phone: VALUE_SLOT }),
          <bdi dir="ltr" className="tabular-nums" data-testid="order-confirmation-phone">
            {confirmation.phone}
          </bdi>,
        )}
      </p>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        {inline ? (
          <Link
            to={orderConfirmationPath(confirmation.token)}
            onClick={onDismiss}
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
            data-testid="order-confirmation-link"
          >
            {t("order.confirmation.openPage")}
          </Link>
        ) : (
          <Link
            to="/categories"
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            {t("order.confirmation.continueShopping")}
          </Link>
        )}
        {onDismiss && (
          <button
            type="button"
            onClick={onDismiss}
            className="ms-auto min-h-11 rounded-lg px-4 font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-white"
            data-testid="order-confirmation-dismiss"
          >
            {t("order.confirmation.dismiss")}
          </button>
        )}
      </div>
    </div>
  );
}
