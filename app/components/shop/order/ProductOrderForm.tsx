import { useEffect, useEffectEvent, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { isLanguage } from "~/i18n/config";
import { formatDinars } from "~/lib/money";
import { offerLabel, offerTotal, type ProductOffer } from "~/lib/offers";
import { pickableQuantities, productOrderSchema, type OrderFormAnswer } from "~/lib/order-form";
import { trackCustomizeProduct, trackPixel } from "~/lib/pixel";
import { offerFitsStock } from "~/lib/whatsapp-order";
import type { WilayaChoice } from "~/lib/wilaya-search";
import { CustomerFields } from "./CustomerFields";
import { useDeliveryChoice } from "./DeliveryFields";
import { SubmitOrderButton } from "./SubmitOrderButton";
import { OrderConfirmation } from "./OrderConfirmation";
import { OrderInvalidSummary, OrderStatusBanner } from "./OrderStatusBanner";
import { OrderSummary } from "./OrderSummary";
import { OrderKeyInput, trackOrderPlaced, useOrderForm } from "./useOrderForm";
import { useHydrated } from "./useHydrated";
import { Field } from "./Field";

/**
 * The product page's inline order form (#order, opened by buy-now): first and last name,
 * phone, the delivery block (wilaya, commune, home or stop-desk, address), the quantity (1 to 5, within the stock), with
 * the items total, the chosen delivery's fee and the grand total. It posts to the page's own action: with
 * JavaScript through a fetcher (the order's confirmation in place of the form until the shopper
 * dismisses it, then the form closes and clears); without, a plain POST answered by a redirect
 * (303) to the order's confirmation page, and
 * `:target` shows it when a card's quick-buy link lands on #order.
 */
export function ProductOrderSection({
  product,
  offers = [],
  wilayas,
  open,
  onClose,
  posted,
  onOfferChange,
  variant,
}: {
  product: { id: string; title: string; price: number; inStock?: boolean; stockQuantity?: number };
  /**
   * The variant chosen on the page, for a product with variants: posted as `variant`, its price
   * makes the totals and its stock the quantity choices.
   */
  variant?: { id: number; price: number; stock: number; sku?: string } | null;
  /** The product's quantity offers: when it has any, the shopper picks one instead of a quantity. */
  offers?: ProductOffer[];
  wilayas: WilayaChoice[];
  open: boolean;
  onClose(): void;
  /** The answer of a refused plain post. */
  posted?: OrderFormAnswer | null;
  /** Told the offer the form holds, once it runs and at each pick (the page's WhatsApp message names it). */
  onOfferChange?(offerId: number | undefined): void;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const hydrated = useHydrated();
  const { fetcher, form, errors, defaults, failed, invalid, message, order, confirmation, communes, stopDesks, submitting, dismiss } = useOrderForm({
    schema: productOrderSchema,
    posted,
    draft: { source: "product_detail", productId: product.id },
  });
  const delivery = useDeliveryChoice(wilayas, defaults);
  const [formKey, setFormKey] = useState(0);
  const stock = variant ? variant.stock : product.inStock === false ? 0 : product.stockQuantity;
  const price = variant ? variant.price : product.price;
  const choices = pickableQuantities(stock);
  const [pickedQuantity, setQuantity] = useState(() => Math.min(Number(defaults?.quantity) || 1, choices.length));
  // An offer the stock cannot fill is shown but cannot be chosen; the first that fits is the default.
  const fits = (offer: ProductOffer) => offerFitsStock(offer, stock);
  const [offerId, setOfferId] = useState(() => {
    const typed = offers.find((offer) => String(offer.id) === defaults?.offer && fits(offer));
    return (typed ?? offers.find(fits))?.id;
  });
  const offer = offers.find((one) => one.id === offerId);
  // Another variant may have less stock than the quantity picked for the previous one.
  const quantity = offer ? offer.quantity : Math.max(1, Math.min(pickedQuantity, choices.length));
  const itemsTotal = offer ? offerTotal(price, offer) : price * quantity;
  // What the pixel's CustomizeProduct names at each change of the quantity or the offer.
  const pixelItem = { productId: product.id, sku: variant?.sku };
  useEffect(() => {
    onOfferChange?.(offerId);
  }, [offerId, onOfferChange]);

  // Tell the pixel a checkout starts each time the form opens.
  useEffect(() => {
    if (open) trackPixel("InitiateCheckout", { content_ids: [product.id], num_items: 1, value: price, currency: "DZD" });
  }, [open, product.id, price]);

  // The pixel hears of the order with the product it was placed for, even if the page changes product.
  const tellOrderPlaced = useEffectEvent((placed: NonNullable<typeof order>) => trackOrderPlaced([{ productId: product.id, quantity }], placed));
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
          <OrderInvalidSummary invalid={invalid} errors={errors} message={message} />
          {variant && <input type="hidden" name="variant" value={variant.id} />}
          {/* A refused choice (a plain post without one, or a variant since removed): the option to choose. */}
          {errors.variant && (
            <p role="alert" className="text-sm font-semibold text-red-700" data-testid="order-variant-error">
              {errors.variant}
            </p>
          )}
          <CustomerFields wilayas={wilayas} delivery={delivery} communes={communes} stopDesks={stopDesks} errors={errors} defaultValues={defaults} />
          {offers.length > 0 ? (
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-stone-800">{t("order.offer.legend")}</legend>
              <div className="flex flex-col gap-2">
                {offers.map((option) => (
                  <label
                    key={option.id}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg bg-white px-3 py-2 ring-1 ring-stone-300 has-[:checked]:ring-2 has-[:checked]:ring-amber-500 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50"
                    data-testid="offer-option"
                  >
                    <input
                      type="radio"
                      name="offer"
                      value={option.id}
                      checked={offerId === option.id}
                      onChange={() => {
                        setOfferId(option.id);
                        trackCustomizeProduct({ ...pixelItem, quantity: option.quantity, value: offerTotal(price, option) });
                      }}
                      disabled={!fits(option)}
                      className="size-4 accent-amber-600"
                    />
                    <span className="flex-1 font-semibold">{offerLabel(option, language, t, price)}</span>
                    <span className="font-bold text-brand-800 tabular-nums">{formatDinars(offerTotal(price, option), language)}</span>
                  </label>
                ))}
              </div>
              {errors.offer && <p className="mt-1 text-sm text-red-700">{errors.offer}</p>}
            </fieldset>
          ) : (
            <>
              <Field label={t("order.fields.quantity")} error={errors.quantity}>
                {(field) => (
                  <select
                    {...field}
                    name="quantity"
                    value={quantity}
                    onChange={(event) => {
                      const picked = Number(event.target.value);
                      setQuantity(picked);
                      trackCustomizeProduct({ ...pixelItem, quantity: picked, value: price * picked });
                    }}
                    className={`${field.className} min-h-11 max-w-24 tabular-nums`}
                    data-testid="order-quantity"
                  >
                    {choices.map((choice) => (
                      <option key={choice} value={choice}>
                        {choice}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {stock !== undefined && quantity >= stock && (
                <p role="status" className="text-xs text-amber-800" data-testid="order-stock-note">
                  {t("orders.fields.stock_left", { count: stock, title: product.title })}
                </p>
              )}
            </>
          )}
          <OrderSummary itemsTotal={itemsTotal} deliveryPrice={delivery.fee} />
          {failed && !invalid && <OrderStatusBanner form="product" status="error" message={message} />}
          <SubmitOrderButton submitting={submitting} />
        </fetcher.Form>
      )}
    </section>
  );
}
