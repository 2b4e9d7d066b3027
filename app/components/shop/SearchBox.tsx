import { useTranslation } from "~/i18n/react";
import { Form, useLocation } from "react-router";
import { SEARCH_QUERY_MAX_LENGTH } from "~/lib/search-text";

/**
 * The top-bar search: a GET form to /search?q=, so it works before JavaScript
 * loads (with it, React Router navigates without reloading the page). On the
 * search page it shows the current query.
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const current = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <Form method="get" action="/search" role="search" className={`relative ${className}`} data-testid="search-box">
      <label htmlFor="site-search" className="sr-only">
        {t("search.box.label")}
      </label>
      <input
        // A new query (back/forward, another search) resets the field.
        key={current}
        id="site-search"
        type="search"
        name="q"
        defaultValue={current}
        placeholder={t("search.box.placeholder")}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full min-w-0 rounded-lg border border-stone-300 bg-stone-50 ps-3 pe-11 text-base placeholder:text-stone-500 focus:border-brand-600 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        data-testid="search-input"
      />
      <button
        type="submit"
        aria-label={t("search.box.submit")}
        className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-lg text-stone-600 hover:text-brand-800"
      >
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" strokeLinecap="round" />
        </svg>
      </button>
    </Form>
  );
}
