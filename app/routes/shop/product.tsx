import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Link, useLocation } from "react-router";
import { ProductGallery } from "~/components/shop/ProductGallery";
import { AddToCartForm, StockNotice } from "~/components/shop/AddToCartForm";
import { deferHydration } from "~/components/ui/deferHydration";
import { useAddToCart, type ChosenVariant } from "~/components/shop/useAddToCart";
import { DiscountBadge, StockBadge } from "~/components/shop/StockBadges";
import { Price } from "~/components/ui/Price";
import { orderClientAction, orderFormAnswerOf } from "~/components/shop/order/orderClientAction";
import { orderBodyOf, orderFormMessages, parseForm, productOrderSchema, type OrderFormAnswer, parsedOrder } from "~/lib/order-form";

import { productPath } from "~/lib/product";
import type { PageQueryHandle } from "~/lib/page-query";
import { selectionFromQuery } from "~/lib/variants";
import { variantView } from "~/lib/variant-view";
import { absoluteUrl, jsonLdMeta, seoMeta } from "~/lib/seo";
import { OrderByContact } from "~/components/shop/share/OrderByContact";
import { getCategory, getProduct, productOffers } from "~/server/catalog/index.server";
import { pageContext, productPageSeo } from "~/server/http/page-context.server";
import { getDb } from "~/server/db/connection.server";
import { listDeliveryRates } from "~/server/delivery/index.server";

import { answerOrderForm } from "~/server/http/order-form-action.server";
import { requestI18n } from "~/server/http/request-i18n.server";

import { trackCustomizeProduct, trackPixel } from "~/lib/pixel";
import { defaultOffer } from "~/lib/whatsapp-order";
import type { Route } from "./+types/product";

/** The shopper's choice of a variant: `?variant=<id>`, or `o<option id>=<value id>` pairs from the pickers without JavaScript. */
export const handle: PageQueryHandle = { query: ["variant", "o#"] };

// The order form and the share buttons work from the server's markup until their code, not
// part of the page's first load, arrives and hydrates them (see deferHydration).
const ProductOrderSection = deferHydration(() => import("~/components/shop/order/ProductOrderForm").then((m) => m.ProductOrderSection));
// The option pickers are links that work without JavaScript until their code arrives.
const VariantPicker = deferHydration(() => import("~/components/shop/product/VariantPicker").then((m) => m.VariantPicker));
const ShareWidget = deferHydration(() => import("~/components/shop/share/ShareWidget").then((m) => m.ShareWidget));

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { language, t } = ctx;
  const db = getDb();
  const product = await getProduct(db, params.slug, language);
  if (!product) {
    return data(
      {
        found: false as const,
        seo: ctx.seo({
          title: ctx.pageTitle(t("catalog.product.notFound")),
          description: t("catalog.product.notFoundText"),
          path: new URL(request.url).pathname,
          noindex: true,
        }),
      },
      { status: 404 },
    );
  }
  const [category, wilayas, offers] = await Promise.all([
    product.category ? getCategory(db, product.category, language) : null,
    listDeliveryRates(db),
    productOffers(db, product.id),
  ]);
  // The shopper's choice from the address (?variant= or the pickers' o<option>=<value> pairs), so the server's page shows it.
  const view = variantView(
    product,
    selectionFromQuery(product.variants.options, product.variants.variants, new URL(request.url).searchParams),
    language,
  );
  return data({
    found: true as const,
    product,
    view,
    category,
    wilayas,
    offers,
    ...productPageSeo(ctx, product, productPath(product)),
  });
}

/**
 * The order form's post (productOrderSchema): this product in the quantity or the offer chosen, source product_detail,
 * placed by the order service as every order is. With the client's key (JavaScript) the answer
 * is the order; a plain post is redirected (303) to the page's confirmation, or shown again with
 * its errors, what was typed and the typed wilaya's communes. The "update the fee" button of a
 * form without JavaScript (isQuote) shows the form again as typed, with its fee: no order.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const db = getDb();
  const product = await getProduct(db, params.slug, "ar");
  if (!product) throw data(null, { status: 404 });
  const { t } = await requestI18n(request);
  const form = await request.formData();
  return answerOrderForm(
    request,
    form,
    parsedOrder(parseForm(form, productOrderSchema, orderFormMessages(t)), (value) => orderBodyOf.product(value, product.id)),
    "product",
  );
}

/** With JavaScript: the action's answer, or the form's failure when the shop cannot be reached. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return orderClientAction(serverAction);
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  return data.found ? [...seoMeta(data.seo), jsonLdMeta(data.jsonLd)] : seoMeta(data.seo);
};

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.found) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="product-not-found">
        <h1 className="text-2xl font-bold">{t("catalog.product.notFound")}</h1>
        <p className="mt-3 text-stone-600">{t("catalog.product.notFoundText")}</p>
        <Link to="/categories" className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {t("catalog.product.browse")}
        </Link>
      </section>
    );
  }
  return (
    <ProductDetail
      key={loaderData.product.id}
      product={loaderData.product}
      view={loaderData.view}
      category={loaderData.category}
      wilayas={loaderData.wilayas}
      offers={loaderData.offers}
      posted={orderFormAnswerOf(actionData)}
      url={absoluteUrl(loaderData.seo.origin, loaderData.seo.path)}
    />
  );
}

type Loaded = Extract<Route.ComponentProps["loaderData"], { found: true }>;

function ProductDetail({
  product,
  view: serverView,
  category,
  wilayas,
  offers,
  posted,
  url,
}: {
  product: Loaded["product"];
  /** The choice the server read from the address, and what it shows. */
  view: Loaded["view"];
  category: Loaded["category"];
  wilayas: Loaded["wilayas"];
  offers: Loaded["offers"];
  posted: OrderFormAnswer | null;
  /** The product's public address, for the WhatsApp order message. */
  url: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  // Open after a refused plain (no-JS) post of the order form, to show its answer.
  const [orderOpen, setOrderOpen] = useState(posted != null);
  // The choice: the server's, then each picker's (made by the pickers' code, which loads after the page).
  const [choice, setChoice] = useState(serverView);
  // A navigation to another choice (a shared link, back and forward) starts over from the server's.
  const [seen, setSeen] = useState(serverView);
  if (seen !== serverView && JSON.stringify(seen.selection) !== JSON.stringify(serverView.selection)) {
    setSeen(serverView);
    setChoice(serverView);
  }
  const { variant, missing, available } = choice;
  const images = choice.imageIds.map((id) => product.images.find((image) => image.id === id)!);
  const chosen: ChosenVariant | undefined = variant
    ? { ...variant, price: choice.price, originalPrice: choice.originalPrice, stock: choice.stockQuantity, image: images[0] ?? null }
    : undefined;
  const { add, justAdded: added, stockNotice } = useAddToCart(product, chosen);
  // A product with variants is bought as one of them: until the choice is complete, add-to-cart and
  // buy-now look disabled and, when tapped, name the option still missing.
  const [choiceAsked, setChoiceAsked] = useState(false);
  const choiceNotice = missing && choiceAsked ? t("catalog.product.chooseOption", { option: missing }) : null;
  const closeOrder = useCallback(() => setOrderOpen(false), []);
  const title = variant ? `${product.title} (${variant.label})` : product.title;
  // The offer the order form holds, named by the WhatsApp message: before the form runs (and
  // without JavaScript) its default, the first the stock can fill.
  const [chosenOfferId, setChosenOfferId] = useState<number | undefined>(undefined);
  const chosenOffer = offers.find((offer) => offer.id === chosenOfferId) ?? defaultOffer(offers, choice.inStock === false ? 0 : choice.stockQuantity);

  // The cards' quick-buy lands here with #order: open the order slot at once.
  useEffect(() => {
    if (location.hash === "#order" && available && !missing) setOrderOpen(true);
  }, [location.hash, available, missing]);

  useEffect(() => {
    trackPixel("ViewContent", {
      content_ids: [product.id],
      content_type: "product",
      content_name: product.title,
      value: product.price,
      currency: "DZD",
    });
  }, [product.id, product.title, product.price]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <nav aria-label={t("catalog.product.breadcrumb")} className="mb-4 text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-brand-700 hover:underline">
              {t("catalog.product.home")}
            </Link>
          </li>
          {category && (
            <li className="before:me-1 before:content-['/']">
              <Link to={`/categories/${category.slug}`} className="hover:text-brand-700 hover:underline">
                {category.name}
              </Link>
            </li>
          )}
          <li className="truncate text-stone-900 before:me-1 before:content-['/']" aria-current="page">
            {product.title}
          </li>
        </ol>
      </nav>

      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        {/* Keyed by the variant: its gallery starts on its first picture. */}
        <ProductGallery key={variant?.id ?? "product"} images={images} title={product.title} />
        <div>
          <div className="flex flex-wrap gap-2">
            <DiscountBadge price={choice.price} originalPrice={choice.originalPrice} />
            <StockBadge inStock={choice.inStock} stockQuantity={choice.stockQuantity} />
          </div>
          <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{product.title}</h1>
          <div className="mt-3 flex flex-wrap items-baseline gap-x-2">
            {choice.priceFrom && (
              <span className="text-stone-600" data-testid="price-from">
                {t("catalog.card.priceFrom")}
              </span>
            )}
            <Price price={choice.price} originalPrice={choice.originalPrice} size="lg" />
          </div>
          <p className="mt-2 text-sm text-stone-600">
            {available ? t("catalog.product.available") : t("catalog.card.outOfStock")} · {t("catalog.product.cashOnDelivery")}
          </p>

          {product.variants.options.length > 0 && (
            <VariantPicker
              product={product}
              selection={choice.selection}
              onPick={(next) => {
                // From the pickers' own handlers: once their deferred code is live (before, their links navigate).
                trackCustomizeProduct({ productId: product.id, sku: next.variant?.sku, quantity: 1, value: next.price });
                setChoice(next);
                setChoiceAsked(false);
                if (!next.variant) setOrderOpen(false);
              }}
            />
          )}

          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <AddToCartForm
              productId={product.id}
              variantId={variant?.id}
              onAdd={() => (missing ? setChoiceAsked(true) : add())}
              className="flex flex-1"
            >
              <button
                type="submit"
                disabled={!available}
                className={`flex-1 rounded-lg px-5 py-3 font-semibold disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 ${
                  missing ? "bg-stone-300 text-stone-600" : "bg-brand-700 text-white hover:bg-brand-800"
                }`}
                data-testid="add-to-cart"
              >
                {added ? t("catalog.card.added") : t("catalog.card.addToCart")}
              </button>
            </AddToCartForm>
            {available ? (
              // A link to #order, so the form opens without JavaScript too (see ProductOrderSection).
              <a
                href="#order"
                role="button"
                onClick={(event) => {
                  event.preventDefault();
                  if (missing) setChoiceAsked(true);
                  else setOrderOpen((open) => !open);
                }}
                aria-expanded={orderOpen}
                aria-controls="order"
                className={`flex-1 rounded-lg px-5 py-3 text-center font-bold ${
                  missing ? "bg-stone-200 text-stone-500" : "bg-accent-500 text-stone-900 hover:bg-amber-400"
                }`}
                data-testid="buy-now"
              >
                {orderOpen ? t("catalog.product.closeOrder") : t("catalog.product.buyNow")}
              </a>
            ) : (
              <button
                type="button"
                disabled
                className="flex-1 cursor-not-allowed rounded-lg bg-stone-200 px-5 py-3 font-bold text-stone-500"
                data-testid="buy-now"
              >
                {t("catalog.product.buyNow")}
              </button>
            )}
          </div>
          <span className="sr-only" role="status" aria-live="polite">
            {added ? t("catalog.card.added") : ""}
          </span>
          {choiceNotice && (
            <p
              role="alert"
              className="mt-3 rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900 ring-1 ring-amber-300"
              data-testid="choose-option-notice"
            >
              {choiceNotice}
            </p>
          )}
          {stockNotice && (
            <div className="mt-3">
              <StockNotice message={stockNotice} />
            </div>
          )}

          {available && (
            <ProductOrderSection
              product={product}
              offers={offers}
              wilayas={wilayas}
              open={orderOpen}
              onClose={closeOrder}
              posted={posted}
              onOfferChange={setChosenOfferId}
              variant={variant && { id: variant.id, price: choice.price, stock: choice.stockQuantity, sku: variant.sku }}
            />
          )}

          <ShareWidget
            key={product.id}
            mode="full"
            target={{ type: "product", id: product.id, ...(variant ? { variantId: variant.id } : {}) }}
            title={product.title}
            description={product.description}
          />
          <OrderByContact title={title} price={choice.price} url={url} offer={chosenOffer} />

          {product.description && (
            <section className="mt-6">
              <h2 className="text-lg font-semibold">{t("catalog.product.description")}</h2>
              <p className="mt-2 leading-relaxed text-stone-700">{product.description}</p>
            </section>
          )}
          {(variant?.sku ?? product.sku) && (
            <p className="mt-4 text-xs text-stone-500" data-testid="product-sku">
              {t("catalog.product.sku", { sku: variant?.sku ?? product.sku })}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
