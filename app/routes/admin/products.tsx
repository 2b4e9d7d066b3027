import { useTranslation } from "~/i18n/react";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { data, Form, Link } from "react-router";
import { Pagination } from "~/components/ui/Pagination";
import { Price } from "~/components/ui/Price";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import { isStockFilter, STOCK_FILTERS, type StockFilter } from "~/lib/admin-product";
import { SEARCH_QUERY_MAX_LENGTH } from "~/lib/search-text";
import { adminPageHeaders, requireAdmin } from "~/server/http/admin-session.server";
import { listAdminProducts } from "~/server/catalog/index.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { getDb } from "~/server/db/connection.server";
import type { Route } from "./+types/products";

/** /admin/products: the list, searched by title (folded like the storefront search), filtered, paginated. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "catalogue");
  const { language, t } = await requestI18n(request);
  const params = new URL(request.url).searchParams;
  const text = (name: string) => (params.get(name) ?? "").trim();
  const stock = text("stock");
  const query = {
    q: Array.from(text("q")).slice(0, SEARCH_QUERY_MAX_LENGTH).join(""),
    category: text("category") || null,
    sectionId: text("section") || null,
    stock: isStockFilter(stock) ? stock : null,
    page: Math.max(1, Number.parseInt(text("page"), 10) || 1),
  };
  const list = await listAdminProducts(getDb(), query, language);
  return data({ query, list, deleted: params.has("deleted"), title: t("adminProducts.title") });
}

export const headers: Route.HeadersFunction = adminPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];

const stockTone: Record<StockFilter, string> = {
  in: "bg-brand-50 text-brand-800",
  low: "bg-amber-50 text-amber-800",
  out: "bg-red-50 text-red-800",
};

const fieldClass = "h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base";

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, list, deleted } = loaderData;
  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.category) params.set("category", query.category);
    if (query.sectionId) params.set("section", query.sectionId);
    if (query.stock) params.set("stock", query.stock);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return search ? `/admin/products?${search}` : "/admin/products";
  };
  const filtering = Boolean(query.q || query.category || query.sectionId || query.stock);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">{t("adminProducts.title")}</h1>
        <Link
          to="/admin/products/new"
          className="inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          data-testid="product-new"
        >
          {t("adminProducts.newProduct")}
        </Link>
      </div>

      {deleted ? (
        <p
          role="status"
          className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800"
          data-testid="product-flash"
        >
          {t("adminProducts.messages.deleted")}
        </p>
      ) : null}

      <Form method="get" className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5" role="search">
        <div className="sm:col-span-2 lg:col-span-2">
          <label htmlFor="admin-products-q" className="sr-only">
            {t("adminProducts.list.search")}
          </label>
          <input
            id="admin-products-q"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            placeholder={t("adminProducts.list.searchPlaceholder")}
            className={fieldClass}
          />
        </div>
        <label className="sr-only" htmlFor="admin-products-category">
          {t("adminProducts.list.category")}
        </label>
        <select id="admin-products-category" name="category" defaultValue={query.category ?? ""} className={fieldClass}>
          <option value="">{t("adminProducts.list.allCategories")}</option>
          {list.categories.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="admin-products-section">
          {t("adminProducts.list.section")}
        </label>
        <select id="admin-products-section" name="section" defaultValue={query.sectionId ?? ""} className={fieldClass}>
          <option value="">{t("adminProducts.list.allSections")}</option>
          {list.sections.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="admin-products-stock">
          {t("adminProducts.list.stock")}
        </label>
        <select id="admin-products-stock" name="stock" defaultValue={query.stock ?? ""} className={fieldClass}>
          <option value="">{t("adminProducts.list.allStock")}</option>
          {STOCK_FILTERS.map((stock) => (
            <option key={stock} value={stock}>
              {t(`adminProducts.stock.${stock}`)}
            </option>
          ))}
        </select>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
          <button type="submit" className="h-11 rounded-lg bg-stone-800 px-5 font-semibold text-white hover:bg-stone-900">
            {t("adminProducts.list.filter")}
          </button>
          {filtering ? (
            <Link
              to="/admin/products"
              className="inline-flex h-11 items-center rounded-lg border border-stone-300 px-4 font-medium hover:bg-stone-100"
            >
              {t("adminProducts.list.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      <p className="text-sm text-stone-600" data-testid="product-count">
        {t("adminProducts.list.count", { count: list.total })}
      </p>

      {list.products.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-stone-600">{t("adminProducts.list.empty")}</p>
      ) : (
        <ul className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white" data-testid="product-list">
          {list.products.map((product) => (
            <li key={product.id} className="flex items-start gap-3 p-3 sm:items-center" data-testid="admin-product-row" data-product-id={product.id}>
              <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-stone-100">
                {product.image ? <ResponsiveImage image={{ ...product.image, alt: "" }} sizes="64px" className="size-full object-contain" /> : null}
              </div>
              <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-4">
                <div className="min-w-0 sm:flex-1">
                  <Link
                    to={`/admin/products/${encodeURIComponent(product.id)}`}
                    className="line-clamp-2 font-semibold break-words text-stone-900 hover:underline"
                  >
                    {product.title}
                  </Link>
                  <p className="mt-0.5 truncate text-xs text-stone-500" dir="ltr">
                    {product.slug}
                  </p>
                  <p className="mt-1 text-xs text-stone-600">
                    <span>{product.category?.label ?? t("adminProducts.list.none")}</span>
                    <span aria-hidden="true"> · </span>
                    <span>{product.section?.label ?? t("adminProducts.list.none")}</span>
                  </p>
                </div>
                <div className="mt-1 flex flex-wrap items-center gap-2 sm:mt-0 sm:w-56 sm:justify-end">
                  <Price price={product.price} originalPrice={product.compareAtPrice > 0 ? product.compareAtPrice : null} />
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${stockTone[product.stock]}`} data-testid="stock-status">
                    {t(`adminProducts.stock.${product.stock}`)}
                    {" · "}
                    {t("adminProducts.list.quantity", { count: product.stockQuantity })}
                  </span>
                </div>
              </div>
              <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
                <Link
                  to={`/admin/products/${encodeURIComponent(product.id)}`}
                  className="inline-flex h-10 items-center justify-center rounded-lg border border-stone-300 px-3 text-sm font-medium hover:bg-stone-100"
                >
                  {t("adminProducts.list.edit")}
                </Link>
                <Link
                  to={`/admin/products/${encodeURIComponent(product.id)}?delete=1`}
                  className="inline-flex h-10 items-center justify-center rounded-lg border border-red-200 px-3 text-sm font-medium text-red-700 hover:bg-red-50"
                >
                  {t("adminProducts.list.delete")}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
