import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import type { WilayaChoice } from "~/lib/wilaya-search";
import { WilayaSelect } from "./WilayaSelect";

/** What a refused plain post had typed, by field name (the form shown again). */
export type CustomerDefaults = Record<string, string | undefined>;

/** The classes of every text field of the order forms (also used by the contact page's selects). */
export const fieldClass =
  "w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/** A labelled form field with its error text under it. */
export function Field({
  label,
  error,
  required,
  children,
}: {
  label: string;
  error?: string;
  required?: boolean;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string; className: string }) => React.ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
        className: `${fieldClass} ${error ? "border-red-600" : "border-stone-300"}`,
      })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The required phone field of every form (order, wholesale enquiry, jewellery), posted as `phone`. */
export function PhoneField({
  label,
  placeholder,
  error,
  defaultValue,
}: {
  label: string;
  placeholder: string;
  error?: string;
  defaultValue?: string;
}) {
  return (
    <Field label={label} error={error} required>
      {(props) => (
        <input
          {...props}
          name="phone"
          type="tel"
          inputMode="tel"
          required
          autoComplete="tel"
          placeholder={placeholder}
          maxLength={20}
          defaultValue={defaultValue}
        />
      )}
    </Field>
  );
}

/** Honeypot: off screen and out of the tab order; a bot that fills `website` is turned away by the server. */
export function HoneypotField({ label }: { label: string }) {
  return (
    <div aria-hidden="true" className="sr-only">
      <label>
        {label}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * The shopper's details of every order form, as plain named inputs (firstName, lastName,
 * phone, wilaya, address) so the form also posts without JavaScript, with each field's
 * error from OrderError.fields and a hidden `website` honeypot that people never fill.
 */
export function CustomerFields({
  wilayas,
  wilaya,
  onWilayaChange,
  withAddress = false,
  errors = {},
  defaultValues = {},
  beforeWilaya,
  afterWilaya,
}: {
  wilayas: WilayaChoice[];
  /** The chosen wilaya code, when the parent owns it (it then updates it from onWilayaChange). */
  wilaya?: string;
  onWilayaChange?(code: string | null): void;
  withAddress?: boolean;
  errors?: Record<string, string>;
  defaultValues?: CustomerDefaults;
  /** More fields between the phone and the wilaya (the contact page's product and quantity). */
  beforeWilaya?: React.ReactNode;
  /** More fields right after the wilaya (the commune and the home / stop-desk choice). */
  afterWilaya?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("order.fields.firstName")} error={errors.firstName} required>
          {(props) => (
            <input {...props} name="firstName" type="text" required autoComplete="given-name" maxLength={60} defaultValue={defaultValues.firstName} />
          )}
        </Field>
        <Field label={t("order.fields.lastName")} error={errors.lastName} required>
          {(props) => (
            <input {...props} name="lastName" type="text" required autoComplete="family-name" maxLength={60} defaultValue={defaultValues.lastName} />
          )}
        </Field>
      </div>
      <PhoneField
        label={t("order.fields.phone")}
        placeholder={t("order.fields.phonePlaceholder")}
        error={errors.phone}
        defaultValue={defaultValues.phone}
      />
      {beforeWilaya}
      <WilayaSelect wilayas={wilayas} value={wilaya} defaultValue={defaultValues.wilaya} onChange={onWilayaChange} required error={errors.wilaya} />
      {afterWilaya}
      {withAddress && (
        <Field label={t("order.fields.address")} error={errors.address} required>
          {(props) => (
            <textarea
              {...props}
              name="address"
              required
              rows={2}
              autoComplete="street-address"
              placeholder={t("order.fields.addressPlaceholder")}
              maxLength={300}
              defaultValue={defaultValues.address}
            />
          )}
        </Field>
      )}
      <HoneypotField label={t("order.fields.honeypot")} />
    </div>
  );
}
