import { useTranslation } from "~/i18n/react";
import { data, Link, useLocation } from "react-router";
import { PageSections } from "~/components/shop/PageSections";
import { ProductGrid } from "~/components/shop/ProductGrid";
import { SortControl } from "~/components/shop/SortControl";
import { Pagination } from "~/components/ui/Pagination";
import { listingHref, parseListingQuery } from "~/lib/listing";
import { getCategory, listCategoryProducts } from "~/server/catalog/index.server";
import { getPageLayout } from "~/server/merchandising/index.server";
import { pageContext } from "~/server/http/page-context.server";
import { getDb } from "~/server/db/connection.server";
import { logger } from "~/server/logger.server";
import type { PageIdentifier } from "~/lib/merchandising";
import { canonicalPath, seoMeta } from "~/lib/seo";
import { shareImage } from "~/lib/product";
import type { Route } from "./+types/category";
import type { PageQueryHandle } from "~/lib/page-query";

/** Pages that show one category under their own path: /school-supplies → books, /games → toys. */
const categoryOfPath: Record<string, string> = { "/school-supplies": "books", "/games": "toys" };

/** Those pages' layouts the merchant composes (admin page layouts); /categories/{slug} has none. */
const layoutOfPath: Record<string, PageIdentifier> = { "/school-supplies": "school-supplies", "/games": "games" };

/** The query parameters the loader reads (app/lib/page-query.ts): the listing's order and page. */
export const handle: PageQueryHandle = { query: ["sort", "page"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\/+$/, "");
  const slug = params.slug ?? categoryOfPath[pathname];
  const layout = params.slug ? undefined : layoutOfPath[pathname];
  const ctx = await pageContext(request);
  const { language, t } = ctx;
  const db = getDb();
  const query = parseListingQuery(url.searchParams);
  const [category, listing, sections] = await Promise.all([
    slug ? getCategory(db, slug, language) : null,
    // Toys and books keep their built-in samples even when the category row itself is gone.
    slug ? listCategoryProducts(db, slug, language, query) : null,
    // The merchant's sections are an extra: a failure shows the page as built in.
    layout
      ? getPageLayout(db, layout, language).catch((error: unknown) => {
          logger.error({ err: error, page: layout }, "page layout failed; showing the built-in layout");
          return [];
        })
      : [],
  ]);
  if (!slug || !listing || (!category && !listing.fallback)) {
    return data(
      {
        found: false as const,
        seo: ctx.seo({
          title: ctx.pageTitle(t("catalog.category.notFound")),
          description: t("catalog.category.notFoundText"),
          path: url.pathname,
          noindex: true,
        }),
      },
      { status: 404 },
    );
  }
  const name = category?.name ?? t(slug === "toys" ? "nav.games" : "nav.schoolSupplies");
  return {
    found: true as const,
    sections,
    name,
    description: category?.description ?? null,
    listing,
    sort: query.sort,
    seo: ctx.seo({
      title: ctx.pageTitle(name),
      description: category?.description ?? t("meta.description"),
      path: canonicalPath(url),
      image: listing.products[0]?.image ? shareImage(listing.products[0].image) : undefined,
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!loaderData.found) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t("catalog.category.notFound")}</h1>
        <p className="mt-3 text-stone-600">{t("catalog.category.notFoundText")}</p>
        <Link to="/categories" className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white">
          {t("catalog.category.browse")}
        </Link>
      </section>
    );
  }
  const { sections, name, description, listing, sort } = loaderData;
  return (
    <>
      <PageSections sections={sections} />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold text-brand-900">{name}</h1>
            {description && <p className="mt-2 text-stone-600">{description}</p>}
            {listing.total > 0 && !listing.fallback && (
              <p className="mt-1 text-sm text-stone-500">{t("home.productCount", { count: listing.total })}</p>
            )}
            {listing.fallback && <p className="mt-1 text-sm text-stone-500">{t("catalog.category.samples")}</p>}
          </div>
          {listing.total > 1 && !listing.fallback && <SortControl value={sort} />}
        </div>
        <ProductGrid products={listing.products} emptyMessage={t("catalog.category.empty")} addToCart={!listing.fallback} priorityCount={2} />
        <Pagination page={listing.page} pageCount={listing.pageCount} hrefFor={(page) => listingHref(pathname, { sort, page })} />
      </div>
    </>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
