import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import { Price } from "~/components/ui/Price";
import { productPath, stockStatus, type ProductCardData } from "~/lib/product";
import { AddToCartForm, StockNotice } from "./AddToCartForm";
import { DiscountBadge, StockBadge } from "./StockBadges";
import { useAddToCart } from "./useAddToCart";

/** The quick-buy modal is fetched the first time a shopper opens it, never on a first visit. */
const QuickBuyModal = lazy(() => import("./order/QuickBuyModal"));

/** How wide a card's image is drawn in the 2/3/4-column grids. */
const CARD_IMAGE_SIZES = "(min-width: 1024px) 280px, (min-width: 768px) 33vw, 50vw";

/**
 * The one product card of the shop: image or placeholder, discount and stock
 * badges, title and description, price, add-to-cart and quick-buy (or a
 * view-details link when add-to-cart is off). A product with variants shows "from X" when their
 * prices differ, and one link to its page, where the shopper chooses, instead of add-to-cart and quick-buy.
 */
export function ProductCard({ product, addToCart = true, priority = false }: { product: ProductCardData; addToCart?: boolean; priority?: boolean }) {
  const { t } = useTranslation();
  // null until the first quick-buy, so the modal's code is only fetched when needed.
  const [quickBuyOpen, setQuickBuyOpen] = useState<boolean | null>(null);
  const { add, justAdded, stockNotice } = useAddToCart(product);
  // A list pointing at one variant opens the product page with it chosen.
  const href = product.variantId === undefined ? productPath(product) : `${productPath(product)}?variant=${product.variantId}`;
  const available = stockStatus(product) !== "out";
  // A product with variants is bought as one of them: its card sends the shopper to choose on its page.
  const choose = product.hasVariants;

  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200"
      data-testid="product-card"
    >
      <div className="relative aspect-square bg-stone-100">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          {product.image ? (
            <ResponsiveImage image={product.image} sizes={CARD_IMAGE_SIZES} priority={priority} className="size-full object-cover" />
          ) : (
            <div className="flex size-full items-center justify-center text-sm text-stone-400">{t("catalog.card.noImage")}</div>
          )}
        </Link>
        <div className="absolute start-2 top-2 flex flex-col items-start gap-1">
          <DiscountBadge price={product.price} originalPrice={product.originalPrice} />
          <StockBadge inStock={product.inStock} stockQuantity={product.stockQuantity} />
        </div>
        {addToCart && available && !choose && (
          // Desktop: add-to-cart appears over the image on hover.
          <button
            type="button"
            onClick={add}
            className="absolute inset-x-2 bottom-2 hidden rounded-lg bg-brand-700/95 py-2 text-sm font-semibold text-white opacity-0 transition-opacity group-hover:opacity-100 focus:opacity-100 md:block"
            tabIndex={-1}
            aria-hidden="true"
          >
            {t("catalog.card.addToCart")}
          </button>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold sm:text-base">
          <Link to={href} className="hover:text-brand-700">
            {product.title}
          </Link>
        </h3>
        {product.description && <p className="line-clamp-2 text-xs text-stone-600 sm:text-sm">{product.description}</p>}
        <div className="mt-auto flex flex-wrap items-baseline gap-x-1">
          {product.priceFrom && (
            <span className="text-sm text-stone-600" data-testid="price-from">
              {t("catalog.card.priceFrom")}
            </span>
          )}
          <Price price={product.price} originalPrice={product.originalPrice} />
        </div>
        {addToCart && stockNotice && <StockNotice message={stockNotice} />}
        {addToCart && choose && available ? (
          <Link
            to={href}
            className="rounded-lg bg-brand-700 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-brand-800"
            data-testid="choose-options"
          >
            {t("catalog.card.chooseOptions")}
          </Link>
        ) : addToCart ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <AddToCartForm productId={product.id} onAdd={add} className="flex flex-1">
              <button
                type="submit"
                disabled={!available}
                className="flex-1 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
                data-testid="add-to-cart"
              >
                {justAdded ? t("catalog.card.added") : t("catalog.card.addToCart")}
              </button>
            </AddToCartForm>
            {available ? (
              // Without JavaScript: the product page's order form (#order opens it).
              <Link
                to={`${href}#order`}
                onClick={(event) => {
                  event.preventDefault();
                  setQuickBuyOpen(true);
                }}
                className="flex-1 rounded-lg border border-accent-500 px-3 py-2 text-center text-sm font-semibold text-stone-900 hover:bg-amber-50"
                data-testid="quick-buy"
              >
                {t("catalog.card.quickBuy")}
              </Link>
            ) : (
              <button
                type="button"
                disabled
                className="flex-1 cursor-not-allowed rounded-lg border border-stone-300 px-3 py-2 text-sm font-semibold text-stone-500"
                data-testid="quick-buy"
              >
                {t("catalog.card.quickBuy")}
              </button>
            )}
          </div>
        ) : (
          <Link to={href} className="rounded-lg border border-brand-700 px-3 py-2 text-center text-sm font-semibold text-brand-800 hover:bg-brand-50">
            {t("catalog.card.viewDetails")}
          </Link>
        )}
      </div>
      <span className="sr-only" role="status" aria-live="polite">
        {justAdded ? t("catalog.card.added") : ""}
      </span>
      {quickBuyOpen !== null && (
        <Suspense fallback={null}>
          <QuickBuyModal
            open={quickBuyOpen}
            onClose={() => setQuickBuyOpen(false)}
            source="quick_buy_product_card"
            items={[
              { productId: product.id, quantity: 1, title: product.title, price: product.price, stock: product.inStock ? product.stockQuantity : 0 },
            ]}
          />
        </Suspense>
      )}
    </article>
  );
}
