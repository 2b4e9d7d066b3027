import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import { Price } from "~/components/ui/Price";
import { DiscountBadge, StockBadge } from "~/components/shop/StockBadges";
import { jewelleryItemPath, type JewellerySubcategory } from "~/lib/jewellery";
import type { ProductCardData } from "~/lib/product";

const CARD_IMAGE_SIZES = "(min-width: 1024px) 280px, (min-width: 768px) 33vw, 50vw";

/**
 * A jewellery piece in the /jewellery grid: the shop card's picture, badges and price, plus the
 * sub-category and the Arabic name, linking to /jewellery/{id} (where the bundles are sold) rather
 * than to the product page: no add-to-cart here, a bundle is chosen on the item's page.
 */
export function JewelleryCard({
  item,
  priority = false,
}: {
  item: ProductCardData & { nameAr: string; subcategory: JewellerySubcategory | null };
  priority?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const href = jewelleryItemPath(item.slug);
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200"
      data-testid="jewellery-card"
      data-id={item.slug}
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="relative block aspect-square bg-stone-100">
        {item.image ? (
          <ResponsiveImage
            image={item.image}
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-sm text-stone-400">{t("catalog.card.noImage")}</span>
        )}
        <span className="absolute start-2 top-2 flex flex-col items-start gap-1">
          <DiscountBadge price={item.price} originalPrice={item.originalPrice} />
          <StockBadge inStock={item.inStock} stockQuantity={item.stockQuantity} />
        </span>
      </Link>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        {item.subcategory && <p className="text-xs font-semibold tracking-wide text-amber-700">{t(`jewellery.categories.${item.subcategory}`)}</p>}
        <h3 className="line-clamp-2 text-sm font-semibold sm:text-base">
          <Link to={href} className="hover:text-brand-700">
            {item.title}
          </Link>
        </h3>
        {i18n.language !== "ar" && (
          <p lang="ar" dir="rtl" className="text-start text-xs text-stone-600">
            {item.nameAr}
          </p>
        )}
        <div className="mt-auto">
          <Price price={item.price} originalPrice={item.originalPrice} />
        </div>
        <Link to={href} className="rounded-lg bg-amber-500 px-3 py-2 text-center text-sm font-bold text-stone-900 hover:bg-amber-400">
          {t("jewellery.list.view")}
        </Link>
      </div>
    </article>
  );
}
