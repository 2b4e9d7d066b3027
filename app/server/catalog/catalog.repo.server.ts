import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

/** Every category (with its description) and the number of its in-stock products, ordered by name. */
export function selectCategoriesWithCounts(db: Kysely<Database>) {
  return db
    .selectFrom("categories")
    .leftJoin("products", (join) => join.onRef("products.category", "=", "categories.slug").on("products.in_stock", "=", true))
    .select((eb) => [
      "categories.slug",
      "categories.name",
      "categories.name_en",
      "categories.name_fr",
      "categories.description",
      eb.fn.count<number>("products.id").as("product_count"),
    ])
    .groupBy(["categories.slug", "categories.name", "categories.name_en", "categories.name_fr", "categories.description"])
    .orderBy("categories.name")
    .execute();
}

export function selectCategory(db: Kysely<Database>, slug: string) {
  return db.selectFrom("categories").select(["slug", "name", "name_en", "name_fr", "description"]).where("slug", "=", slug).executeTakeFirst();
}

/** Several categories by slug, in one query (absent slugs are simply missing). */
export function selectCategoriesBySlug(db: Kysely<Database>, slugs: readonly string[]) {
  if (slugs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("categories")
    .select(["slug", "name", "name_en", "name_fr", "description"])
    .where("slug", "in", [...slugs])
    .execute();
}
