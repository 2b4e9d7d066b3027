import type { Insertable, Kysely } from "kysely";
import { JEWELLERY_CATEGORY } from "~/lib/jewellery";
import type { Database } from "../db/database.server";
import { selectProducts } from "../catalog/index.server";
import type { ProductDetailsTable } from "./jewellery.table.server";

const detailColumns = [
  "product_details.subcategory",
  "product_details.brand",
  "product_details.material",
  "product_details.weight",
  "product_details.stones",
  "product_details.features",
  "product_details.features_ar",
  "product_details.tags",
] as const;

/** The jewellery products with their details, newest first; only one sub-category when given. */
export function selectJewelleryProducts(db: Kysely<Database>, subcategory: string | null) {
  let query = selectProducts(db)
    .leftJoin("product_details", "product_details.product_id", "products.id")
    .select(detailColumns)
    .where("products.category", "=", JEWELLERY_CATEGORY);
  if (subcategory) query = query.where("product_details.subcategory", "=", subcategory);
  return query.orderBy("products.created_at", "desc").orderBy("products.id", "desc").execute();
}

/** One jewellery product by slug, with its details; undefined when there is none. */
export function selectJewelleryProduct(db: Kysely<Database>, slug: string) {
  return selectProducts(db)
    .leftJoin("product_details", "product_details.product_id", "products.id")
    .select(detailColumns)
    .where("products.category", "=", JEWELLERY_CATEGORY)
    .where("products.slug", "=", slug)
    .executeTakeFirst();
}

export type JewelleryRow = NonNullable<Awaited<ReturnType<typeof selectJewelleryProduct>>>;

export function insertProductDetails(db: Kysely<Database>, rows: Insertable<ProductDetailsTable>[]) {
  return db.insertInto("product_details").values(rows).execute();
}
