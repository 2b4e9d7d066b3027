import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { JewelleryCard } from "~/components/shop/jewellery/JewelleryCard";
import { isJewellerySubcategory, JEWELLERY_SUBCATEGORIES, jewelleryListPath, type JewellerySubcategory } from "~/lib/jewellery";
import { shareImage } from "~/lib/product";
import { seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db/connection.server";
import { listJewellery } from "~/server/jewellery/index.server";
import { pageContext } from "~/server/http/page-context.server";
import type { Route } from "./+types/jewellery";
import type { PageQueryHandle } from "~/lib/page-query";

/** The query parameters the loader reads (app/lib/page-query.ts): the subcategory filter. */
export const handle: PageQueryHandle = { query: ["category"] };

/** /jewellery: the jewellery products, filtered by ?category=Rings (links, so it works without JavaScript). */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ctx = await pageContext(request);
  const { language, t } = ctx;
  const asked = url.searchParams.get("category");
  // An unknown category shows every piece (and is not the canonical address).
  const category: JewellerySubcategory | null = isJewellerySubcategory(asked) ? asked : null;
  const items = await listJewellery(getDb(), language, category);
  const title = category ? `${t(`jewellery.categories.${category}`)} – ${t("jewellery.list.title")}` : t("jewellery.meta.title");
  return {
    category,
    items,
    seo: ctx.seo({
      title: ctx.pageTitle(title),
      description: t("jewellery.meta.description"),
      path: jewelleryListPath(category),
      image: items[0]?.image ? shareImage(items[0].image) : undefined,
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

export default function JewelleryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { category, items } = loaderData;
  const chip = (active: boolean) =>
    `shrink-0 rounded-full px-4 py-2 text-sm font-semibold ring-1 transition-colors ${
      active ? "bg-amber-500 text-stone-900 ring-amber-500" : "bg-white text-stone-700 ring-stone-300 hover:bg-amber-50"
    }`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <header className="rounded-2xl bg-gradient-to-br from-amber-100 via-amber-50 to-white p-6 ring-1 ring-amber-200">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("jewellery.list.title")}</h1>
        <p className="mt-2 text-stone-700">{t("jewellery.list.intro")}</p>
      </header>

      <nav aria-label={t("jewellery.list.filterLabel")} className="mt-5">
        <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:flex-wrap sm:overflow-visible">
          <li>
            <Link
              to={jewelleryListPath(null)}
              preventScrollReset
              className={chip(category === null)}
              aria-current={category === null ? "page" : undefined}
              data-testid="jewellery-filter"
              data-category=""
            >
              {t("jewellery.list.all")}
            </Link>
          </li>
          {JEWELLERY_SUBCATEGORIES.map((sub) => (
            <li key={sub}>
              <Link
                to={jewelleryListPath(sub)}
                preventScrollReset
                className={chip(category === sub)}
                aria-current={category === sub ? "page" : undefined}
                data-testid="jewellery-filter"
                data-category={sub}
              >
                {t(`jewellery.categories.${sub}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <p className="mt-3 text-sm text-stone-600" aria-live="polite">
        {t("jewellery.list.count", { count: items.length })}
      </p>

      {items.length === 0 ? (
        <p className="mt-4 rounded-xl bg-white p-8 text-center text-stone-600" data-testid="grid-empty">
          {t("jewellery.list.empty")}
        </p>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" data-testid="jewellery-grid">
          {items.map((item, index) => (
            <li key={item.id}>
              <JewelleryCard item={item} priority={index < 4} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
