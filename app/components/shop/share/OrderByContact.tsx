import { useTranslation } from "~/i18n/react";
import { isLanguage } from "~/i18n/config";
import type { ProductOffer } from "~/lib/offers";
import { telHref } from "~/lib/phone";
import { whatsappChatUrl } from "~/lib/phone";
import { productWhatsAppMessage } from "~/lib/whatsapp-order";
import { PhoneIcon } from "~/components/ui/Icon";
import { useRootData } from "../useRootData";
import { WhatsAppIcon } from "./ShareIcons";

/**
 * Beside the share widget: "order on WhatsApp" (a chat with the shop, the message already
 * written: product, the offer chosen in the order form or else the price, link) and click-to-call, each only when the merchant set that number
 * in /admin/settings. Plain links: they work before hydration and without JavaScript.
 */
export function OrderByContact({ title, price, url, offer }: { title: string; price: number; url: string; offer?: ProductOffer }) {
  const { t, i18n } = useTranslation();
  const shop = useRootData()?.shop;
  if (!shop?.whatsapp && !shop?.phone) return null;
  const message = productWhatsAppMessage({ title, price, url }, offer, isLanguage(i18n.language) ? i18n.language : "ar", t);
  const link = "flex min-h-11 grow items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold";
  return (
    <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={t("settings.product.label")} data-testid="order-by-contact">
      {shop.whatsapp ? (
        <a
          href={whatsappChatUrl(shop.whatsapp, message)}
          rel="noopener noreferrer"
          target="_blank"
          className={`${link} bg-emerald-600 text-white hover:bg-emerald-700`}
          data-testid="order-whatsapp"
        >
          <WhatsAppIcon />
          {t("settings.product.whatsapp")}
        </a>
      ) : null}
      {shop.phone ? (
        <a
          href={telHref(shop.phone)}
          className={`${link} bg-white text-stone-800 ring-1 ring-stone-300 hover:ring-brand-600`}
          data-testid="order-call"
        >
          <PhoneIcon />
          {t("settings.product.call")}
        </a>
      ) : null}
    </div>
  );
}
