import { sql, type Kysely, type SqlBool } from "kysely";
import type { PickerProduct } from "~/lib/merchandising";
import { escapeLike, searchTokens } from "~/lib/search-text";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";
import { selectImages } from "./product.repo.server";
import { toImageData } from "./product.service.server";

/** The admin's product picker (collections, custom pages, page sections). */

export const PICKER_DEFAULT_LIMIT = 20;
export const PICKER_MAX_LIMIT = 50;

const pickerColumns = ["products.id", "products.title", "products.price", "products.in_stock", "products.stock_quantity"] as const;

type PickerRow = { id: string; title: string; price: number; in_stock: boolean | 0 | 1; stock_quantity: number };

/** Rows to picker products, with each one's main image fetched in one more query. */
async function toPickerProducts(db: Kysely<Database>, rows: PickerRow[]): Promise<PickerProduct[]> {
  const images = await selectImages(
    db,
    rows.map((row) => row.id),
    { firstOnly: true },
  );
  const imageOf = new Map(images.map((image) => [image.product_id, image]));
  return rows.map((row) => {
    const image = imageOf.get(row.id);
    return {
      id: row.id,
      title: row.title,
      price: row.price,
      image: image ? toImageData(image) : null,
      available: toBool(row.in_stock) && row.stock_quantity > 0,
    };
  });
}

/**
 * Products whose titles (any language) or SKU hold every word of `q` — case-, accent- and
 * Arabic-variant-insensitive through products.search_text — newest first. Empty q: the newest.
 */
export async function searchPickerProducts(
  db: Kysely<Database>,
  options: { q: string; availableOnly: boolean; limit?: number },
): Promise<PickerProduct[]> {
  const limit = Math.min(PICKER_MAX_LIMIT, Math.max(1, Math.trunc(options.limit ?? PICKER_DEFAULT_LIMIT) || PICKER_DEFAULT_LIMIT));
  let query = db.selectFrom("products").select(pickerColumns);
  for (const token of searchTokens(options.q)) {
    query = query.where(sql<SqlBool>`${sql.ref("products.search_text")} like ${`%${escapeLike(token)}%`} escape ${"\\"}`);
  }
  if (options.availableOnly) query = query.where("products.in_stock", "=", true).where("products.stock_quantity", ">", 0);
  const rows = await query.orderBy("products.created_at", "desc").orderBy("products.id", "desc").limit(limit).execute();
  return toPickerProducts(db, rows);
}

/** The picker products of these ids, in the given order; unknown ids are dropped. */
export async function pickerProductsByIds(db: Kysely<Database>, ids: readonly string[]): Promise<PickerProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("products")
    .select(pickerColumns)
    .where("products.id", "in", [...ids])
    .execute();
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  return toPickerProducts(
    db,
    ids.flatMap((id) => rowOf.get(id) ?? []),
  );
}

/** Which of these product ids exist (one query). */
export async function existingProductIds(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("products")
    .select("id")
    .where("id", "in", [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}
