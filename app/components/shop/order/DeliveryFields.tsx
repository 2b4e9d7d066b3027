import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { deliveryPriceFor, isDeliveryType, type CommuneChoice, type DeliveryType } from "~/lib/delivery-options";
import { QUOTE_FIELD } from "~/lib/order-form";
import type { StopDeskChoice } from "~/lib/courier-places";
import type { WilayaChoice } from "~/lib/wilaya-search";
import { Field } from "./Field";
import { DeliveryOptions } from "./DeliveryOptions";
import { useHydrated } from "./useHydrated";
import { WilayaSelect } from "./WilayaSelect";

/** Where and how an order form delivers: the chosen wilaya and mode, and their fee. */
export interface DeliveryChoice {
  /** The chosen wilaya's code ("" until one is chosen). */
  wilaya: string;
  setWilaya(code: string): void;
  chosen: WilayaChoice | undefined;
  /** Home or stop-desk; home where the chosen wilaya has no stop-desk. */
  type: DeliveryType;
  setType(type: DeliveryType): void;
  /** The fee of the chosen wilaya and mode; null until a wilaya is chosen. */
  fee: number | null;
  /** Back to no wilaya, home delivery (a fresh form after an order). */
  reset(): void;
}

/**
 * The delivery choice of an order form, first as a refused or quoted post typed it (`defaults`:
 * the form shown again without JavaScript), so the fee and total shown are the typed ones.
 */
export function useDeliveryChoice(wilayas: readonly WilayaChoice[], defaults: Record<string, string | undefined> = {}): DeliveryChoice {
  const [wilaya, setWilaya] = useState(defaults.wilaya ?? "");
  const [wanted, setType] = useState<DeliveryType>(isDeliveryType(defaults.deliveryType) ? defaults.deliveryType : "home");
  const chosen = wilayas.find((w) => w.code === wilaya);
  // A wilaya without stop-desk is delivered to the door.
  const type: DeliveryType = chosen && (chosen.stopDeskPrice ?? null) === null ? "home" : wanted;
  const fee = chosen
    ? (deliveryPriceFor({ homePrice: chosen.homePrice, stopDeskPrice: chosen.stopDeskPrice ?? null }, type) ?? chosen.homePrice)
    : null;
  return {
    wilaya,
    setWilaya,
    chosen,
    type,
    setType,
    fee,
    reset: () => {
      setWilaya("");
      setType("home");
    },
  };
}

/**
 * The delivery block of every order form: the searchable wilaya, the commune (searchable, in
 * the page's language), home or stop-desk with each one's fee (stop-desk only where the
 * wilaya has one), and the address, required for a delivery to the door only. Without
 * JavaScript, an "update the fee" button posts the form to its action, which shows it again
 * as typed with the fee of the chosen wilaya and mode (QUOTE_FIELD): nothing is ordered.
 */
export function DeliveryFields({
  wilayas,
  delivery,
  errors = {},
  defaults = {},
  communes,
  stopDesks,
}: {
  wilayas: WilayaChoice[];
  delivery: DeliveryChoice;
  errors?: Record<string, string>;
  defaults?: Record<string, string | undefined>;
  /** The communes the server listed for the typed wilaya (the form shown again without JavaScript). */
  communes?: CommuneChoice[];
  /** The default courier's stop-desks the server listed for the typed wilaya (the form shown again without JavaScript). */
  stopDesks?: StopDeskChoice[];
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const home = delivery.type === "home";
  return (
    <>
      <WilayaSelect wilayas={wilayas} value={delivery.wilaya} onChange={(code) => delivery.setWilaya(code ?? "")} required error={errors.wilaya} />
      <DeliveryOptions
        wilaya={delivery.chosen}
        deliveryType={delivery.type}
        onDeliveryTypeChange={delivery.setType}
        serverCommunes={communes && defaults.wilaya ? { wilaya: defaults.wilaya, communes } : undefined}
        defaultCommune={defaults.commune}
        defaultStopDesk={defaults.stopDesk}
        serverStopDesks={stopDesks}
        errors={errors}
      />
      <Field label={t("order.fields.address")} hint={home ? undefined : t("order.fields.addressOptional")} error={errors.address} required={home}>
        {(props) => (
          <textarea
            {...props}
            name="address"
            rows={2}
            autoComplete="street-address"
            placeholder={t("order.fields.addressPlaceholder")}
            defaultValue={defaults.address}
            data-testid="address"
          />
        )}
      </Field>
      {!hydrated && (
        <button
          type="submit"
          name={QUOTE_FIELD}
          value="1"
          className="rounded-lg bg-white px-4 py-2.5 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
          data-testid="update-fee"
        >
          {t("order.fields.updateFee")}
        </button>
      )}
    </>
  );
}
