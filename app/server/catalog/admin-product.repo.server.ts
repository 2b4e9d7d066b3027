import { PostgresAdapter, sql, type ExpressionBuilder, type Insertable, type Kysely, type SqlBool, type Updateable } from "kysely";
import type { StockFilter } from "~/lib/admin-product";
import { escapeLike } from "~/lib/search-text";
import type { Database } from "../db/database.server";
import type { ProductImagesTable, ProductsTable } from "./catalog.table.server";

/** Admin reads and writes of products and their images (the storefront's reads are in product.repo.server.ts). */

export interface AdminProductFilters {
  /** Folded search tokens (app/lib/search-text.ts `searchTokens`); every one must match. */
  tokens: string[];
  category: string | null;
  sectionId: string | null;
  stock: StockFilter | null;
}

type ProductsEb = ExpressionBuilder<Database, "products">;

function stockCondition(eb: ProductsEb, stock: StockFilter) {
  switch (stock) {
    case "out":
      return eb.or([eb("products.in_stock", "=", false), eb("products.stock_quantity", "<=", 0)]);
    case "low":
      return eb.and([
        eb("products.in_stock", "=", true),
        eb("products.stock_quantity", ">", 0),
        eb("products.stock_quantity", "<=", eb.ref("products.low_stock_threshold")),
      ]);
    default:
      return eb.and([eb("products.in_stock", "=", true), eb("products.stock_quantity", ">", eb.ref("products.low_stock_threshold"))]);
  }
}

function filtered(db: Kysely<Database>, filters: AdminProductFilters) {
  let query = db.selectFrom("products");
  for (const token of filters.tokens) {
    query = query.where(sql<SqlBool>`${sql.ref("products.search_text")} like ${`%${escapeLike(token)}%`} escape ${"\\"}`);
  }
  if (filters.category) query = query.where("products.category", "=", filters.category);
  if (filters.sectionId) query = query.where("products.section_id", "=", filters.sectionId);
  const stock = filters.stock;
  if (stock) query = query.where((eb) => stockCondition(eb, stock));
  return query;
}

const listColumns = [
  "products.id",
  "products.slug",
  "products.title",
  "products.price",
  "products.compare_at_price",
  "products.category",
  "products.section_id",
  "products.in_stock",
  "products.stock_quantity",
  "products.low_stock_threshold",
  "products.sku",
] as const;

/** One page of the admin list, newest first, with the total in the same round trip (absent past the last page). */
export function selectAdminProductPage(db: Kysely<Database>, filters: AdminProductFilters, window: { limit: number; offset: number }) {
  return filtered(db, filters)
    .select(listColumns)
    .select((eb) => eb.fn.countAll<number>().over().as("total_count"))
    .orderBy("products.created_at", "desc")
    .orderBy("products.id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countAdminProducts(db: Kysely<Database>, filters: AdminProductFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function selectAdminProduct(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("products")
    .select([
      "id",
      "slug",
      "title",
      "title_en",
      "title_fr",
      "description",
      "description_en",
      "description_fr",
      "price",
      "compare_at_price",
      "category",
      "section_id",
      "in_stock",
      "stock_quantity",
      "low_stock_threshold",
      "sku",
      "updated_at",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

export type AdminProductRow = NonNullable<Awaited<ReturnType<typeof selectAdminProduct>>>;

export function selectCategoryOptions(db: Kysely<Database>) {
  return db.selectFrom("categories").select(["slug", "name", "name_en", "name_fr"]).orderBy("name").execute();
}

export function selectSectionOptions(db: Kysely<Database>) {
  return db.selectFrom("sections").select(["id", "name", "name_en", "name_fr"]).orderBy("id").execute();
}

export async function categoryExists(db: Kysely<Database>, slug: string): Promise<boolean> {
  return (await db.selectFrom("categories").select("slug").where("slug", "=", slug).executeTakeFirst()) !== undefined;
}

export async function sectionExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom("sections").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export async function productIdExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom("products").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/** The id of the product that has `slug`, if any. */
export async function slugOwner(db: Kysely<Database>, slug: string): Promise<string | undefined> {
  return (await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst())?.id;
}

export function insertProduct(db: Kysely<Database>, values: Insertable<ProductsTable>) {
  return db.insertInto("products").values(values).execute();
}

/**
 * Updates a product; with `expectedUpdatedAt`, only while its updated_at is still that value
 * (optimistic concurrency: the check and the write are one statement). Returns the rows changed.
 */
export async function updateProduct(
  db: Kysely<Database>,
  id: string,
  values: Updateable<ProductsTable>,
  expectedUpdatedAt?: string,
): Promise<number> {
  const result = await db
    .updateTable("products")
    .set(values)
    .where("id", "=", id)
    .$if(expectedUpdatedAt !== undefined, (qb) => qb.where("updated_at", "=", expectedUpdatedAt!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A product's version stamp after `previous`: `now`, or a millisecond past `previous` when the clock has not moved beyond it. */
export function nextVersionStamp(now: string, previous: string | null | undefined): string {
  if (!previous || now > previous) return now;
  const after = Date.parse(previous);
  return Number.isFinite(after) ? new Date(after + 1).toISOString() : now;
}

/**
 * Moves a product's updated_at on (its version) after a change to its images, so a form
 * opened before it is refused on save. Call it inside the change's transaction; on PostgreSQL
 * the row is locked while read so two changes never leave the same stamp.
 */
export async function touchProduct(db: Kysely<Database>, id: string, now: string): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const row = await db
    .selectFrom("products")
    .select("updated_at")
    .where("id", "=", id)
    .$if(postgres, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) return;
  await db
    .updateTable("products")
    .set({ updated_at: nextVersionStamp(now, row.updated_at) })
    .where("id", "=", id)
    .execute();
}

/** Deletes a product; its image rows go with it (ON DELETE CASCADE). Order lines keep their snapshot. */
export async function deleteProductRow(db: Kysely<Database>, id: string): Promise<number> {
  const result = await db.deleteFrom("products").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function selectProductImages(db: Kysely<Database>, productId: string) {
  return db.selectFrom("product_images").selectAll().where("product_id", "=", productId).orderBy("position").execute();
}

export type AdminImageRow = Awaited<ReturnType<typeof selectProductImages>>[number];

/** Main images of several products (position 0), one query. */
export function selectMainImages(db: Kysely<Database>, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("product_images").selectAll().where("product_id", "in", productIds).where("position", "=", 0).execute();
}

export async function nextImagePosition(db: Kysely<Database>, productId: string): Promise<number> {
  const row = await db
    .selectFrom("product_images")
    .select((eb) => eb.fn.max<number | null>("position").as("last"))
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export function insertImages(db: Kysely<Database>, rows: Insertable<ProductImagesTable>[]) {
  if (rows.length === 0) return Promise.resolve();
  return db
    .insertInto("product_images")
    .values(rows)
    .execute()
    .then(() => undefined);
}

/**
 * Gives a product's images the positions 0, 1, 2… in the order of `imageIds`. Two passes
 * (negative, then final) so the unique (product_id, position) never sees a duplicate midway.
 * Call it inside a transaction.
 */
export async function rewriteImagePositions(db: Kysely<Database>, productId: string, imageIds: number[]): Promise<void> {
  for (const [index, id] of imageIds.entries()) {
    await db
      .updateTable("product_images")
      .set({ position: -(index + 1) })
      .where("id", "=", id)
      .where("product_id", "=", productId)
      .execute();
  }
  for (const [index, id] of imageIds.entries()) {
    await db.updateTable("product_images").set({ position: index }).where("id", "=", id).where("product_id", "=", productId).execute();
  }
}

export async function deleteImageRow(db: Kysely<Database>, productId: string, imageId: number): Promise<number> {
  const result = await db.deleteFrom("product_images").where("id", "=", imageId).where("product_id", "=", productId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many image rows show the image at `url` (the same upload can back several rows). */
export async function countImageUses(db: Kysely<Database>, url: string): Promise<number> {
  const row = await db
    .selectFrom("product_images")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("url", "=", url)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
