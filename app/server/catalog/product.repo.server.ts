import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely } from "kysely";
import { jsonArrayFrom as jsonArrayFromPostgres } from "kysely/helpers/postgres";
import { jsonArrayFrom as jsonArrayFromSqlite } from "kysely/helpers/sqlite";
import type { Database } from "../db/database.server";
import { optionValueColumns, variantColumns } from "./variants.repo.server";

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

/**
 * The lowest or highest price of a product's active variants (a variant without its own price
 * sells at the product's), null for a product without variants: a card says "from X" when they
 * differ. A subselect per returned row, read from the variants' (product, combination) index.
 */
function variantPriceBound(eb: ExpressionBuilder<Database, "products">, bound: "min" | "max") {
  const price = sql<number>`coalesce(${sql.ref("variant_prices.price")}, ${sql.ref("products.price")})`;
  return eb
    .case()
    .when("products.has_variants", "=", true)
    .then(
      eb
        .selectFrom("product_variants as variant_prices")
        .select(bound === "min" ? eb.fn.min(price).as("p") : eb.fn.max(price).as("p"))
        .whereRef("variant_prices.product_id", "=", "products.id")
        .where("variant_prices.is_active", "=", true),
    )
    .else(null)
    .end();
}

/** Every product query's columns, with the price range of its active variants (variant_min_price, variant_max_price). */
export function selectProducts(db: Kysely<Database>) {
  return db
    .selectFrom("products")
    .select(cardColumns)
    .select((eb) => [variantPriceBound(eb, "min").as("variant_min_price"), variantPriceBound(eb, "max").as("variant_max_price")]);
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>["executeTakeFirstOrThrow"]>>;

/**
 * Card rows with their main image (position 0; its columns null when the product has none) in
 * the same query: a card list in one round trip. The indexes of migration 012 serve the listings.
 */
export function selectProductCards(db: Kysely<Database>) {
  return selectProducts(db)
    .leftJoin("product_images as main_image", (join) => join.onRef("main_image.product_id", "=", "products.id").on("main_image.position", "=", 0))
    .select([
      "main_image.url as image_url",
      "main_image.width as image_width",
      "main_image.height as image_height",
      "main_image.alt as image_alt",
      "main_image.widths as image_widths",
    ]);
}

export type ProductCardRow = Awaited<ReturnType<ReturnType<typeof selectProductCards>["executeTakeFirstOrThrow"]>>;

/**
 * Sort order of a listing; the id breaks ties so pages never overlap. Any product query
 * (selectProducts, selectProductCards, search's) can be ordered: each has `products` in scope.
 */
export function orderProducts<QB extends { orderBy: unknown }>(query: QB, sort: ProductSort): QB {
  const products = query as unknown as ReturnType<typeof selectProducts>;
  switch (sort) {
    case "price-asc":
      return products.orderBy("products.price", "asc").orderBy("products.id", "asc") as unknown as QB;
    case "price-desc":
      return products.orderBy("products.price", "desc").orderBy("products.id", "asc") as unknown as QB;
    default:
      return products.orderBy("products.created_at", "desc").orderBy("products.id", "desc") as unknown as QB;
  }
}

/**
 * The newest in-stock products of several sections, `limit` of each, with their main image, in
 * one query (a UNION ALL of one indexed, limited query per section). Rows come section by
 * section, each newest first.
 */
export async function selectSectionsProducts(db: Kysely<Database>, sectionIds: readonly string[], limit: number) {
  if (sectionIds.length === 0) return [];
  const part = (sectionId: string) =>
    db
      .selectFrom(
        orderProducts(selectProductCards(db).where("products.section_id", "=", sectionId).where("products.in_stock", "=", true), "newest")
          .select("products.section_id")
          .limit(limit)
          .as("section_products"),
      )
      .selectAll();
  const [first, ...rest] = sectionIds;
  let query = part(first!);
  for (const sectionId of rest) query = query.unionAll(part(sectionId));
  const rows = await query.execute();
  // UNION ALL keeps each part's rows together in practice; order them explicitly all the same.
  const rank = new Map(sectionIds.map((id, index) => [id, index]));
  return rows.sort(
    (a, b) =>
      rank.get(a.section_id ?? "")! - rank.get(b.section_id ?? "")! ||
      (a.created_at === b.created_at ? compareText(b.id, a.id) : compareText(b.created_at, a.created_at)),
  );
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One page of a category's in-stock products with their main image, and the total count in the
 * same round trip. The total is a scalar subquery (counted once from the listing index), not a
 * window count: a window makes the database read and sort the whole category, where the page
 * alone can be read from the index in its order (migration 012) and stop at the limit.
 */
export async function selectCategoryPage(db: Kysely<Database>, category: string, options: { sort: ProductSort; limit: number; offset: number }) {
  const rows = await orderProducts(
    selectProductCards(db)
      .select((eb) =>
        eb
          .selectFrom("products as counted")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .where("counted.category", "=", category)
          .where("counted.in_stock", "=", true)
          .as("total_count"),
      )
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

/** A product by slug, or by stored id ('p…'), or by the digits of its id (links that carry only the number keep working). */
export function selectProductByKey(db: Kysely<Database>, key: string) {
  return productByKey(db, key).executeTakeFirst();
}

function productByKey(db: Kysely<Database>, key: string) {
  const byDigits = /^\d+$/.test(key) ? `p${key}` : null;
  return selectProducts(db)
    .select(["products.sku", "products.section_id"])
    .where((eb) => eb.or([eb("products.slug", "=", key), eb("products.id", "=", key), ...(byDigits ? [eb("products.id", "=", byDigits)] : [])]))
    .orderBy((eb) => eb.case().when("products.slug", "=", key).then(0).else(1).end())
    .limit(1);
}

/** An image as JSON aggregation returns it (the product_images columns a page shows). */
export interface ImageJson {
  id: number;
  position: number;
  url: string;
  width: number;
  height: number;
  alt: string;
  widths: string;
}

/** A product's options, option values, variants and variant pictures, as JSON aggregation returns them (flat, joined in code). */
export interface VariantRowsJson {
  options: { id: number; position: number; name_ar: string; name_en: string | null; name_fr: string | null }[];
  values: {
    id: number;
    option_id: number;
    position: number;
    name_ar: string;
    name_en: string | null;
    name_fr: string | null;
    swatch: string | null;
  }[];
  variants: {
    id: number;
    position: number;
    combination: string;
    sku: string;
    price: number | null;
    compare_at_price: number | null;
    stock_quantity: number;
    low_stock_threshold: number;
    is_active: boolean | 0 | 1;
  }[];
  variant_images: { variant_id: number; image_id: number; position: number }[];
}

/** SQLite hands an aggregated array back as JSON text, PostgreSQL as parsed JSON. */
function parsedArray<T>(raw: unknown): T[] {
  return (typeof raw === "string" ? JSON.parse(raw) : (raw ?? [])) as T[];
}

/**
 * A product by key (as selectProductByKey) with its whole gallery and its options and variants
 * in the same query (one round trip): each aggregated to a JSON array (json_group_array on
 * SQLite, json_agg on PostgreSQL), flat, put together by the caller.
 */
export async function selectProductWithImages(db: Kysely<Database>, key: string) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const jsonArrayFrom = postgres ? jsonArrayFromPostgres : jsonArrayFromSqlite;
  const row = await productByKey(db, key)
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom("product_images")
          .select([
            "product_images.id",
            "product_images.position",
            "product_images.url",
            "product_images.width",
            "product_images.height",
            "product_images.alt",
            "product_images.widths",
          ])
          .whereRef("product_images.product_id", "=", "products.id")
          .orderBy("product_images.position"),
      ).as("images"),
      jsonArrayFrom(
        eb
          .selectFrom("product_options")
          .select(["product_options.id", "product_options.position", "product_options.name_ar", "product_options.name_en", "product_options.name_fr"])
          .whereRef("product_options.product_id", "=", "products.id"),
      ).as("options"),
      jsonArrayFrom(
        eb
          .selectFrom("product_option_values")
          .innerJoin("product_options as value_option", "value_option.id", "product_option_values.option_id")
          .select(optionValueColumns)
          .whereRef("value_option.product_id", "=", "products.id"),
      ).as("values"),
      jsonArrayFrom(eb.selectFrom("product_variants").select(variantColumns).whereRef("product_variants.product_id", "=", "products.id")).as(
        "variants",
      ),
      jsonArrayFrom(
        eb
          .selectFrom("product_variant_images")
          .innerJoin("product_variants as image_variant", "image_variant.id", "product_variant_images.variant_id")
          .select(["product_variant_images.variant_id", "product_variant_images.image_id", "product_variant_images.position"])
          .whereRef("image_variant.product_id", "=", "products.id"),
      ).as("variant_images"),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const images = parsedArray<ImageJson>(row.images).sort((a, b) => a.position - b.position);
  const variantRows: VariantRowsJson = {
    options: parsedArray(row.options),
    values: parsedArray(row.values),
    variants: parsedArray(row.variants),
    variant_images: parsedArray(row.variant_images),
  };
  return { ...row, images, variantRows };
}

/** Several products by stored id with their main image, in one query, whatever their stock. */
export function selectProductCardsByIds(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectProductCards(db)
    .where("products.id", "in", [...ids])
    .execute();
}

/** Several products by stored id, in one query, whatever their stock (a cart or an order names them). */
export function selectProductsByIds(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectProducts(db)
    .where("products.id", "in", [...ids])
    .execute();
}

/** Images of several products in one query; `firstOnly` keeps only each product's main image. */
export function selectImages(db: Kysely<Database>, productIds: string[], options: { firstOnly: boolean }) {
  if (productIds.length === 0) return Promise.resolve([]);
  let query = db.selectFrom("product_images").selectAll().where("product_id", "in", productIds).orderBy("product_id").orderBy("position");
  if (options.firstOnly) query = query.where("position", "=", 0);
  return query.execute();
}

export type ImageRow = Awaited<ReturnType<typeof selectImages>>[number];
