import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { isLanguage } from "~/i18n/config";
import { formatDinars } from "~/lib/money";
import { pickableQuantities, quickBuySchema } from "~/lib/order-form";
import { pixelContentId, trackPixel } from "~/lib/pixel";
import { CustomerFields } from "./CustomerFields";
import { useDeliveryChoice } from "./DeliveryFields";
import { OrderConfirmation } from "./OrderConfirmation";
import { OrderInvalidSummary, OrderStatusBanner } from "./OrderStatusBanner";
import { OrderSummary } from "./OrderSummary";
import { OrderKeyInput, OrderLinesInputs, trackOrderPlaced, useOrderForm } from "./useOrderForm";
import { useWilayas } from "./useWilayas";

export interface QuickBuyItem {
  productId: string;
  quantity: number;
  title: string;
  /** Unit price in dinars, as shown; the shop recomputes it. */
  price: number;
  /** The stock the shop shows, when known: the quantity picker offers no more. */
  stock?: number;
  /** A cart line's variant (its title then names it) and SKU. */
  variantId?: number;
  sku?: string;
}

/** A line's quantity choices: 1 to 5 within the stock, and the line's own quantity when it is more (a cart's). */
function quantityChoices(item: QuickBuyItem): number[] {
  const choices = pickableQuantities(item.stock);
  return choices.includes(item.quantity) ? choices : [...choices, item.quantity];
}

/**
 * The quick-buy modal of the cart drawer and the product cards: first name, last name,
 * phone and the delivery block (wilaya, commune, home or stop-desk, address), the items
 * total, the chosen delivery's fee and the grand total. A native modal <dialog>: the page behind is inert (focus stays inside), Escape
 * and a tap on the backdrop close it. The form posts to the cart's route action (intent
 * quick-buy, with the lines); on success onSuccess runs and the order's confirmation shows in
 * the modal until it is closed, when the form clears; on error the form stays editable. It opens
 * only with JavaScript (without, the cards link to the product page's form).
 * Loaded on demand by its callers (React.lazy): default export.
 */
export default function QuickBuyModal({
  open,
  onClose,
  source,
  items: givenItems,
  onQuantity,
  onSuccess,
}: {
  open: boolean;
  onClose(): void;
  source: "quick_buy_cart" | "quick_buy_product_card";
  items: QuickBuyItem[];
  /** A line's quantity changed in the modal (the drawer's cart follows); without it the modal keeps the choice. */
  onQuantity?(productId: string, quantity: number, variantId?: number): void;
  onSuccess?(): void;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const dialog = useRef<HTMLDialogElement>(null);
  const wilayas = useWilayas(open);
  const { fetcher, form, errors, failed, invalid, message, order, confirmation, submitting, dismiss } = useOrderForm({
    schema: quickBuySchema,
    draft: { source: "quick_buy_cart" },
  });
  const delivery = useDeliveryChoice(Array.isArray(wilayas) ? wilayas : []);
  const [formKey, setFormKey] = useState(0);
  const [picked, setPicked] = useState<Record<string, number>>({});
  const items = givenItems.map((item) =>
    onQuantity || picked[item.productId] === undefined ? item : { ...item, quantity: picked[item.productId]! },
  );
  const itemsTotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const titleId = `quick-buy-title-${source}`;

  // Open and close the native dialog with the prop; tell the pixel a checkout starts.
  // Only the opening counts, not a change of the lines while open: the lines are read, not watched.
  const tellCheckoutStarted = useEffectEvent(() =>
    trackPixel("InitiateCheckout", {
      content_ids: items.map(pixelContentId),
      num_items: items.reduce((sum, item) => sum + item.quantity, 0),
      value: itemsTotal,
      currency: "DZD",
    }),
  );
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      tellCheckoutStarted();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const sent = useRef(items);
  // After a success: tell the pixel (once per order) and hand over (the cart drawer empties the
  // cart); the confirmation stays in the modal until the shopper closes it.
  const placed = useEffectEvent((created: NonNullable<typeof order>) => {
    trackOrderPlaced(sent.current, created);
    onSuccess?.();
  });
  useEffect(() => {
    if (order) placed(order);
  }, [order]);
  // Closed after an order: the form starts over for the next time.
  const close = () => {
    onClose();
    if (!order) return;
    delivery.reset();
    setFormKey((key) => key + 1);
    dismiss();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the parent owns `open`.
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the backdrop around the panel.
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-md overflow-visible bg-transparent p-0 backdrop:bg-[rgb(28_25_23/0.6)]"
      data-testid="quick-buy-modal"
    >
      <div className="max-h-[92dvh] overflow-y-auto rounded-2xl bg-white p-4 text-stone-900 shadow-xl sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-xl font-bold">
            {t("order.quickBuy.title")}
          </h2>
          <button
            type="button"
            onClick={close}
            className="-me-2 flex size-10 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-stone-900"
            aria-label={t("order.quickBuy.close")}
          >
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-5" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>

        <ul className={`mt-3 flex flex-col gap-1 text-sm ${order ? "hidden" : ""}`}>
          {items.map((item) => (
            <li key={`${item.productId}.${item.variantId ?? ""}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="min-w-0 flex-1 truncate">{item.title}</span>
              {order ? (
                <span className="text-stone-500 tabular-nums">{t("order.quickBuy.quantity", { count: item.quantity })}</span>
              ) : (
                <select
                  aria-label={t("cart.line.quantityOf", { title: item.title })}
                  value={item.quantity}
                  onChange={(event) => {
                    const quantity = Number(event.target.value);
                    if (onQuantity) onQuantity(item.productId, quantity, item.variantId);
                    else setPicked((current) => ({ ...current, [item.productId]: quantity }));
                  }}
                  className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 tabular-nums"
                  data-testid="quick-buy-quantity"
                >
                  {quantityChoices(item).map((quantity) => (
                    <option key={quantity} value={quantity}>
                      {quantity}
                    </option>
                  ))}
                </select>
              )}
              <span className="shrink-0 font-semibold tabular-nums">{formatDinars(item.price * item.quantity, language)}</span>
              {item.stock !== undefined && item.quantity >= item.stock && (
                <span role="status" className="w-full text-xs text-amber-800" data-testid="quick-buy-stock-note">
                  {t("orders.fields.stock_left", { count: item.stock, title: item.title })}
                </span>
              )}
            </li>
          ))}
        </ul>

        {order ? (
          <div className="mt-4">
            {confirmation ? (
              <OrderConfirmation confirmation={confirmation} inline onDismiss={close} />
            ) : (
              <OrderStatusBanner form="quickBuy" status="success" order={order} />
            )}
          </div>
        ) : (
          <fetcher.Form
            key={formKey}
            id={form.id}
            method="post"
            action="/cart"
            onSubmit={(event) => {
              sent.current = items;
              form.onSubmit(event);
            }}
            noValidate
            defaultShouldRevalidate={false}
            className="relative mt-4 flex flex-col gap-4"
          >
            <input type="hidden" name="intent" value="quick-buy" />
            <input type="hidden" name="source" value={source} />
            <OrderLinesInputs lines={items} />
            <OrderKeyInput state={fetcher.state} />
            <OrderInvalidSummary invalid={invalid} errors={errors} message={message} />
            {wilayas === "error" ? (
              <OrderStatusBanner form="quickBuy" status="error" />
            ) : (
              <CustomerFields wilayas={Array.isArray(wilayas) ? wilayas : []} delivery={delivery} errors={errors} />
            )}
            <OrderSummary itemsTotal={itemsTotal} deliveryPrice={delivery.fee} />
            {failed && !invalid && <OrderStatusBanner form="quickBuy" status="error" message={message} />}
            <button
              type="submit"
              disabled={submitting || !Array.isArray(wilayas)}
              className="rounded-lg bg-accent-500 px-5 py-3 text-lg font-bold text-stone-900 hover:bg-amber-400 disabled:cursor-wait disabled:opacity-70"
              data-testid="order-submit"
            >
              {submitting ? t("order.sending") : t("order.submit")}
            </button>
          </fetcher.Form>
        )}
      </div>
    </dialog>
  );
}
