import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

export type { ProductSort } from "~/lib/listing";
import type { ProductSort } from "~/lib/listing";

const cardColumns = [
  "products.id",
  "products.slug",
  "products.title",
  "products.title_en",
  "products.title_fr",
  "products.description",
  "products.description_en",
  "products.description_fr",
  "products.price",
  "products.compare_at_price",
  "products.in_stock",
  "products.stock_quantity",
  "products.low_stock_threshold",
  "products.has_variants",
  "products.category",
  "products.created_at",
] as const;

export function selectProducts(db: Kysely<Database>) {
  return db.selectFrom("products").select(cardColumns);
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>["executeTakeFirstOrThrow"]>>;

/** Sort order of a listing; the id breaks ties so pages never overlap. */
export function orderProducts<QB extends ReturnType<typeof selectProducts>>(query: QB, sort: ProductSort): QB {
  switch (sort) {
    case "price-asc":
      return query.orderBy("products.price", "asc").orderBy("products.id", "asc") as QB;
    case "price-desc":
      return query.orderBy("products.price", "desc").orderBy("products.id", "asc") as QB;
    default:
      return query.orderBy("products.created_at", "desc").orderBy("products.id", "desc") as QB;
  }
}

/** In-stock products of a section, newest first. */
export function selectSectionProducts(db: Kysely<Database>, sectionId: string, limit: number) {
  return orderProducts(
    selectProducts(db).where("products.section_id", "=", sectionId).where("products.in_stock", "=", true),
    "newest",
  )
    .limit(limit)
    .execute();
}

/** One page of a category's in-stock products, with the total count in the same round trip. */
export async function selectCategoryPage(
  db: Kysely<Database>,
  category: string,
  options: { sort: ProductSort; limit: number; offset: number },
) {
  const rows = await orderProducts(
    selectProducts(db)
      .select((eb) => eb.fn.countAll<number>().over().as("total_count"))
      .where("products.category", "=", category)
      .where("products.in_stock", "=", true),
    options.sort,
  )
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return rows;
}

/**
 * The newest in-stock products of one or several categories together (the home appliances
 * page: one of its six categories, or all six), with their total count in the same round trip.
 */
export function selectNewestInCategories(db: Kysely<Database>, categories: readonly string[], limit: number) {
  if (categories.length === 0) return Promise.resolve([]);
  return orderProducts(
    selectProducts(db)
      .select((eb) => eb.fn.countAll<number>().over().as("total_count"))
      .where("products.category", "in", [...categories])
      .where("products.in_stock", "=", true),
    "newest",
  )
    .limit(limit)
    .execute();
}

export function countCategoryProducts(db: Kysely<Database>, category: string) {
  return db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("category", "=", category)
    .where("in_stock", "=", true)
    .executeTakeFirstOrThrow();
}

/** A product by slug, or by stored id ('p…'), or by the digits of its id (spec: numeric id fallback). */
export function selectProductByKey(db: Kysely<Database>, key: string) {
  const byDigits = /^\d+$/.test(key) ? `p${key}` : null;
  return selectProducts(db)
    .select(["products.sku", "products.section_id"])
    .where((eb) =>
      eb.or([
        eb("products.slug", "=", key),
        eb("products.id", "=", key),
        ...(byDigits ? [eb("products.id", "=", byDigits)] : []),
      ]),
    )
    .orderBy((eb) => eb.case().when("products.slug", "=", key).then(0).else(1).end())
    .limit(1)
    .executeTakeFirst();
}

/** Several products by stored id, in one query, whatever their stock (a cart or an order names them). */
export function selectProductsByIds(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectProducts(db).where("products.id", "in", [...ids]).execute();
}

/** Images of several products in one query; `firstOnly` keeps only each product's main image. */
export function selectImages(db: Kysely<Database>, productIds: string[], options: { firstOnly: boolean }) {
  if (productIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom("product_images")
    .selectAll()
    .where("product_id", "in", productIds)
    .orderBy("product_id")
    .orderBy("position");
  if (options.firstOnly) query = query.where("position", "=", 0);
  return query.execute();
}

export type ImageRow = Awaited<ReturnType<typeof selectImages>>[number];
