import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localeOf } from "~/i18n/config";
import { formatDinars } from "~/lib/money";
import { useRootData } from "~/root";
import { listCategories } from "~/server/catalog/catalog.service.server";
import { getDb } from "~/server/db/connection.server";
import { getDeliveryPromise } from "~/server/delivery/delivery.service.server";
import { env } from "~/server/env.server";
import { requestI18n } from "~/server/i18n.server";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await requestI18n(request);
  const db = getDb();
  const [categories, delivery] = await Promise.all([
    listCategories(db, language),
    getDeliveryPromise(db, language),
  ]);
  const config = env();
  const shopName = language === "ar" ? config.SHOP_NAME_AR : config.SHOP_NAME;
  return {
    categories,
    delivery,
    meta: { title: t("meta.title", { shopName }), description: t("meta.description") },
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: data.meta.title },
        { name: "description", content: data.meta.description },
        { property: "og:title", content: data.meta.title },
        { property: "og:description", content: data.meta.description },
        { property: "og:type", content: "website" },
      ]
    : [];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useRootData()?.language ?? "ar";
  const { categories, delivery } = loaderData;
  const minFee = delivery.minPaidFee === null ? null : formatDinars(delivery.minPaidFee, language);
  return (
    <>
      <section className="bg-gradient-to-b from-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="text-3xl font-bold sm:text-4xl">{t("home.heroTitle")}</h1>
          {minFee && (
            <p className="mt-4 text-lg text-brand-50" data-testid="delivery-promise">
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
      <section className="mx-auto max-w-6xl px-4 py-10">
        <h2 className="text-2xl font-bold">{t("home.categoriesTitle")}</h2>
        {categories.length === 0 ? (
          <p className="mt-4 text-stone-600">{t("home.noCategories")}</p>
        ) : (
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link
                  to={`/categories/${category.slug}`}
                  className="block h-full rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 hover:ring-brand-600"
                >
                  <span className="block font-semibold">{category.name}</span>
                  <span className="mt-1 block text-sm text-stone-600">
                    {t("home.productCount", { count: category.productCount })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
