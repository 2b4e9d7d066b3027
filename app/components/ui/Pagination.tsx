import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";

/** Previous / next links with the page number; plain links, so paging works without JavaScript. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const linkClass = "inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-100";
  return (
    <nav aria-label={t("catalog.pagination.label")} className="mt-8 flex items-center justify-center gap-3" data-testid="pagination">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={linkClass}>
          {t("catalog.pagination.previous")}
        </Link>
      ) : null}
      <span className="text-sm text-stone-600" aria-current="page">
        {t("catalog.pagination.pageOf", { page, count: pageCount })}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
          {t("catalog.pagination.next")}
        </Link>
      ) : null}
    </nav>
  );
}
