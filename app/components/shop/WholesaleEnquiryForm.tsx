import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { MAX_NAME_LENGTH } from "~/lib/order-request";
import {
  MAX_BUSINESS_NAME_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_QUANTITY_LENGTH,
  wholesaleEnquirySchema,
  wholesaleFormMessages,
  WHOLESALE_CATEGORIES,
  type EnquiryFormAnswer,
} from "~/lib/wholesale";
import type { WilayaChoice } from "~/lib/wilaya-search";
import { Field, HoneypotField, PhoneField } from "./order/CustomerFields";
import { FormErrorSummary } from "~/components/ui/FormErrorSummary";
import { ScriptedInput, useOrderForm } from "./order/useOrderForm";
import { WilayaSelect } from "./order/WilayaSelect";

/**
 * The trade buyer's enquiry: business, contact, phone, wilaya, categories of interest, estimated
 * quantity and message. The same schema (wholesaleEnquirySchema, with Conform) checks the fields
 * in the browser and in the page's action. Without JavaScript a plain POST, answered by a redirect
 * to the page's confirmation (`sent`) or by the errors beside the typed values; with JavaScript a
 * fetcher posts to the same action and a success clears the form.
 */
export function WholesaleEnquiryForm({
  wilayas,
  posted,
  sent = false,
}: {
  wilayas: WilayaChoice[];
  /** The answer of a refused plain post. */
  posted?: EnquiryFormAnswer | null;
  /** The confirmation of a plain post. */
  sent?: boolean;
}) {
  const { t } = useTranslation();
  const { fetcher, form, answer, errors, defaults, failed, invalid, message, submitting } = useOrderForm({
    schema: wholesaleEnquirySchema,
    posted,
    messages: wholesaleFormMessages,
  });
  const [formKey, setFormKey] = useState(0);
  const statusRef = useRef<HTMLDivElement>(null);

  const succeeded = !submitting && !failed && (answer?.sent === true || (sent && fetcher.data === undefined));
  const errorMessage = submitting || !failed ? null : message;
  // The categories of a refused plain post (the form is a fresh one after a success).
  const checkedCategories = (posted?.result.initialValue as { categories?: unknown } | undefined)?.categories;
  const checked = fetcher.data === undefined ? [checkedCategories ?? []].flat() : [];

  useEffect(() => {
    if (answer?.sent) setFormKey((key) => key + 1);
  }, [answer]);

  useEffect(() => {
    if (succeeded || errorMessage) statusRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [succeeded, errorMessage]);

  return (
    <div className="flex flex-col gap-4">
      <div ref={statusRef} className="scroll-mt-24 empty:hidden">
        {succeeded && (
          <div role="status" className="rounded-xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-300" data-testid="wholesale-success">
            <p className="font-bold">{t("wholesale.form.successTitle")}</p>
            <p className="mt-1">{t("wholesale.form.successText")}</p>
          </div>
        )}
        {errorMessage && (
          <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-300" data-testid="wholesale-error">
            <p className="font-bold">{t("wholesale.form.errorTitle")}</p>
            <p className="mt-1 text-sm">{errorMessage}</p>
          </div>
        )}
      </div>

      <fetcher.Form
        key={formKey}
        id={form.id}
        method="post"
        action="#wholesale-enquiry"
        onSubmit={form.onSubmit}
        defaultShouldRevalidate={false}
        className="flex flex-col gap-4"
        data-testid="wholesale-form"
      >
        <ScriptedInput />
        <FormErrorSummary errors={invalid ? errors : null} />
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={t("wholesale.form.businessName")} error={errors.businessName} required>
            {(props) => (
              <input
                {...props}
                name="businessName"
                type="text"
                required
                autoComplete="organization"
                maxLength={MAX_BUSINESS_NAME_LENGTH}
                defaultValue={defaults.businessName}
              />
            )}
          </Field>
          <Field label={t("wholesale.form.contactName")} error={errors.contactName} required>
            {(props) => (
              <input
                {...props}
                name="contactName"
                type="text"
                required
                autoComplete="name"
                maxLength={MAX_NAME_LENGTH}
                defaultValue={defaults.contactName}
              />
            )}
          </Field>
          <PhoneField
            label={t("wholesale.form.phone")}
            placeholder={t("wholesale.form.phonePlaceholder")}
            error={errors.phone}
            defaultValue={defaults.phone}
          />
          <WilayaSelect wilayas={wilayas} defaultValue={defaults.wilaya} required error={errors.wilaya} label={t("wholesale.form.wilaya")} />
        </div>

        <fieldset className="flex flex-col gap-2" aria-describedby={errors.categories ? "wholesale-categories-error" : "wholesale-categories-hint"}>
          <legend className="text-sm font-semibold text-stone-800">
            {t("wholesale.form.categories")}
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
          </legend>
          <p id="wholesale-categories-hint" className="text-sm text-stone-600">
            {t("wholesale.form.categoriesHint")}
          </p>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {WHOLESALE_CATEGORIES.map((key) => (
              <label
                key={key}
                className={`flex cursor-pointer items-center gap-3 rounded-lg border bg-white px-3 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 ${
                  errors.categories ? "border-red-600" : "border-stone-300"
                }`}
              >
                <input
                  type="checkbox"
                  name="categories"
                  value={key}
                  defaultChecked={checked.includes(key)}
                  aria-invalid={errors.categories ? true : undefined}
                  className="size-4 shrink-0 accent-brand-700"
                />
                {t(`wholesale.categories.items.${key}.title`)}
              </label>
            ))}
          </div>
          {errors.categories && (
            <p id="wholesale-categories-error" className="text-sm text-red-700">
              {errors.categories}
            </p>
          )}
        </fieldset>

        <Field label={`${t("wholesale.form.estimatedQuantity")} ${t("wholesale.form.optional")}`} error={errors.estimatedQuantity}>
          {(props) => (
            <input
              {...props}
              name="estimatedQuantity"
              type="text"
              maxLength={MAX_QUANTITY_LENGTH}
              placeholder={t("wholesale.form.estimatedQuantityPlaceholder")}
              defaultValue={defaults.estimatedQuantity}
            />
          )}
        </Field>
        <Field label={`${t("wholesale.form.message")} ${t("wholesale.form.optional")}`} error={errors.message}>
          {(props) => (
            <textarea
              {...props}
              name="message"
              rows={4}
              maxLength={MAX_MESSAGE_LENGTH}
              placeholder={t("wholesale.form.messagePlaceholder")}
              defaultValue={defaults.message}
            />
          )}
        </Field>
        <HoneypotField label={t("wholesale.form.honeypot")} />

        <button
          type="submit"
          disabled={submitting}
          className="rounded-lg bg-brand-700 px-5 py-3 text-lg font-bold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 sm:self-start"
          data-testid="wholesale-submit"
        >
          {submitting ? t("wholesale.form.sending") : t("wholesale.form.submit")}
        </button>
      </fetcher.Form>
    </div>
  );
}
