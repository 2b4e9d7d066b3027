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
      { to: "/legal", key: "footer.legal" },
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

/** The social pages the merchant set in /admin/settings; none is shown before it is set. */
const socials = [
  { field: "facebookUrl", key: "footer.facebook" },
  { field: "instagramUrl", key: "footer.instagram" },
  { field: "tiktokUrl", key: "footer.tiktok" },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const data = useRootData();
  const shop = data?.shop;
  const links = shop ? socials.flatMap((social) => (shop[social.field] ? [{ ...social, href: shop[social.field]! }] : [])) : [];
  return (
    <footer className="mt-12 bg-stone-900 text-stone-300" data-testid="site-footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{shop?.name}</p>
          <p className="mt-2 text-sm leading-relaxed">{t("footer.tagline")}</p>
          {/* The shop's contacts, each only once the merchant set it: never a placeholder. */}
          {shop?.phone || shop?.email || shop?.address ? (
            <address className="mt-3 space-y-1 text-sm not-italic">
              {shop.phone ? (
                // Saved as a national mobile (0XXXXXXXXX): already a dialable tel: target, so the
                // footer of every page needs no phone code.
                <a href={`tel:${shop.phone}`} className="block hover:text-white" data-testid="footer-phone">
                  {t("footer.phone")}{" "}
                  <bdi dir="ltr" className="tabular-nums">
                    {shop.phone}
                  </bdi>
                </a>
              ) : null}
              {shop.email ? (
                <a href={`mailto:${shop.email}`} className="block wrap-anywhere hover:text-white" data-testid="footer-email">
                  <bdi dir="ltr">{shop.email}</bdi>
                </a>
              ) : null}
              {shop.address ? <span className="block">{shop.address}</span> : null}
            </address>
          ) : null}
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
          {links.length > 0 ? (
            <>
              <span>{t("footer.follow")}</span>
              {links.map((link) => (
                <a
                  key={link.field}
                  href={link.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="hover:text-white"
                  data-testid={`footer-${link.field}`}
                >
                  {t(link.key)}
                </a>
              ))}
            </>
          ) : null}
          <span className="ms-auto">{t("footer.rights", { year: new Date().getFullYear(), shopName: shop?.name ?? "" })}</span>
        </div>
      </div>
    </footer>
  );
}
