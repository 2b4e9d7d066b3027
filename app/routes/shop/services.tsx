import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { ArrowIcon, Icon, PhoneIcon } from "~/components/ui/Icon";
import { useRootData } from "~/components/shop/useRootData";
import { telHref } from "~/lib/phone";
import { seoMeta } from "~/lib/seo";
import { pageContext } from "~/server/http/page-context.server";
import type { Route } from "./+types/services";

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { t, shopName } = ctx;
  return {
    seo: ctx.seo({
      title: ctx.pageTitle(t("pages.services.title")),
      description: t("pages.services.description", { shopName }),
      path: "/services",
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

type CardAction =
  | {
      kind: "link";
      to: string;
      label: "pages.services.cashOnDelivery.link" | "pages.services.returns.link" | "pages.services.wholesale.link";
    }
  | { kind: "phone" };

/** What the shop offers beyond selling. Gift wrapping is not offered: do not add it. */
const services: {
  key: "cashOnDelivery" | "phoneConfirmation" | "returns" | "wholesale" | "afterSales" | "advice";
  icon: ReactNode;
  action?: CardAction;
}[] = [
  {
    key: "cashOnDelivery",
    icon: (
      <Icon>
        <rect x="2" y="6" width="20" height="12" rx="2" />
        <circle cx="12" cy="12" r="2.5" />
        <path d="M6 9v.01M18 15v.01" />
      </Icon>
    ),
    action: { kind: "link", to: "/shipping", label: "pages.services.cashOnDelivery.link" },
  },
  {
    key: "phoneConfirmation",
    icon: (
      <Icon>
        <rect x="5" y="4" width="14" height="17" rx="2" />
        <path d="M9 4V3h6v1M9 13l2 2 4-4" />
      </Icon>
    ),
  },
  {
    key: "returns",
    icon: (
      <Icon>
        <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
        <path d="M3 3v5h5" />
      </Icon>
    ),
    action: { kind: "link", to: "/returns", label: "pages.services.returns.link" },
  },
  {
    key: "wholesale",
    icon: (
      <Icon>
        <path d="M3 7l9-4 9 4-9 4-9-4z" />
        <path d="M3 7v10l9 4 9-4V7M12 11v10" />
      </Icon>
    ),
    action: { kind: "link", to: "/product-gros", label: "pages.services.wholesale.link" },
  },
  {
    key: "afterSales",
    icon: (
      <Icon>
        <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9l-3.8 3.8z" />
      </Icon>
    ),
  },
  {
    key: "advice",
    icon: (
      <Icon>
        <path d="M21 14a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2h13a2 2 0 0 1 2 2z" />
        <path d="M8 9h9M8 12h6" />
      </Icon>
    ),
    action: { kind: "phone" },
  },
];

export default function Services() {
  const { t } = useTranslation();
  const shop = useRootData()?.shop;
  const shopName = shop?.name ?? "";
  const phone = shop?.phone ?? "";
  // Until the merchant sets a phone, the cards that say "call us" point to the contact page instead.
  const noPhone = phone ? undefined : "noPhone";

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold text-brand-900">{t("pages.services.title")}</h1>
        <p className="mt-4 text-lg leading-relaxed text-stone-700">{t("pages.services.intro", { shopName })}</p>
      </header>

      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.key} className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6" data-testid="service-card">
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">{service.icon}</span>
            <h2 className="mt-4 text-lg font-semibold">{t(`pages.services.${service.key}.title`, { context: noPhone })}</h2>
            <p className="mt-2 flex-1 leading-relaxed text-stone-700">{t(`pages.services.${service.key}.text`, { context: noPhone })}</p>
            {service.action?.kind === "link" && (
              <Link
                to={service.action.to}
                className="mt-4 inline-flex items-center gap-1.5 self-start font-semibold text-brand-700 hover:text-brand-900 hover:underline"
              >
                {t(service.action.label)}
                <ArrowIcon />
              </Link>
            )}
            {service.action?.kind === "phone" && phone && (
              <a
                href={telHref(phone)}
                className="mt-4 inline-flex items-center gap-1.5 self-start font-semibold text-brand-700 hover:text-brand-900 hover:underline"
              >
                <PhoneIcon className="size-4 shrink-0" />
                {t("pages.contact.call")}{" "}
                <bdi dir="ltr" className="tabular-nums">
                  {phone}
                </bdi>
              </a>
            )}
            {service.action?.kind === "phone" && !phone && (
              <Link
                to="/contact"
                className="mt-4 inline-flex items-center gap-1.5 self-start font-semibold text-brand-700 hover:text-brand-900 hover:underline"
              >
                {t("pages.services.cta.button")}
                <ArrowIcon />
              </Link>
            )}
          </li>
        ))}
      </ul>

      <section
        aria-labelledby="services-cta-title"
        className="mt-12 rounded-2xl bg-brand-800 px-5 py-8 text-white sm:px-10 lg:flex lg:items-center lg:justify-between lg:gap-10"
      >
        <div>
          <h2 id="services-cta-title" className="text-2xl font-bold">
            {t("pages.services.cta.title")}
          </h2>
          <p className="mt-3 max-w-2xl leading-relaxed text-brand-50">
            {t("pages.services.cta.text", { context: shop?.phone && shop.email ? undefined : "contactPage" })}
          </p>
        </div>
        <Link
          to="/contact"
          className="mt-6 inline-flex shrink-0 lg:mt-0 items-center justify-center gap-2 rounded-lg bg-accent-500 px-5 py-3 font-bold text-stone-900 hover:bg-amber-400"
        >
          {t("pages.services.cta.button")}
          <ArrowIcon />
        </Link>
      </section>
    </div>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
