import { useEffect, useEffectEvent, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { productOrderSchema, type OrderFormAnswer } from "~/lib/order-form";
import { trackPixel } from "~/lib/pixel";
import type { WilayaChoice } from "~/lib/wilaya-search";
import { CustomerFields } from "./CustomerFields";
import { useDeliveryChoice } from "./DeliveryFields";
import { SubmitOrderButton } from "./SubmitOrderButton";
import { OrderConfirmation } from "./OrderConfirmation";
import { OrderStatusBanner } from "./OrderStatusBanner";
import { OrderSummary } from "./OrderSummary";
import { OrderKeyInput, trackOrderPlaced, useOrderForm } from "./useOrderForm";
import { useHydrated } from "./useHydrated";

/**
 * The product page's inline order form (#order, opened by buy-now): first and last name,
 * phone, the delivery block (wilaya, commune, home or stop-desk, address), quantity 1, with
 * the items total, the chosen delivery's fee and the grand total. It posts to the page's own action: with
 * JavaScript through a fetcher (the order's confirmation in place of the form until the shopper
 * dismisses it, then the form closes and clears); without, a plain POST answered by a redirect
 * (303) to the order's confirmation page, and
 * `:target` shows it when a card's quick-buy link lands on #order.
 */
export function ProductOrderSection({
  product,
  wilayas,
  open,
  onClose,
  posted,
}: {
  product: { id: string; title: string; price: number };
  wilayas: WilayaChoice[];
  open: boolean;
  onClose(): void;
  /** The answer of a refused plain post. */
  posted?: OrderFormAnswer | null;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { fetcher, form, errors, defaults, failed, invalid, message, order, confirmation, communes, submitting, dismiss } = useOrderForm({
    schema: productOrderSchema,
    posted,
  });
  const delivery = useDeliveryChoice(wilayas, defaults);
  const [formKey, setFormKey] = useState(0);

  // Tell the pixel a checkout starts each time the form opens.
  useEffect(() => {
    if (open) trackPixel("InitiateCheckout", { content_ids: [product.id], num_items: 1, value: product.price, currency: "DZD" });
  }, [open, product.id, product.price]);

  // The pixel hears of the order with the product it was placed for, even if the page changes product.
  const tellOrderPlaced = useEffectEvent((placed: NonNullable<typeof order>) => trackOrderPlaced([{ productId: product.id, quantity: 1 }], placed));
  // After a success: tell the pixel, once per order; the confirmation stays until dismissed.
  useEffect(() => {
    if (order) tellOrderPlaced(order);
  }, [order]);
  // Dismissed: the form closes and starts over.
  const startOver = () => {
    onClose();
    delivery.reset();
    setFormKey((key) => key + 1);
    dismiss();
  };
  // Closed: hidden, except before hydration when the address ends in #order (a card's quick-buy link without JS).
  const visibility = open ? "" : hydrated ? "hidden" : "hidden target:block";

  return (
    <section
      id="order"
      aria-labelledby="order-title"
      className={`mt-4 scroll-mt-20 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 ${visibility}`}
      data-testid="order-slot"
    >
      <h2 id="order-title" className="text-lg font-bold">
        {t("order.product.title")}
      </h2>
      {order ? (
        <div className="mt-3">
          {confirmation ? (
            <OrderConfirmation confirmation={confirmation} inline onDismiss={startOver} />
          ) : (
            <OrderStatusBanner form="product" status="success" order={order} />
          )}
        </div>
      ) : (
        <fetcher.Form
          key={formKey}
          id={form.id}
          method="post"
          action="#order"
          onSubmit={form.onSubmit}
          noValidate
          defaultShouldRevalidate={false}
          className="mt-3 flex flex-col gap-4"
        >
          <OrderKeyInput state={fetcher.state} />
          <CustomerFields wilayas={wilayas} delivery={delivery} communes={communes} errors={errors} defaultValues={defaults} />
          <p className="text-sm text-stone-700">{t("order.product.quantityOne")}</p>
          <OrderSummary itemsTotal={product.price} deliveryPrice={delivery.fee} />
          {failed && <OrderStatusBanner form="product" status={invalid ? "invalid" : "error"} message={message} />}
          <SubmitOrderButton submitting={submitting} />
        </fetcher.Form>
      )}
    </section>
  );
}
