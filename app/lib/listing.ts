export type ProductSort = "newest" | "price-asc" | "price-desc";
export const PRODUCT_SORTS = ["newest", "price-asc", "price-desc"] as const;
/** Search results can also be sorted by relevance, their default. */
export type SearchSort = ProductSort | "relevance";
export const SEARCH_SORTS = ["relevance", ...PRODUCT_SORTS] as const;

/** The last page a listing URL may ask for. */
const MAX_PAGE = 10_000;

export function parseListingQuery(searchParams: URLSearchParams): { sort: ProductSort; page: number };
/** With `{ search: true }`: also accepts (and defaults to) `relevance`. */
export function parseListingQuery(searchParams: URLSearchParams, options: { search: true }): { sort: SearchSort; page: number };
/**
 * The query of a product listing (?sort=&page=); anything invalid falls back to the defaults.
 * Plain code, no zod: the listing pages import this module in the browser too (for listingHref).
 */
export function parseListingQuery(searchParams: URLSearchParams, options?: { search: true }): { sort: SearchSort; page: number } {
  const sorts: readonly string[] = options?.search ? SEARCH_SORTS : PRODUCT_SORTS;
  const rawSort = searchParams.get("sort");
  const sort = (rawSort !== null && sorts.includes(rawSort) ? rawSort : sorts[0]) as SearchSort;
  const rawPage = searchParams.get("page");
  const number = rawPage === null ? NaN : Number(rawPage);
  const page = Number.isInteger(number) && number >= 1 && number <= MAX_PAGE ? number : 1;
  return { sort, page };
}

/** The URL of another page of the same listing, keeping the sort (and dropping defaults; search passes its own `defaultSort`). */
export function listingHref(pathname: string, params: { sort: SearchSort; page: number; q?: string; defaultSort?: SearchSort }): string {
  const query = new URLSearchParams();
  if (params.q) query.set("q", params.q);
  if (params.sort !== (params.defaultSort ?? "newest")) query.set("sort", params.sort);
  if (params.page > 1) query.set("page", String(params.page));
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** Products per page of every listing (categories, search). */
export const PAGE_SIZE = 12;

/** The rows a page of a listing covers: page 1 is the first, anything below counts as 1. */
export function pageWindow(page: number): { page: number; limit: number; offset: number } {
  const current = Math.max(1, Math.trunc(page));
  return { page: current, limit: PAGE_SIZE, offset: (current - 1) * PAGE_SIZE };
}

/** How many pages a listing of `total` products has (at least one, even when empty). */
export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
