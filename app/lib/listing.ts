import { z } from "zod/mini";

export type ProductSort = "newest" | "price-asc" | "price-desc";
export const PRODUCT_SORTS = ["newest", "price-asc", "price-desc"] as const;

/** The query of a product listing (?sort=&page=); anything invalid falls back to the defaults. */
const listingQuery = z.object({
  sort: z.catch(z.enum(PRODUCT_SORTS), "newest"),
  page: z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
});

export function parseListingQuery(searchParams: URLSearchParams): { sort: ProductSort; page: number } {
  return listingQuery.parse({
    sort: searchParams.get("sort") ?? undefined,
    page: searchParams.get("page") ?? undefined,
  });
}

/** The URL of another page of the same listing, keeping the sort (and dropping defaults). */
export function listingHref(pathname: string, params: { sort: ProductSort; page: number; q?: string }): string {
  const query = new URLSearchParams();
  if (params.q) query.set("q", params.q);
  if (params.sort !== "newest") query.set("sort", params.sort);
  if (params.page > 1) query.set("page", String(params.page));
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}
