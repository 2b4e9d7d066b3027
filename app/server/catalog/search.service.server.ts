import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { searchTokens } from "~/lib/search-text";
import { pageCountOf, pageWindow, type SearchSort } from "~/lib/listing";
import { withMainImages, type ProductPage } from "./product.service.server";
import type { Database } from "../db/database.server";
import { countSearchMatches, selectSearchPage } from "./search.repo.server";

export type { SearchSort } from "~/lib/listing";

/**
 * One page of the products whose titles (any language) or SKU contain every
 * word of the query, whatever the Arabic letter variants, diacritics, accents
 * or case (app/lib/search-text.ts). Out-of-stock products are found too, so a
 * shopper sees that what they look for is sold out, but they come after the
 * in-stock ones. An empty query finds nothing.
 *
 * At most three queries: the page with its total, a count when the page is past
 * the last one, and the main images.
 */
export async function searchProducts(
  db: Kysely<Database>,
  query: string,
  language: Language,
  options: { sort: SearchSort; page: number },
): Promise<ProductPage> {
  const { page, limit, offset } = pageWindow(options.page);
  const tokens = searchTokens(query);
  if (tokens.length === 0) return { products: [], total: 0, page, pageCount: 1, fallback: false };
  const rows = await selectSearchPage(db, tokens, language, { sort: options.sort, limit, offset });
  const total = rows.length > 0 ? Number(rows[0]!.total_count) : await countSearchMatches(db, tokens);
  return {
    products: await withMainImages(db, rows, language),
    total,
    page,
    pageCount: pageCountOf(total),
    fallback: false,
  };
}
