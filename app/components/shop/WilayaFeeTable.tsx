import { useTranslation } from "~/i18n/react";
import { isLanguage } from "~/i18n/config";
import { parseDeliveryDays } from "~/lib/delivery";
import { formatDeliveryFee } from "~/lib/money";

interface Row {
  code: string;
  name: string;
  homePrice: number;
  deliveryTime: string;
}

/** The delivery fee and time of every wilaya (0 reads as free). */
export function WilayaFeeTable({ wilayas }: { wilayas: Row[] }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  return (
    <section className="mt-10">
      <h2 className="text-xl font-semibold">{t("shipping.tableTitle")}</h2>
      <div className="mt-4 overflow-x-auto rounded-xl bg-white shadow-sm">
        <table className="w-full text-start text-sm">
          <thead className="bg-stone-100 text-stone-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-start">
                {t("shipping.code")}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t("shipping.wilaya")}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t("shipping.fee")}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t("shipping.time")}
              </th>
            </tr>
          </thead>
          <tbody>
            {wilayas.map((w) => {
              const days = parseDeliveryDays(w.deliveryTime);
              return (
                <tr key={w.code} className="border-t border-stone-100">
                  <td className="px-3 py-2 tabular-nums">{w.code}</td>
                  <td className="px-3 py-2">{w.name}</td>
                  <td className={`px-3 py-2 ${w.homePrice === 0 ? "font-semibold text-brand-700" : ""}`}>
                    {formatDeliveryFee(w.homePrice, language, t("common.free"))}
                  </td>
                  <td className="px-3 py-2">{days ? t("common.days", days) : w.deliveryTime}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
