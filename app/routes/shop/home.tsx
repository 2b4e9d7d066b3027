import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { FeaturedCollections } from "~/components/shop/FeaturedCollections";
import { PageSections } from "~/components/shop/PageSections";
import { ProductGrid } from "~/components/shop/ProductGrid";
import { Typewriter } from "~/components/shop/Typewriter";
import { localeOf } from "~/i18n/config";
import { formatDinars } from "~/lib/money";
import type { ProductCardData } from "~/lib/product";
import { useRootData } from "~/components/shop/useRootData";
import { getHomeProducts, listCategories, type HomeProducts } from "~/server/catalog/index.server";
import { getDeliveryPromise } from "~/server/delivery/index.server";
import { getPageLayout, listFeaturedCollections } from "~/server/merchandising/index.server";
import { pageContext } from "~/server/http/page-context.server";
import { getDb } from "~/server/db/connection.server";
import { logger } from "~/server/logger.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { language, t, shopName } = ctx;
  const db = getDb();
  // Categories, fees, layout and featured collections are reference data kept in memory a few
  // seconds (reference-cache.server.ts): on a warm cache only the products shown are queried.
  const [categories, delivery, sections, featuredCollections] = await Promise.all([
    listCategories(db, language),
    getDeliveryPromise(db, language),
    // The merchant's layout and featured collections are extras: a failure shows the built-in page.
    getPageLayout(db, "home", language).catch((error: unknown) => {
      logger.error({ err: error, page: "home" }, "page layout failed; showing the built-in layout");
      return [];
    }),
    listFeaturedCollections(db, language).catch((error: unknown) => {
      logger.error({ err: error }, "featured collections failed; the home page shows none");
      return [];
    }),
  ]);
  // The merchant's sections take the place of the built-in lists: those are only read when shown.
  const products: HomeProducts = sections.length > 0 ? { featured: [], specialOffers: [], fallback: false } : await getHomeProducts(db, language);
  return {
    categories,
    delivery,
    ...products,
    sections,
    featuredCollections,
    seo: ctx.seo({ title: t("meta.title", { shopName }), description: t("meta.description"), path: "/" }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

/**
 * The listings the home page points to: each built-in section's "view more" and the offer card
 * of the same kind lead to one place, so a card that looks tappable always goes somewhere.
 */
const HOME_LISTINGS = {
  featured: "/categories/toys",
  special: "/categories/books",
  popular: "/categories",
} as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useRootData()?.language ?? "ar";
  const { categories, delivery, featured, specialOffers, fallback, sections, featuredCollections } = loaderData;
  const minFee = delivery.minPaidFee === null ? null : formatDinars(delivery.minPaidFee, language);
  const taglines = [t("catalog.home.taglines.first"), t("catalog.home.taglines.second"), t("catalog.home.taglines.third")];
  return (
    <>
      {sections.length > 0 ? (
        // The merchant's sections (admin page layouts) take the place of the hero and the two product lists.
        <>
          {!sections.some((section) => section.type === "hero") && <h1 className="sr-only">{t("home.heroTitle")}</h1>}
          <PageSections sections={sections} heroHeading="h1" />
        </>
      ) : (
        <>
          <section className="bg-gradient-to-b from-brand-800 to-brand-700 text-white">
            <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
              <h1 className="text-3xl font-bold sm:text-4xl">{t("home.heroTitle")}</h1>
              <Typewriter texts={taglines} className="mt-3 min-h-[3.5rem] text-xl font-semibold text-accent-500 sm:min-h-8 sm:text-2xl" />
              <p className="mt-2 text-brand-50">{t("catalog.home.subtitle")}</p>
              {minFee && (
                <p className="mt-4 inline-block rounded-lg bg-white/10 px-3 py-2 text-brand-50" data-testid="delivery-promise">
                  {delivery.freeIn.length > 0
                    ? t("home.heroDelivery", {
                        freeWilaya: new Intl.ListFormat(localeOf[language], { type: "conjunction" }).format(delivery.freeIn),
                        minFee,
                      })
                    : t("home.heroDeliveryAllPaid", { minFee })}
                </p>
              )}
            </div>
          </section>

          <HomeSection
            id="featured"
            title={t("catalog.home.featuredTitle")}
            products={featured}
            viewMoreHref={HOME_LISTINGS.featured}
            addToCart={!fallback}
            priorityCount={2}
          />
          <HomeSection
            id="special-offers"
            title={t("catalog.home.specialOffersTitle")}
            products={specialOffers}
            viewMoreHref={HOME_LISTINGS.special}
            addToCart={!fallback}
          />
        </>
      )}

      <FeaturedCollections collections={featuredCollections} />

      <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="offers-title">
        <h2 id="offers-title" className="text-2xl font-bold">
          {t("catalog.home.offers.title")}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {(["special", "featured", "popular"] as const).map((key) => (
            <li key={key}>
              <Link
                to={HOME_LISTINGS[key]}
                className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200 hover:ring-brand-600 focus-visible:ring-2 focus-visible:ring-brand-700"
                data-testid="offer-card"
              >
                <h3 className="text-lg font-semibold text-brand-800">{t(`catalog.home.offers.${key}Title`)}</h3>
                <p className="mt-1 text-sm text-stone-600">{t(`catalog.home.offers.${key}Text`)}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-2xl font-bold">
          {t("home.categoriesTitle")}
        </h2>
        {categories.length === 0 ? (
          <p className="mt-4 text-stone-600">{t("home.noCategories")}</p>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link
                  to={`/categories/${category.slug}`}
                  className="block h-full rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 hover:ring-brand-600"
                >
                  <span className="block font-semibold">{category.name}</span>
                  <span className="mt-1 block text-sm text-stone-600">{t("home.productCount", { count: category.productCount })}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function HomeSection({
  id,
  title,
  products,
  viewMoreHref,
  addToCart,
  priorityCount = 0,
}: {
  id: string;
  title: string;
  products: ProductCardData[];
  viewMoreHref: string;
  addToCart: boolean;
  priorityCount?: number;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby={`${id}-title`} data-testid={`section-${id}`}>
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={`${id}-title`} className="text-2xl font-bold">
          {title}
        </h2>
        <Link
          to={viewMoreHref}
          className="inline-flex min-h-11 min-w-11 items-center justify-center text-sm font-semibold text-brand-700 hover:underline"
          data-testid={`view-more-${id}`}
        >
          {t("catalog.grid.viewMore")}
        </Link>
      </div>
      <ProductGrid products={products} addToCart={addToCart} priorityCount={priorityCount} />
    </section>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
