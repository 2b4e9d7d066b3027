import { useTranslation } from "~/i18n/react";
import { data, Link, redirect } from "react-router";
import { ProductGallery } from "~/components/shop/ProductGallery";
import { DiscountBadge, StockBadge } from "~/components/shop/StockBadges";
import { JewelleryOrderForm } from "~/components/shop/jewellery/JewelleryOrderForm";
import { orderClientAction, orderFormAnswerOf } from "~/components/shop/order/orderClientAction";
import { Price } from "~/components/ui/Price";
import { isLanguage } from "~/i18n/config";
import { jewelleryItemPath, jewelleryListPath } from "~/lib/jewellery";
import { formatDinars } from "~/lib/money";
import { jewelleryOrderSchema, orderBodyOf, orderFormMessages, parseForm, parsedOrder } from "~/lib/order-form";

import { discountPercent } from "~/lib/product";
import { jsonLdMeta, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db/connection.server";
import { listDeliveryRates } from "~/server/delivery/index.server";

import { answerOrderForm } from "~/server/http/order-form-action.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { getJewelleryItem } from "~/server/jewellery/index.server";

import { pageContext, productPageSeo } from "~/server/http/page-context.server";
import type { Route } from "./+types/jewellery-item";

/** /jewellery/{id}: one jewellery piece with its bundles and order form; an unknown id goes home. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { language } = ctx;
  const db = getDb();
  const item = await getJewelleryItem(db, params.id, language);
  if (!item) throw redirect("/");
  const wilayas = await listDeliveryRates(db);
  return data({
    item,
    wilayas,
    ...productPageSeo(ctx, { ...item, sku: null }, jewelleryItemPath(item.slug)),
  });
}

/**
 * The form's post (jewelleryOrderSchema: name, phone and email required, the name split at its first
 * space, the bundle): source jewellery, placed by the order service as every order is. With the
 * client's key (JavaScript) the answer is the order; a plain post is redirected (303) to the
 * page's confirmation, or shown again with its errors, what was typed and the typed wilaya's
 * communes; the "update the fee" button (isQuote) shows it again with its fee, ordering nothing.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const db = getDb();
  const item = await getJewelleryItem(db, params.id, "ar");
  if (!item) throw redirect("/");
  const { t } = await requestI18n(request);
  const form = await request.formData();
  return answerOrderForm(
    request,
    form,
    parsedOrder(parseForm(form, jewelleryOrderSchema, orderFormMessages(t)), (value) => orderBodyOf.jewellery(value, item.id)),
    "jewellery",
  );
}

/** With JavaScript: the action's answer, or the form's failure when the shop cannot be reached. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return orderClientAction(serverAction);
}

export const meta: Route.MetaFunction = ({ data }) => (data ? [...seoMeta(data.seo), jsonLdMeta(data.jsonLd)] : []);

export default function JewelleryItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const { item, wilayas } = loaderData;
  const available = item.inStock && item.stockQuantity > 0;
  const percent = discountPercent(item.price, item.originalPrice);
  const material = item.material
    ? t(`jewellery.materials.${item.material}` as "jewellery.materials.18K Gold", { defaultValue: item.material })
    : null;
  const row = "flex items-baseline justify-between gap-3 border-b border-stone-100 py-1.5 last:border-0";

  return (
    <div className="mx-auto max-w-6xl px-4 py-6" data-testid="jewellery-item" data-id={item.slug}>
      <nav aria-label={t("jewellery.item.breadcrumb")} className="mb-4 text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-brand-700 hover:underline">
              {t("jewellery.item.home")}
            </Link>
          </li>
          <li className="before:me-1 before:content-['/']">
            <Link to={jewelleryListPath(null)} className="hover:text-brand-700 hover:underline">
              {t("jewellery.list.title")}
            </Link>
          </li>
          {item.subcategory && (
            <li className="before:me-1 before:content-['/']">
              <Link to={jewelleryListPath(item.subcategory)} className="hover:text-brand-700 hover:underline">
                {t(`jewellery.categories.${item.subcategory}`)}
              </Link>
            </li>
          )}
          <li className="truncate text-stone-900 before:me-1 before:content-['/']" aria-current="page">
            {item.title}
          </li>
        </ol>
      </nav>

      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery images={item.images} title={item.title} />
        <div>
          <div className="flex flex-wrap gap-2">
            <DiscountBadge price={item.price} originalPrice={item.originalPrice} />
            <StockBadge inStock={item.inStock} stockQuantity={item.stockQuantity} />
          </div>
          {item.subcategory && <p className="mt-2 text-sm font-semibold text-amber-700">{t(`jewellery.categories.${item.subcategory}`)}</p>}
          <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{item.title}</h1>
          {language === "ar" ? (
            item.nameEn && (
              <p className="mt-1 text-stone-600">
                <bdi lang="en">{item.nameEn}</bdi>
              </p>
            )
          ) : (
            <p className="mt-1 text-stone-600">
              <span className="sr-only">{t("jewellery.item.arabicName")}: </span>
              <span lang="ar" dir="rtl">
                {item.nameAr}
              </span>
            </p>
          )}
          <div className="mt-3">
            <Price price={item.price} originalPrice={item.originalPrice} size="lg" />
          </div>

          <dl className="mt-4 rounded-xl bg-white p-4 text-sm ring-1 ring-stone-200">
            <div className={row}>
              <dt className="text-stone-600">{t("jewellery.item.arabicName")}</dt>
              <dd lang="ar" className="font-semibold">
                {item.nameAr}
              </dd>
            </div>
            {item.subcategory && (
              <div className={row}>
                <dt className="text-stone-600">{t("jewellery.item.category")}</dt>
                <dd className="font-semibold">{t(`jewellery.categories.${item.subcategory}`)}</dd>
              </div>
            )}
            <div className={row}>
              <dt className="text-stone-600">{t("jewellery.item.price")}</dt>
              <dd className="font-semibold tabular-nums">{formatDinars(item.price, language)}</dd>
            </div>
            {item.originalPrice !== null && (
              <div className={row}>
                <dt className="text-stone-600">{t("jewellery.item.originalPrice")}</dt>
                <dd className="tabular-nums text-stone-500 line-through">{formatDinars(item.originalPrice, language)}</dd>
              </div>
            )}
            {percent !== null && (
              <div className={row}>
                <dt className="text-stone-600">{t("jewellery.item.discount")}</dt>
                <dd dir="ltr" className="font-semibold text-red-700">
                  {t("jewellery.item.discountValue", { percent })}
                </dd>
              </div>
            )}
            <div className={row}>
              <dt className="text-stone-600">{t("jewellery.item.availability")}</dt>
              <dd className={`font-semibold ${available ? "text-emerald-700" : "text-stone-500"}`} data-testid="jewellery-availability">
                {available ? t("jewellery.item.inStock", { count: item.stockQuantity }) : t("jewellery.item.outOfStock")}
              </dd>
            </div>
            {item.brand && (
              <div className={row}>
                <dt className="text-stone-600">{t("jewellery.item.brand")}</dt>
                <dd className="font-semibold">{item.brand}</dd>
              </div>
            )}
            {material && (
              <div className={row}>
                <dt className="text-stone-600">{t("jewellery.item.material")}</dt>
                <dd className="font-semibold">{material}</dd>
              </div>
            )}
            {item.weight && (
              <div className={row}>
                <dt className="text-stone-600">{t("jewellery.item.weight")}</dt>
                <dd dir="ltr" className="font-semibold">
                  {item.weight}
                </dd>
              </div>
            )}
            {item.stones && (
              <div className={row}>
                <dt className="text-stone-600">{t("jewellery.item.stones")}</dt>
                <dd className="font-semibold">{item.stones}</dd>
              </div>
            )}
          </dl>

          {item.description && (
            <section className="mt-5">
              <h2 className="text-lg font-semibold">{t("jewellery.item.description")}</h2>
              <p className="mt-2 leading-relaxed text-stone-700">{item.description}</p>
            </section>
          )}
          {item.features.length > 0 && (
            <section className="mt-5">
              <h2 className="text-lg font-semibold">{t("jewellery.item.features")}</h2>
              <ul className="mt-2 flex flex-col gap-1.5 text-stone-700">
                {item.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <svg viewBox="0 0 20 20" className="mt-1 size-4 shrink-0 text-amber-600" fill="currentColor" aria-hidden="true">
                      <path d="M10 1l2.5 6H19l-5.2 4 2 6.5L10 13.8 4.2 17.5l2-6.5L1 7h6.5z" />
                    </svg>
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>

      <div className="mt-8" id="order">
        <JewelleryOrderForm
          item={{
            id: item.id,
            title: item.title,
            inStock: item.inStock,
            stockQuantity: item.stockQuantity,
            price: item.price,
            compareAtPrice: item.originalPrice ?? 0,
          }}
          wilayas={wilayas}
          posted={orderFormAnswerOf(actionData)}
        />
      </div>
    </div>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
