import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { isLanguage } from "~/i18n/config";
import { formatDeliveryFee, formatDinars } from "~/lib/money";
import { contactOrderSchema, type OrderFormAnswer } from "~/lib/order-form";
import { trackPixel } from "~/lib/pixel";
import { wilayaLabel, type WilayaChoice } from "~/lib/wilaya-search";
import { CustomerFields, Field } from "./CustomerFields";
import { useDeliveryChoice } from "./DeliveryFields";
import { SubmitOrderButton } from "./SubmitOrderButton";
import { OrderConfirmation } from "./OrderConfirmation";
import { OrderInvalidSummary, OrderStatusBanner } from "./OrderStatusBanner";
import { OrderKeyInput, trackOrderPlaced, useOrderForm } from "./useOrderForm";

/** Quantity choices of the quick order: 1 to 5, default 1. */
export const QUICK_ORDER_QUANTITIES = [1, 2, 3, 4, 5] as const;

/**
 * The contact page's quick order: first and last name, phone, product (in-stock products
 * by title), quantity 1–5, the delivery block (wilaya, commune, home or stop-desk, address),
 * with the chosen delivery's fee and the grand total once a wilaya is chosen.
 * It posts to the page's own action: with JavaScript through a fetcher, and a success clears
 * the form, the wilaya and its search and shows the order's confirmation in its place until the
 * shopper dismisses it; without, a plain POST answered by a redirect (303) to the order's
 * confirmation page.
 */
export function ContactQuickOrder({
  products,
  wilayas,
  posted,
}: {
  products: { id: string; title: string; price: number }[];
  wilayas: WilayaChoice[];
  /** The answer of a refused plain post. */
  posted?: OrderFormAnswer | null;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const { fetcher, form, errors, defaults, failed, invalid, message, order, confirmation, communes, stopDesks, submitting, dismiss } = useOrderForm({
    schema: contactOrderSchema,
    posted,
    draft: { source: "contact_form" },
  });
  const delivery = useDeliveryChoice(wilayas, defaults);
  const resetDelivery = useRef(delivery.reset);
  resetDelivery.current = delivery.reset;
  const [productId, setProductId] = useState(defaults.product ?? "");
  const [quantity, setQuantity] = useState(Number(defaults.quantity) || 1);
  const [formKey, setFormKey] = useState(0);
  const checkoutSent = useRef(false);
  const sent = useRef({ productId, quantity });

  const chosenWilaya = delivery.chosen;
  const chosenProduct = products.find((p) => p.id === productId);

  // A success tells the pixel, clears the form, the wilaya and its search (a fresh form, shown again once the confirmation is dismissed).
  useEffect(() => {
    if (!order) return;
    trackOrderPlaced([sent.current], order);
    resetDelivery.current();
    setProductId("");
    setQuantity(1);
    setFormKey((key) => key + 1);
  }, [order]);

  return (
    <div className="mt-2 flex flex-col gap-4">
      <p className="leading-relaxed text-stone-700">{t("order.contact.intro")}</p>
      {order &&
        (confirmation ? (
          <OrderConfirmation confirmation={confirmation} inline onDismiss={dismiss} />
        ) : (
          <OrderStatusBanner form="contact" status="success" order={order} />
        ))}
      <fetcher.Form
        key={formKey}
        id={form.id}
        method="post"
        action="#quick-order"
        onSubmit={(event) => {
          sent.current = { productId, quantity };
          form.onSubmit(event);
        }}
        noValidate
        defaultShouldRevalidate={false}
        onFocus={() => {
          if (checkoutSent.current) return;
          checkoutSent.current = true;
          trackPixel("InitiateCheckout", { content_type: "product", currency: "DZD" });
        }}
        className={`flex flex-col gap-4 ${confirmation ? "hidden" : ""}`}
        data-testid="quick-order-form"
      >
        <OrderKeyInput state={fetcher.state} />
        <OrderInvalidSummary invalid={invalid} errors={errors} message={message} />
        <CustomerFields
          wilayas={wilayas}
          delivery={delivery}
          communes={communes}
          stopDesks={stopDesks}
          errors={errors}
          defaultValues={defaults}
          beforeWilaya={
            <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-3">
              <Field label={t("order.fields.product")} error={errors.product} required>
                {(props) => (
                  <select {...props} name="product" required value={productId} onChange={(event) => setProductId(event.target.value)}>
                    <option value="">{t("order.fields.chooseProduct")}</option>
                    {products.map((product) => (
                      <option key={product.id} value={product.id}>
                        {product.title} ({formatDinars(product.price, language)})
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t("order.fields.quantity")} error={errors.quantity} required>
                {(props) => (
                  <select
                    {...props}
                    name="quantity"
                    required
                    value={quantity}
                    onChange={(event) => setQuantity(Number(event.target.value))}
                    className={`${props.className} w-20`}
                  >
                    {QUICK_ORDER_QUANTITIES.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          }
        />
        {chosenWilaya && delivery.fee !== null && (
          <dl className="flex flex-col gap-1 rounded-xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200" data-testid="quick-order-delivery">
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-stone-600">{t("order.contact.deliveryPrice", { wilaya: wilayaLabel(chosenWilaya, language) })}</dt>
              <dd className={`font-semibold tabular-nums ${delivery.fee === 0 ? "text-brand-700" : ""}`} data-testid="delivery-price">
                {formatDeliveryFee(delivery.fee, language, t("common.free"))}
              </dd>
            </div>
            {chosenProduct && (
              <div className="flex items-baseline justify-between gap-3 border-t border-stone-200 pt-1 text-base">
                <dt className="font-bold">{t("order.summary.total")}</dt>
                <dd className="font-bold text-brand-800 tabular-nums" data-testid="grand-total">
                  {formatDinars(chosenProduct.price * quantity + delivery.fee, language)}
                </dd>
              </div>
            )}
          </dl>
        )}
        {failed && !invalid && <OrderStatusBanner form="contact" status="error" message={message} />}
        <SubmitOrderButton submitting={submitting} />
      </fetcher.Form>
    </div>
  );
}
