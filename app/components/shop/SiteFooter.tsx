import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { useRootData } from "./useRootData";

const columns = [
  {
    titleKey: "footer.shop",
    links: [
      { to: "/about", key: "footer.about" },
      { to: "/payment-methods", key: "footer.paymentMethods" },
      { to: "/shipping", key: "footer.shipping" },
    ],
  },
  {
    titleKey: "footer.policies",
    links: [
      { to: "/terms", key: "footer.terms" },
      { to: "/returns", key: "footer.returns" },
      { to: "/privacy", key: "footer.privacy" },
    ],
  },
  {
    titleKey: "footer.contact",
    links: [
      { to: "/contact", key: "footer.contactUs" },
      { to: "/faq", key: "footer.faq" },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const data = useRootData();
  const shop = data?.shop;
  return (
    <footer className="mt-12 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{shop?.name}</p>
          <p className="mt-2 text-sm leading-relaxed">{t("footer.tagline")}</p>
        </div>
        {columns.map((column) => (
          <div key={column.titleKey}>
            <h2 className="font-semibold text-white">{t(column.titleKey)}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-stone-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-4 text-sm">
          <span>{t("footer.follow")}</span>
          <a href={shop?.facebookUrl} rel="noopener noreferrer" target="_blank" className="hover:text-white">
            {t("footer.facebook")}
          </a>
          <a href={shop?.instagramUrl} rel="noopener noreferrer" target="_blank" className="hover:text-white">
            {t("footer.instagram")}
          </a>
          <span className="ms-auto">{t("footer.rights", { year: new Date().getFullYear(), shopName: shop?.name ?? "" })}</span>
        </div>
      </div>
    </footer>
  );
}
