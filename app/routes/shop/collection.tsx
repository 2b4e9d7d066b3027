import { useTranslation } from "~/i18n/react";
import { data, redirect } from "react-router";
import { AddAllToCart } from "~/components/shop/AddAllToCart";
import { MerchBanner, MerchLoadError, MerchNotFound } from "~/components/shop/MerchPage";
import { ProductGrid } from "~/components/shop/ProductGrid";
import { ShareWidget } from "~/components/shop/share/ShareWidget";
import { collectionPath } from "~/lib/merchandising";
import { shareImage } from "~/lib/product";
import { canonicalPath, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db/connection.server";
import { logger } from "~/server/logger.server";
import { getPublicCollection, idLinkRedirect } from "~/server/merchandising/index.server";
import { pageContext } from "~/server/http/page-context.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/server/http/page-headers.server";
import type { Route } from "./+types/collection";

/** /collections/{slug}: an active collection's banner, add-all, share and products. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { language, t } = ctx;
  const requested = canonicalPath(new URL(request.url));
  let collection;
  let moved: string | null = null;
  try {
    collection = await getPublicCollection(getDb(), params.slug, language);
    // An id link (the number of an active one, no slug of its own): a permanent redirect to its slug address, query kept.
    if (!collection) moved = await idLinkRedirect(getDb(), new URL(request.url));
  } catch (error) {
    logger.error({ err: error, slug: params.slug }, "collection page: loading the collection failed");
    return data(
      {
        status: "error" as const,
        seo: ctx.seo({
          title: ctx.pageTitle(t("merchandising.collection.loadError")),
          description: t("merchandising.loadErrorText"),
          path: requested,
          noindex: true,
        }),
      },
      { status: 500 },
    );
  }
  // The page's own caching: without it a browser keeps a 301 for good, and a later slug change or
  // deactivation would never reach it. The page cache never keeps a redirect (keptLifetime).
  if (moved) throw redirect(moved, { status: 301, headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } });
  if (!collection) {
    return data(
      {
        status: "notFound" as const,
        seo: ctx.seo({
          title: ctx.pageTitle(t("merchandising.collection.notFound")),
          description: t("merchandising.collection.notFoundText"),
          path: requested,
          noindex: true,
        }),
      },
      { status: 404 },
    );
  }
  const path = collectionPath(collection.slug);
  const image = collection.bannerImage ?? collection.products.find((product) => product.image)?.image ?? null;
  const description = collection.metaDescription?.trim() || collection.description?.trim() || t("meta.description");
  return {
    status: "found" as const,
    collection,
    seo: ctx.seo({
      title: collection.metaTitle?.trim() || ctx.pageTitle(collection.title),
      description,
      path,
      image: image ? { ...shareImage(image), alt: image.alt || collection.title } : undefined,
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.status === "notFound") {
    return (
      <MerchNotFound title={t("merchandising.collection.notFound")} text={t("merchandising.collection.notFoundText")} testId="collection-not-found" />
    );
  }
  if (loaderData.status === "error") {
    return <MerchLoadError message={t("merchandising.collection.loadError")} testId="collection-error" />;
  }
  const { collection } = loaderData;
  const { products } = collection;
  return (
    <>
      <MerchBanner title={collection.title} description={collection.description} image={collection.bannerImage} testId="collection-banner" />
      <div className="mx-auto max-w-6xl px-4 py-6">
        <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
          <p className="py-2 font-semibold text-stone-700" data-testid="collection-count">
            {t("home.productCount", { count: products.length })}
          </p>
          <div className="flex flex-wrap items-start gap-2">
            {products.length > 0 && <AddAllToCart products={products} />}
            <ShareWidget
              mode="compact"
              target={{ type: "collection", id: String(collection.id) }}
              title={collection.title}
              description={collection.description}
            />
          </div>
        </div>
        <h2 className="sr-only">{t("merchandising.collection.productsTitle")}</h2>
        {products.length === 0 ? (
          <p className="rounded-xl bg-white p-8 text-center text-stone-600" data-testid="collection-empty">
            {t("merchandising.collection.empty")}
          </p>
        ) : (
          <ProductGrid products={products} priorityCount={collection.bannerImage ? 0 : 2} />
        )}
      </div>
    </>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
