import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
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
  productIds: readonly string[],
): Promise<void> {
  const { table, owner } = list(kind);
  await trx.deleteFrom(table).where(owner, "=", ownerId).execute();
  if (productIds.length === 0) return;
  await trx
    .insertInto(table)
    .values(productIds.map((productId, position) => ({ [owner]: ownerId, product_id: productId, position }) as never))
    .execute();
}

/** The lists of several owners in one query, each in its order. */
export async function selectProductLists(db: Kysely<Database>, kind: ProductListKind, ownerIds: readonly number[]): Promise<Map<number, string[]>> {
  const lists = new Map<number, string[]>(ownerIds.map((id) => [id, []]));
  if (ownerIds.length === 0) return lists;
  const { table, owner } = list(kind);
  const rows = await db
    .selectFrom(table)
    .select([`${owner} as owner_id`, "product_id"])
    .where(owner, "in", [...ownerIds])
    .orderBy(owner)
    .orderBy("position")
    .execute();
  for (const row of rows) lists.get(row.owner_id)?.push(row.product_id);
  return lists;
}

/**
 * The ordered lists of what a page's active sections show, in one query each: kind "section",
 * the lists of those sections; kind "collection", the lists of the collections they name (any
 * state: the caller keeps the active ones).
 */
export async function selectProductListsOfPage(db: Kysely<Database>, kind: "section" | "collection", page: string): Promise<Map<number, string[]>> {
  const { table, owner } = list(kind);
  const rows = await db
    .selectFrom(table)
    .select([`${owner} as owner_id`, "product_id"])
    .where(owner, "in", (eb) =>
      eb
        .selectFrom("page_sections")
        .select(kind === "section" ? "page_sections.id" : "page_sections.collection_id")
        .where("page_sections.page_identifier", "=", page)
        .where("page_sections.is_active", "=", true),
    )
    .orderBy(owner)
    .orderBy("position")
    .execute();
  const lists = new Map<number, string[]>();
  for (const row of rows) {
    const ids = lists.get(row.owner_id) ?? [];
    ids.push(row.product_id);
    lists.set(row.owner_id, ids);
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

/** The card rows of one owner's products, in its order; `availableOnly` leaves out-of-stock ones out. */
export function selectListedProducts(
  db: Kysely<Database>,
  kind: ProductListKind,
  ownerId: number,
  options: { availableOnly: boolean; limit?: number },
) {
  const { table, owner } = list(kind);
  let query = selectProducts(db)
    .innerJoin(table, `${table}.product_id`, "products.id")
    .where(`${table}.${owner}`, "=", ownerId)
    .orderBy(`${table}.position`);
  if (options.availableOnly) query = query.where("products.in_stock", "=", true).where("products.stock_quantity", ">", 0);
  if (options.limit !== undefined) query = query.limit(options.limit);
  return query.execute();
}
