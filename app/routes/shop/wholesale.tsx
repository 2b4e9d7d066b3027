import { useTranslation } from "~/i18n/react";
import { data, Link } from "react-router";
import { ctaPrimaryClass, ctaSecondaryClass } from "~/components/shop/CtaBanner";
import { WholesaleEnquiryForm } from "~/components/shop/WholesaleEnquiryForm";
import { ArrowIcon, Icon, PhoneIcon } from "~/components/ui/Icon";
import { telHref } from "~/lib/phone";
import { seoMeta } from "~/lib/seo";
import { WHOLESALE_CATEGORIES, WHOLESALE_FEATURES } from "~/lib/wholesale";
import { useRootData } from "~/components/shop/useRootData";
import { getDb } from "~/server/db/connection.server";
import { listDeliveryRates } from "~/server/delivery/index.server";
import { pageContext } from "~/server/http/page-context.server";
import { submitEnquiryForm } from "~/server/wholesale/index.server";
import type { Route } from "./+types/wholesale";

/** /product-gros: the wholesale section (spec 2): banner, the 10 categories, the trade buyer's enquiry form. */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { t, shopName } = ctx;
  return {
    wilayas: await listDeliveryRates(getDb()),
    seo: ctx.seo({
      title: ctx.pageTitle(t("wholesale.meta.title")),
      description: t("wholesale.meta.description", { shopName }),
      path: "/product-gros",
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

/** The enquiry form's post (plain, or from the form's fetcher): 200 when stored, else 422 / 429 with the errors. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await submitEnquiryForm(getDb(), request, form);
  return data(result, { status: result.ok ? 200 : result.status });
}

const CheckIcon = () => (
  <Icon className="mt-0.5 size-4 shrink-0 text-brand-700">
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);

export default function Wholesale({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const phone = useRootData()?.shop.phone ?? "";

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <section
        id="product-gros"
        aria-labelledby="wholesale-title"
        className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-900 px-5 py-8 text-white sm:px-10 sm:py-12"
        data-testid="wholesale-banner"
      >
        <p className="text-sm font-semibold tracking-wide text-accent-500">{t("wholesale.hero.eyebrow")}</p>
        <h1 id="wholesale-title" className="mt-2 text-3xl font-bold sm:text-4xl">
          {t("wholesale.hero.title")}
        </h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-50">{t("wholesale.hero.text")}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Link
            to="/contact"
            className={ctaPrimaryClass}
            data-testid="wholesale-get-pricing"
          >
            {t("wholesale.hero.getPricing")}
            <ArrowIcon />
          </Link>
          {phone && (
            <a
              href={telHref(phone)}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-5 py-3 font-bold text-brand-800 hover:bg-brand-50"
              data-testid="wholesale-call"
            >
              <PhoneIcon />
              {t("wholesale.hero.callNow")}{" "}
              <bdi dir="ltr" className="tabular-nums">
                {phone}
              </bdi>
            </a>
          )}
          <a
            href="#wholesale-enquiry"
            className={ctaSecondaryClass}
          >
            {t("wholesale.hero.enquire")}
          </a>
        </div>
      </section>

      <section aria-labelledby="wholesale-categories-title" className="mt-12">
        <h2 id="wholesale-categories-title" className="text-2xl font-bold text-brand-900">
          {t("wholesale.categories.title")}
        </h2>
        <p className="mt-2 max-w-3xl leading-relaxed text-stone-700">{t("wholesale.categories.intro")}</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {WHOLESALE_CATEGORIES.map((key, index) => (
            <li
              key={key}
              className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
              data-testid="wholesale-category"
              data-category={key}
            >
              <div className="flex items-center gap-3">
                <span
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-700 tabular-nums"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <h3 className="text-lg font-semibold">{t(`wholesale.categories.items.${key}.title`)}</h3>
              </div>
              <p className="mt-3 leading-relaxed text-stone-700">{t(`wholesale.categories.items.${key}.description`)}</p>
              <ul className="mt-4 flex flex-1 flex-col gap-2 text-sm text-stone-800" aria-label={t("wholesale.categories.featuresLabel")}>
                {WHOLESALE_FEATURES.map((feature) => (
                  <li key={feature} className="flex items-start gap-2" data-testid="wholesale-feature">
                    <CheckIcon />
                    <span>{t(`wholesale.categories.items.${key}.features.${feature}`)}</span>
                  </li>
                ))}
              </ul>
              <Link
                to="/contact"
                className="mt-5 inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
                data-testid="wholesale-contact"
              >
                {t("wholesale.categories.contact")}
                <ArrowIcon />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section
        id="wholesale-enquiry"
        aria-labelledby="wholesale-enquiry-title"
        className="mt-12 scroll-mt-40 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-8"
      >
        <h2 id="wholesale-enquiry-title" className="text-2xl font-bold text-brand-900">
          {t("wholesale.form.title")}
        </h2>
        <p className="mt-2 mb-6 max-w-3xl leading-relaxed text-stone-700">{t("wholesale.form.intro")}</p>
        <WholesaleEnquiryForm wilayas={loaderData.wilayas} actionData={actionData} />
      </section>
    </div>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
