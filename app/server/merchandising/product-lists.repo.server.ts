import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import type { ListedProduct } from "~/lib/merchandising";
import { selectProducts } from "../catalog/index.server";

/**
 * The three ordered product lists of merchandising (a collection's, a custom page's, a page
 * section's). They share one shape — owner id, product id, 0-based position — so one set of
 * functions serves them all.
 */
export type ProductListKind = "collection" | "page" | "section";

const LISTS = {
  collection: { table: "collection_products", owner: "collection_id" },
  page: { table: "page_products", owner: "page_id" },
  section: { table: "page_section_products", owner: "section_id" },
} as const;

/*
 * The three tables have the same columns under another owner name: queries are typed against
 * collection_products and run on the table of `kind` (same column types, so the rows match).
 */
function list(kind: ProductListKind) {
  const { table, owner } = LISTS[kind];
  return { table: table as "collection_products", owner: owner as "collection_id" };
}

/** Replaces an owner's list wholesale: delete, then insert positions 0..n-1 (inside the caller's transaction). */
export async function replaceProductList(
  trx: Kysely<Database>,
  kind: ProductListKind,
  ownerId: number,
  entries: readonly ListedProduct[],
): Promise<void> {
  const { table, owner } = list(kind);
  await trx.deleteFrom(table).where(owner, "=", ownerId).execute();
  if (entries.length === 0) return;
  await trx
    .insertInto(table)
    .values(
      entries.map(({ productId, variantId }, position) => ({ [owner]: ownerId, product_id: productId, variant_id: variantId, position }) as never),
    )
    .execute();
}

/**
 * A listed product with the variant it points at, kept only while that variant is active and
 * still its product's (else the product as a whole): its price and compare-at override (null: the product's).
 */
export interface ListedRow extends ListedProduct {
  variantPrice: number | null;
  variantCompareAtPrice: number | null;
}

/** The list rows of `table`, each with its active variant (left join: an inactive or deleted one reads as none). */
function selectListRows(db: Kysely<Database>, kind: ProductListKind) {
  const { table, owner } = list(kind);
  return db
    .selectFrom(table)
    .leftJoin("product_variants", (join) =>
      join
        .onRef("product_variants.id", "=", `${table}.variant_id`)
        .onRef("product_variants.product_id", "=", `${table}.product_id`)
        .on("product_variants.is_active", "=", true),
    )
    .select([
      `${table}.${owner} as owner_id`,
      `${table}.product_id`,
      "product_variants.id as variant_id",
      "product_variants.price as variant_price",
      "product_variants.compare_at_price as variant_compare_at_price",
    ])
    .orderBy(`${table}.${owner}`)
    .orderBy(`${table}.position`);
}

function toListedRow(row: {
  product_id: string;
  variant_id: number | null;
  variant_price: number | null;
  variant_compare_at_price: number | null;
}): ListedRow {
  return {
    productId: row.product_id,
    variantId: row.variant_id,
    variantPrice: row.variant_price,
    variantCompareAtPrice: row.variant_compare_at_price,
  };
}

/** The lists of several owners in one query, each in its order. */
export async function selectProductLists(
  db: Kysely<Database>,
  kind: ProductListKind,
  ownerIds: readonly number[],
): Promise<Map<number, ListedRow[]>> {
  const lists = new Map<number, ListedRow[]>(ownerIds.map((id) => [id, []]));
  if (ownerIds.length === 0) return lists;
  const { table, owner } = list(kind);
  const rows = await selectListRows(db, kind)
    .where(`${table}.${owner}`, "in", [...ownerIds])
    .execute();
  for (const row of rows) lists.get(row.owner_id)?.push(toListedRow(row));
  return lists;
}

/**
 * The ordered lists of what a page's active sections show, in one query each: kind "section",
 * the lists of those sections; kind "collection", the lists of the collections they name (any
 * state: the caller keeps the active ones).
 */
export async function selectProductListsOfPage(
  db: Kysely<Database>,
  kind: "section" | "collection",
  page: string,
): Promise<Map<number, ListedRow[]>> {
  const { table, owner } = list(kind);
  const rows = await selectListRows(db, kind)
    .where(`${table}.${owner}`, "in", (eb) =>
      eb
        .selectFrom("page_sections")
        .select(kind === "section" ? "page_sections.id" : "page_sections.collection_id")
        .where("page_sections.page_identifier", "=", page)
        .where("page_sections.is_active", "=", true),
    )
    .execute();
  const lists = new Map<number, ListedRow[]>();
  for (const row of rows) {
    const entries = lists.get(row.owner_id) ?? [];
    entries.push(toListedRow(row));
    lists.set(row.owner_id, entries);
  }
  return lists;
}

/** How many products each owner lists (all of them, or only those in stock with a quantity above 0). */
export async function countProductLists(
  db: Kysely<Database>,
  kind: ProductListKind,
  ownerIds: readonly number[],
  options: { availableOnly: boolean },
): Promise<Map<number, number>> {
  const counts = new Map<number, number>(ownerIds.map((id) => [id, 0]));
  if (ownerIds.length === 0) return counts;
  const { table, owner } = list(kind);
  let query = db
    .selectFrom(table)
    .innerJoin("products", "products.id", `${table}.product_id`)
    .select([`${table}.${owner} as owner_id`, (eb) => eb.fn.countAll<number>().as("n")])
    .where(`${table}.${owner}`, "in", [...ownerIds])
    .groupBy(`${table}.${owner}`);
  if (options.availableOnly) query = query.where("products.in_stock", "=", true).where("products.stock_quantity", ">", 0);
  for (const row of await query.execute()) counts.set(row.owner_id, Number(row.n));
  return counts;
}

/**
 * The card rows of one owner's products, in its order, each with the variant it points at while
 * that variant is active (listed_variant_*; null: the product); `availableOnly` leaves out-of-stock ones out.
 */
export function selectListedProducts(
  db: Kysely<Database>,
  kind: ProductListKind,
  ownerId: number,
  options: { availableOnly: boolean; limit?: number },
) {
  const { table, owner } = list(kind);
  let query = selectProducts(db)
    .innerJoin(table, `${table}.product_id`, "products.id")
    .leftJoin("product_variants as listed_variant", (join) =>
      join
        .onRef("listed_variant.id", "=", `${table}.variant_id`)
        .onRef("listed_variant.product_id", "=", "products.id")
        .on("listed_variant.is_active", "=", true),
    )
    .select([
      "listed_variant.id as listed_variant_id",
      "listed_variant.price as listed_variant_price",
      "listed_variant.compare_at_price as listed_variant_compare_at_price",
    ])
    .where(`${table}.${owner}`, "=", ownerId)
    .orderBy(`${table}.position`);
  if (options.availableOnly) query = query.where("products.in_stock", "=", true).where("products.stock_quantity", ">", 0);
  if (options.limit !== undefined) query = query.limit(options.limit);
  return query.execute();
}

/** The active variants of these products (id and product), in each product's order: what the picker offers. */
export function selectActiveVariantIds(db: Kysely<Database>, productIds: readonly string[]) {
  return db
    .selectFrom("product_variants")
    .select(["id", "product_id"])
    .where("product_id", "in", [...productIds])
    .where("is_active", "=", true)
    .orderBy("product_id")
    .orderBy("position")
    .execute();
}
