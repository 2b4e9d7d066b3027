import { useTranslation } from "~/i18n/react";
import type { CommuneChoice } from "~/lib/delivery-options";
import type { StopDeskChoice } from "~/lib/courier-places";
import type { WilayaChoice } from "~/lib/wilaya-search";
import { DeliveryFields, type DeliveryChoice } from "./DeliveryFields";
import { Field } from "./Field";

export { Field } from "./Field";

/** What a refused plain post had typed, by field name (the form shown again). */
export type CustomerDefaults = Record<string, string | undefined>;

/** The required phone field of every form (order, wholesale enquiry, jewellery), posted as `phone`. */
export function PhoneField({
  label,
  placeholder,
  error,
  defaultValue,
  note,
}: {
  label: string;
  placeholder: string;
  error?: string;
  defaultValue?: string;
  /** The privacy note of an order form that saves what is typed as a draft (useOrderForm's `draft`). */
  note?: string;
}) {
  return (
    <Field label={label} error={error} note={note} required>
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
 * The shopper's details of every order form, as plain named inputs so the form also posts
 * without JavaScript: first and last name, phone, then the delivery block (DeliveryFields:
 * wilaya, commune, home or stop-desk, address), each field with its error, and a hidden
 * `website` honeypot that people never fill. Names are not cut at their limit: a longer one is
 * refused with the limit in its message.
 */
export function CustomerFields({
  wilayas,
  delivery,
  communes,
  stopDesks,
  errors = {},
  defaultValues = {},
  beforeWilaya,
}: {
  wilayas: WilayaChoice[];
  /** The form's delivery choice (useDeliveryChoice): the parent shows its fee. */
  delivery: DeliveryChoice;
  /** The communes the server listed for the typed wilaya (the form shown again without JavaScript). */
  communes?: CommuneChoice[];
  /** The default courier's stop-desks the server listed for the typed wilaya (the form shown again without JavaScript). */
  stopDesks?: StopDeskChoice[];
  errors?: Record<string, string>;
  defaultValues?: CustomerDefaults;
  /** More fields between the phone and the wilaya (the contact page's product and quantity). */
  beforeWilaya?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("order.fields.firstName")} error={errors.firstName} required>
          {(props) => <input {...props} name="firstName" type="text" required autoComplete="given-name" defaultValue={defaultValues.firstName} />}
        </Field>
        <Field label={t("order.fields.lastName")} error={errors.lastName} required>
          {(props) => <input {...props} name="lastName" type="text" required autoComplete="family-name" defaultValue={defaultValues.lastName} />}
        </Field>
      </div>
      <PhoneField
        label={t("order.fields.phone")}
        placeholder={t("order.fields.phonePlaceholder")}
        error={errors.phone}
        defaultValue={defaultValues.phone}
        note={t("order.fields.phoneNote")}
      />
      {beforeWilaya}
      <DeliveryFields wilayas={wilayas} delivery={delivery} errors={errors} defaults={defaultValues} communes={communes} stopDesks={stopDesks} />
      <HoneypotField label={t("order.fields.honeypot")} />
    </div>
  );
}
