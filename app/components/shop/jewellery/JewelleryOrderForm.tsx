import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Field, HoneypotField, PhoneField } from "~/components/shop/order/CustomerFields";
import { FormErrorSummary } from "~/components/ui/FormErrorSummary";
import { OrderKeyInput, trackOrderPlaced, useOrderForm } from "~/components/shop/order/useOrderForm";
import { trackCustomizeProduct } from "~/lib/pixel";
import { DeliveryFields, useDeliveryChoice } from "~/components/shop/order/DeliveryFields";
import { OrderConfirmation } from "~/components/shop/order/OrderConfirmation";
import { isLanguage } from "~/i18n/config";
import { parseDeliveryDays } from "~/lib/delivery";
import { bundleById, bundlePrice, DEFAULT_BUNDLE, isBundleId, JEWELLERY_BUNDLES, type BundleId } from "~/lib/jewellery";
import { formatDeliveryFee, formatDinars } from "~/lib/money";
import { jewelleryOrderSchema, type OrderFormAnswer } from "~/lib/order-form";
import type { WilayaChoice } from "~/lib/wilaya-search";

/**
 * The jewellery page's order form: the three bundles as radio choices, name, phone and email
 * (all required: a missing one shows the form's one alert, jewellery.form.required), the delivery
 * block (wilaya, commune, home or stop-desk, address), and a summary with the bundle price, the
 * chosen delivery's fee and time, and the total. It posts to
 * the page's own action (jewelleryOrderSchema): with JavaScript through a fetcher, and a success
 * clears the form, sets the bundle back to single and shows the order's confirmation in its place
 * until the shopper dismisses it; without, a plain POST answered by a redirect (303) to the
 * order's confirmation page.
 */
export function JewelleryOrderForm({
  item,
  wilayas,
  posted,
}: {
  /** The piece: the bundles' prices are computed from its price and compare-at price (0: none). */
  item: { id: string; title: string; inStock: boolean; stockQuantity: number; price: number; compareAtPrice: number };
  wilayas: WilayaChoice[];
  /** The answer of a refused plain post. */
  posted?: OrderFormAnswer | null;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const ids = useId();
  const {
    fetcher,
    form,
    errors: refusals,
    defaults,
    failed,
    invalid,
    message,
    order,
    confirmation,
    communes,
    stopDesks,
    submitting,
    dismiss,
  } = useOrderForm({
    schema: jewelleryOrderSchema,
    posted,
    draft: { source: "jewellery", productId: item.id },
  });
  const [bundle, setBundle] = useState<BundleId>(isBundleId(defaults.bundle) ? defaults.bundle : DEFAULT_BUNDLE);
  const delivery = useDeliveryChoice(wilayas, defaults);
  const resetDelivery = useRef(delivery.reset);
  resetDelivery.current = delivery.reset;
  const [formKey, setFormKey] = useState(0);
  const sent = useRef(bundle);

  const available = item.inStock ? Math.max(0, item.stockQuantity) : 0;
  const piece = { price: item.price, compareAtPrice: item.compareAtPrice };
  const chosen = bundlePrice(bundle, piece);
  const wilayaChoice = delivery.chosen;
  const deliveryPrice = delivery.fee;
  const days = wilayaChoice ? parseDeliveryDays(wilayaChoice.deliveryTime) : null;

  // A blank name, phone or email is the form's one alert (its text is those fields' "missing" error), shown alone.
  const showMissing = failed && Object.values(refusals).includes(t("jewellery.form.required"));
  // The missing fields are told by the one alert; the others (commune, address…) by their fields.
  const errors: Record<string, string> = showMissing
    ? Object.fromEntries(Object.entries(refusals).filter(([, text]) => text !== t("jewellery.form.required")))
    : refusals;

  // A success (the pixel told) resets the form and sets the bundle back to single.
  const tellOrderPlaced = useEffectEvent((placed: NonNullable<typeof order>) =>
    trackOrderPlaced([{ productId: item.id, quantity: bundleById(sent.current).quantity }], placed),
  );
  useEffect(() => {
    if (!order) return;
    tellOrderPlaced(order);
    setFormKey((key) => key + 1);
    setBundle(DEFAULT_BUNDLE);
    resetDelivery.current();
  }, [order]);

  const row = "flex items-baseline justify-between gap-3";

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-amber-200 sm:p-6">
      <h2 id={`${ids}-title`} className="text-xl font-bold">
        {t("jewellery.form.title")}
      </h2>

      <fetcher.Form
        key={formKey}
        id={form.id}
        method="post"
        action="#order"
        onSubmit={(event) => {
          sent.current = bundle;
          form.onSubmit(event);
        }}
        defaultShouldRevalidate={false}
        noValidate
        className={`mt-4 flex flex-col gap-5 ${confirmation ? "hidden" : ""}`}
        data-testid="jewellery-form"
      >
        <OrderKeyInput state={fetcher.state} />
        <FormErrorSummary errors={invalid ? refusals : null} />
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-stone-800">{t("jewellery.bundle.legend")}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {JEWELLERY_BUNDLES.map(({ id }) => {
              const option = { id, ...bundlePrice(id, piece) };
              const tooMany = option.quantity > available;
              return (
                <label
                  key={option.id}
                  className={`relative flex cursor-pointer flex-col gap-1 rounded-xl p-3 ring-2 transition-colors has-[:checked]:bg-amber-50 has-[:checked]:ring-amber-500 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${"ring-stone-200"}`}
                  data-testid="bundle-option"
                  data-bundle={option.id}
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="bundle"
                      value={option.id}
                      checked={bundle === option.id}
                      onChange={() => {
                        setBundle(option.id);
                        trackCustomizeProduct({ productId: item.id, quantity: option.quantity, value: option.price });
                      }}
                      disabled={tooMany}
                      className="size-4 accent-amber-600"
                    />
                    <span className="font-bold">{t(`jewellery.bundles.${option.id}.name`)}</span>
                    {option.discount !== null && (
                      <span dir="ltr" className="ms-auto rounded-md bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">
                        {t("jewellery.bundle.save", { percent: option.discount })}
                      </span>
                    )}
                  </span>
                  <span className="text-xs text-stone-600">{t(`jewellery.bundles.${option.id}.description`)}</span>
                  <span className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-bold text-brand-800">{formatDinars(option.price, language)}</span>
                    {option.originalPrice > option.price && <s className="text-sm text-stone-500">{formatDinars(option.originalPrice, language)}</s>}
                  </span>
                </label>
              );
            })}
          </div>
          {errors.bundle && <p className="mt-1 text-sm text-red-700">{errors.bundle}</p>}
        </fieldset>

        <div className="flex flex-col gap-4">
          <Field label={t("jewellery.form.name")} error={errors.name} required>
            {(props) => (
              <input
                {...props}
                name="name"
                type="text"
                required
                autoComplete="name"
                placeholder={t("jewellery.form.namePlaceholder")}
                defaultValue={defaults.name}
              />
            )}
          </Field>
          <PhoneField
            label={t("jewellery.form.phone")}
            placeholder={t("jewellery.form.phonePlaceholder")}
            error={errors.phone}
            defaultValue={defaults.phone}
            note={t("order.fields.phoneNote")}
          />
          <Field label={t("jewellery.form.email")} error={errors.email} required>
            {(props) => (
              <input
                {...props}
                name="email"
                type="email"
                required
                autoComplete="email"
                inputMode="email"
                dir="ltr"
                placeholder={t("jewellery.form.emailPlaceholder")}
                maxLength={254}
                defaultValue={defaults.email}
              />
            )}
          </Field>
          <DeliveryFields wilayas={wilayas} delivery={delivery} errors={errors} defaults={defaults} communes={communes} stopDesks={stopDesks} />
          <HoneypotField label={t("order.fields.honeypot")} />
        </div>

        <section
          aria-labelledby={`${ids}-summary`}
          className="rounded-xl bg-stone-50 p-4 text-sm ring-1 ring-stone-200"
          data-testid="jewellery-summary"
        >
          <h3 id={`${ids}-summary`} className="mb-2 font-bold">
            {t("jewellery.summary.title")}
          </h3>
          <dl className="flex flex-col gap-1.5">
            <div className={row}>
              <dt className="text-stone-600">{t("jewellery.summary.item")}</dt>
              <dd className="text-end font-semibold">{item.title}</dd>
            </div>
            <div className={row}>
              <dt className="text-stone-600">{t("jewellery.summary.bundle")}</dt>
              <dd className="font-semibold" data-testid="jewellery-summary-bundle">
                {t(`jewellery.bundles.${bundle}.name`)}
              </dd>
            </div>
            <div className={row}>
              <dt className="text-stone-600">{t("jewellery.summary.bundlePrice")}</dt>
              <dd className="font-semibold tabular-nums">{formatDinars(chosen.price, language)}</dd>
            </div>
            <div className={row}>
              <dt className="text-stone-600">{t("jewellery.summary.delivery")}</dt>
              <dd className="font-semibold tabular-nums" data-testid="jewellery-summary-delivery">
                {deliveryPrice === null ? (
                  <span className="font-normal text-stone-500">{t("jewellery.summary.deliveryPending")}</span>
                ) : (
                  formatDeliveryFee(deliveryPrice, language, t("common.free"))
                )}
              </dd>
            </div>
            {wilayaChoice && (
              <div className={row}>
                <dt className="text-stone-600">{t("jewellery.summary.deliveryTime")}</dt>
                <dd className="font-semibold">{days ? t("common.days", days) : wilayaChoice.deliveryTime}</dd>
              </div>
            )}
            <div className={`${row} border-t border-stone-200 pt-2 text-base`}>
              <dt className="font-bold">{t("jewellery.summary.total")}</dt>
              <dd className="font-bold text-brand-800 tabular-nums" data-testid="jewellery-summary-total">
                {formatDinars(chosen.price + (deliveryPrice ?? 0), language)}
              </dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-stone-600">{t("jewellery.form.cashOnDelivery")}</p>
        </section>

        {showMissing && (
          <p
            role="alert"
            className="rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-300"
            data-testid="jewellery-error"
            data-reason="required"
          >
            {t("jewellery.form.required")}
          </p>
        )}
        {failed && !showMissing && (
          <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-300" data-testid="jewellery-error">
            <p className="font-bold">{t("jewellery.error")}</p>
            {message && <p className="mt-1 text-sm">{message}</p>}
          </div>
        )}
        {available === 0 && <p className="text-sm font-semibold text-stone-700">{t("jewellery.form.unavailable")}</p>}

        <button
          type="submit"
          disabled={submitting || available === 0}
          className="rounded-xl bg-amber-500 px-5 py-3.5 text-lg font-bold text-stone-900 shadow-sm hover:bg-amber-400 disabled:cursor-not-allowed disabled:opacity-60"
          data-testid="jewellery-submit"
        >
          {submitting ? t("jewellery.form.sending") : t("jewellery.form.submit")}
        </button>
      </fetcher.Form>
      {/* Outside the form, which starts over (a new key) after a success: the confirmation stays put. */}
      <div aria-live="polite" className="mt-4 flex flex-col gap-2 empty:hidden">
        {order && confirmation && <OrderConfirmation confirmation={confirmation} inline onDismiss={dismiss} />}
        {order && !confirmation && (
          <div
            role="status"
            className="rounded-xl bg-emerald-50 p-4 font-semibold text-emerald-900 ring-1 ring-emerald-300"
            data-testid="jewellery-success"
          >
            <p>{t("jewellery.success")}</p>
            <p className="mt-1 text-sm font-normal" data-testid="order-number">
              {t("order.orderNumber", { number: order.orderNumber })}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
