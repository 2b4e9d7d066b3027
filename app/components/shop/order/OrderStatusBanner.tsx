import { FormErrorSummary } from "~/components/ui/FormErrorSummary";
import { useTranslation } from "~/i18n/react";
import type { OrderCreated } from "~/lib/order-request";

/** Which form speaks: each has its own success and failure texts (app/i18n/order). */
export type OrderForm = "quickBuy" | "product" | "contact" | "cart";

const texts = {
  quickBuy: {
    success: ["order.quickBuy.successTitle", "order.quickBuy.successText"],
    error: ["order.quickBuy.errorTitle", "order.quickBuy.errorText"],
  },
  product: {
    success: ["order.product.successTitle", "order.product.successText"],
    error: ["order.product.error", null],
  },
  contact: {
    success: ["order.contact.successTitle", "order.contact.successText"],
    error: ["order.contact.errorTitle", "order.contact.errorText"],
  },
  // The cart page has no success text of its own: the quick-buy's.
  cart: {
    success: ["order.quickBuy.successTitle", "order.quickBuy.successText"],
    error: ["cart.error.title", "cart.error.message"],
  },
} as const;

/**
 * The success or failure banner of an order form, in the form's own words. Success names
 * the order number; a failure adds the form's message when it has one (the shop's reason:
 * too many orders, out of stock…), the fields' own errors being shown by the fields. A form
 * refused for its fields shows OrderInvalidSummary at its top instead: it never reads as a
 * failure of the shop ("try again"), which is kept for the server or the network failing.
 */
export function OrderStatusBanner({
  form,
  status,
  order,
  message,
}: {
  form: OrderForm;
  status: "success" | "error";
  order?: Pick<OrderCreated, "orderNumber"> | null;
  message?: string | null;
}) {
  const { t } = useTranslation();
  const [title, text] = texts[form][status] as readonly [string, string | null];
  const success = status === "success";
  return (
    <div
      role={success ? "status" : "alert"}
      className={`flex gap-3 rounded-xl p-4 ring-1 ${success ? "bg-emerald-50 text-emerald-900 ring-emerald-300" : "bg-red-50 text-red-900 ring-red-300"}`}
      data-testid={`order-${status}`}
    >
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="mt-0.5 size-6 shrink-0" aria-hidden="true">
        <circle cx="12" cy="12" r="10" />
        {success ? <path d="M7.5 12.5l3 3 6-6.5" /> : <path d="M12 7v6M12 16.5v.5" />}
      </svg>
      <div className="min-w-0">
        <p className="font-bold">{t(title as "order.invalidTitle")}</p>
        {text && <p className="mt-1">{t(text as "order.invalidTitle")}</p>}
        {success && order && (
          <p className="mt-1 text-sm" data-testid="order-number">
            {t("order.orderNumber", { number: order.orderNumber })}
          </p>
        )}
        {!success && message && <p className="mt-1 text-sm">{message}</p>}
      </div>
    </div>
  );
}

/**
 * The top of an order form refused for fields it shows (useOrderForm's `invalid`): the generic
 * message, the request to correct the marked fields, and the form's message when it says more.
 */
export function OrderInvalidSummary({
  invalid,
  errors,
  message,
}: {
  invalid: boolean;
  errors: Record<string, string>;
  message?: string | undefined;
}) {
  const { t } = useTranslation();
  // The schema's own message ("check the fields") adds nothing to the request to correct them.
  const shown = message === t("orders.errors.invalid_order") ? null : message;
  return (
    <FormErrorSummary errors={invalid ? errors : null} testId="order-invalid">
      <p>{t("order.invalidTitle")}</p>
      {shown && <p className="mt-1">{shown}</p>}
    </FormErrorSummary>
  );
}
