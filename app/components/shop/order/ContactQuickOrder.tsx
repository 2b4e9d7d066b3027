import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { isLanguage } from "~/i18n/config";
import { formatDeliveryFee, formatDinars } from "~/lib/money";
import type { OrderCreated, OrderError } from "~/lib/order-request";
import { trackPixel } from "~/lib/pixel";
import { wilayaLabel, type WilayaChoice } from "~/lib/wilaya-search";
import { CustomerFields, Field, type CustomerDefaults } from "./CustomerFields";
import { SubmitOrderButton } from "./SubmitOrderButton";
import { OrderStatusBanner } from "./OrderStatusBanner";
import { customerFromForm, honeypotFromForm, useOrderSubmission } from "./useOrderSubmission";

/** Quantity choices of the quick order (spec 5: 1 to 5, default 1). */
export const QUICK_ORDER_QUANTITIES = [1, 2, 3, 4, 5] as const;

/** What the contact page's action answers to a plain (no-JS) post of the quick order. */
export type ContactOrderActionData =
  | { ok: true; order: OrderCreated }
  | { ok: false; error: OrderError; values: CustomerDefaults & { product?: string; quantity?: string } };

/** The error of the product or quantity field, from the order lines' errors (`items`, `items.0.productId`…). */
function lineErrors(fields: Record<string, string> | undefined): { product?: string; quantity?: string } {
  const errors: { product?: string; quantity?: string } = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    if (!key.startsWith("items")) continue;
    if (key.endsWith("quantity")) errors.quantity ??= message;
    else errors.product ??= message;
  }
  return errors;
}

/**
 * The contact page's quick order: first and last name, phone, product (in-stock products
 * by title), quantity 1–5, searchable wilaya, with the wilaya's delivery fee once chosen.
 * With JavaScript it posts JSON to /api/orders; without, a plain POST to the page's action.
 * Success clears the form, the wilaya and its search.
 */
export function ContactQuickOrder({
  products,
  wilayas,
  actionData,
}: {
  products: { id: string; title: string; price: number }[];
  wilayas: WilayaChoice[];
  actionData?: ContactOrderActionData;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const { state, error, order, submit } = useOrderSubmission("contact_form");
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const [wilaya, setWilaya] = useState(refused?.values.wilaya ?? "");
  const [productId, setProductId] = useState(refused?.values.product ?? "");
  const [quantity, setQuantity] = useState(Number(refused?.values.quantity) || 1);
  const [formKey, setFormKey] = useState(0);
  const checkoutSent = useRef(false);

  const chosenWilaya = wilayas.find((w) => w.code === wilaya);
  const chosenProduct = products.find((p) => p.id === productId);

  // The no-JS post's answer, until the shopper sends again with JavaScript.
  const posted = state === "idle" ? actionData : undefined;
  const succeeded = state === "success" || posted?.ok === true;
  const failed = state === "error" ? error : posted && !posted.ok ? posted.error : null;
  const lines = lineErrors(failed?.fields);
  const submitting = state === "submitting";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const ok = await submit({
      customer: customerFromForm(form),
      items: [{ productId: String(form.get("product") ?? ""), quantity: Number(form.get("quantity")) }],
      website: honeypotFromForm(form),
    });
    if (ok) {
      // Clears the form, the wilaya and its search (a fresh form), and keeps the success banner.
      setWilaya("");
      setProductId("");
      setQuantity(1);
      setFormKey((key) => key + 1);
    }
  }

  return (
    <div className="mt-2 flex flex-col gap-4">
      <p className="leading-relaxed text-stone-700">{t("order.contact.intro")}</p>
      {succeeded && (
        <OrderStatusBanner form="contact" status="success" order={state === "success" ? order : posted?.ok ? posted.order : null} />
      )}
      <form
        key={formKey}
        method="post"
        action="#quick-order"
        onSubmit={onSubmit}
        onFocus={() => {
          if (checkoutSent.current) return;
          checkoutSent.current = true;
          trackPixel("InitiateCheckout", { content_type: "product", currency: "DZD" });
        }}
        className="flex flex-col gap-4"
        data-testid="quick-order-form"
      >
        <CustomerFields
          wilayas={wilayas}
          wilaya={wilaya}
          onWilayaChange={(code) => setWilaya(code ?? "")}
          errors={failed?.fields}
          defaultValues={refused?.values}
          beforeWilaya={
            <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-3">
              <Field label={t("order.fields.product")} error={lines.product} required>
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
              <Field label={t("order.fields.quantity")} error={lines.quantity} required>
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
        {chosenWilaya && (
          <dl className="flex flex-col gap-1 rounded-xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200" data-testid="quick-order-delivery">
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-stone-600">{t("order.contact.deliveryPrice", { wilaya: wilayaLabel(chosenWilaya, language) })}</dt>
              <dd className={`font-semibold tabular-nums ${chosenWilaya.homePrice === 0 ? "text-brand-700" : ""}`} data-testid="delivery-price">
                {formatDeliveryFee(chosenWilaya.homePrice, language, t("common.free"))}
              </dd>
            </div>
            {chosenProduct && (
              <div className="flex items-baseline justify-between gap-3 border-t border-stone-200 pt-1 text-base">
                <dt className="font-bold">{t("order.summary.total")}</dt>
                <dd className="font-bold text-brand-800 tabular-nums" data-testid="grand-total">
                  {formatDinars(chosenProduct.price * quantity + chosenWilaya.homePrice, language)}
                </dd>
              </div>
            )}
          </dl>
        )}
        {failed && <OrderStatusBanner form="contact" status="error" error={failed} />}
        <SubmitOrderButton submitting={submitting} />
      </form>
    </div>
  );
}
