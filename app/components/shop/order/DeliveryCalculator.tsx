import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { isLanguage } from "~/i18n/config";
import { parseDeliveryDays } from "~/lib/delivery";
import { formatDeliveryFee } from "~/lib/money";
import type { WilayaChoice } from "~/lib/wilaya-search";
import { useHydrated } from "./useHydrated";
import { WilayaSelect } from "./WilayaSelect";

/** Delivery zone colours: A green, B blue, C yellow, D red. */
export const ZONE_STYLES: Record<WilayaChoice["zone"], string> = {
  A: "bg-green-100 text-green-900 ring-green-400",
  B: "bg-blue-100 text-blue-900 ring-blue-400",
  C: "bg-yellow-100 text-yellow-900 ring-yellow-400",
  D: "bg-red-100 text-red-900 ring-red-400",
};

const ZONE_DOTS: Record<WilayaChoice["zone"], string> = {
  A: "bg-green-600",
  B: "bg-blue-600",
  C: "bg-yellow-500",
  D: "bg-red-600",
};

/**
 * The contact page's delivery-price calculator: a searchable wilaya choice and its fee
 * (0 reads as free), delivery time and zone. With JavaScript the answer follows the
 * choice; without, the form is a GET of ?wilaya=XX that the page's loader answers.
 */
export function DeliveryCalculator({ wilayas, initial }: { wilayas: WilayaChoice[]; initial: string | null }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const hydrated = useHydrated();
  const [code, setCode] = useState(initial ?? "");
  const wilaya = wilayas.find((w) => w.code === code);
  const days = wilaya ? parseDeliveryDays(wilaya.deliveryTime) : null;

  return (
    <div className="mt-2 flex flex-col gap-4">
      <p className="leading-relaxed text-stone-700">{t("order.calculator.intro")}</p>
      <form method="get" action="#delivery-calculator" className="flex flex-col gap-3" onSubmit={(event) => event.preventDefault()}>
        <WilayaSelect wilayas={wilayas} value={code} onChange={(next) => setCode(next ?? "")} />
        {!hydrated && (
          <button type="submit" className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
            {t("order.calculator.show")}
          </button>
        )}
      </form>
      <div aria-live="polite">
        {wilaya && (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3 md:grid-cols-1 lg:grid-cols-3" data-testid="delivery-result">
            <div className="rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
              <dt className="text-sm text-stone-600">{t("order.calculator.price")}</dt>
              <dd
                className={`mt-1 text-xl font-bold tabular-nums ${wilaya.homePrice === 0 ? "text-brand-700" : "text-stone-900"}`}
                data-testid="calculator-price"
              >
                {formatDeliveryFee(wilaya.homePrice, language, t("common.free"))}
              </dd>
            </div>
            <div className="rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
              <dt className="text-sm text-stone-600">{t("order.calculator.time")}</dt>
              <dd className="mt-1 text-xl font-bold" data-testid="calculator-time">
                {days ? t("common.days", days) : wilaya.deliveryTime}
              </dd>
            </div>
            <div className={`rounded-xl p-3 ring-1 ${ZONE_STYLES[wilaya.zone]}`} data-testid="calculator-zone" data-zone={wilaya.zone}>
              <dt className="text-sm">{t("order.calculator.zone")}</dt>
              <dd className="mt-1 flex items-center gap-2 text-xl font-bold">
                <span className={`size-3 rounded-full ${ZONE_DOTS[wilaya.zone]}`} aria-hidden="true" />
                {t("order.calculator.zoneLabel", { zone: wilaya.zone })}
              </dd>
            </div>
          </dl>
        )}
      </div>
    </div>
  );
}
