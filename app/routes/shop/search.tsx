import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { z } from "zod/mini";
import { ProductGrid } from "~/components/shop/ProductGrid";
import { SortControl } from "~/components/shop/SortControl";
import { Pagination } from "~/components/ui/Pagination";
import { listingHref, parseListingQuery, SEARCH_SORTS } from "~/lib/listing";
import { SEARCH_QUERY_MAX_LENGTH } from "~/lib/search-text";
import { seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db/connection.server";
import { pageContext } from "~/server/http/page-context.server";
import { searchProducts } from "~/server/catalog/index.server";
import type { Route } from "./+types/search";
import type { PageQueryHandle } from "~/lib/page-query";

/** `?q=`: trimmed and cut to its first 100 characters; anything else is an empty query. */
const searchQuery = z.object({
  q: z.catch(z.string().check(z.overwrite((q) => Array.from(q.trim()).slice(0, SEARCH_QUERY_MAX_LENGTH).join("").trim())), ""),
});

/** The query parameters the loader reads (app/lib/page-query.ts): the search, its order and page. */
export const handle: PageQueryHandle = { query: ["q", "sort", "page"] };

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { language, t, shopName } = ctx;
  const searchParams = new URL(request.url).searchParams;
  const { q: query } = searchQuery.parse({ q: searchParams.get("q") ?? undefined });
  const { sort, page } = parseListingQuery(searchParams, { search: true });
  const result = await searchProducts(getDb(), query, language, { sort, page });
  const heading = query ? t("search.resultsTitle", { query }) : t("search.title");
  return {
    query,
    sort,
    result,
    seo: ctx.seo({
      title: ctx.pageTitle(heading),
      description: t("search.description", { shopName }),
      path: "/search",
      noindex: true,
    }),
  };
}

// Result pages are not indexed (noindex, no canonical).
export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : [{ name: "robots", content: "noindex" }]);

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, sort, result } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold break-words text-brand-900 sm:text-3xl" data-testid="search-heading">
        {query ? t("search.resultsTitle", { query }) : t("search.title")}
      </h1>

      {!query ? (
        <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600" data-testid="search-empty-query">
          {t("search.emptyQuery")}
        </p>
      ) : result.total === 0 ? (
        <div className="mt-6 rounded-xl bg-white p-8 text-center" data-testid="search-no-results">
          <p className="font-semibold break-words">{t("search.noResults", { query })}</p>
          <p className="mt-2 text-stone-600">{t("search.noResultsHint")}</p>
          <Link to="/categories" className="mt-5 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
            {t("search.browseCategories")}
          </Link>
        </div>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-stone-600" data-testid="search-count">
              {t("search.resultCount", { count: result.total })}
            </p>
            <SortControl value={sort} options={SEARCH_SORTS} hidden={{ q: query }} />
          </div>
          <div className="mt-6">
            <ProductGrid products={result.products} priorityCount={4} />
          </div>
          <Pagination
            page={result.page}
            pageCount={result.pageCount}
            hrefFor={(page) => listingHref("/search", { q: query, sort, page, defaultSort: "relevance" })}
          />
        </>
      )}
    </div>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
