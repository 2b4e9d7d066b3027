import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Link } from "react-router";
import { CtaBanner, ctaPrimaryClass, ctaSecondaryClass } from "~/components/shop/CtaBanner";
import { ContactQuickOrder } from "~/components/shop/order/ContactQuickOrder";
import { orderClientAction, orderFormAnswerOf } from "~/components/shop/order/orderClientAction";
import { DeliveryCalculator } from "~/components/shop/order/DeliveryCalculator";
import { WhyChooseUs } from "~/components/shop/WhyChooseUs";
import { Icon, MailIcon, PhoneIcon, ShieldCheckIcon, TruckIcon } from "~/components/ui/Icon";
import { useRootData } from "~/components/shop/useRootData";
import { contactOrderSchema, orderBodyOf, orderFormMessages, parseForm, parsedOrder } from "~/lib/order-form";

import { trackPixel } from "~/lib/pixel";
import { telHref } from "~/lib/phone";
import { whatsappChatUrl } from "~/lib/phone";
import type { PublicShopInfo } from "~/lib/shop-settings";
import { WhatsAppIcon } from "~/components/shop/share/ShareIcons";
import { seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db/connection.server";
import { listDeliveryRates } from "~/server/delivery/index.server";

import { answerOrderForm } from "~/server/http/order-form-action.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { listOrderableProducts } from "~/server/catalog/index.server";

import { pageContext } from "~/server/http/page-context.server";
import type { Route } from "./+types/contact";
import type { PageQueryHandle } from "~/lib/page-query";

/** The query parameters the loader reads (app/lib/page-query.ts): the calculator's wilaya. */
export const handle: PageQueryHandle = { query: ["wilaya"] };

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { t, shopName } = ctx;
  const db = getDb();
  const [wilayas, products] = await Promise.all([listDeliveryRates(db), listOrderableProducts(db, ctx.language)]);
  const url = new URL(request.url);
  // The delivery calculator without JavaScript: GET /contact?wilaya=16.
  const asked = url.searchParams.get("wilaya");
  return data({
    wilayas,
    products,
    calculatorWilaya: wilayas.some((w) => w.code === asked) ? asked : null,
    seo: ctx.seo({
      title: ctx.pageTitle(t("pages.contact.title")),
      description: t("pages.contact.description", { shopName }),
      path: "/contact",
    }),
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

/**
 * The quick order's post (contactOrderSchema): the chosen product and quantity, source
 * contact_form, placed by the order service as every order is. With the client's key
 * (JavaScript) the answer is the order; a plain post is redirected (303) to the page's
 * confirmation, or shown again with its errors, what was typed and the typed wilaya's communes;
 * the "update the fee" button (isQuote) shows it again with its fee, ordering nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const { t } = await requestI18n(request);
  const form = await request.formData();
  return answerOrderForm(request, form, parsedOrder(parseForm(form, contactOrderSchema, orderFormMessages(t)), orderBodyOf.contact), "contact");
}

/** With JavaScript: the action's answer, or the form's failure when the shop cannot be reached. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return orderClientAction(serverAction);
}

/** A mailto link with a prefilled, URL-encoded subject (in the page's language). */
const mailtoHref = (email: string, subject: string) => `mailto:${email}?subject=${encodeURIComponent(subject)}`;

/** The four why-choose-us points, each with its icon. */
const reasons = [
  {
    key: "expertise",
    icon: (
      <Icon>
        <path d="M9 18h6M10 21h4" />
        <path d="M12 3a6 6 0 0 0-3.5 10.9V15h7v-1.1A6 6 0 0 0 12 3z" />
      </Icon>
    ),
  },
  { key: "authentic", icon: <ShieldCheckIcon /> },
  {
    key: "personal",
    icon: (
      <Icon>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4 3.6-6 8-6s8 2 8 6" />
      </Icon>
    ),
  },
  { key: "fast", icon: <TruckIcon /> },
] as const;

/**
 * The shop's contact details from its settings (/admin/settings): call, WhatsApp, e-mail and
 * address, each only once the merchant set it; never a placeholder.
 */
function ContactButtons({ shop, subject }: { shop: PublicShopInfo | undefined; subject: string }) {
  const { t } = useTranslation();
  if (!shop?.phone && !shop?.whatsapp && !shop?.email && !shop?.address) {
    return <p className="mt-4 text-stone-700">{t("settings.contact.noContact")}</p>;
  }
  // Side by side when both fit, stacked otherwise; a long address wraps instead of overflowing.
  const button = "flex min-w-0 grow items-center gap-3 rounded-xl px-4 py-3";
  const secondary = `${button} bg-white text-stone-800 ring-1 ring-stone-300 hover:ring-brand-600`;
  return (
    <div className="mt-4 flex flex-wrap gap-3" data-testid="contact-details">
      {shop.phone ? (
        <a href={telHref(shop.phone)} className={`${button} bg-brand-700 text-white hover:bg-brand-800`} data-testid="contact-phone">
          <PhoneIcon />
          <span className="flex min-w-0 flex-col">
            <span className="text-xs text-brand-50">{t("pages.contact.call")}</span>{" "}
            <bdi dir="ltr" className="self-start font-bold tabular-nums">
              {shop.phone}
            </bdi>
          </span>
        </a>
      ) : null}
      {shop.whatsapp ? (
        <a
          href={whatsappChatUrl(shop.whatsapp, subject)}
          rel="noopener noreferrer"
          target="_blank"
          className={secondary}
          data-testid="contact-whatsapp"
        >
          <span className="text-brand-700">
            <WhatsAppIcon />
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="text-xs text-stone-600">{t("settings.contact.whatsapp")}</span>{" "}
            <bdi dir="ltr" className="self-start font-semibold tabular-nums">
              {shop.whatsapp}
            </bdi>
          </span>
        </a>
      ) : null}
      {shop.email ? (
        <a href={mailtoHref(shop.email, subject)} className={secondary} data-testid="contact-email">
          <span className="text-brand-700">
            <MailIcon />
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="text-xs text-stone-600">{t("pages.contact.write")}</span>{" "}
            <bdi dir="ltr" className="self-start font-semibold wrap-anywhere">
              {shop.email}
            </bdi>
          </span>
        </a>
      ) : null}
      {shop.address ? (
        <p className="w-full text-sm text-stone-700" data-testid="contact-address">
          <span className="font-semibold">{t("settings.contact.address")}:</span> {shop.address}
        </p>
      ) : null}
    </div>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const shop = useRootData()?.shop;
  const shopName = shop?.name ?? "";
  const email = shop?.email;
  // A contact the merchant has not set is never offered: the texts that invite to it read otherwise.
  const noPhone = shop?.phone ? undefined : "noPhone";
  const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6";
  // The pixel hears of each visit to this page (an enquiry is close), then of a tap on the consultation link.
  useEffect(() => trackPixel("ViewContent", { content_name: "contact" }), []);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold text-brand-900">{t("pages.contact.title")}</h1>
        <p className="mt-4 text-lg leading-relaxed text-stone-700">{t("pages.contact.intro", { shopName, context: noPhone })}</p>
      </header>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <section id="quick-order" aria-labelledby="quick-order-title" className={card}>
          <h2 id="quick-order-title" className="text-xl font-bold">
            {t("pages.contact.quickOrder.title")}
          </h2>
          <ContactQuickOrder products={loaderData.products} wilayas={loaderData.wilayas} posted={orderFormAnswerOf(actionData)} />
          {/* Or order by phone, else by WhatsApp or e-mail; with none of them ContactButtons says so. */}
          {shop?.phone || shop?.whatsapp || shop?.email ? (
            <p className="mt-6 border-t border-stone-200 pt-4 leading-relaxed text-stone-700">
              {t("pages.contact.quickOrder.text", { context: noPhone })}
            </p>
          ) : null}
          <ContactButtons shop={shop} subject={t("pages.contact.quickOrder.emailSubject")} />
        </section>

        <section id="delivery-calculator" aria-labelledby="delivery-calculator-title" className={card}>
          <h2 id="delivery-calculator-title" className="text-xl font-bold">
            {t("pages.contact.deliveryCalculator.title")}
          </h2>
          <DeliveryCalculator wilayas={loaderData.wilayas} initial={loaderData.calculatorWilaya} />
          <Link to="/shipping" className="mt-4 inline-block font-semibold text-brand-700 underline hover:text-brand-900">
            {t("pages.contact.deliveryCalculator.tableLink")}
          </Link>
        </section>
      </div>

      <WhyChooseUs
        titleId="why-title"
        title={t("pages.contact.why.title")}
        className="mt-12"
        cardClassName="sm:p-6"
        testId="why-choose-us"
        reasons={reasons.map((reason) => ({
          ...reason,
          title: t(`pages.contact.why.${reason.key}.title`),
          text: t(`pages.contact.why.${reason.key}.text`),
        }))}
      />

      <CtaBanner
        titleId="cta-title"
        title={t("pages.contact.cta.title")}
        text={t("pages.contact.cta.text", { context: email ? undefined : "noEmail" })}
        className="mt-12"
      >
        {email ? (
          <a
            href={mailtoHref(email, t("pages.contact.cta.consultationSubject"))}
            className={ctaPrimaryClass}
            onClick={() => trackPixel("Schedule")}
            data-testid="consultation-link"
          >
            <MailIcon />
            {t("pages.contact.cta.consultation")}
          </a>
        ) : null}
        <Link to="/services" className={ctaSecondaryClass}>
          {t("pages.contact.cta.services")}
        </Link>
      </CtaBanner>
    </div>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
