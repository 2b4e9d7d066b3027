import { useTranslation } from "~/i18n/react";
import { data, redirect } from "react-router";
import { MerchBanner, MerchLoadError, MerchNotFound } from "~/components/shop/MerchPage";
import { ProductGrid } from "~/components/shop/ProductGrid";
import { ShareWidget } from "~/components/shop/share/ShareWidget";
import { customPagePath } from "~/lib/merchandising";
import { shareImage } from "~/lib/product";
import { canonicalPath, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db/connection.server";
import { logger } from "~/server/logger.server";
import { getPublicCustomPage, idLinkRedirect } from "~/server/merchandising/index.server";
import { pageContext } from "~/server/http/page-context.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/server/http/page-headers.server";
import type { Route } from "./+types/custom-page";

/** /pages/{slug}: an active landing page's hero, share and chosen products. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { language, t } = ctx;
  const requested = canonicalPath(new URL(request.url));
  let page;
  let moved: string | null = null;
  try {
    page = await getPublicCustomPage(getDb(), params.slug, language);
    // An id link (the number of an active one, no slug of its own): a permanent redirect to its slug address, query kept.
    if (!page) moved = await idLinkRedirect(getDb(), new URL(request.url));
  } catch (error) {
    logger.error({ err: error, slug: params.slug }, "custom page: loading the page failed");
    return data(
      {
        status: "error" as const,
        seo: ctx.seo({
          title: ctx.pageTitle(t("merchandising.customPage.loadError")),
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
  if (!page) {
    return data(
      {
        status: "notFound" as const,
        seo: ctx.seo({
          title: ctx.pageTitle(t("merchandising.customPage.notFound")),
          description: t("merchandising.customPage.notFoundText"),
          path: requested,
          noindex: true,
        }),
      },
      { status: 404 },
    );
  }
  const path = customPagePath(page.slug);
  const image = page.heroImage ?? page.products.find((product) => product.image)?.image ?? null;
  return {
    status: "found" as const,
    page,
    seo: ctx.seo({
      title: page.metaTitle?.trim() || ctx.pageTitle(page.title),
      description: page.metaDescription?.trim() || page.description?.trim() || t("meta.description"),
      path,
      image: image ? { ...shareImage(image), alt: image.alt || page.title } : undefined,
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

export default function CustomPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.status === "notFound") {
    return <MerchNotFound title={t("merchandising.customPage.notFound")} text={t("merchandising.customPage.notFoundText")} testId="page-not-found" />;
  }
  if (loaderData.status === "error") {
    return <MerchLoadError message={t("merchandising.customPage.loadError")} testId="page-error" />;
  }
  const { page } = loaderData;
  return (
    <>
      <MerchBanner title={page.title} description={page.description} image={page.heroImage} testId="page-hero" plain />
      <div className="mx-auto max-w-6xl px-4 py-6">
        <div className="mb-6 flex justify-end">
          <ShareWidget mode="compact" target={{ type: "page", id: String(page.id) }} title={page.title} description={page.description} />
        </div>
        <h2 className="sr-only">{t("merchandising.customPage.productsTitle")}</h2>
        <ProductGrid products={page.products} emptyMessage={t("merchandising.customPage.empty")} priorityCount={page.heroImage ? 0 : 2} />
      </div>
    </>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
