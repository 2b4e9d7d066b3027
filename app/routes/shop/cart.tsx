import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Link, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { LineThumbnail, QuantityStepper, RemoveLineButton } from "~/components/shop/CartLineControls";
import { useCart } from "~/components/shop/CartProvider";
import { CustomerFields } from "~/components/shop/order/CustomerFields";
import { useDeliveryChoice } from "~/components/shop/order/DeliveryFields";
import { OrderConfirmation } from "~/components/shop/order/OrderConfirmation";
import { OrderInvalidSummary, OrderStatusBanner } from "~/components/shop/order/OrderStatusBanner";
import { orderClientAction, orderFormAnswerOf } from "~/components/shop/order/orderClientAction";
import { OrderKeyInput, OrderLinesInputs, trackOrderPlaced, useOrderForm } from "~/components/shop/order/useOrderForm";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import { isLanguage } from "~/i18n/config";
import {
  addCartLine,
  cartCookie,
  cartFromCookieHeader,
  cartImageUrl,
  cartLineKey,
  cartLineStatus,
  MAX_LINE_QUANTITY,
  removeCartLine,
  setCartLine,
  type CartItemUpdate,
  type CartLineStatus,
  type CartQuote,
  type QuotedLine,
} from "~/lib/cart";
import { cartIntentSchema, cartLineSchema } from "~/lib/cart-form";
import { parseDeliveryDays } from "~/lib/delivery";
import { formatDeliveryFee, formatDinars } from "~/lib/money";
import { cartOrderSchema, orderBodyOf, orderFormMessages, parseForm, quickBuySchema, type OrderFormKind, parsedOrder } from "~/lib/order-form";

import { productPath, type ProductImageData } from "~/lib/product";
import { seoMeta } from "~/lib/seo";
import { quoteCart } from "~/server/cart/index.server";
import { listDeliveryRates } from "~/server/delivery/index.server";
import { pageContext } from "~/server/http/page-context.server";
import { getDb } from "~/server/db/connection.server";
import { cookieIsSecure } from "~/server/http/cookie-secure.server";

import { answerOrderForm } from "~/server/http/order-form-action.server";
import { requestI18n } from "~/server/http/request-i18n.server";

import type { Route } from "./+types/cart";

/** Where a no-JS add may send the shopper back to: a path on this site only. */
const LOCAL_PATH = /^\/(?![/\\])[^\s]*$/;

const cookieLines = (request: Request) => cartFromCookieHeader(request.headers.get("Cookie")) ?? [];

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { t, language } = ctx;
  const db = getDb();
  const [quote, wilayas] = await Promise.all([quoteCart(db, cookieLines(request), language), listDeliveryRates(db)]);
  return data(
    {
      quote,
      wilayas,
      seo: ctx.seo({
        title: ctx.pageTitle(t("cart.page.title")),
        description: t("cart.page.description"),
        path: "/cart",
        noindex: true,
      }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * The cart's posts, by intent (app/lib/cart-form.ts). Without JavaScript, intent=add|set|remove
 * change the `cart` cookie and go back (303). intent=order (the checkout, with the page's lines)
 * and intent=quick-buy (the quick-buy modal) are order forms: their schema parses the post and
 * the order service places the order. With the client's key (JavaScript) the answer is the
 * order; a plain post goes to its confirmation page (303), the checkout's with the cookie emptied,
 * or is shown again with its errors, what was typed and the typed wilaya's communes; the
 * checkout's "update the fee" button (isQuote, without JavaScript) shows it again with its fee.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lines = cookieLines(request);
  const secure = cookieIsSecure(request);
  const intent = parseWithZod(form, { schema: cartIntentSchema });
  if (intent.status !== "success") throw data(null, { status: 400 });

  if (intent.value.intent === "order" || intent.value.intent === "quick-buy") {
    const kind: OrderFormKind = intent.value.intent === "order" ? "cart" : "quickBuy";
    const { t } = await requestI18n(request);
    const messages = orderFormMessages(t);
    const parsed =
      kind === "cart"
        ? parsedOrder(parseForm(form, cartOrderSchema, messages), orderBodyOf.cart)
        : parsedOrder(parseForm(form, quickBuySchema, messages), orderBodyOf.quickBuy);
    // A placed checkout empties the no-JavaScript cart cookie.
    return answerOrderForm(request, form, parsed, kind, kind === "cart" ? { "Set-Cookie": cartCookie([], { secure }) } : undefined);
  }

  const line = parseWithZod(form, { schema: cartLineSchema });
  if (line.status !== "success") throw data(null, { status: 400 });
  // `variant`: the line of that variant of the product (the product page's add form, a line's buttons).
  const { productId, variant, quantity, returnTo } = line.value;
  switch (intent.value.intent) {
    case "add":
      return redirect(LOCAL_PATH.test(returnTo) ? returnTo : "/cart", {
        status: 303,
        headers: { "Set-Cookie": cartCookie(addCartLine(lines, productId, variant), { secure }) },
      });
    case "set": {
      const next = quantity === undefined ? lines : setCartLine(lines, productId, quantity, variant);
      return redirect("/cart", { status: 303, headers: { "Set-Cookie": cartCookie(next, { secure }) } });
    }
    case "remove":
      return redirect("/cart", { status: 303, headers: { "Set-Cookie": cartCookie(removeCartLine(lines, productId, variant), { secure }) } });
  }
}

/** With JavaScript: the order forms' answers, or their failure when the shop cannot be reached. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return orderClientAction(serverAction);
}

/** Never cached: the page is this shopper's cart. Keeps the root's language cookie. */
export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : [{ name: "robots", content: "noindex" }]);

/** One line as the page shows it: the server's price and stock, the shopper's quantity. */
interface PageLine {
  productId: string;
  /** The line's variant, its label (under the title) and SKU; absent for a product without variants. */
  variantId?: number;
  variantLabel?: string;
  sku?: string;
  quantity: number;
  title: string;
  price: number;
  originalPrice: number | null;
  /** The server's image (responsive), or the thumbnail URL the browser kept. */
  image: ProductImageData | string | null;
  /** `pending`: not priced by the server yet (added in another tab a moment ago). */
  status: CartLineStatus | "pending";
  stockQuantity: number;
  /** The price the shopper saw when adding it, when the shop has changed it since. */
  previousPrice: number | null;
}

const countsInTotal = (status: PageLine["status"]) => status === "ok" || status === "limited" || status === "pending";

/** POST /api/cart/quote: the browser's lines priced by the server. */
async function requote(lines: { productId: string; quantity: number; variantId?: number | undefined }[]): Promise<CartQuote> {
  const response = await fetch("/api/cart/quote", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ items: lines }),
  });
  if (!response.ok) throw new Error(`cart quote answered ${response.status}`);
  return (await response.json()) as CartQuote;
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const { wilayas } = loaderData;
  const cart = useCart();
  const { fetcher, form, errors, defaults, failed, invalid, message, order, confirmation, communes, stopDesks, submitting, dismiss } = useOrderForm({
    schema: cartOrderSchema,
    posted: orderFormAnswerOf(actionData),
    draft: { source: "cart_page" },
  });
  const delivery = useDeliveryChoice(wilayas, defaults);
  const [formKey, setFormKey] = useState(0);
  const [quote, setQuote] = useState<CartQuote>(loaderData.quote);
  const [previousPrices, setPreviousPrices] = useState<Record<string, number>>({});
  const [requoteCount, setRequoteCount] = useState(0);

  // A new loader answer (a plain post, a revalidation) is the freshest quote.
  useEffect(() => setQuote(loaderData.quote), [loaderData.quote]);

  // Lines by product and variant: two variants of one product are two lines.
  const quoted = useMemo(() => new Map(quote.lines.map((line) => [cartLineKey(line.productId, line.variantId), line])), [quote]);

  // With JavaScript, the browser's cart is the one shown: price any line the quote lacks.
  const missing = cart.ready
    ? cart.items
        .map((item) => cartLineKey(item.id, item.variantId))
        .filter((key) => !quoted.has(key))
        .join(",")
    : "";
  const browserLines = useEffectEvent(() =>
    cart.items.map((item) => ({
      productId: item.id,
      quantity: item.quantity,
      ...(item.variantId !== undefined ? { variantId: item.variantId } : {}),
    })),
  );
  useEffect(() => {
    if (!cart.ready || (missing === "" && requoteCount === 0)) return;
    let live = true;
    requote(browserLines())
      .then((fresh) => live && setQuote(fresh))
      .catch((error: unknown) => console.error("[cart] could not price the cart", error));
    return () => {
      live = false;
    };
    // Only when lines appear that the quote does not know, or after a refused order.
  }, [cart.ready, missing, requoteCount]);

  // The browser's lines take the server's prices, titles and images; a changed price is remembered to be shown.
  const { refreshItems } = cart;
  useEffect(() => {
    if (!cart.ready) return;
    const changed: Record<string, number> = {};
    const updates: CartItemUpdate[] = [];
    for (const item of cart.items) {
      const key = cartLineKey(item.id, item.variantId);
      const server = quoted.get(key);
      if (!server || server.status === "unknown") continue;
      if (server.price !== item.price) changed[key] = item.price;
      updates.push({
        id: item.id,
        ...(item.variantId !== undefined ? { variantId: item.variantId, variantLabel: server.variantLabel ?? item.variantLabel ?? "" } : {}),
        price: server.price,
        originalPrice: server.originalPrice ?? undefined,
        title: server.title,
        titleAr: server.titleAr,
        image: cartImageUrl(server.image),
      });
    }
    if (Object.keys(changed).length > 0) setPreviousPrices((before) => ({ ...changed, ...before }));
    if (updates.length > 0) refreshItems(updates);
  }, [cart.ready, cart.items, quoted, refreshItems]);

  const lines: PageLine[] = cart.ready
    ? cart.items.map((item): PageLine => {
        const key = cartLineKey(item.id, item.variantId);
        const server = quoted.get(key);
        const before = previousPrices[key];
        const label = server?.variantLabel ?? item.variantLabel;
        return {
          productId: item.id,
          ...(item.variantId !== undefined ? { variantId: item.variantId } : {}),
          ...(label ? { variantLabel: label } : {}),
          ...((server?.sku ?? item.sku) ? { sku: server?.sku ?? item.sku } : {}),
          quantity: item.quantity,
          title: server?.title || (language === "ar" ? item.titleAr : item.title) || t("cart.line.unknownTitle"),
          price: server && server.status !== "unknown" ? server.price : item.price,
          originalPrice: server ? server.originalPrice : (item.originalPrice ?? null),
          image: server?.image ?? item.image,
          status: server ? cartLineStatus(server, item.quantity) : "pending",
          stockQuantity: server?.stockQuantity ?? MAX_LINE_QUANTITY,
          previousPrice: before !== undefined && server && before !== server.price ? before : null,
        };
      })
    : loaderData.quote.lines.map((line) => fromQuote(line, t("cart.line.unknownTitle")));

  const itemsTotal = lines.reduce((sum, line) => sum + (countsInTotal(line.status) ? line.price * line.quantity : 0), 0);
  const orderable = lines.length > 0 && lines.every((line) => line.status === "ok");
  const chosen = delivery.chosen;
  const fee = delivery.fee;
  const days = chosen ? parseDeliveryDays(chosen.deliveryTime) : null;
  const sent = useRef<{ productId: string; quantity: number; sku?: string | undefined }[]>([]);

  // A placed order: the pixel, and the cart, the form, the wilaya and its search cleared.
  const clearCart = useEffectEvent(() => {
    cart.clear();
    delivery.reset();
  });
  useEffect(() => {
    if (!order) return;
    trackOrderPlaced(sent.current, order);
    clearCart();
    setFormKey((key) => key + 1);
  }, [order]);

  // A refused order: the lines priced again (a price or the stock may have changed).
  useEffect(() => {
    if (fetcher.data && !fetcher.data.order) setRequoteCount((count) => count + 1);
  }, [fetcher.data]);

  // The placed order's confirmation, until the shopper dismisses it (the cart is empty by then).
  if (order) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="sr-only">{t("cart.page.title")}</h1>
        {confirmation ? (
          <OrderConfirmation confirmation={confirmation} inline onDismiss={dismiss} />
        ) : (
          <OrderStatusBanner form="cart" status="success" order={order} />
        )}
        <div className="mt-6 text-center">
          <Link to="/categories" className="inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
            {t("cart.success.continueShopping")}
          </Link>
        </div>
      </div>
    );
  }

  if (lines.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="cart-empty">
        <h1 className="text-2xl font-bold text-brand-900">{t("cart.page.empty")}</h1>
        <p className="mt-3 text-stone-600">{t("cart.page.emptyHint")}</p>
        <Link to="/categories" className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {t("cart.page.browse")}
        </Link>
      </div>
    );
  }

  const hasPriceChanges = lines.some((line) => line.previousPrice !== null);
  const needsFixing = lines.some((line) => line.status !== "ok" && line.status !== "pending");

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{t("cart.page.title")}</h1>
      <p className="mt-1 text-stone-600" data-testid="cart-count-text">
        {t("cart.page.itemCount", { count: lines.reduce((sum, line) => sum + line.quantity, 0) })}
      </p>

      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <section aria-labelledby="cart-items-title">
          <h2 id="cart-items-title" className="sr-only">
            {t("cart.page.items")}
          </h2>
          {hasPriceChanges && (
            <p
              role="status"
              className="mb-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-300"
              data-testid="cart-prices-changed"
            >
              {t("cart.page.pricesChanged")}
            </p>
          )}
          {needsFixing && (
            <p role="alert" className="mb-3 rounded-xl bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-300" data-testid="cart-needs-fixing">
              {t("cart.page.fixCart")}
            </p>
          )}
          <ul className="divide-y divide-stone-200 rounded-xl bg-white px-4 shadow-sm ring-1 ring-stone-200" data-testid="cart-lines">
            {lines.map((line) => (
              <CartPageLine
                key={cartLineKey(line.productId, line.variantId)}
                line={line}
                onQuantity={cart.ready ? (quantity) => cart.setQuantity(line.productId, quantity, line.variantId) : undefined}
                onRemove={cart.ready ? () => cart.removeItem(line.productId, line.variantId) : undefined}
              />
            ))}
          </ul>
          <Link to="/categories" className="mt-4 inline-block text-sm font-semibold text-brand-800 hover:underline">
            {t("cart.page.continueShopping")}
          </Link>
        </section>

        <section aria-labelledby="checkout-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5">
          <h2 id="checkout-title" className="text-lg font-bold">
            {t("cart.page.checkoutTitle")}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{t("cart.page.checkoutIntro")}</p>
          <fetcher.Form
            key={formKey}
            id={form.id}
            method="post"
            action="/cart"
            onSubmit={(event) => {
              sent.current = lines.map((line) => ({ productId: line.productId, quantity: line.quantity, sku: line.sku }));
              form.onSubmit(event);
            }}
            noValidate
            defaultShouldRevalidate={false}
            className="mt-4 flex flex-col gap-4"
            data-testid="cart-checkout-form"
          >
            <input type="hidden" name="intent" value="order" />
            {/* The lines the page shows: the browser's cart with JavaScript, the cookie's without. */}
            <OrderLinesInputs lines={lines} />
            <OrderKeyInput state={fetcher.state} />
            <OrderInvalidSummary invalid={invalid} errors={errors} message={message} />
            <CustomerFields
              wilayas={wilayas}
              delivery={delivery}
              communes={communes}
              stopDesks={stopDesks}
              errors={errors}
              defaultValues={defaults}
            />
            <dl className="flex flex-col gap-1.5 rounded-xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200" data-testid="cart-summary">
              <div className="flex items-baseline justify-between gap-3">
                <dt className="text-stone-600">{t("cart.page.itemsTotal")}</dt>
                <dd className="font-semibold tabular-nums" data-testid="items-total">
                  {formatDinars(itemsTotal, language)}
                </dd>
              </div>
              <div className="flex items-baseline justify-between gap-3">
                <dt className="text-stone-600">{t("cart.page.delivery")}</dt>
                <dd className={`font-semibold tabular-nums ${fee === 0 ? "text-brand-700" : ""}`} data-testid="delivery-price">
                  {fee !== null ? (
                    formatDeliveryFee(fee, language, t("common.free"))
                  ) : (
                    <span className="font-normal text-stone-500">{t("cart.page.deliveryPending")}</span>
                  )}
                </dd>
              </div>
              {chosen && (
                <div className="flex items-baseline justify-between gap-3">
                  <dt className="text-stone-600">{t("cart.page.deliveryTime")}</dt>
                  <dd className="font-semibold" data-testid="delivery-time">
                    {days ? t("common.days", days) : chosen.deliveryTime}
                  </dd>
                </div>
              )}
              <div className="flex items-baseline justify-between gap-3 border-t border-stone-200 pt-1.5 text-base">
                <dt className="font-bold">{t("cart.page.grandTotal")}</dt>
                <dd className="font-bold text-brand-800 tabular-nums" data-testid="grand-total">
                  {formatDinars(itemsTotal + (fee ?? 0), language)}
                </dd>
              </div>
            </dl>
            {failed && !invalid && <OrderStatusBanner form="cart" status="error" message={message} />}
            {/* Never disabled for an empty field: sending shows what is missing beside each field. */}
            <button
              type="submit"
              disabled={!orderable || submitting}
              className="rounded-lg bg-accent-500 px-5 py-3 text-lg font-bold text-stone-900 hover:bg-amber-400 disabled:cursor-not-allowed disabled:opacity-60"
              data-testid="order-submit"
            >
              {submitting ? t("cart.page.sending") : t("cart.page.submit")}
            </button>
            <p className="text-center text-sm text-stone-600">{t("cart.page.cashOnDelivery")}</p>
          </fetcher.Form>
        </section>
      </div>
    </div>
  );
}

function fromQuote(line: QuotedLine, unknownTitle: string): PageLine {
  return {
    productId: line.productId,
    ...(line.variantId !== undefined ? { variantId: line.variantId } : {}),
    ...(line.variantLabel ? { variantLabel: line.variantLabel } : {}),
    ...(line.sku ? { sku: line.sku } : {}),
    quantity: line.quantity,
    title: line.title || unknownTitle,
    price: line.price,
    originalPrice: line.originalPrice,
    image: line.image,
    status: line.status,
    stockQuantity: line.stockQuantity,
    previousPrice: null,
  };
}

function CartPageLine({ line, onQuantity, onRemove }: { line: PageLine; onQuantity?(quantity: number): void; onRemove?(): void }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const unknown = line.status === "unknown";
  const counted = countsInTotal(line.status);
  // A variant's line opens its product with that variant chosen.
  const href = `${productPath({ id: line.productId })}${line.variantId !== undefined ? `?variant=${line.variantId}` : ""}`;
  // Where the title stands alone (a button's label): "title — variant".
  const name = line.variantLabel ? `${line.title} — ${line.variantLabel}` : line.title;
  const notice =
    line.status === "unknown"
      ? t("cart.line.unknown")
      : line.status === "out_of_stock"
        ? t("cart.line.outOfStock")
        : line.status === "limited"
          ? t("cart.line.limited", { count: line.stockQuantity })
          : null;

  return (
    <li
      className="flex gap-3 py-4"
      data-testid="cart-line"
      data-product-id={line.productId}
      data-variant-id={line.variantId}
      data-status={line.status}
    >
      <div className={`shrink-0 ${unknown || line.status === "out_of_stock" ? "opacity-50" : ""}`}>
        {typeof line.image === "object" && line.image !== null ? (
          <ResponsiveImage image={line.image} sizes="80px" className="size-20 rounded-lg bg-stone-100 object-cover" />
        ) : (
          <LineThumbnail src={line.image ?? ""} className="size-20" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        {unknown ? (
          <p className="font-semibold text-stone-500" data-testid="line-title">
            {line.title}
          </p>
        ) : (
          <Link to={href} className="line-clamp-2 font-semibold hover:text-brand-700" data-testid="line-title">
            {line.title}
          </Link>
        )}
        {line.variantLabel && (
          <p className="text-sm text-stone-600" data-testid="line-variant">
            {line.variantLabel}
          </p>
        )}
        {!unknown && (
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-stone-600">
            <span className="sr-only">{t("cart.line.unitPrice")}: </span>
            <span className="tabular-nums" data-testid="line-unit-price">
              {formatDinars(line.price, language)}
            </span>
            {line.originalPrice !== null && line.originalPrice > line.price && (
              <s className="text-xs text-stone-500 tabular-nums">{formatDinars(line.originalPrice, language)}</s>
            )}
          </p>
        )}
        {line.previousPrice !== null && (
          <p className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900 ring-1 ring-amber-300" data-testid="line-price-changed">
            {t("cart.line.priceChanged", {
              before: formatDinars(line.previousPrice, language),
              now: formatDinars(line.price, language),
            })}
          </p>
        )}
        {notice && (
          <p className="rounded-md bg-red-50 px-2 py-1 text-xs text-red-900 ring-1 ring-red-300" data-testid="line-notice">
            {notice}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          {unknown ? (
            <span />
          ) : (
            <QuantityStepper
              productId={line.productId}
              variantId={line.variantId}
              title={name}
              quantity={line.quantity}
              max={line.status === "out_of_stock" ? line.quantity : Math.max(line.stockQuantity, 1)}
              stock={line.status === "ok" ? line.stockQuantity : undefined}
              onChange={onQuantity}
            />
          )}
          {!unknown && (
            <p className={`font-bold tabular-nums ${counted ? "text-brand-800" : "text-stone-400 line-through"}`}>
              <span className="sr-only">{t("cart.line.lineTotal")}: </span>
              <span data-testid="line-total">{formatDinars(line.price * line.quantity, language)}</span>
            </p>
          )}
        </div>
        <div>
          <RemoveLineButton productId={line.productId} variantId={line.variantId} title={name} onRemove={onRemove} />
        </div>
      </div>
    </li>
  );
}
