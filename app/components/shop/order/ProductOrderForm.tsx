import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { deliveryPriceFor, isDeliveryType, type CommuneChoice, type DeliveryType } from "~/lib/delivery-options";
import type { OrderCreated, OrderError } from "~/lib/order-request";
import { trackPixel } from "~/lib/pixel";
import type { WilayaChoice } from "~/lib/wilaya-search";
import { CustomerFields, type CustomerDefaults } from "./CustomerFields";
import { DeliveryOptions } from "./DeliveryOptions";
import { SubmitOrderButton } from "./SubmitOrderButton";
import { OrderStatusBanner } from "./OrderStatusBanner";
import { OrderSummary } from "./OrderSummary";
import { customerFromForm, honeypotFromForm, useOrderSubmission } from "./useOrderSubmission";
import { useHydrated } from "./useHydrated";

/** How long the product page's confirmation stays before the form closes and clears (spec 9). */
export const PRODUCT_ORDER_SUCCESS_MS = 3000;

/** What the route action answers to a plain (no-JS) post of this form. */
export type ProductOrderActionData =
  | { ok: true; order: OrderCreated }
  | { ok: false; error: OrderError; values: CustomerDefaults; communes?: CommuneChoice[] };

/**
 * The product page's inline order form (#order, opened by buy-now): first and last name,
 * phone, searchable wilaya and full address, quantity 1, with the items total, the
 * wilaya's delivery fee and the grand total. With JavaScript it posts JSON to /api/orders;
 * without, it is a plain POST to the page's own action, and `:target` shows it when a
 * card's quick-buy link lands on #order.
 */
export function ProductOrderSection({
  product,
  wilayas,
  open,
  onClose,
  actionData,
}: {
  product: { id: string; title: string; price: number };
  wilayas: WilayaChoice[];
  open: boolean;
  onClose(): void;
  actionData?: ProductOrderActionData;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { state, error, order, submit, reset } = useOrderSubmission("product_detail");
  const [wilaya, setWilaya] = useState(actionData && !actionData.ok ? (actionData.values.wilaya ?? "") : "");
  const [formKey, setFormKey] = useState(0);
  const chosen = wilayas.find((w) => w.code === wilaya);
  const postedType = actionData && !actionData.ok ? actionData.values.deliveryType : undefined;
  const [deliveryType, setDeliveryType] = useState<DeliveryType>(isDeliveryType(postedType) ? postedType : "home");
  // A wilaya without stop-desk is delivered to the door.
  const type: DeliveryType = chosen && (chosen.stopDeskPrice ?? null) === null ? "home" : deliveryType;

  // Tell the pixel a checkout starts each time the form opens.
  useEffect(() => {
    if (open) trackPixel("InitiateCheckout", { content_ids: [product.id], num_items: 1, value: product.price, currency: "DZD" });
  }, [open, product.id, product.price]);

  const close = useRef(onClose);
  close.current = onClose;
  // After a success: the confirmation for 3 s, then the form closes and clears.
  useEffect(() => {
    if (state !== "success") return;
    const timer = window.setTimeout(() => {
      close.current();
      setWilaya("");
      setDeliveryType("home");
      setFormKey((key) => key + 1);
      reset();
    }, PRODUCT_ORDER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [state, reset]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await submit({
      customer: customerFromForm(form),
      items: [{ productId: product.id, quantity: 1 }],
      deliveryType: type,
      website: honeypotFromForm(form),
    });
  }

  // The no-JS post's answer, until the shopper sends again with JavaScript.
  const posted = state === "idle" ? actionData : undefined;
  const succeeded = state === "success" || posted?.ok === true;
  const failed = state === "error" ? error : posted && !posted.ok ? posted.error : null;
  const defaults = posted && !posted.ok ? posted.values : undefined;
  const submitting = state === "submitting";
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
      {succeeded ? (
        <div className="mt-3">
          <OrderStatusBanner form="product" status="success" order={state === "success" ? order : posted?.ok ? posted.order : null} />
        </div>
      ) : (
        <form key={formKey} method="post" action="#order" onSubmit={onSubmit} className="mt-3 flex flex-col gap-4">
          <CustomerFields
            wilayas={wilayas}
            wilaya={wilaya}
            onWilayaChange={(code) => setWilaya(code ?? "")}
            withAddress
            errors={failed?.fields}
            defaultValues={defaults}
            afterWilaya={
              <DeliveryOptions
                wilaya={chosen}
                deliveryType={type}
                onDeliveryTypeChange={setDeliveryType}
                serverCommunes={posted && !posted.ok && posted.communes && defaults?.wilaya ? { wilaya: defaults.wilaya, communes: posted.communes } : undefined}
                defaultCommune={defaults?.commune}
                errors={failed?.fields}
              />
            }
          />
          <p className="text-sm text-stone-700">{t("order.product.quantityOne")}</p>
          <OrderSummary itemsTotal={product.price} deliveryPrice={chosen ? (deliveryPriceFor({ homePrice: chosen.homePrice, stopDeskPrice: chosen.stopDeskPrice ?? null }, type) ?? chosen.homePrice) : null} />
          {failed && <OrderStatusBanner form="product" status="error" error={failed} />}
          <SubmitOrderButton submitting={submitting} />
        </form>
      )}
    </section>
  );
}
