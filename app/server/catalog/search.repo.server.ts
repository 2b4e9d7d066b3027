import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { SearchSort } from "~/lib/listing";
import { searchDocument, searchPatterns, type SearchPart } from "~/lib/search-text";
import type { Database } from "../db/database.server";
import { orderProducts, selectProducts } from "./product.repo.server";

/** Ids per UPDATE batch read (well under SQLite's and PostgreSQL's bound-parameter limits). */
const REFRESH_BATCH = 500;

/**
 * Recomputes products.search_text (folded titles, SKU and its variants' SKUs, see
 * `searchDocument`) of the given products, or of every product when `productIds` is omitted.
 * Call it after inserting a product or changing its titles, its SKU or its variants.
 * Returns the number of rows written.
 */
export async function refreshSearchText(db: Kysely<Database>, productIds?: string[]): Promise<number> {
  if (productIds && productIds.length === 0) return 0;
  const write = async (trx: Kysely<Database>) => {
    let written = 0;
    const batches = productIds
      ? Array.from({ length: Math.ceil(productIds.length / REFRESH_BATCH) }, (_, i) => productIds.slice(i * REFRESH_BATCH, (i + 1) * REFRESH_BATCH))
      : [undefined];
    for (const ids of batches) {
      let query = trx.selectFrom("products").select(["id", "title", "title_en", "title_fr", "sku", "search_text"]);
      if (ids) query = query.where("id", "in", ids);
      const rows = await query.execute();
      const variantSkus = await selectVariantSkus(trx, ids);
      for (const row of rows) {
        // A variant's SKU finds its product: the SKU part holds the product's and its variants'.
        const skus = [row.sku, ...(variantSkus.get(row.id) ?? [])].filter((sku): sku is string => Boolean(sku));
        const text = searchDocument({ title: row.title, titleEn: row.title_en, titleFr: row.title_fr, sku: skus.join(" ") });
        if (text === row.search_text) continue;
        await trx.updateTable("products").set({ search_text: text }).where("id", "=", row.id).execute();
        written++;
      }
    }
    return written;
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

/** The SKUs of the variants of some products, or of all (active or not: a merchant searches their own codes too), by product. */
async function selectVariantSkus(db: Kysely<Database>, productIds: string[] | undefined): Promise<Map<string, string[]>> {
  const byProduct = new Map<string, string[]>();
  let query = db.selectFrom("product_variants").select(["product_id", "sku"]).orderBy("product_id").orderBy("position");
  if (productIds) query = query.where("product_id", "in", productIds);
  const rows = await query.execute();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row.sku]);
  return byProduct;
}

/**
 * Fills search_text where it is still empty: products stored before the column
 * existed, or inserted without refreshSearchText. A filled document is never
 * empty (it always holds its part markers), so this is a no-op once done.
 */
export async function refreshMissingSearchText(db: Kysely<Database>): Promise<number> {
  const rows = await db.selectFrom("products").select("id").where("search_text", "=", "").execute();
  return refreshSearchText(
    db,
    rows.map((row) => row.id),
  );
}

/** `products.search_text LIKE pattern ESCAPE '\'`, with the pattern and the escape character bound as parameters. */
function searchTextLike(pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref("products.search_text")} like ${pattern} escape ${"\\"}`;
}

/** 1 when the condition holds, else 0. */
function oneIf(condition: Expression<SqlBool>) {
  return sql<number>`case when ${condition} then 1 else 0 end`;
}

/**
 * One page of the products whose search document contains every token, with
 * the total in the same round trip (`total_count`, absent past the last page).
 * In-stock products come first whatever the sort. Relevance then ranks the
 * products whose title (in `part`, the shopper's language) starts with the first
 * token, then those with more tokens in that title, then the newest.
 */
export function selectSearchPage(
  db: Kysely<Database>,
  tokens: string[],
  part: SearchPart,
  options: { sort: SearchSort; limit: number; offset: number },
) {
  const patterns = tokens.map((token) => searchPatterns(token, part));
  let query = selectProducts(db)
    .select((eb) => eb.fn.countAll<number>().over().as("total_count"))
    .where((eb) => eb.and(patterns.map((p) => searchTextLike(p.anywhere))))
    .orderBy((eb) => eb.case().when("products.in_stock", "=", true).then(0).else(1).end());
  if (options.sort === "relevance") {
    const first = patterns[0];
    if (first) query = query.orderBy(oneIf(searchTextLike(first.titleStartsWith)), "desc");
    if (patterns.length > 0) {
      const inTitle = patterns.map((p) => oneIf(searchTextLike(p.inTitle)));
      query = query.orderBy(sql<number>`${sql.join(inTitle, sql` + `)}`, "desc");
    }
    query = orderProducts(query, "newest");
  } else {
    query = orderProducts(query, options.sort);
  }
  return query.limit(options.limit).offset(options.offset).execute();
}

/** How many products contain every token (used only past the last page). */
export async function countSearchMatches(db: Kysely<Database>, tokens: string[]): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => eb.and(tokens.map((token) => searchTextLike(searchPatterns(token, "ar").anywhere))))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
