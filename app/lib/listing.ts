import { z } from "zod/mini";

export type ProductSort = "newest" | "price-asc" | "price-desc";
export const PRODUCT_SORTS = ["newest", "price-asc", "price-desc"] as const;
/** Search results can also be sorted by relevance, their default. */
export type SearchSort = ProductSort | "relevance";
export const SEARCH_SORTS = ["relevance", ...PRODUCT_SORTS] as const;

/** The query of a product listing (?sort=&page=); anything invalid falls back to the defaults. */
const listingQuery = z.object({
  sort: z.catch(z.enum(PRODUCT_SORTS), "newest"),
  page: z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
});

const searchListingQuery = z.object({ ...listingQuery.shape, sort: z.catch(z.enum(SEARCH_SORTS), "relevance") });

export function parseListingQuery(searchParams: URLSearchParams): { sort: ProductSort; page: number };
/** With `{ search: true }`: also accepts (and defaults to) `relevance`. */
export function parseListingQuery(searchParams: URLSearchParams, options: { search: true }): { sort: SearchSort; page: number };
export function parseListingQuery(searchParams: URLSearchParams, options?: { search: true }): { sort: SearchSort; page: number } {
  return (options?.search ? searchListingQuery : listingQuery).parse({
    sort: searchParams.get("sort") ?? undefined,
    page: searchParams.get("page") ?? undefined,
  });
}

/** The URL of another page of the same listing, keeping the sort (and dropping defaults; search passes its own `defaultSort`). */
export function listingHref(
  pathname: string,
  params: { sort: SearchSort; page: number; q?: string; defaultSort?: SearchSort },
): string {
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
