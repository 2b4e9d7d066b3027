import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";

/** Reads of custom_pages rows (their writes: merch-records.repo.server.ts; their product lists: product-lists.repo.server.ts). */

const pageColumns = [
  "id",
  "slug",
  "title",
  "title_en",
  "title_fr",
  "description",
  "description_en",
  "description_fr",
  "hero_url",
  "hero_width",
  "hero_height",
  "hero_widths",
  "is_active",
  "display_order",
  "meta_title",
  "meta_title_en",
  "meta_title_fr",
  "meta_description",
  "meta_description_en",
  "meta_description_fr",
  "updated_at",
] as const;

export function selectCustomPages(db: Kysely<Database>, filter: { activeOnly?: boolean } = {}) {
  let query = db.selectFrom("custom_pages").select(pageColumns);
  if (filter.activeOnly) query = query.where("is_active", "=", true);
  return query.orderBy("display_order").orderBy("id").execute();
}

export type CustomPageRow = Awaited<ReturnType<typeof selectCustomPages>>[number];

export function selectCustomPage(db: Kysely<Database>, id: number) {
  return db.selectFrom("custom_pages").select(pageColumns).where("id", "=", id).executeTakeFirst();
}

/** Several custom pages by id (any state), in one query. */
export function selectCustomPagesByIds(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("custom_pages")
    .select(pageColumns)
    .where("id", "in", [...ids])
    .execute();
}

export function selectActiveCustomPageBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom("custom_pages").select(pageColumns).where("slug", "=", slug).where("is_active", "=", true).executeTakeFirst();
}

/** The active custom pages whose slug is `slug` or whose id is `id` (at most two), slug and id only: what an id link needs. */
export function selectActiveCustomPagesBySlugOrId(db: Kysely<Database>, slug: string, id: number) {
  return db
    .selectFrom("custom_pages")
    .select(["id", "slug"])
    .where("is_active", "=", true)
    .where((eb) => eb.or([eb("slug", "=", slug), eb("id", "=", id)]))
    .execute();
}
