import { useTranslation } from "~/i18n/react";
import { data, Link, redirect } from "react-router";
import { ctaPrimaryClass, ctaSecondaryClass } from "~/components/shop/CtaBanner";
import { WholesaleEnquiryForm } from "~/components/shop/WholesaleEnquiryForm";
import { ArrowIcon, Icon, PhoneIcon } from "~/components/ui/Icon";
import { HIDDEN_ORDER_FIELDS, parseForm, SCRIPTED_FIELD } from "~/lib/order-form";
import type { PageQueryHandle } from "~/lib/page-query";
import { telHref } from "~/lib/phone";
import { seoMeta } from "~/lib/seo";
import { WHOLESALE_CATEGORIES, WHOLESALE_FEATURES, wholesaleEnquirySchema, wholesaleFormMessages, type EnquiryFormAnswer } from "~/lib/wholesale";
import { useRootData } from "~/components/shop/useRootData";
import { getDb } from "~/server/db/connection.server";
import { listDeliveryRates } from "~/server/delivery/index.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { clientIp } from "~/server/http/client-address.server";
import { pageContext } from "~/server/http/page-context.server";
import { submitEnquiry } from "~/server/wholesale/index.server";
import type { Route } from "./+types/wholesale";

/** The query parameters the loader reads (app/lib/page-query.ts): `enquiry=sent` after a plain post. */
export const handle: PageQueryHandle = { query: ["enquiry"] };

/** /product-gros: the wholesale section: banner, the 10 categories, the trade buyer's enquiry form. */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { t, shopName } = ctx;
  // The enquiry's confirmation after a plain post: this visitor's page, never shared.
  const sent = new URL(request.url).searchParams.get("enquiry") === "sent";
  return data(
    {
      wilayas: await listDeliveryRates(getDb()),
      sent,
      seo: ctx.seo({
        title: ctx.pageTitle(t("wholesale.meta.title")),
        description: t("wholesale.meta.description", { shopName }),
        path: "/product-gros",
      }),
    },
    sent ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

/**
 * The enquiry form's post (wholesaleEnquirySchema), stored by the wholesale service. From the
 * form's fetcher (JavaScript) the answer is `sent`; a plain post is redirected (303) to the
 * page's confirmation. A refusal (422, 429) comes back with its errors and what was typed.
 */
export async function action({ request }: Route.ActionArgs) {
  const { t, language } = await requestI18n(request);
  const submission = parseForm(await request.formData(), wholesaleEnquirySchema, wholesaleFormMessages(t));
  const hideFields = [...HIDDEN_ORDER_FIELDS, SCRIPTED_FIELD];
  if (submission.status !== "success") return data<EnquiryFormAnswer>({ result: submission.reply({ hideFields }) }, { status: 422 });
  const result = await submitEnquiry(getDb(), submission.value, {
    ip: clientIp(request),
    language,
    userAgent: request.headers.get("user-agent"),
  });
  if (!result.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(result.error.fields).map(([field, text]) => [field, [text]]));
    return data<EnquiryFormAnswer>(
      { result: submission.reply({ formErrors: [result.error.message], fieldErrors, hideFields }) },
      { status: result.status },
    );
  }
  if (submission.payload[SCRIPTED_FIELD] !== undefined) return data<EnquiryFormAnswer>({ result: submission.reply({ resetForm: true }), sent: true });
  return redirect("/product-gros?enquiry=sent#wholesale-enquiry", 303);
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
          <Link to="/contact" className={ctaPrimaryClass} data-testid="wholesale-get-pricing">
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
          <a href="#wholesale-enquiry" className={ctaSecondaryClass}>
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
        <WholesaleEnquiryForm wilayas={loaderData.wilayas} posted={actionData ?? null} sent={loaderData.sent} />
      </section>
    </div>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
