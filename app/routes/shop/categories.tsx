import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { PageSections } from "~/components/shop/PageSections";
import { useRootData } from "~/components/shop/useRootData";
import { listCategories } from "~/server/catalog/index.server";
import { getPageLayout } from "~/server/merchandising/index.server";
import { pageContext } from "~/server/http/page-context.server";
import { getDb } from "~/server/db/connection.server";
import { logger } from "~/server/logger.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/categories";

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { language, t } = ctx;
  const db = getDb();
  const [categories, sections] = await Promise.all([
    listCategories(db, language),
    // The merchant's sections are an extra: a failure shows the page as built in.
    getPageLayout(db, "categories", language).catch((error: unknown) => {
      logger.error({ err: error, page: "categories" }, "page layout failed; showing the built-in layout");
      return [];
    }),
  ]);
  return {
    categories,
    sections,
    seo: ctx.seo({
      title: ctx.pageTitle(t("catalog.categories.title")),
      description: t("catalog.categories.intro"),
      path: "/categories",
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const phone = useRootData()?.shop.phone;
  const { categories, sections } = loaderData;
  return (
    <>
      <PageSections sections={sections} />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-bold text-brand-900">{t("catalog.categories.title")}</h1>
        <p className="mt-2 text-stone-600">{t("catalog.categories.intro")}</p>
        {categories.length === 0 ? (
          <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600">{t("catalog.categories.empty")}</p>
        ) : (
          <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="category-list">
            {categories.map((category) => (
              <li key={category.slug} className="flex items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
                <div>
                  <h2 className="font-semibold">{category.name}</h2>
                  <p className="text-sm text-stone-600">{t("home.productCount", { count: category.productCount })}</p>
                </div>
                <Link
                  to={`/categories/${category.slug}`}
                  className="shrink-0 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  {t("catalog.categories.viewProducts")}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <aside className="mt-10 rounded-xl bg-brand-50 p-6 text-center">
          <h2 className="text-xl font-semibold text-brand-900">{t("catalog.categories.helpTitle")}</h2>
          <p className="mt-2 text-stone-700">{t("catalog.categories.helpText")}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Link to="/contact" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
              {t("catalog.categories.helpContact")}
            </Link>
            {phone && (
              <a href={`tel:${phone}`} className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800" dir="ltr">
                {t("catalog.categories.helpCall")} {phone}
              </a>
            )}
          </div>
        </aside>
      </div>
    </>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
